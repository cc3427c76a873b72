import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { inTransaction } from "../db/transaction";
import { enterpriseRelations } from "../organization/organization.tables";
import { products } from "../product/product.tables";
import { postStock } from "../stock/stock-ledger.service";
import { safeStocks, stockLocations, warehouses } from "../stock/stock.tables";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { purchaseOrderLines, purchaseOrders } from "./purchase.tables";
import { executePurchasePlan, generatePurchasePlan, getPurchasePlan, planSuggestions, updatePurchasePlan, voidPurchasePlan } from "./purchase-plan.service";

useTestDatabase();

let ctx: Ctx;
const ids: Record<string, number> = {};

beforeAll(async () => {
  ctx = (await ctxOf("buyer1")).ctx;
  // Only this test's safe stock rows: the demo's are removed so the numbers are this file's.
  await db().delete(safeStocks).where(eq(safeStocks.companyId, ctx.companyId));
  const [w] = await db().insert(warehouses).values({ companyId: ctx.companyId, name: "计划测试仓" }).returning();
  ids.wh = w!.id;
  const [l] = await db().insert(stockLocations).values({ companyId: ctx.companyId, warehouseId: w!.id, code: "P-01", fullName: "计划测试仓-P-01" }).returning();
  for (const [k, name] of [
    ["s1", "计划供应商甲"],
    ["s2", "计划供应商乙"],
  ] as const)
    ids[k] = (await db().insert(enterpriseRelations).values({ companyId: ctx.companyId, rel: 0, name }).returning())[0]!.id;
  for (const k of ["a", "b", "c", "d"])
    ids[k] = (
      await db()
        .insert(products)
        .values({ companyId: ctx.companyId, mainOE: `PLAN-${k}`, oeNorm: `PLAN${k.toUpperCase()}`, name: `计划件${k}` })
        .returning()
    )[0]!.id;
  // a: on hand 2, min 5, max 20, 3 on order from s1 (ordered 5, received 2) → 20 − 2 − 3 = 15, supplier s1 @ 9
  // b: on hand 0, min 1, max 4, last bought from s2 @ 7 → 4
  // c: on hand 8 ≥ min 5 → not in the plan; d: below min, never bought → no supplier
  await inTransaction((tx) =>
    postStock(tx, ctx, {
      bizType: "PurchaseOrder",
      docType: "test",
      docId: 1,
      docNo: "T",
      lines: [
        { productId: ids.a!, locationId: l!.id, qty: "2", unitCost: "9", source: 1 },
        { productId: ids.c!, locationId: l!.id, qty: "8", unitCost: "1", source: 1 },
      ],
    }),
  );
  const [o1] = await db()
    .insert(purchaseOrders)
    .values({ companyId: ctx.companyId, no: "PLAN-PO-1", status: 30, partnerId: ids.s1!, warehouseId: w!.id })
    .returning();
  await db()
    .insert(purchaseOrderLines)
    .values({ companyId: ctx.companyId, orderId: o1!.id, lineNo: 1, productId: ids.a!, qty: "5", price: "9", amount: "45", receivedQty: "2" });
  const [o2] = await db()
    .insert(purchaseOrders)
    .values({ companyId: ctx.companyId, no: "PLAN-PO-2", status: 40, partnerId: ids.s2!, warehouseId: w!.id })
    .returning();
  await db()
    .insert(purchaseOrderLines)
    .values({ companyId: ctx.companyId, orderId: o2!.id, lineNo: 1, productId: ids.b!, qty: "1", price: "7", amount: "7", receivedQty: "1" });
  await db()
    .insert(safeStocks)
    .values([
      { companyId: ctx.companyId, productId: ids.a!, minQty: "5", maxQty: "20" },
      { companyId: ctx.companyId, productId: ids.b!, minQty: "1", maxQty: "4" },
      { companyId: ctx.companyId, productId: ids.c!, minQty: "5", maxQty: "10" },
      { companyId: ctx.companyId, productId: ids.d!, minQty: "1", maxQty: "3" },
    ]);
});

describe("purchase plans", () => {
  it("generates max − on hand − on order for products below their minimum, from the last supplier at the last price", async () => {
    const s = await planSuggestions(db(), ctx);
    const by = new Map(s.map((x) => [x.productId, x]));
    expect(by.get(ids.a!)).toMatchObject({ qty: "15.00", stockQty: "2.00", onOrderQty: "3.00", partnerId: ids.s1, price: "9.00" });
    expect(by.get(ids.b!)).toMatchObject({ qty: "4.00", partnerId: ids.s2, price: "7.00" });
    expect(by.has(ids.c!)).toBe(false);
    expect(by.get(ids.d!)).toMatchObject({ qty: "3.00", partnerId: null });
  });

  it("refuses to execute lines without a supplier, then makes one draft order per supplier in one go", async () => {
    const { id } = await generatePurchasePlan(ctx, { warehouseId: ids.wh });
    await expect(executePurchasePlan(ctx, id)).rejects.toThrow("未指定供应商");
    expect((await getPurchasePlan(ctx, id)).status).toBe(0);
    const plan = await getPurchasePlan(ctx, id);
    await updatePurchasePlan(ctx, id, {
      warehouseId: ids.wh,
      lines: plan.lines.map((l) => ({ productId: l.productId, partnerId: l.partnerId ?? ids.s1, qty: l.productId === ids.a ? "16" : l.qty, price: l.price })),
    });
    const { orders } = await executePurchasePlan(ctx, id);
    expect(orders).toHaveLength(2);
    const after = await getPurchasePlan(ctx, id);
    expect(after.status).toBe(10);
    expect(after.lines.every((l) => l.purchaseOrderId)).toBe(true);
    const made = await db()
      .select()
      .from(purchaseOrders)
      .where(and(eq(purchaseOrders.companyId, ctx.companyId), eq(purchaseOrders.planId, id)));
    expect(made.map((o) => o.status)).toEqual([0, 0]);
    const lineA = (await db().select().from(purchaseOrderLines).where(eq(purchaseOrderLines.productId, ids.a!))).find((l) =>
      made.some((o) => o.id === l.orderId),
    );
    expect(lineA!.qty).toBe("16.00");
    await expect(executePurchasePlan(ctx, id)).rejects.toThrow("不能执行");
    await expect(voidPurchasePlan(ctx, id)).rejects.toThrow("不能作废");
  });
});
