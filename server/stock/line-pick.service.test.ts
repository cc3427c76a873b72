import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../auth/context";
import { db } from "../db/client";
import { inTransaction } from "../db/transaction";
import { createRow } from "../lib/resource";
import { enterpriseRelations } from "../organization/organization.tables";
import { productResource } from "../product/product.resources";
import { products } from "../product/product.tables";
import { purchaseOrderLines, purchaseOrders } from "../purchase/purchase.tables";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { assertCanPickLines, pickProducts, resolveLineProduct, resolveLines } from "./line-pick.service";
import { lockStock, postStock } from "./stock-ledger.service";
import { productLocations, stockLocations, warehouses } from "./stock.tables";

/** The line editor's product picker: search, facts per warehouse and supplier, company scope. */
describe("line pick", () => {
  useTestDatabase();
  let boss1: Ctx;
  let boss2: Ctx;
  let stock1: Ctx;
  const tag = Date.now().toString(36).toUpperCase().slice(-5);
  const code = `LP7X-${tag}-01`;
  let filterId: number;
  let otherId: number;
  let foreignId: number;
  let warehouseId: number;
  let shelf: number;
  let partnerId: number;

  beforeAll(async () => {
    ({ ctx: boss1 } = await ctxOf("boss1"));
    ({ ctx: boss2 } = await ctxOf("boss2"));
    ({ ctx: stock1 } = await ctxOf("stock1"));
    filterId = (await createRow<{ id: number }>(productResource, boss1, { mainOE: code, name: `拣选测试机滤${tag}`, replaceOE: `LPR-${tag}-99`, priceSale: "88.00" })).id;
    otherId = (await createRow<{ id: number }>(productResource, boss1, { mainOE: `LP7X-${tag}-02`, name: `拣选测试空滤${tag}` })).id;
    // The same code in another company: never found by boss1.
    foreignId = (await createRow<{ id: number }>(productResource, boss2, { mainOE: code, name: `别家机滤${tag}` })).id;
    const [w] = await db().insert(warehouses).values({ companyId: boss1.companyId, name: `拣选仓${tag}` }).returning();
    warehouseId = w!.id;
    const [loc] = await db().insert(stockLocations).values({ companyId: boss1.companyId, warehouseId, code: "P-01", fullName: `拣选仓${tag}-P-01` }).returning();
    shelf = loc!.id;
    await db().insert(productLocations).values({ companyId: boss1.companyId, productId: filterId, warehouseId, locationId: shelf });
    await inTransaction((tx) => postStock(tx, boss1, { bizType: "PurchaseOrder", docType: "test", docId: 1, docNo: "LP1", lines: [{ productId: filterId, locationId: shelf, batchNo: "B1", qty: "12", unitCost: "30", source: 1 }] }));
    await inTransaction((tx) => lockStock(tx, boss1, { docType: "test", docId: 2, docNo: "LP2" }, [{ productId: filterId, locationId: shelf, batchNo: "B1", qty: "2", docLineId: 1 }]));
    const [partner] = await db().select({ id: enterpriseRelations.id }).from(enterpriseRelations).where(and(eq(enterpriseRelations.companyId, boss1.companyId), eq(enterpriseRelations.rel, 0))).limit(1);
    partnerId = partner!.id;
    for (const [no, status, price] of [["LPO-1", 10, "25.50"], ["LPO-2", 40, "26.80"], ["LPO-3", 0, "99.00"]] as const) {
      const [o] = await db().insert(purchaseOrders).values({ companyId: boss1.companyId, no: `${no}-${tag}`, status, partnerId, warehouseId }).returning();
      await db().insert(purchaseOrderLines).values({ companyId: boss1.companyId, orderId: o!.id, lineNo: 1, productId: filterId, qty: "1", price, amount: price });
    }
  });

  it("finds the company's products by any code spelling, name and pinyin initials, with stock, last price and default location", async () => {
    // Code in any spelling, a replacement OE, the name, the name's pinyin initials (拣选测试机滤 → jxcsjl).
    for (const kw of [code.toLowerCase().replace(/-/g, " "), `LPR${tag}99`, `拣选测试机滤${tag}`, "jxcsjl"]) {
      const found = await pickProducts(boss1, { keyword: kw, partnerId, warehouseId });
      expect(found.map((p) => p.productId), kw).toContain(filterId);
      expect(found.map((p) => p.productId), kw).not.toContain(foreignId);
    }
    const [p] = (await pickProducts(boss1, { keyword: code, partnerId, warehouseId })).filter((x) => x.productId === filterId);
    expect(p).toMatchObject({ mainOE: code, available: "10.00", lastPrice: "26.80", defaultLocationId: shelf, defaultLocationName: `拣选仓${tag}-P-01`, priceSale: "88.00", avgCost: "30.0000" });
    // The exact code comes first.
    expect((await pickProducts(boss1, { keyword: code, warehouseId }))[0]!.productId).toBe(filterId);
    expect(await pickProducts(boss1, { keyword: "  " })).toEqual([]);
    expect((await pickProducts(boss1, { keyword: `LP7X-${tag}`, limit: 1 })).length).toBe(1);
  });

  it("hides cost and purchase prices from roles without 产品价格", async () => {
    const [p] = await pickProducts(stock1, { keyword: code, partnerId, warehouseId });
    expect(p!.productId).toBe(filterId);
    expect(p!.avgCost).toBeUndefined();
    expect(p!.lastPrice).toBeNull();
    expect(p!.available).toBe("10.00");
  });

  it("never finds another company's products, nor its warehouse", async () => {
    const found = await pickProducts(boss2, { keyword: code });
    expect(found.map((p) => p.productId)).toEqual([foreignId]);
    await expect(pickProducts(boss2, { keyword: code, warehouseId })).rejects.toThrow("仓库不存在");
    const r = await resolveLineProduct(boss2, code);
    expect(r.kind === "chosen" && r.product.productId).toBe(foreignId);
    // boss1's product id posted on boss2's form is dropped.
    const [line] = await resolveLines(boss2, [{ productId: String(filterId), productText: "", qty: "1" }]);
    expect(line!.product).toBeNull();
    expect(line!.error).toBe("产品不存在");
  });

  it("resolves typed text: one product → chosen, several → choices, none → a message", async () => {
    const one = await resolveLineProduct(boss1, code.replace(/-/g, "").toLowerCase(), { warehouseId });
    expect(one.kind).toBe("chosen");
    expect(one.kind === "chosen" && one.product.available).toBe("10.00");
    const byReplacement = await resolveLineProduct(boss1, `lpr ${tag} 99`);
    expect(byReplacement.kind === "chosen" && byReplacement.product.productId).toBe(filterId);
    const several = await resolveLineProduct(boss1, `LP7X-${tag}`);
    expect(several.kind).toBe("choices");
    expect(several.kind === "choices" && several.choices.map((c) => c.productId).sort()).toEqual([filterId, otherId].sort());
    const none = await resolveLineProduct(boss1, `NOPE-${tag}-ZZ`);
    expect(none).toEqual({ kind: "none", message: `未找到产品“NOPE-${tag}-ZZ”` });
  });

  it("settles posted lines: keeps a picked product, resolves changed text, offers choices", async () => {
    const lines = await resolveLines(
      boss1,
      [
        { productId: String(otherId), productText: "旧文字", productPicked: "旧文字", qty: "1" },
        { productId: String(otherId), productText: code, productPicked: "旧文字", qty: "2" },
        { productId: "", productText: `LP7X-${tag}`, qty: "3" },
        { productText: "", qty: "" },
      ],
      { warehouseId },
    );
    expect(lines[0]!.product!.productId).toBe(otherId);
    expect(lines[1]!.product!.productId).toBe(filterId);
    expect(lines[1]!.values.productId).toBe(String(filterId));
    expect(lines[1]!.values.productPicked).toBe(lines[1]!.values.productText);
    expect(lines[2]!.choices.length).toBe(2);
    expect(lines[2]!.error).toContain("请选择");
    // The choice made in the select is kept while the text stays as it was.
    const [again] = await resolveLines(boss1, [{ ...lines[2]!.values, productId: String(otherId) }]);
    expect(again!.product!.productId).toBe(otherId);
    expect(lines[3]!.error).toBeNull();
  });

  it("skips disabled products and refuses roles without a document menu", async () => {
    await db().update(products).set({ isEnabled: false }).where(eq(products.id, otherId));
    expect((await pickProducts(boss1, { keyword: `LP7X-${tag}` })).map((p) => p.productId)).toEqual([filterId]);
    await db().update(products).set({ isEnabled: true }).where(eq(products.id, otherId));
    expect(() => assertCanPickLines({ ...boss1, permissions: new Set(["CPGL-001"]) })).toThrow("没有权限");
    expect(() => assertCanPickLines(boss1)).not.toThrow();
  });
});
