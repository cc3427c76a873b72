import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { partnerPayments, paymentMethods } from "../finance/finance.tables";
import { createPartnerPayment, voidPartnerPayment } from "../finance/partner-payment.service";
import { stockMoves } from "../stock/stock.tables";
import { BOOKS_HOLD, brokenBooks, outcomesOf, rowsOf } from "../test/race";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { getDeliverOrder, reverseDelivery } from "./deliver-order.service";
import { makeCustomer, makeProduct, makeSubmittedOrder, makeWarehouse, receiveStock } from "./deliver-order.fixture";
import { confirmPicking } from "./picking-order.service";
import { approveSalesReturnOrder, confirmSalesReturnOrder, createSalesReturnOrder, getSalesReturnOrder, reverseSalesReturnOrder } from "./sales-return.service";

/**
 * 红冲 of a delivery note or a sales return under real parallel transactions (PostgreSQL only):
 * sent many times at once it reverses once; racing receipts being confirmed and voided for the
 * same customer, every receipt's allocations plus what it has left equal its amount and every
 * document's settled amount equals what is allocated to it; racing the confirmation of a return
 * of the same goods, exactly one of the two happens. The books hold (server/test/race.ts).
 */
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)("红冲 of a delivery under parallel requests (PostgreSQL)", () => {
  useTestDatabase();
  let ctx: Ctx;
  let method: number;

  beforeAll(async () => {
    ctx = (await ctxOf("boss1")).ctx;
    const [m] = await db()
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.companyId, ctx.companyId), eq(paymentMethods.name, "现金")));
    method = m!.id;
  });

  /** Its own warehouse, product (stock at cost 10) and customer, and an order of it picked and delivered at once. */
  async function deliveredOrder(tag: string, q: { stock: string; qty: string; price: string }) {
    const wh = await makeWarehouse(ctx, `仓${tag}`, ["A"]);
    const p = await makeProduct(ctx, tag, `件${tag}`);
    const customer = await makeCustomer(ctx, `客户${tag}`);
    await receiveStock(ctx, p, wh.shelves[0]!, "R1", q.stock, "10");
    const o = await makeSubmittedOrder(ctx, { partnerId: customer, warehouseId: wh.warehouseId, lines: [{ productId: p, qty: q.qty, price: q.price }] });
    const noteId = (await confirmPicking(ctx, o.picking!.id)).delivery!.id;
    return { wh, p, customer, o, noteId };
  }

  it("8 红冲 of one note at once, while receipts of the customer are confirmed and one is voided: reversed once, money never lost", async () => {
    const { p, customer, noteId } = await deliveredOrder("DR-RACE-1", { stock: "5", qty: "3", price: "40" });
    const receipt = (amount: string) => ({ kind: 1, partnerId: customer, paymentMethodId: method, amount, paidOn: "2026-03-01" });
    const early = await createPartnerPayment(ctx, receipt("70"), { confirm: true }); // settles 70 of the 120

    const results = await outcomesOf([
      ...Array.from({ length: 8 }, () => () => reverseDelivery(ctx, noteId)),
      ...Array.from({ length: 4 }, () => () => createPartnerPayment(ctx, receipt("20"), { confirm: true })),
      () => voidPartnerPayment(ctx, early.id),
    ]);
    expect(results.slice(0, 8).filter((r) => r === "ok")).toHaveLength(1);
    expect(results.filter((r) => r !== "ok" && r !== "conflict")).toEqual([]);
    expect(results.slice(8)).toEqual(Array(5).fill("ok"));

    expect((await getDeliverOrder(ctx, noteId)).status).toBe(95);
    const moves = await db()
      .select()
      .from(stockMoves)
      .where(and(eq(stockMoves.docType, "deliverOrder"), eq(stockMoves.docId, noteId)));
    expect(moves.map((m) => [m.bizType, m.qty]).sort()).toEqual([
      ["SalesOrder", "-3.00"],
      ["SalesOrderBack", "3.00"],
    ]);
    const [bal] = rowsOf(
      await db().execute(sql`select sum(qty)::text q, sum(locked_qty)::text l from stock_balances where company_id = ${ctx.companyId} and product_id = ${p}`),
    );
    expect([Number(bal!.q), Number(bal!.l)]).toEqual([5, 3]);
    // The customer owes nothing and has paid 4 × 20 that nothing settles now (the 70 was voided).
    const open = await db()
      .select()
      .from(partnerPayments)
      .where(and(eq(partnerPayments.partnerId, customer), eq(partnerPayments.status, 100)));
    expect(open.reduce((s, r) => s + Number(r.unallocatedAmount), 0)).toBe(80);
    expect(await brokenBooks(ctx.companyId)).toEqual(BOOKS_HOLD);
  });

  it("红冲 and the confirmation of a return of the same goods sent at once: exactly one happens", async () => {
    const { wh, p, customer, o, noteId } = await deliveredOrder("DR-RACE-2", { stock: "4", qty: "4", price: "25" });
    const dl = (await getDeliverOrder(ctx, noteId)).lines[0]!;
    const ret = await createSalesReturnOrder(
      ctx,
      {
        partnerId: customer,
        warehouseId: wh.warehouseId,
        salesOrderId: o.id,
        lines: [{ productId: p, qty: "2", price: "25", reasonCode: 50, deliverOrderLineId: dl.id }],
      },
      { submit: true },
    );
    await approveSalesReturnOrder(ctx, ret.id, { comment: "同意" });

    const results = await outcomesOf([() => reverseDelivery(ctx, noteId), () => confirmSalesReturnOrder(ctx, ret.id)]);
    expect(results.filter((r) => r === "ok")).toHaveLength(1);
    expect(results.filter((r) => r !== "ok" && r !== "conflict")).toEqual([]);
    const reversed = (await getDeliverOrder(ctx, noteId)).status === 95;
    const returned = (await getSalesReturnOrder(ctx, ret.id)).status === 100;
    expect(reversed !== returned).toBe(true);
    expect(await brokenBooks(ctx.companyId)).toEqual(BOOKS_HOLD);
  });

  it("8 红冲 of one completed sales return at once: the goods leave the return location once, the credit is taken back once", async () => {
    const { wh, p, customer, o, noteId } = await deliveredOrder("DR-RACE-3", { stock: "3", qty: "3", price: "30" });
    const dl = (await getDeliverOrder(ctx, noteId)).lines[0]!;
    const ret = await createSalesReturnOrder(
      ctx,
      {
        partnerId: customer,
        warehouseId: wh.warehouseId,
        salesOrderId: o.id,
        lines: [{ productId: p, qty: "2", price: "30", reasonCode: 50, deliverOrderLineId: dl.id }],
      },
      { submit: true },
    );
    await approveSalesReturnOrder(ctx, ret.id, { comment: "同意" });
    await confirmSalesReturnOrder(ctx, ret.id);

    const results = await outcomesOf(Array.from({ length: 8 }, () => () => reverseSalesReturnOrder(ctx, ret.id)));
    expect(results.filter((r) => r === "ok")).toHaveLength(1);
    expect(results.filter((r) => r !== "ok" && r !== "conflict")).toEqual([]);
    const moves = await db()
      .select()
      .from(stockMoves)
      .where(and(eq(stockMoves.docType, "salesReturnOrder"), eq(stockMoves.docId, ret.id)));
    expect(moves.map((m) => [m.bizType, m.qty]).sort()).toEqual([
      ["SalesReturnOrder", "2.00"],
      ["SalesReturnOrderBack", "-2.00"],
    ]);
    expect((await getSalesReturnOrder(ctx, ret.id)).status).toBe(95);
    expect(await brokenBooks(ctx.companyId)).toEqual(BOOKS_HOLD);
  });
});
