import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { enterpriseRelations } from "../organization/organization.tables";
import { products } from "../product/product.tables";
import { saveCompanySetting } from "../system/company-setting.service";
import { warehouses } from "../stock/stock.tables";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { cancelPurchaseOrder, createPurchaseOrder, getPurchaseOrder, submitPurchaseOrder } from "./purchase-order.service";
import { receiveOrders } from "./purchase.tables";

/**
 * Races on PostgreSQL (TEST_DATABASE_URL): the order's row lock decides, so an order is
 * submitted once however many requests arrive together, and cancel vs submit ends in one of the
 * two consistent states.
 */
const pg = !!process.env.TEST_DATABASE_URL;
useTestDatabase();

let ctx: Ctx;
let input: Record<string, unknown>;

beforeAll(async () => {
  if (!pg) return;
  ctx = (await ctxOf("boss1")).ctx;
  const [s] = await db().insert(enterpriseRelations).values({ companyId: ctx.companyId, rel: 0, name: "并发供应商" }).returning();
  const [w] = await db().insert(warehouses).values({ companyId: ctx.companyId, name: "并发采购仓" }).returning();
  const [p] = await db().insert(products).values({ companyId: ctx.companyId, mainOE: "PO-RACE-1", oeNorm: "PORACE1", name: "并发采购件" }).returning();
  input = { partnerId: s!.id, warehouseId: w!.id, lines: [{ productId: p!.id, qty: "5", price: "10" }] };
  await saveCompanySetting(ctx, { name: "AutoCreateReceipt", value: "true" });
  await saveCompanySetting(ctx, { name: "AutoConfirmReceipt", value: "true" });
}, 60_000);

describe.skipIf(!pg)("purchase order races (PostgreSQL)", () => {
  it("20 parallel submits of one order: one succeeds, 19 are refused in Chinese, one receipt is posted", async () => {
    const { id } = await createPurchaseOrder(ctx, input);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => submitPurchaseOrder(ctx, id)));
    const ok = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(19);
    for (const r of refused) expect(r.reason.message).toMatch(/^采购订单当前状态为“.+”，不能提交$/);
    const notes = await db().select().from(receiveOrders).where(eq(receiveOrders.purchaseOrderId, id));
    expect(notes).toHaveLength(1);
    const o = await getPurchaseOrder(ctx, id);
    expect(o.lines[0]!.receivedQty).toBe("5.00");
  }, 60_000);

  it("cancel vs submit at the same time: either voided (no note) or submitted and the cancel refused", async () => {
    await saveCompanySetting(ctx, { name: "AutoConfirmReceipt", value: "false" });
    for (let round = 0; round < 5; round++) {
      const { id } = await createPurchaseOrder(ctx, input);
      const [submit, cancel] = await Promise.allSettled([submitPurchaseOrder(ctx, id), cancelPurchaseOrder(ctx, id)]);
      const o = await getPurchaseOrder(ctx, id);
      const notes = await db().select().from(receiveOrders).where(eq(receiveOrders.purchaseOrderId, id));
      // Both may succeed in order (submit, then cancel of a 待收货 order that received nothing): voided, note gone.
      if (o.status === 90) expect(notes.filter((n) => n.status === 10)).toHaveLength(0);
      else {
        expect(o.status).toBe(10);
        expect(submit.status).toBe("fulfilled");
        expect(cancel.status).toBe("rejected");
        expect(notes).toHaveLength(1);
      }
      if (submit.status === "rejected") expect((submit.reason as Error).message).toBe("采购订单当前状态为“已作废”，不能提交");
    }
  }, 60_000);
});
