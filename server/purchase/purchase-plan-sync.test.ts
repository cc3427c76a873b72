import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { enterpriseRelations } from "../organization/organization.tables";
import { products } from "../product/product.tables";
import { warehouses } from "../stock/stock.tables";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { purchasePlanLines, purchasePlans } from "./purchase.tables";
import { cancelPurchaseOrder, createPurchaseOrder, submitPurchaseOrder } from "./purchase-order.service";
import { executePurchasePlan, getPurchasePlan } from "./purchase-plan.service";

useTestDatabase();

let ctx: Ctx;
let warehouseId: number;
let suppliers: number[];
let productIds: number[];

/** A draft plan of two lines from two suppliers, executed: two draft orders. */
async function executedPlan(tag: string) {
  const [plan] = await db()
    .insert(purchasePlans)
    .values({ companyId: ctx.companyId, no: `SYNC-${tag}`, status: 0, warehouseId })
    .returning();
  await db()
    .insert(purchasePlanLines)
    .values(
      productIds.map((productId, i) => ({
        companyId: ctx.companyId,
        planId: plan!.id,
        lineNo: i + 1,
        productId,
        partnerId: suppliers[i]!,
        qty: "2",
        price: "3",
      })),
    );
  const { orders } = await executePurchasePlan(ctx, plan!.id);
  expect(orders).toHaveLength(2);
  return { planId: plan!.id, orders: orders.map((o) => o.id) };
}

const statusOf = async (planId: number) => (await getPurchasePlan(ctx, planId)).status;

beforeAll(async () => {
  ctx = (await ctxOf("buyer1")).ctx;
  const [w] = await db()
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(eq(warehouses.companyId, ctx.companyId), eq(warehouses.isEnabled, true)))
    .orderBy(asc(warehouses.id))
    .limit(1);
  warehouseId = w!.id;
  suppliers = (
    await db()
      .select({ id: enterpriseRelations.id })
      .from(enterpriseRelations)
      .where(and(eq(enterpriseRelations.companyId, ctx.companyId), eq(enterpriseRelations.rel, 0), eq(enterpriseRelations.isEnabled, true)))
      .orderBy(asc(enterpriseRelations.id))
      .limit(2)
  ).map((r) => r.id);
  productIds = (await db().select({ id: products.id }).from(products).where(eq(products.companyId, ctx.companyId)).orderBy(asc(products.id)).limit(2)).map(
    (r) => r.id,
  );
  expect(suppliers).toHaveLength(2);
});

describe("a plan follows the orders made from it", () => {
  it("stays 执行中 while one order is a draft and becomes 已完成 when the last is submitted (in the submit's transaction)", async () => {
    const { planId, orders } = await executedPlan("A");
    expect(await statusOf(planId)).toBe(10);
    await submitPurchaseOrder(ctx, orders[0]!);
    expect(await statusOf(planId)).toBe(10);
    await submitPurchaseOrder(ctx, orders[1]!);
    expect(await statusOf(planId)).toBe(100);
  });

  it("ignores voided orders: the rest submitted and the last draft voided completes the plan", async () => {
    const { planId, orders } = await executedPlan("B");
    await submitPurchaseOrder(ctx, orders[0]!);
    expect(await statusOf(planId)).toBe(10);
    await cancelPurchaseOrder(ctx, orders[1]!);
    expect(await statusOf(planId)).toBe(100);
  });

  it("a plan whose every order was voided stays 执行中 (nothing was bought: 完成 by hand)", async () => {
    const { planId, orders } = await executedPlan("C");
    await cancelPurchaseOrder(ctx, orders[0]!);
    await cancelPurchaseOrder(ctx, orders[1]!);
    expect(await statusOf(planId)).toBe(10);
  });

  it("orders without a plan are not affected", async () => {
    const made = await createPurchaseOrder(ctx, { partnerId: suppliers[0], warehouseId, lines: [{ productId: productIds[0], qty: "1", price: "1" }] });
    await expect(submitPurchaseOrder(ctx, made.id)).resolves.toMatchObject({ status: expect.any(Number) });
  });
});
