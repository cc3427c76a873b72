import { describe, expect, it } from "vitest";
import { createRow, getRow, updateRow } from "../lib/resource";
import { listFromParams } from "../lib/list-read";
import { logisticsCompanyResource } from "../sale/logistics.resource";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { carrierNames, logisticsCarrierResource } from "../reference/logistics-carrier.resource";

type Row = Record<string, unknown> & { id: number };

describe("物流档案: the platform's carriers", () => {
  useTestDatabase();

  it("are seeded with their tracking pages, read by a company's logistics page and written by the operator only", async () => {
    const { ctx: boss1 } = await ctxOf("boss1");
    const { ctx: admin } = await ctxOf("admin");
    expect(await carrierNames()).toEqual(expect.arrayContaining(["顺丰速运", "德邦物流", "京东物流"]));
    const { items } = await listFromParams<Row>(logisticsCarrierResource, boss1, new URLSearchParams("q=顺丰"));
    expect(items).toEqual([expect.objectContaining({ name: "顺丰速运", code: "SF", trackingUrl: "https://www.kuaidi100.com/chaxun?com=shunfeng&nu={no}" })]);
    await expect(createRow(logisticsCarrierResource, boss1, { name: "公司自己加的承运商" })).rejects.toMatchObject({ code: "forbidden" });
    await expect(updateRow(logisticsCarrierResource, boss1, items[0]!.id, { servicePhone: "123" })).rejects.toMatchObject({ code: "forbidden" });
    const made = await createRow<Row>(logisticsCarrierResource, admin, {
      name: "跨越速运",
      code: "ky",
      trackingUrl: "https://www.ky-express.com/track?no={no}",
    });
    expect(made).toMatchObject({ code: "KY", isEnabled: true });
    await expect(createRow(logisticsCarrierResource, admin, { name: "跨越速运" })).rejects.toMatchObject({ code: "conflict", message: "承运商名称已存在" });
    await expect(createRow(logisticsCarrierResource, admin, { name: "坏网址", website: "ftp://x" })).rejects.toMatchObject({
      code: "bad_request",
      message: "官网须以 http:// 或 https:// 开头",
    });
  });

  it("a company's logistics company named like a carrier takes its tracking page and phone unless it has its own", async () => {
    const { ctx: boss1 } = await ctxOf("boss1");
    const taken = await createRow<Row>(logisticsCompanyResource, boss1, { name: "京东物流" });
    expect(await getRow(logisticsCompanyResource, boss1, taken.id)).toMatchObject({
      trackingUrl: "https://www.kuaidi100.com/chaxun?com=jd&nu={no}",
      contactPhone: "950616",
    });
    const own = await createRow<Row>(logisticsCompanyResource, boss1, {
      name: "极兔速递",
      trackingUrl: "https://own.example.com/{no}",
      contactPhone: "020-1234567",
    });
    expect(own).toMatchObject({ trackingUrl: "https://own.example.com/{no}", contactPhone: "020-1234567" });
    const other = await createRow<Row>(logisticsCompanyResource, boss1, { name: "本地货运部" });
    expect(other).toMatchObject({ trackingUrl: null, contactPhone: null });
  });
});
