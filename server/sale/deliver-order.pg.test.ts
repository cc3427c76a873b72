import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { partnerAccountEntries, partnerAccounts } from "../finance/finance.tables";
import { saveCompanySetting } from "../system/company-setting.service";
import { stockDemands, stockLocks, stockMoves } from "../stock/stock.tables";
import { BOOKS_HOLD, brokenBooks, outcomes, rowsOf } from "../test/race";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { confirmDelivery } from "./deliver-order.service";
import { makeCustomer, makeProduct, makeSubmittedOrder, makeWarehouse, receiveStock } from "./deliver-order.fixture";
import { confirmPicking } from "./picking-order.service";
import { deliverOrders, salesOrders } from "./sale.tables";

/**
 * Deliveries under real parallel transactions (PostgreSQL only): many delivery notes of one
 * customer confirmed at once against limited stock never oversell (every note only takes what
 * its order locked, the rest waits as a demand); the same confirmation sent many times posts
 * once; Σ ledger = balances, locks agree with the balances, and the customer's account equals
 * Σ of its entries.
 */
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)("deliveries under parallel confirmations (PostgreSQL)", () => {
  useTestDatabase();
  let ctx: Ctx;

  beforeAll(async () => {
    ctx = (await ctxOf("boss1")).ctx;
  });

  it("15 orders for 10 pieces: 10 notes confirmed at once (each sent 3 times) post exactly 10 pieces once each", async () => {
    const wh = await makeWarehouse(ctx, "并发发货仓", ["A", "B"]);
    const p = await makeProduct(ctx, "DL-RACE-1", "并发发货件");
    const customer = await makeCustomer(ctx, "并发发货客户");
    await receiveStock(ctx, p, wh.shelves[0]!, "R1", "6", "10", new Date("2026-01-01T00:00:00Z"));
    await receiveStock(ctx, p, wh.shelves[1]!, "R2", "4", "20", new Date("2026-02-01T00:00:00Z"));
    await saveCompanySetting(ctx, { name: "AutoConfirmDeliver", value: "false" });
    let orders: { id: number }[] = [];
    try {
      orders = [];
      for (let i = 0; i < 15; i++)
        orders.push(
          await makeSubmittedOrder(ctx, {
            partnerId: customer,
            warehouseId: wh.warehouseId,
            lines: [{ productId: p, qty: "1", price: "30" }],
            allowShortage: true,
          }),
        );
      // The pickings of the 10 orders that got stock, confirmed in parallel: each makes a waiting note.
      const pickings = rowsOf(
        await db().execute(
          sql`select id from picking_orders where company_id = ${ctx.companyId} and sales_order_id = any(${`{${orders.map((o) => o.id).join(",")}}`}::int[])`,
        ),
      ).map((r) => Number(r.id));
      expect(pickings).toHaveLength(10);
      expect(await outcomes(10, (i) => confirmPicking(ctx, pickings[i]!))).toEqual(Array(10).fill("ok"));
    } finally {
      await saveCompanySetting(ctx, { name: "AutoConfirmDeliver", value: "true" });
    }
    const notes = await db()
      .select({ id: deliverOrders.id })
      .from(deliverOrders)
      .where(
        and(
          eq(deliverOrders.companyId, ctx.companyId),
          inArray(
            deliverOrders.salesOrderId,
            orders.map((o) => o.id),
          ),
          eq(deliverOrders.status, 20),
        ),
      );
    expect(notes).toHaveLength(10);
    const before = (await db().select().from(partnerAccounts).where(eq(partnerAccounts.partnerId, customer)))[0]!;

    const results = await outcomes(30, (i) => confirmDelivery(ctx, notes[i % 10]!.id));
    expect(results.filter((r) => r === "ok")).toHaveLength(10);
    expect(results.filter((r) => r !== "ok" && r !== "conflict")).toEqual([]);

    const moves = await db()
      .select()
      .from(stockMoves)
      .where(and(eq(stockMoves.companyId, ctx.companyId), eq(stockMoves.productId, p), eq(stockMoves.docType, "deliverOrder")));
    expect(moves).toHaveLength(10);
    expect(moves.reduce((s, m) => s + Number(m.qty), 0)).toBe(-10);
    expect(moves.every((m) => m.bizType === "SalesOrder")).toBe(true);
    const [bal] = rowsOf(
      await db().execute(sql`select sum(qty)::text q, sum(locked_qty)::text l from stock_balances where company_id = ${ctx.companyId} and product_id = ${p}`),
    );
    expect([Number(bal!.q), Number(bal!.l)]).toEqual([0, 0]);
    // The 5 short orders still wait for stock; nothing of theirs was delivered.
    const demands = await db()
      .select()
      .from(stockDemands)
      .where(and(eq(stockDemands.companyId, ctx.companyId), eq(stockDemands.productId, p)));
    expect(demands.reduce((s, d) => s + Number(d.qty), 0)).toBe(5);
    expect(
      await db()
        .select()
        .from(stockLocks)
        .where(and(eq(stockLocks.companyId, ctx.companyId), eq(stockLocks.productId, p))),
    ).toHaveLength(0);
    const statuses = await db()
      .select({ s: salesOrders.status })
      .from(salesOrders)
      .where(
        inArray(
          salesOrders.id,
          orders.map((o) => o.id),
        ),
      );
    expect(statuses.filter((x) => x.s === 60)).toHaveLength(10);
    expect(statuses.filter((x) => x.s === 30)).toHaveLength(5);

    const entries = await db()
      .select()
      .from(partnerAccountEntries)
      .where(and(eq(partnerAccountEntries.partnerId, customer), eq(partnerAccountEntries.docType, "deliverOrder")));
    expect(entries).toHaveLength(10);
    const after = (await db().select().from(partnerAccounts).where(eq(partnerAccounts.partnerId, customer)))[0]!;
    expect(Number(after.balance) - Number(before.balance)).toBe(300);
    expect(await brokenBooks(ctx.companyId)).toEqual(BOOKS_HOLD);
  });

  it("the same picking confirmed 10 times at once (auto delivery on) picks and delivers once", async () => {
    const wh = await makeWarehouse(ctx, "并发拣货仓", ["A"]);
    const p = await makeProduct(ctx, "DL-RACE-2", "并发拣货件");
    const customer = await makeCustomer(ctx, "并发拣货客户");
    await receiveStock(ctx, p, wh.shelves[0]!, "R1", "5", "12");
    const o = await makeSubmittedOrder(ctx, { partnerId: customer, warehouseId: wh.warehouseId, lines: [{ productId: p, qty: "3", price: "40" }] });
    const results = await outcomes(10, () => confirmPicking(ctx, o.picking!.id));
    expect(results.filter((r) => r === "ok")).toHaveLength(1);
    expect(results.filter((r) => r !== "ok" && r !== "conflict")).toEqual([]);
    const notes = await db().select().from(deliverOrders).where(eq(deliverOrders.salesOrderId, o.id));
    expect(notes.map((n) => [n.status, n.totalAmount])).toEqual([[30, "120.00"]]);
    const [bal] = rowsOf(
      await db().execute(sql`select sum(qty)::text q, sum(locked_qty)::text l from stock_balances where company_id = ${ctx.companyId} and product_id = ${p}`),
    );
    expect([Number(bal!.q), Number(bal!.l)]).toEqual([2, 0]);
    expect(await brokenBooks(ctx.companyId)).toEqual(BOOKS_HOLD);
  });
});
