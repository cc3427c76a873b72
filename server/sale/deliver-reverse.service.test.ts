import { and, asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { partnerAccountEntries, partnerAccounts, partnerPaymentAllocations, partnerPayments, paymentMethods } from "../finance/finance.tables";
import { createPartnerPayment } from "../finance/partner-payment.service";
import { productCosts, stockBalances, stockLocks, stockMoves } from "../stock/stock.tables";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { confirmDelivery, getDeliverOrder, reverseDelivery, voidDelivery } from "./deliver-order.service";
import { makeCustomer, makeProduct, makeSubmittedOrder, makeWarehouse, receiveStock } from "./deliver-order.fixture";
import { confirmPicking, createPickingForOrder } from "./picking-order.service";
import { pickingOrderLines, salesOrderLines, salesOrders } from "./sale.tables";
import { completeSalesOrder } from "./sales-order.service";
import { approveSalesReturnOrder, cancelSalesReturnOrder, confirmSalesReturnOrder, createSalesReturnOrder } from "./sales-return.service";

/**
 * 红冲 of a confirmed delivery note (30 → 95): the goods back where they left from at the cost
 * they left with and locked for the order again, the order open again, the customer's
 * receivable and what receipts had settled of it taken back; refused once the goods came back
 * by a return, or while a return of them is open, or when the order is closed.
 */

useTestDatabase();

let ctx: Ctx;
let other: Ctx;
let wh: { warehouseId: number; shelves: number[] };
let customer: number;
let method: number;

const orderOf = async (id: number) => (await db().select().from(salesOrders).where(eq(salesOrders.id, id)))[0]!;
const lineOf = async (id: number) => (await db().select().from(salesOrderLines).where(eq(salesOrderLines.id, id)))[0]!;
const locksOf = (orderId: number) =>
  db()
    .select({ locationId: stockLocks.locationId, batchNo: stockLocks.batchNo, qty: stockLocks.qty })
    .from(stockLocks)
    .where(and(eq(stockLocks.docType, "salesOrder"), eq(stockLocks.docId, orderId)))
    .orderBy(asc(stockLocks.locationId));
const balanceOf = async (partnerId: number) => (await db().select().from(partnerAccounts).where(eq(partnerAccounts.partnerId, partnerId)))[0]!;
const stockOf = async (productId: number) => {
  const [r] = await db()
    .select({ qty: sql<string>`coalesce(sum(qty),0)::text`, locked: sql<string>`coalesce(sum(locked_qty),0)::text` })
    .from(stockBalances)
    .where(eq(stockBalances.productId, productId));
  return { qty: Number(r!.qty), locked: Number(r!.locked) };
};
const costOf = async (productId: number) => (await db().select().from(productCosts).where(eq(productCosts.productId, productId)))[0]!;

/** An order of `qty` at `price`, picked and delivered at once (AutoCreateDeliver, AutoConfirmDeliver). */
async function deliveredOrder(productId: number, qty: string, price: string) {
  const o = await makeSubmittedOrder(ctx, { partnerId: customer, warehouseId: wh.warehouseId, lines: [{ productId, qty, price }] });
  const picked = await confirmPicking(ctx, o.picking!.id);
  expect(picked.delivery?.status).toBe(30);
  return { order: o, deliveryId: picked.delivery!.id };
}

beforeAll(async () => {
  ctx = (await ctxOf("boss1")).ctx;
  other = (await ctxOf("boss2")).ctx;
  wh = await makeWarehouse(ctx, "红冲测试仓", ["A", "B"]);
  customer = await makeCustomer(ctx, "红冲测试客户");
  const [m] = await db()
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.companyId, ctx.companyId), eq(paymentMethods.name, "现金")));
  method = m!.id;
});

