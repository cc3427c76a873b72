import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "./db/client";
import { createRow } from "./lib/resource";
import { productResource } from "./product/product.resources";
import { products } from "./product/product.tables";
import { TEST_PASSWORD, ctxOf, useTestDatabase } from "./test/test-db";
import { startTestApp } from "./test/http-app";

/**
 * Issue 7 items 1, 8, 9, 10 and 12 through the real build behind the real HTTP stack: the JSON
 * API's one error shape in Chinese (405 with Allow for every method a route does not offer),
 * empty-bodied posts, prices guarded on every path, declared export columns only, bounded
 * user settings, and a GET that never saves the page size.
 */
type Json = Record<string, any>;

describe("the API contract and user settings over HTTP", () => {
  useTestDatabase();
  let base = "";
  let close: () => Promise<unknown>;
  const bearer: Record<string, Record<string, string>> = {};
  const cookie: Record<string, string> = {};
  let productId = 0;

  async function signIn(username: string) {
    const res = await fetch(base + "/login", {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({ username, password: TEST_PASSWORD }),
      headers: { Origin: base },
    });
    return res.headers.get("Set-Cookie")!.split(";")[0]!;
  }

  async function apiToken(username: string) {
    const res = await fetch(base + "/auth/user/auth", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username, password: TEST_PASSWORD }),
    });
    expect(res.status).toBe(200);
    return { Authorization: `Bearer ${((await res.json()) as Json).access_token}` };
  }

  const api = (method: string, p: string, who: string, body?: unknown) =>
    fetch(base + p, {
      method,
      headers: { ...bearer[who], ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  beforeAll(async () => {
    ({ base, close } = await startTestApp());
    for (const u of ["boss1", "stock1"]) {
      bearer[u] = await apiToken(u);
      cookie[u] = await signIn(u);
    }
    const { ctx } = await ctxOf("boss1");
    productId = ((await createRow(productResource, ctx, { mainOE: "HTTP-PERM-1", name: "接口权限件", priceSale: "30", priceCost: "20" })) as { id: number }).id;
  });
  afterAll(() => close?.());

  describe("item 9: every refusal is Chinese JSON in the API's one shape", () => {
    it.each([
      ["POST", "/api/app/payment", "GET, HEAD"],
      ["PUT", "/api/app/pinyin?text=a", "GET, HEAD"],
      ["DELETE", "/api/app/setting/global", "GET, HEAD"],
      ["POST", "/api/app/setting/global", "GET, HEAD"],
      ["POST", "/api/app/product/checkRepeatOE?oe=1", "GET, HEAD"],
      ["POST", "/auth/user/profile", "GET, HEAD"],
      ["GET", "/api/app/product/batch", "POST"],
      ["GET", "/auth/user/logout", "POST"],
      ["GET", "/auth/user/auth", "POST"],
      ["PATCH", "/api/app/product", "GET, POST, HEAD"],
      ["PATCH", "/api/app/product/1", "GET, PUT, DELETE, HEAD"],
      ["GET", "/api/app/product/export", "POST"],
      ["OPTIONS", "/api/app/payment", "GET, HEAD"],
      ["DELETE", "/api/app/setting/current-user", "GET, POST, HEAD"],
      ["POST", "/avatar/1", "GET, HEAD"],
    ])("%s %s → 405 with Allow: %s", async (method, p, allow) => {
      for (const headers of [bearer.boss1!, {}]) {
        const res = await fetch(base + p, { method, headers });
        expect(res.status).toBe(405);
        expect(res.headers.get("Allow")).toBe(allow);
        expect(await res.json()).toEqual({ error: { code: "method_not_allowed", message: "抱歉，不支持该请求方式" } });
      }
    });

    it.each(["/api/app/nothing", "/api/app/product/1/more/deeper", "/api/other", "/auth/user/nothing", "/auth/x/y/z"])(
      "GET and POST %s → the API's JSON 404",
      async (p) => {
        for (const method of ["GET", "POST"]) {
          const res = await fetch(base + p, {
            method,
            headers: { ...bearer.boss1!, "Content-Type": "application/json" },
            body: method === "POST" ? "{}" : undefined,
          });
          expect(res.status).toBe(404);
          expect(await res.json()).toEqual({ error: { code: "not_found", message: "接口不存在" } });
        }
      },
    );

    it("answers methods no route handles (PROPFIND) the same way, before Remix", async () => {
      const res = await fetch(base + "/api/app/payment", { method: "PROPFIND", headers: bearer.boss1 });
      expect(res.status).toBe(405);
      expect(res.headers.get("Allow")).toContain("GET");
      expect(await res.json()).toEqual({ error: { code: "method_not_allowed", message: "抱歉，不支持该请求方式" } });
    });

    it('POST /api/app/product/batch {"data":[{}]} says what is missing, in Chinese', async () => {
      const res = await api("POST", "/api/app/product/batch", "boss1", { data: [{}] });
      expect(res.status).toBe(400);
      const body = (await res.json()) as Json;
      expect(body.error.code).toBe("bad_request");
      expect(body.error.message).toBe("缺少必填项“data[0].basicInfo”");
      expect(JSON.stringify(body)).not.toMatch(/Invalid input|expected/);
    });

    it("accepts an empty-bodied POST without Content-Type on /logout and /auth/user/logout", async () => {
      const web = await signIn("boss1");
      const out = await fetch(base + "/logout", { method: "POST", redirect: "manual", headers: { Cookie: web, Origin: base } });
      expect(out.status).toBe(302);
      expect(out.headers.get("Location")).toBe("/");
      const after = await fetch(base + "/home", { headers: { Cookie: web }, redirect: "manual" });
      expect(after.headers.get("Location")).toMatch(/^\/login/);

      const token = await apiToken("boss1");
      const apiOut = await fetch(base + "/auth/user/logout", { method: "POST", headers: token });
      expect(apiOut.status).toBe(200);
      expect((await fetch(base + "/auth/user/profile", { headers: token })).status).toBe(401);
    });

    it("answers an empty-bodied page POST with a message, not a 500", async () => {
      const res = await fetch(base + "/product/list", { method: "POST", redirect: "manual", headers: { Cookie: cookie.boss1!, Origin: base } });
      expect(res.status).toBe(400);
    });
  });

  describe("item 1: prices only for holders of 产品价格, on every path", () => {
    it("refuses PUT /api/app/product/{id} with prices from stock1 (403), lets it change other fields, never shows it the cost", async () => {
      for (const body of [{ priceSale: 1 }, { priceCost: "0" }, { name: "x", priceSale: null }]) {
        const res = await api("PUT", `/api/app/product/${productId}`, "stock1", body);
        expect(res.status).toBe(403);
        expect(((await res.json()) as Json).error).toMatchObject({ code: "forbidden", message: expect.stringMatching(/^没有权限修改(销售价|成本价)$/) });
      }
      const ok = await api("PUT", `/api/app/product/${productId}`, "stock1", { name: "仓管改了名" });
      expect(ok.status).toBe(200);
      const changed = (await ok.json()) as Json;
      expect(changed.name).toBe("仓管改了名");
      expect(changed).not.toHaveProperty("priceCost");

      const [row] = await db().select().from(products).where(eq(products.id, productId));
      expect(Number(row!.priceSale)).toBe(30);
      expect(Number(row!.priceCost)).toBe(20);

      const read = (await (await api("GET", `/api/app/product/${productId}`, "stock1")).json()) as Json;
      expect(read).not.toHaveProperty("priceCost");
      expect(read).toHaveProperty("priceSale");
      const list = (await (await api("GET", "/api/app/product?filter=HTTP-PERM-1", "stock1")).json()) as Json;
      expect(list.items).toHaveLength(1);
      expect(list.items[0]).not.toHaveProperty("priceCost");
      const boss = (await (await api("GET", `/api/app/product/${productId}`, "boss1")).json()) as Json;
      expect(boss).toHaveProperty("priceCost");

      const exp = await api("POST", "/api/app/product/export", "stock1", { excelColumes: [{ displayName: "成本价", fieldName: "priceCost" }] });
      expect(exp.status).toBe(403);
      expect(((await exp.json()) as Json).error.message).toBe("没有权限导出成本价");
    });

    it("refuses prices in productBatch from stock1", async () => {
      const res = await api("POST", "/api/app/product/batch", "stock1", { data: [{ basicInfo: { mainOE: "HTTP-PERM-B", name: "批量", priceCost: "3" } }] });
      expect(res.status).toBe(403);
      expect(((await res.json()) as Json).error.message).toBe("第 1 个产品：没有权限修改成本价");
    });

    it("gives stock1 a product page without the cost column and a form without price fields", async () => {
      const page = await (await fetch(`${base}/product/list?q=HTTP-PERM-1&edit=${productId}`, { headers: { Cookie: cookie.stock1! } })).text();
      expect(page).toContain('data-testid="edit-dialog"');
      expect(page).not.toMatch(/name="price(Sale|Cost)"/);
      expect(page).toContain("仓管改了名");
      expect(page).not.toMatch(/"priceCost":/);
      const columns = await (await fetch(`${base}/product/list?dialog=columns`, { headers: { Cookie: cookie.stock1! } })).text();
      expect(columns).not.toContain("成本价");
      const bossPage = await (await fetch(`${base}/product/list?q=HTTP-PERM-1&edit=${productId}`, { headers: { Cookie: cookie.boss1! } })).text();
      expect(bossPage).toMatch(/name="priceCost"/);
    });
  });

  describe("item 8: only declared export columns", () => {
    it.each(["constructor", "toString", "hasOwnProperty"])("POST /api/app/product/export with %j → 400", async (name) => {
      const res = await api("POST", "/api/app/product/export", "boss1", {
        excelColumes: [
          { displayName: "名称", fieldName: "name" },
          { displayName: "怪", fieldName: name },
        ],
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as Json).error).toEqual({ code: "bad_request", message: `导出列不存在: ${name}` });
    });
  });

  describe("item 10: only known user settings, bounded", () => {
    it("refuses an unknown name and an oversized value with Chinese 400s", async () => {
      const junk = await api("POST", "/api/app/setting/current-user", "boss1", { name: "junk", value: "1" });
      expect(junk.status).toBe(400);
      expect(((await junk.json()) as Json).error.message).toBe("未知的设置：junk");
      const huge = await api("POST", "/api/app/setting/current-user", "boss1", { name: "summaryDefs", value: { a: "x".repeat(200 * 1024) } });
      expect(huge.status).toBe(400);
      expect(((await huge.json()) as Json).error.message).toBe("列表列设置过长：最多 128 KB");
      const items = ((await (await api("GET", "/api/app/setting/current-user", "boss1")).json()) as Json).items as { name: string }[];
      expect(items.map((i) => i.name).sort()).toEqual(["PrintSetupInfo", "StockStatus", "summaryDefs"]);
    });
  });

  describe("item 12: a GET never writes", () => {
    const savedSize = async () => {
      const items = ((await (await api("GET", "/api/app/setting/current-user", "boss1")).json()) as Json).items as { name: string; value: string }[];
      const defs = JSON.parse(items.find((i) => i.name === "summaryDefs")!.value || "{}") as Json;
      return defs["/product/list"]?.perPageNum as number | undefined;
    };
    const rowsOn = async (query: string) => {
      const html = await (await fetch(`${base}/product/list${query}`, { headers: { Cookie: cookie.boss1! } })).text();
      return (html.match(/<tr data-id="/g) ?? []).length;
    };
    const post = (fields: Record<string, string>) =>
      fetch(base + "/product/list", {
        method: "POST",
        redirect: "manual",
        body: new URLSearchParams(fields),
        headers: { Cookie: cookie.boss1!, Origin: base },
      });

    it("shows ?size=50 without saving it; the explicit POSTs save it", async () => {
      const before = await savedSize();
      expect(await rowsOn("?size=50")).toBe(50);
      expect(await savedSize()).toBe(before);
      expect(await rowsOn("")).toBe(before ?? 20);

      const picked = await post({ intent: "savePageSize", size: "50", quiet: "1" });
      expect(picked.status).toBe(200);
      expect(await savedSize()).toBe(50);
      expect(await rowsOn("")).toBe(50);
      expect(await rowsOn("?size=100")).toBe(100);
      expect(await savedSize()).toBe(50);

      const dialog = await post({ intent: "saveColumns", field: "mainOE", name_mainOE: "产品编码", show_mainOE: "on", auto_mainOE: "on", perPageNum: "20" });
      expect(dialog.status).toBe(302);
      expect(await savedSize()).toBe(20);
    });
  });
});
