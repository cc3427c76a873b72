import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../db/client";
import { listFromParams } from "../lib/list-read";
import { createRow, getRow } from "../lib/resource";
import { businessAreas } from "../reference/reference.tables";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { partnerResource } from "./organization.resources";

type Row = Record<string, unknown> & { id: number };

describe("往来单位: 所在城市 and 商圈", () => {
  useTestDatabase();

  it("the demo customers have their city; 商圈 filters them by the cities (or provinces) it covers, within the company", async () => {
    const { ctx: boss1 } = await ctxOf("boss1");
    const { ctx: boss2 } = await ctxOf("boss2");
    const areaOf = async (companyId: number, name: string) =>
      (
        await db()
          .select()
          .from(businessAreas)
          .where(and(eq(businessAreas.companyId, companyId), eq(businessAreas.name, name)))
      )[0]!.id;
    const gz = await areaOf(boss1.companyId, "广州市区");
    const all = await listFromParams<Row>(partnerResource, boss1, new URLSearchParams("maxResultCount=200"));
    const inGz = all.items.filter((r) => r.areaCode === "4401");
    expect(inGz.length).toBeGreaterThan(0);
    expect(inGz[0]).toMatchObject({ areaName: "广东省 广州市" });
    const filtered = await listFromParams<Row>(partnerResource, boss1, new URLSearchParams(`businessAreaId=${gz}&maxResultCount=200`));
    expect(filtered.items.map((r) => r.id).sort()).toEqual(inGz.map((r) => r.id).sort());
    // Another company's 商圈 finds none of this company's partners.
    const sz = await areaOf(boss2.companyId, "深圳");
    expect((await listFromParams<Row>(partnerResource, boss1, new URLSearchParams(`businessAreaId=${sz}`))).totalCount).toBe(0);
    // A 商圈 covering a whole province finds its cities' partners.
    const [gd] = await db().insert(businessAreas).values({ companyId: boss1.companyId, name: "全广东" }).returning();
    const { businessAreaRegions } = await import("../reference/reference.tables");
    await db().insert(businessAreaRegions).values({ businessAreaId: gd!.id, areaCode: "44" });
    const guangdong = await listFromParams<Row>(partnerResource, boss1, new URLSearchParams(`businessAreaId=${gd!.id}&maxResultCount=200`));
    expect(guangdong.totalCount).toBe(all.items.filter((r) => String(r.areaCode ?? "").startsWith("44")).length);
  });

  it("a partner's city must be a city of 行政区域", async () => {
    const { ctx: boss1 } = await ctxOf("boss1");
    const made = await createRow<Row>(partnerResource, boss1, { rel: "1", name: "城市测试客户", areaCode: "4406" });
    expect(await getRow(partnerResource, boss1, made.id)).toMatchObject({ areaCode: "4406", areaName: "广东省 佛山市" });
    await expect(createRow(partnerResource, boss1, { rel: "1", name: "城市测试客户2", areaCode: "9999" })).rejects.toMatchObject({
      code: "bad_request",
      message: "所在城市不存在",
    });
    await expect(createRow(partnerResource, boss1, { rel: "1", name: "城市测试客户3", areaCode: "44" })).rejects.toMatchObject({
      code: "bad_request",
      message: "所在城市不正确",
    });
    await expect(createRow(partnerResource, boss1, { rel: "1", name: "城市测试客户4", areaCode: "440106" })).rejects.toMatchObject({
      code: "bad_request",
      message: "所在城市不正确",
    });
  });
});
