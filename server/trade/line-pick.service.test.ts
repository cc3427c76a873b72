import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { inTransaction } from "../db/transaction";
import { createRow } from "../lib/resource";
import { enterpriseRelations } from "../organization/organization.tables";
import { productResource } from "../product/product.resources";
import { products } from "../product/product.tables";
import { purchaseOrderLines, purchaseOrders } from "../purchase/purchase.tables";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { assertCanPickLines, pickProducts, resolveLineProduct, resolveLines } from "./line-pick.service";
import { salesOrderLines, salesOrders } from "../sale/sale.tables";
import { salePriceHistory } from "../sale/sale-price-history";
import { purchasePriceHistory } from "../purchase/purchase-price-history";
import { lockStock, postStock } from "../stock/stock-ledger.service";
import { productLocations, stockLocations, warehouses } from "../stock/stock.tables";

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
    filterId = (
      await createRow<{ id: number }>(productResource, boss1, { mainOE: code, name: `拣选测试机滤${tag}`, replaceOE: `LPR-${tag}-99`, priceSale: "88.00" })
    ).id;
    otherId = (await createRow<{ id: number }>(productResource, boss1, { mainOE: `LP7X-${tag}-02`, name: `拣选测试空滤${tag}` })).id;
    // The same code in another company: never found by boss1.
    foreignId = (await createRow<{ id: number }>(productResource, boss2, { mainOE: code, name: `别家机滤${tag}` })).id;
    const [w] = await db()
      .insert(warehouses)
      .values({ companyId: boss1.companyId, name: `拣选仓${tag}` })
      .returning();
    warehouseId = w!.id;
    const [loc] = await db()
      .insert(stockLocations)
      .values({ companyId: boss1.companyId, warehouseId, code: "P-01", fullName: `拣选仓${tag}-P-01` })
      .returning();
    shelf = loc!.id;
    await db().insert(productLocations).values({ companyId: boss1.companyId, productId: filterId, warehouseId, locationId: shelf });
    await inTransaction((tx) =>
      postStock(tx, boss1, {
        bizType: "PurchaseOrder",
        docType: "test",
        docId: 1,
        docNo: "LP1",
        lines: [{ productId: filterId, locationId: shelf, batchNo: "B1", qty: "12", unitCost: "30", source: 1 }],
      }),
    );
    await inTransaction((tx) =>
      lockStock(tx, boss1, { docType: "test", docId: 2, docNo: "LP2" }, [{ productId: filterId, locationId: shelf, batchNo: "B1", qty: "2", docLineId: 1 }]),
    );
    const [partner] = await db()
      .select({ id: enterpriseRelations.id })
      .from(enterpriseRelations)
      .where(and(eq(enterpriseRelations.companyId, boss1.companyId), eq(enterpriseRelations.rel, 0)))
      .limit(1);
    partnerId = partner!.id;
    for (const [no, status, price] of [
      ["LPO-1", 10, "25.50"],
      ["LPO-2", 40, "26.80"],
      ["LPO-3", 0, "99.00"],
    ] as const) {
      const [o] = await db()
        .insert(purchaseOrders)
        .values({ companyId: boss1.companyId, no: `${no}-${tag}`, status, partnerId, warehouseId })
        .returning();
      await db()
        .insert(purchaseOrderLines)
        .values({ companyId: boss1.companyId, orderId: o!.id, lineNo: 1, productId: filterId, qty: "1", price, amount: price });
    }
  });

  it("finds the company's products by any code spelling, name and pinyin initials, with stock, last price and default location", async () => {
    // Code in any spelling, a replacement OE, the name, the name's pinyin initials (拣选测试机滤 → jxcsjl).
    for (const kw of [code.toLowerCase().replace(/-/g, " "), `LPR${tag}99`, `拣选测试机滤${tag}`, "jxcsjl"]) {
      const found = await pickProducts(boss1, { prices: purchasePriceHistory, keyword: kw, partnerId, warehouseId });
      expect(
        found.map((p) => p.productId),
        kw,
      ).toContain(filterId);
      expect(
        found.map((p) => p.productId),
        kw,
      ).not.toContain(foreignId);
    }
    const [p] = (await pickProducts(boss1, { prices: purchasePriceHistory, keyword: code, partnerId, warehouseId })).filter((x) => x.productId === filterId);
    expect(p).toMatchObject({
      mainOE: code,
      available: "10.00",
      lastPrice: "26.80",
      defaultLocationId: shelf,
      defaultLocationName: `拣选仓${tag}-P-01`,
      priceSale: "88.00",
      avgCost: "30.0000",
    });
    // The exact code comes first.
    expect((await pickProducts(boss1, { prices: purchasePriceHistory, keyword: code, warehouseId }))[0]!.productId).toBe(filterId);
    expect(await pickProducts(boss1, { prices: purchasePriceHistory, keyword: "  " })).toEqual([]);
    expect((await pickProducts(boss1, { prices: purchasePriceHistory, keyword: `LP7X-${tag}`, limit: 1 })).length).toBe(1);
  });

  it("suggests a purchase price: this supplier's last, else any supplier's last, else the cost (issue 20 item 12)", async () => {
    const [supplierB] = await db()
      .select({ id: enterpriseRelations.id })
      .from(enterpriseRelations)
      .where(and(eq(enterpriseRelations.companyId, boss1.companyId), eq(enterpriseRelations.rel, 0), sql`${enterpriseRelations.id} <> ${partnerId}`))
      .limit(1);
    const pick = async (keyword: string, partner: number, ctx = boss1) =>
      (await pickProducts(ctx, { prices: purchasePriceHistory, keyword, partnerId: partner, warehouseId })).find((x) => x.productId === filterId)!;
    // This supplier sold it before: its last price.
    expect((await pick(code, partnerId)).purchasePrice).toBe("26.80");
    // Another supplier never did: the last purchase price from anyone, and no 上次进价 of its own.
    const fromB = await pick(code, supplierB!.id);
    expect(fromB.lastPrice).toBeNull();
    expect(fromB.purchasePrice).toBe("26.80");
    // Never bought: the cost (the product's 成本价 when no stock has a moving average).
    const fresh = await createRow<{ id: number }>(productResource, boss1, { mainOE: `LPC-${tag}-07`, name: `拣选新品${tag}`, priceCost: "12.30" });
    expect(
      (await pickProducts(boss1, { prices: purchasePriceHistory, keyword: `LPC-${tag}-07`, partnerId })).find((x) => x.productId === fresh.id)!.purchasePrice,
    ).toBe("12.30");
    // A role that may not see purchase prices or cost gets none.
    expect((await pick(code, supplierB!.id, stock1)).purchasePrice ?? null).toBeNull();
  });

  it("hides cost and purchase prices from roles without 产品价格", async () => {
    const [p] = await pickProducts(stock1, { prices: purchasePriceHistory, keyword: code, partnerId, warehouseId });
    expect(p!.productId).toBe(filterId);
    expect(p!.avgCost).toBeUndefined();
    expect(p!.lastPrice).toBeNull();
    expect(p!.available).toBe("10.00");
  });

  it("never finds another company's products, nor its warehouse", async () => {
    const found = await pickProducts(boss2, { prices: purchasePriceHistory, keyword: code });
    expect(found.map((p) => p.productId)).toEqual([foreignId]);
    await expect(pickProducts(boss2, { prices: purchasePriceHistory, keyword: code, warehouseId })).rejects.toThrow("仓库不存在");
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

  it("finds a product by its scanned barcode, in the picker and in typed text", async () => {
    const barcode = `69${String(Date.now()).slice(-11)}`;
    const scanned = (await createRow<{ id: number }>(productResource, boss1, { mainOE: `LPB-${tag}`, name: `条码测试刹车片${tag}`, mCode: barcode })).id;
    expect((await pickProducts(boss1, { prices: purchasePriceHistory, keyword: barcode, warehouseId })).map((p) => p.productId)).toEqual([scanned]);
    const typed = await resolveLineProduct(boss1, ` ${barcode} `, { warehouseId });
    expect(typed.kind === "chosen" && typed.product.productId).toBe(scanned);
    expect(await pickProducts(boss2, { prices: purchasePriceHistory, keyword: barcode })).toEqual([]);
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
    expect((await pickProducts(boss1, { prices: purchasePriceHistory, keyword: `LP7X-${tag}` })).map((p) => p.productId)).toEqual([filterId]);
    await db().update(products).set({ isEnabled: true }).where(eq(products.id, otherId));
    expect(() => assertCanPickLines({ ...boss1, permissions: new Set(["CPGL-001"]) })).toThrow("没有权限");
    expect(() => assertCanPickLines(boss1)).not.toThrow();
  });
});