describe("红冲 of a confirmed delivery note", () => {
  it("puts the goods back at the cost they left with, locks them for the order again, reopens the order and takes the receivable back; a new picking list delivers them again", async () => {
    const p = await makeProduct(ctx, "DR-FULL-1", "红冲件");
    await receiveStock(ctx, p, wh.shelves[0]!, "B1", "4", "10");
    await receiveStock(ctx, p, wh.shelves[1]!, "B2", "4", "16");
    const account0 = await balanceOf(customer).catch(() => null);
    const { order, deliveryId } = await deliveredOrder(p, "6", "30");
    expect((await orderOf(order.id)).status).toBe(60);
    expect(await stockOf(p)).toEqual({ qty: 2, locked: 0 });
    const afterDelivery = await balanceOf(customer);
    expect(Number(afterDelivery.balance) - Number(account0?.balance ?? 0)).toBe(180);
    const avgBefore = (await costOf(p)).avgCost;

    const r = await reverseDelivery(ctx, deliveryId);
    expect(r).toMatchObject({ status: 95, orderStatus: 30 });

    const note = await getDeliverOrder(ctx, deliveryId);
    expect(note).toMatchObject({ status: 95, statusName: "已红冲", actions: [] });
    // Stock: all 8 back, 6 of them locked for the order on the keys they left from.
    expect(await stockOf(p)).toEqual({ qty: 8, locked: 6 });
    expect(await locksOf(order.id)).toEqual([
      { locationId: wh.shelves[0], batchNo: "B1", qty: "4.00" },
      { locationId: wh.shelves[1], batchNo: "B2", qty: "2.00" },
    ]);
    // Ledger: one SalesOrderBack move per outflow, at its cost, pointing at it; the average is what it was.
    const moves = await db()
      .select()
      .from(stockMoves)
      .where(and(eq(stockMoves.docType, "deliverOrder"), eq(stockMoves.docId, deliveryId)))
      .orderBy(asc(stockMoves.id));
    const out = moves.filter((m) => m.bizType === "SalesOrder");
    const back = moves.filter((m) => m.bizType === "SalesOrderBack");
    expect(back.map((m) => [m.reversesMoveId, m.qty, m.unitCost])).toEqual(out.map((m) => [m.id, m.qty.replace("-", ""), m.unitCost]));
    expect((await costOf(p)).avgCost).toBe(avgBefore);
    // Order: nothing delivered, open again for credit; the customer owes what he owed before.
    const o = await orderOf(order.id);
    expect(o).toMatchObject({ status: 30, deliveredAmount: "0.00" });
    expect((await lineOf(order.lineIds[0]!)).deliveredQty).toBe("0.00");
    const acct = await balanceOf(customer);
    expect(acct.balance).toBe(afterDelivery.balance === undefined ? "0.00" : (Number(afterDelivery.balance) - 180).toFixed(2));
    expect(Number(acct.openOrderAmount) - Number(afterDelivery.openOrderAmount)).toBe(180);
    const entries = await db().select().from(partnerAccountEntries).where(eq(partnerAccountEntries.docId, deliveryId));
    expect(
      entries
        .filter((e) => e.docType.startsWith("deliverOrder"))
        .map((e) => [e.docType, e.amount])
        .sort(),
    ).toEqual([
      ["deliverOrder", "180.00"],
      ["deliverOrderBack", "-180.00"],
    ]);

    // Twice, or 作废 after 红冲: refused, nothing changes.
    await expect(reverseDelivery(ctx, deliveryId)).rejects.toThrow(/已红冲/);
    await expect(voidDelivery(ctx, deliveryId)).rejects.toThrow(/已红冲/);
    expect(await stockOf(p)).toEqual({ qty: 8, locked: 6 });

    // The goods go out again on a new picking list and delivery note.
    const again = await createPickingForOrder(ctx, order.id);
    expect(again).not.toBeNull();
    const picked = await confirmPicking(ctx, again!.id);
    expect(picked.delivery?.status).toBe(30);
    expect((await orderOf(order.id)).status).toBe(60);
    expect(await stockOf(p)).toEqual({ qty: 2, locked: 0 });
    expect((await balanceOf(customer)).balance).toBe(afterDelivery.balance);
  });

  it("a partial delivery reversed leaves the order 待发货 with the rest still locked; other orders' shortages do not take the goods", async () => {
    const p = await makeProduct(ctx, "DR-PART-1", "部分红冲件");
    await receiveStock(ctx, p, wh.shelves[0]!, "P1", "5", "12");
    const o = await makeSubmittedOrder(ctx, { partnerId: customer, warehouseId: wh.warehouseId, lines: [{ productId: p, qty: "5", price: "20" }] });
    const [pl] = await db().select().from(pickingOrderLines).where(eq(pickingOrderLines.pickingOrderId, o.picking!.id));
    const deliveryId = (await confirmPicking(ctx, o.picking!.id, [{ lineId: pl!.id, qty: "3" }])).delivery!.id;
    expect((await orderOf(o.id)).status).toBe(50);
    // Another customer's order waits for this product (a shortage).
    const waiting = await makeSubmittedOrder(ctx, {
      partnerId: customer,
      warehouseId: wh.warehouseId,
      lines: [{ productId: p, qty: "2", price: "20" }],
      allowShortage: true,
    });
    expect(await locksOf(waiting.id)).toEqual([]);

    await reverseDelivery(ctx, deliveryId);
    expect((await orderOf(o.id)).status).toBe(30);
    expect((await locksOf(o.id)).reduce((s, l) => s + Number(l.qty), 0)).toBe(5);
    // All 5 are to be picked again: the 2 never picked and the 3 that came back.
    const again = await createPickingForOrder(ctx, o.id);
    expect(again).not.toBeNull();
    expect(await locksOf(waiting.id)).toEqual([]);
    expect(await stockOf(p)).toEqual({ qty: 5, locked: 5 });
  });

  it("hands what a receipt had settled of the delivery back to the receipt as an advance", async () => {
    const p = await makeProduct(ctx, "DR-RCPT-1", "收款红冲件");
    await receiveStock(ctx, p, wh.shelves[0]!, "R1", "2", "10");
    const cust = await makeCustomer(ctx, "红冲收款客户");
    const o = await makeSubmittedOrder(ctx, { partnerId: cust, warehouseId: wh.warehouseId, lines: [{ productId: p, qty: "2", price: "50" }] });
    const deliveryId = (await confirmPicking(ctx, o.picking!.id)).delivery!.id;
    const receipt = await createPartnerPayment(
      ctx,
      { kind: 1, partnerId: cust, paymentMethodId: method, amount: "150", paidOn: "2026-03-01" },
      { confirm: true },
    );
    const payment = async () => (await db().select().from(partnerPayments).where(eq(partnerPayments.id, receipt.id)))[0]!;
    expect((await payment()).unallocatedAmount).toBe("50.00");

    await reverseDelivery(ctx, deliveryId);
    expect((await payment()).unallocatedAmount).toBe("150.00");
    expect(await db().select().from(partnerPaymentAllocations).where(eq(partnerPaymentAllocations.paymentId, receipt.id))).toEqual([]);
    // The customer has paid 150 and owes nothing: −150 (an advance).
    expect((await balanceOf(cust)).balance).toBe("-150.00");
  });

  it("is refused once goods of it came back by a return, or while a return of it is open; allowed again once that return is voided", async () => {
    const p = await makeProduct(ctx, "DR-RET-1", "退货红冲件");
    await receiveStock(ctx, p, wh.shelves[0]!, "T1", "4", "10");
    const o = await makeSubmittedOrder(ctx, { partnerId: customer, warehouseId: wh.warehouseId, lines: [{ productId: p, qty: "4", price: "25" }] });
    const deliveryId = (await confirmPicking(ctx, o.picking!.id)).delivery!.id;
    const dl = (await getDeliverOrder(ctx, deliveryId)).lines[0]!;
    const ret = (qty: string) => ({
      partnerId: customer,
      warehouseId: wh.warehouseId,
      salesOrderId: o.id,
      lines: [{ productId: p, qty, price: "25", reasonCode: 50, deliverOrderLineId: dl.id }],
    });

    const open = await createSalesReturnOrder(ctx, ret("1"));
    await expect(reverseDelivery(ctx, deliveryId)).rejects.toThrow(`有未完成的销售退货单 ${open.no}`);
    await cancelSalesReturnOrder(ctx, open.id);

    const done = await createSalesReturnOrder(ctx, ret("1"), { submit: true });
    await approveSalesReturnOrder(ctx, done.id, { comment: "同意" });
    await confirmSalesReturnOrder(ctx, done.id);
    await expect(reverseDelivery(ctx, deliveryId)).rejects.toThrow("已有退货入库，不能红冲");
    expect((await getDeliverOrder(ctx, deliveryId)).status).toBe(30);
  });

  it("is refused when the order is closed (已完成), and another company cannot reach the note", async () => {
    const p = await makeProduct(ctx, "DR-DONE-1", "完成红冲件");
    await receiveStock(ctx, p, wh.shelves[0]!, "D1", "1", "10");
    const { order, deliveryId } = await deliveredOrder(p, "1", "10");
    await expect(reverseDelivery(other, deliveryId)).rejects.toThrow("发货单不存在");
    await completeSalesOrder(ctx, order.id);
    await expect(reverseDelivery(ctx, deliveryId)).rejects.toThrow("不能红冲发货单");
    expect((await getDeliverOrder(ctx, deliveryId)).status).toBe(30);
    expect(await stockOf(p)).toEqual({ qty: 0, locked: 0 });
  });

  it("a note that is still 待发货 is voided, not reversed", async () => {
    const p = await makeProduct(ctx, "DR-WAIT-1", "待发红冲件");
    await receiveStock(ctx, p, wh.shelves[0]!, "W1", "1", "10");
    const o = await makeSubmittedOrder(ctx, { partnerId: customer, warehouseId: wh.warehouseId, lines: [{ productId: p, qty: "1", price: "10" }] });
    const { saveCompanySetting } = await import("../system/company-setting.service");
    await saveCompanySetting(ctx, { name: "AutoConfirmDeliver", value: "false" });
    try {
      const d = (await confirmPicking(ctx, o.picking!.id)).delivery!;
      expect(d.status).toBe(20);
      await expect(reverseDelivery(ctx, d.id)).rejects.toThrow(/待发货/);
      await confirmDelivery(ctx, d.id);
      expect((await reverseDelivery(ctx, d.id)).status).toBe(95);
    } finally {
      await saveCompanySetting(ctx, { name: "AutoConfirmDeliver", value: "true" });
    }
  });
});
