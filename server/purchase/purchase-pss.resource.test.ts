import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { inTransaction } from "../db/transaction";
import { listFromParams } from "../lib/list-read";
import { enterpriseRelations } from "../organization/organization.tables";
import { productBrands } from "../product/brand.tables";
import { productOes, products } from "../product/product.tables";
import { lockStock, postStock, type MoveLine } from "../stock/stock-ledger.service";
import { safeStocks, stockLocations, warehouses } from "../stock/stock.tables";
import type { BizType } from "../lib/dictionary";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { purchaseOrderLines, purchaseOrders } from "./purchase.tables";
import { purchasePssResource } from "./purchase-pss.resource";

useTestDatabase();

let ctx: Ctx;
const ids: Record<string, number> = {};
const DAY = 86_400_000;

async function post(bizType: BizType, daysAgo: number, lines: MoveLine[]) {
  const at = { ...ctx, now: new Date(Date.now() - daysAgo * DAY) };
  await inTransaction((tx) => postStock(tx, at, { bizType, docType: "test", docId: 1, docNo: `T-${bizType}`, lines }));
}

async function list(q: string) {
  return (await listFromParams<Record<string, unknown>>(purchasePssResource, ctx, new URLSearchParams(q))).items;
}

beforeAll(async () => {
  ctx = (await ctxOf("buyer1")).ctx;
  await db().delete(safeStocks).where(eq(safeStocks.companyId, ctx.companyId));
  const [w] = await db().insert(warehouses).values({ companyId: ctx.companyId, name: "进销存测试仓" }).returning();
  const [l] = await db()
    .insert(stockLocations)
    .values({ companyId: ctx.companyId, warehouseId: w!.id, code: "S-01", fullName: "进销存测试仓-S-01" })
    .returning();
  ids.loc = l!.id;
  const [brand] = await db().select({ id: productBrands.id }).from(productBrands).limit(1);
  ids.brand = brand!.id;
  for (const [k, oe, name, pinYin] of [
    ["x", "PSS-77X-1", "进销存件甲", "jinxiaocunjianjia"],
    ["y", "PSS-77Y-2", "进销存件乙", "jinxiaocunjianyi"],
    ["z", "PSS-77Z-3", "进销存件丙", "jinxiaocunjianbing"],
  ] as const) {
    const norm = oe.replace(/-/g, "");
    const [p] = await db()
      .insert(products)
      .values({ companyId: ctx.companyId, mainOE: oe, oeNorm: norm, name, pinYin, brandId: k === "x" ? ids.brand : null })
      .returning();
    ids[k] = p!.id;
    await db().insert(productOes).values({ productId: p!.id, companyId: ctx.companyId, oeNorm: norm, kind: 0 });
  }
  const x = ids.x!;
  const at = (qty: string): MoveLine => ({ productId: x, locationId: ids.loc!, qty, unitCost: "10", source: 1 });
  await post("PurchaseOrder", 120, [at("100")]); // outside 90 days
  await post("PurchaseOrder", 45, [at("5")]);
  await post("SalesOrder", 45, [at("-1")]);
  await post("PurchaseOrder", 0, [at("10")]);
  await post("PurchaseOrderBack", 0, [at("-2")]);
  await post("SalesOrder", 0, [at("-3")]);
  await post("SalesOrderBack", 0, [at("1")]);
  await post("PurchaseReturnOrder", 0, [at("-2")]);
  await post("StockMoveOrder", 0, [at("-1"), { ...at("1") }]); // neither received nor issued
  await inTransaction((tx) => lockStock(tx, ctx, { docType: "test", docId: 9, docNo: "LOCK" }, [{ productId: x, locationId: ids.loc!, qty: "4" }]));
  const [s] = await db().insert(enterpriseRelations).values({ companyId: ctx.companyId, rel: 0, name: "进销存供应商" }).returning();
  for (const [status, qty, received] of [
    [10, "20", "5"],
    [0, "7", "0"],
    [40, "3", "3"],
    [90, "9", "0"],
  ] as const) {
    const [o] = await db()
      .insert(purchaseOrders)
      .values({ companyId: ctx.companyId, no: `PSS-PO-${status}`, status, partnerId: s!.id, warehouseId: w!.id })
      .returning();
    await db()
      .insert(purchaseOrderLines)
      .values({ companyId: ctx.companyId, orderId: o!.id, lineNo: 1, productId: x, qty, price: "1", amount: qty, receivedQty: received });
  }
  await db()
    .insert(safeStocks)
    .values([
      { companyId: ctx.companyId, productId: x, minQty: "200", maxQty: "300" },
      { companyId: ctx.companyId, productId: ids.y!, minQty: "1", maxQty: "5" },
    ]);
});

describe("进销存视图 (purchasePss)", () => {
  it("shows every figure of a product from the ledger, the open orders and safe stock", async () => {
    const [row] = await list(`productId=${ids.x}`);
    expect(row).toMatchObject({
      productId: ids.x,
      mainOE: "PSS-77X-1",
      stockQty: "108.00", // 100 + 5 − 1 + 10 − 2 − 3 + 1 − 2 (the transfer nets to 0)
      lockedQty: "4.00",
      availableQty: "104.00",
      onOrderQty: "15.00", // only the order in 10 counts: 20 − 5
      received30: "8.00", // 10 − 2
      received90: "13.00", // + 5 from 45 days ago
      sold30: "2.00", // 3 − 1
      sold90: "3.00",
      returned30: "2.00",
      returned90: "2.00",
      minQty: "200.00",
      maxQty: "300.00",
      below: true,
      suggestQty: "177.00", // 300 − 108 − 15
    });
    expect(row!.brandName).toBeTruthy();
  });

  it("suggests nothing at or above the minimum, and nothing without safe stock", async () => {
    const [z] = await list(`productId=${ids.z}`);
    expect(z).toMatchObject({ stockQty: "0.00", onOrderQty: "0.00", received90: "0.00", minQty: null, suggestQty: "0.00", below: false });
    const [y] = await list(`productId=${ids.y}`);
    expect(y).toMatchObject({ suggestQty: "5.00", below: true });
  });

  it("sorts by the suggestion, filters only-suggested, by brand and by any OE spelling, pinyin or name", async () => {
    const suggested = await list("suggested=true");
    expect(suggested.map((r) => r.productId)).toEqual([ids.x, ids.y]);
    const first = await list("maxResultCount=2");
    expect(first.map((r) => r.productId)).toEqual([ids.x, ids.y]);
    expect((await list(`brandId=${ids.brand}&q=pss77`)).map((r) => r.productId)).toEqual([ids.x]);
    expect((await list("q=pss 77y")).map((r) => r.productId)).toEqual([ids.y]);
    expect((await list("q=jinxiaocunjianbing")).map((r) => r.productId)).toEqual([ids.z]);
    expect((await list("q=进销存件")).length).toBe(3);
  });

  it("is company-scoped", async () => {
    const other = (await ctxOf("boss2")).ctx;
    const rows = (await listFromParams<Record<string, unknown>>(purchasePssResource, other, new URLSearchParams(`productId=${ids.x}`))).items;
    expect(rows).toEqual([]);
  });
});
