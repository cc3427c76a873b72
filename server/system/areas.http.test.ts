import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { getRow } from "../lib/resource";
import { listRows, listSpecOf } from "../lib/list-read";
import { parseListQuery } from "../lib/list-query";
import { startTestApp } from "../test/http-app";
import { TEST_PASSWORD, ctxOf, useTestDatabase } from "../test/test-db";
import { businessAreaResource } from "./business-area.resource";
import { businessAreas } from "../reference/reference.tables";

/**
 * 行政区域 and 商圈 through the real build and HTTP stack: GET /api/app/region (every signed-in
 * user, errors in the API's shape), the page /system/basic/adminArea (404 for a code not in the
 * tree) and the 商圈 page's form post, whose checkboxes post one regionCodes field each.
 */
type Row = Record<string, unknown>;
const BUSINESS = "/system/basic/businessArea";
const BUSINESS_DATA = `${BUSINESS}?_data=${encodeURIComponent("routes/_app+/system+/basic.businessArea")}`;

describe("行政区域 and 商圈 over HTTP", () => {
  useTestDatabase();
  let base = "";
  let close: (() => Promise<void>) | undefined;
  let boss1: Ctx;
  let bossApi: Record<string, string>;
  let adminApi: Record<string, string>;
  let cookie = "";

  beforeAll(async () => {
    ({ base, close } = await startTestApp());
    const boss = await ctxOf("boss1");
    boss1 = boss.ctx;
    bossApi = { Authorization: `Bearer ${boss.token}` };
    adminApi = { Authorization: `Bearer ${(await ctxOf("admin")).token}` };
    const login = await fetch(`${base}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
      body: new URLSearchParams({ username: "boss1", password: TEST_PASSWORD }).toString(),
    });
    cookie = login.headers.get("Set-Cookie")?.split(";")[0] ?? "";
    expect(cookie).not.toBe("");
  });
  afterAll(() => close?.());

  const get = (p: string, headers: Record<string, string> = {}) => fetch(base + p, { headers, redirect: "manual" });
  const postForm = (p: string, fields: [string, string][]) =>
    fetch(base + p, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, Cookie: cookie },
      body: new URLSearchParams(fields).toString(),
    });
  const byName = async (name: string) => {
    const [row] = await db().select({ id: businessAreas.id }).from(businessAreas).where(eq(businessAreas.name, name));
    return row ? getRow<Row>(businessAreaResource, boss1, row.id) : undefined;
  };

  it("GET /api/app/region: provinces, children of a parent narrowed by keyword, a search; refusals in the API's shape", async () => {
    expect((await get("/api/app/region")).status).toBe(401);
    expect(await (await get("/api/app/region")).json()).toMatchObject({ error: { code: "unauthorized" } });

    // A company's user reads areas as well as the operator (partner and address forms need them).
    const top = await get("/api/app/region", bossApi);
    expect(top.status).toBe(200);
    const provinces = (await top.json()) as { totalCount: number; items: { code: string; name: string; hasChildren: boolean }[] };
    expect(provinces.totalCount).toBe(31);
    expect(provinces.items).toContainEqual({ code: "44", name: "广东省", level: 1, parentCode: null, hasChildren: true });

    const gd = (await (await get(`/api/app/region?parentCode=44&keyword=${encodeURIComponent("州")}`, adminApi)).json()) as {
      totalCount: number;
      items: { name: string }[];
    };
    expect(gd.items.map((c) => c.name)).toEqual(expect.arrayContaining(["广州市", "惠州市", "潮州市"]));
    expect(gd.totalCount).toBe(gd.items.length);
    const found = (await (await get(`/api/app/region?keyword=${encodeURIComponent("天河")}`, bossApi)).json()) as { items: { code: string }[] };
    expect(found.items.map((a) => a.code)).toContain("440106");

    const missing = await get("/api/app/region?parentCode=99", bossApi);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: { code: "not_found", message: "行政区域不存在" } });
    const bad = await get("/api/app/region?parentCode=abc", bossApi);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: "bad_request", message: "区域编码只能是 2–12 位数字" } });
    const post = await fetch(base + "/api/app/region", { method: "POST", headers: { ...bossApi, Origin: base } });
    expect(post.status).toBe(405);
    expect(post.headers.get("Allow")).toContain("GET");
  });

  it("the page /system/basic/adminArea: the tree from the URL, the operator only, a code not in the tree is 404", async () => {
    const page = await get(`/system/basic/adminArea?province=44&city=4401&keyword=${encodeURIComponent("天河")}`, adminApi);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("广州市的区县");
    expect(html).toContain("广东省 / 广州市 / 天河区");
    expect((await get("/system/basic/adminArea?province=44&city=1101", adminApi)).status).toBe(404);
    expect((await get("/system/basic/adminArea?province=4401", adminApi)).status).toBe(404);
    expect((await get("/system/basic/adminArea?province=x'1", adminApi)).status).toBe(404);
    expect((await get("/system/basic/adminArea", bossApi)).status).toBe(403);
  });

  it("the 商圈 form: every checked area is saved, none clears them, an unknown code or a taken name changes nothing", async () => {
    const created = await postForm(BUSINESS, [
      ["intent", "save"],
      ["back", "?q=x"],
      ["name", "HTTP商圈"],
      ["sortOrder", "5"],
      ["regionCodes", "4401"],
      ["regionCodes", "4406"],
      ["regionCodes", "44"],
    ]);
    expect(created.status).toBe(302);
    expect(created.headers.get("Location")).toBe(`${BUSINESS}?q=x`);
    const row = (await byName("HTTP商圈"))!;
    expect(row).toMatchObject({ regionCodes: "44,4401,4406", regionNames: "广东省、广州市、佛山市" });

    // The multi-select posts the codes comma-separated in one field: the same result.
    expect(
      (
        await postForm(BUSINESS, [
          ["intent", "save"],
          ["id", String(row.id)],
          ["name", "HTTP商圈"],
          ["regionCodes", "4403,440106"],
        ])
      ).status,
    ).toBe(302);
    expect(await byName("HTTP商圈")).toMatchObject({ regionCodes: "440106,4403", regionNames: "天河区、深圳市" });

    const unknown = await postForm(BUSINESS_DATA, [
      ["intent", "save"],
      ["id", String(row.id)],
      ["name", "HTTP商圈"],
      ["regionCodes", "4401"],
      ["regionCodes", "999999"],
    ]);
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({
      intent: "save",
      message: "所选行政区域不存在：999999",
      fields: { regionCodes: ["所选行政区域不存在：999999"] },
      values: { regionCodes: "4401,999999" },
    });
    expect(await byName("HTTP商圈")).toMatchObject({ regionCodes: "440106,4403" });

    const taken = await postForm(BUSINESS_DATA, [
      ["intent", "save"],
      ["name", "HTTP商圈"],
      ["regionCodes", "4401"],
    ]);
    expect(taken.status).toBe(400);
    expect(await taken.json()).toMatchObject({ message: "商圈名称已存在" });
    const badId = await postForm(BUSINESS_DATA, [
      ["intent", "save"],
      ["id", "0x10"],
      ["name", "别的"],
    ]);
    expect(badId.status).toBe(400);
    expect(await badId.json()).toMatchObject({ message: "数据编号不正确" });

    // Nothing checked: the business area covers no area any more.
    expect(
      (
        await postForm(BUSINESS, [
          ["intent", "save"],
          ["id", String(row.id)],
          ["name", "HTTP商圈"],
        ])
      ).status,
    ).toBe(302);
    expect(await byName("HTTP商圈")).toMatchObject({ regionCodes: null, regionNames: null });

    // The list's area filter finds business areas by a covered area; other commands are the generic page's.
    const gz = (await byName("广州市区"))!;
    const listed = await listRows<Row>(businessAreaResource, boss1, parseListQuery(new URLSearchParams("areaCode=4401"), listSpecOf(businessAreaResource)));
    expect(listed.items.map((r) => r.id)).toEqual([gz.id]);
    expect(
      (
        await postForm(BUSINESS, [
          ["intent", "delete"],
          ["id", String(row.id)],
        ])
      ).status,
    ).toBe(302);
    expect(await byName("HTTP商圈")).toBeUndefined();
  });
});