/** side=sale: shelf stock per location, this customer's last sales price, list price, cost for 产品价格 only. */
describe("line pick for sales orders", () => {
  useTestDatabase();
  let boss1: Ctx;
  let boss2: Ctx;
  let sales1: Ctx;
  const tag = Date.now().toString(36).toUpperCase().slice(-5);
  const code = `LPS-${tag}-01`;
  let productId: number;
  let foreignProductId: number;
  let warehouseId: number;
  let customerId: number;
  let otherCustomerId: number;
  let foreignCustomerId: number;
  let foreignWarehouseId: number;

  async function order(ctx: Ctx, no: string, status: number, partnerId: number, whId: number, pid: number, price: string) {
    const [o] = await db()
      .insert(salesOrders)
      .values({ companyId: ctx.companyId, no: `${no}-${tag}`, status, partnerId, warehouseId: whId })
      .returning();
    await db().insert(salesOrderLines).values({ companyId: ctx.companyId, orderId: o!.id, lineNo: 1, productId: pid, qty: "1", price, amount: price });
  }

  beforeAll(async () => {
    ({ ctx: boss1 } = await ctxOf("boss1"));
    ({ ctx: boss2 } = await ctxOf("boss2"));
    ({ ctx: sales1 } = await ctxOf("sales1"));
    productId = (await createRow<{ id: number }>(productResource, boss1, { mainOE: code, name: `销售拣选刹车片${tag}`, priceSale: "120.00" })).id;
    foreignProductId = (await createRow<{ id: number }>(productResource, boss2, { mainOE: code, name: `别家刹车片${tag}`, priceSale: "150.00" })).id;
    const [w] = await db()
      .insert(warehouses)
      .values({ companyId: boss1.companyId, name: `销售仓${tag}` })
      .returning();
    warehouseId = w!.id;
    const [w2] = await db()
      .insert(warehouses)
      .values({ companyId: boss2.companyId, name: `别家仓${tag}` })
      .returning();
    foreignWarehouseId = w2!.id;
    const locs = await db()
      .insert(stockLocations)
      .values([
        { companyId: boss1.companyId, warehouseId, code: "S-01", fullName: `销售仓${tag}-S-01`, kind: 0 },
        { companyId: boss1.companyId, warehouseId, code: "S-02", fullName: `销售仓${tag}-S-02`, kind: 0 },
        { companyId: boss1.companyId, warehouseId, code: "R-01", fullName: `销售仓${tag}-R-01`, kind: 2 },
      ])
      .returning();
    const [s1, s2, returns] = locs.map((l) => l.id);
    await inTransaction((tx) =>
      postStock(tx, boss1, {
        bizType: "PurchaseOrder",
        docType: "test",
        docId: 11,
        docNo: "LPS1",
        lines: [
          { productId, locationId: s1!, batchNo: "B1", qty: "3", unitCost: "50", source: 1 },
          { productId, locationId: s2!, batchNo: "B1", qty: "7", unitCost: "50", source: 1 },
          { productId, locationId: returns!, batchNo: "B1", qty: "4", unitCost: "50", source: 3 },
        ],
      }),
    );
    await inTransaction((tx) =>
      lockStock(tx, boss1, { docType: "test", docId: 12, docNo: "LPS2" }, [{ productId, locationId: s2!, batchNo: "B1", qty: "2", docLineId: 1 }]),
    );
    const customers = await db()
      .select({ id: enterpriseRelations.id })
      .from(enterpriseRelations)
      .where(and(eq(enterpriseRelations.companyId, boss1.companyId), eq(enterpriseRelations.rel, 1)))
      .limit(2);
    customerId = customers[0]!.id;
    otherCustomerId = customers[1]!.id;
    const [fc] = await db()
      .select({ id: enterpriseRelations.id })
      .from(enterpriseRelations)
      .where(and(eq(enterpriseRelations.companyId, boss2.companyId), eq(enterpriseRelations.rel, 1)))
      .limit(1);
    foreignCustomerId = fc!.id;
    // Submitted orders give the last price (newest first); a draft and 未成交 never do.
    await order(boss1, "LPSO-1", 60, customerId, warehouseId, productId, "101.00");
    await order(boss1, "LPSO-2", 30, customerId, warehouseId, productId, "108.50");
    await order(boss1, "LPSO-3", 0, customerId, warehouseId, productId, "1.00");
    await order(boss1, "LPSO-4", 95, customerId, warehouseId, productId, "2.00");
    await order(boss1, "LPSO-5", 30, otherCustomerId, warehouseId, productId, "99.00");
    await order(boss2, "LPSO-6", 30, foreignCustomerId, foreignWarehouseId, foreignProductId, "140.00");
  });

  it("gives the customer's last sales price, the list price, shelf stock per location and cost for 产品价格", async () => {
    const [p] = (await pickProducts(boss1, { keyword: code, partnerId: customerId, warehouseId, prices: salePriceHistory })).filter(
      (x) => x.productId === productId,
    );
    expect(p).toMatchObject({ lastPrice: "108.50", priceSale: "120.00", available: "8.00", avgCost: "50.0000" });
    // Shelf locations only (the returns area is not sellable), most available first.
    expect(p!.locations).toEqual([
      { locationName: `销售仓${tag}-S-02`, available: "5.00" },
      { locationName: `销售仓${tag}-S-01`, available: "3.00" },
    ]);
    const [other] = await pickProducts(boss1, { keyword: code, partnerId: otherCustomerId, warehouseId, prices: salePriceHistory });
    expect(other!.lastPrice).toBe("99.00");
    // The purchase side is unchanged: all locations, no sales prices.
    const [purchase] = await pickProducts(boss1, { prices: purchasePriceHistory, keyword: code, partnerId: customerId, warehouseId });
    expect(purchase).toMatchObject({ available: "12.00", lastPrice: null });
    expect(purchase!.locations).toBeUndefined();
  });

  it("shows prices but no cost to a salesperson without 产品价格", async () => {
    const noCost: Ctx = { ...sales1, permissions: new Set([...sales1.permissions].filter((c) => c !== "CPGL-002")) };
    expect((await pickProducts(sales1, { keyword: code, warehouseId, prices: salePriceHistory }))[0]!.avgCost).toBe("50.0000");
    const [p] = await pickProducts(noCost, { keyword: code, partnerId: customerId, warehouseId, prices: salePriceHistory });
    expect(p).toMatchObject({ productId, lastPrice: "108.50", priceSale: "120.00", available: "8.00" });
    expect(p!.avgCost).toBeUndefined();
  });

  it("never leaks another company's prices, customers or stock", async () => {
    // boss2 asking with boss1's customer: boss2's own product, no price from boss1's orders.
    const [p] = await pickProducts(boss2, { keyword: code, partnerId: customerId, prices: salePriceHistory });
    expect(p).toMatchObject({ productId: foreignProductId, lastPrice: null, priceSale: "150.00", available: "0.00" });
    const [own] = await pickProducts(boss2, { keyword: code, partnerId: foreignCustomerId, warehouseId: foreignWarehouseId, prices: salePriceHistory });
    expect(own).toMatchObject({ productId: foreignProductId, lastPrice: "140.00", locations: [] });
    // boss1 asking with boss2's customer sees no price of boss2's.
    const [mine] = await pickProducts(boss1, { keyword: code, partnerId: foreignCustomerId, warehouseId, prices: salePriceHistory });
    expect(mine).toMatchObject({ productId, lastPrice: null });
    await expect(pickProducts(boss2, { keyword: code, warehouseId, prices: salePriceHistory })).rejects.toThrow("仓库不存在");
    // Resolving typed text on the sales side carries the same facts.
    const r = await resolveLineProduct(boss1, code, { partnerId: customerId, warehouseId, prices: salePriceHistory });
    expect(r.kind === "chosen" && r.product.lastPrice).toBe("108.50");
  });
});
