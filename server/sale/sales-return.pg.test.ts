import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { partnerAccountEntries } from "../finance/finance.tables";
import { stockMoves } from "../stock/stock.tables";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { deliverOrderLines, salesOrderLines } from "./sale.tables";
import { makeDeliveredOrder, makeReturnWorld, type ReturnWorld } from "./sales-return.fixture";
import { notifications } from "../kernel/message.tables";
import { approveSalesReturnOrder, confirmSalesReturnOrder, createSalesReturnOrder, rejectSalesReturnOrder } from "./sales-return.service";
import { salesReturnOrders } from "./sale.tables";
import { refusals } from "../test/race";

/** Sales returns under real parallel transactions (PostgreSQL only: PGlite runs one at a time). */
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)("sales returns in parallel (PostgreSQL)", () => {
  useTestDatabase();
  let sales: Ctx;
  let boss: Ctx;
  let w: ReturnWorld;

  const movesOf = (ids: number[]) =>
    db()
      .select({ n: sql<number>`count(*)::int`, q: sql<string>`coalesce(sum(${stockMoves.qty}),0)::numeric(16,2)::text` })
      .from(stockMoves)
      .where(and(eq(stockMoves.docType, "salesReturnOrder"), sql`${stockMoves.docId} = any(${`{${ids.join(",")}}`}::int[])`));
  const entriesOf = (ids: number[]) =>
    db()
      .select({ n: sql<number>`count(*)::int`, s: sql<string>`coalesce(sum(${partnerAccountEntries.amount}),0)::numeric(16,2)::text` })
      .from(partnerAccountEntries)
      .where(and(eq(partnerAccountEntries.docType, "salesReturnOrder"), sql`${partnerAccountEntries.docId} = any(${`{${ids.join(",")}}`}::int[])`));

  beforeAll(async () => {
    sales = (await ctxOf("sales1")).ctx;
    boss = (await ctxOf("boss1")).ctx;
    w = await makeReturnWorld(boss, "PG1", { qty: "100", cost: "7" });
  });

  it("the same confirm sent 10 times at once posts once: one inflow, one credit", async () => {
    const { order, deliveryLines } = await makeDeliveredOrder(w, { qty: "5", price: "12", deliveries: ["5"] });
    const { id } = await createSalesReturnOrder(
      sales,
      {
        partnerId: w.customerId,
        warehouseId: w.warehouseId,
        salesOrderId: order.id,
        lines: [{ productId: w.productId, qty: "3", reasonCode: 70, deliverOrderLineId: deliveryLines[0]!.id }],
      },
      { submit: true },
    );
    await approveSalesReturnOrder(boss, id);
    const results = await refusals(10, () => confirmSalesReturnOrder(sales, id));
    expect(results.filter((r) => r !== "ok" && r !== "refused")).toEqual([]);
    expect(results.filter((r) => r === "ok")).toHaveLength(1);
    const [m] = await movesOf([id]);
    expect(m).toEqual({ n: 1, q: "3.00" });
    const [e] = await entriesOf([id]);
    expect(e).toEqual({ n: 1, s: "-36.00" });
    const [line] = await db().select().from(salesOrderLines).where(eq(salesOrderLines.orderId, order.id));
    expect(line!.returnedQty).toBe("3.00");
  });

  it("returns of the same order line confirmed at once never exceed the delivered quantity", async () => {
    const { order, line, deliveryLines } = await makeDeliveredOrder(w, { qty: "10", price: "5", deliveries: ["4"] });
    const ids: number[] = [];
    // 8 approved returns of 1 each against 4 delivered: submit checks each alone, the race is the confirm.
    for (let i = 0; i < 8; i++) {
      const { id } = await createSalesReturnOrder(
        sales,
        {
          partnerId: w.customerId,
          warehouseId: w.warehouseId,
          salesOrderId: order.id,
          lines: [{ productId: w.productId, qty: "1", reasonCode: 50, deliverOrderLineId: deliveryLines[0]!.id }],
        },
        { submit: true },
      );
      await approveSalesReturnOrder(boss, id);
      ids.push(id);
    }
    const results = await refusals(16, (i) => confirmSalesReturnOrder(sales, ids[i % 8]!));
    expect(results.filter((r) => r !== "ok" && r !== "refused")).toEqual([]);
    expect(results.filter((r) => r === "ok")).toHaveLength(4);
    const [m] = await movesOf(ids);
    expect(m).toEqual({ n: 4, q: "4.00" });
    const [e] = await entriesOf(ids);
    expect(e).toEqual({ n: 4, s: "-20.00" });
    const [after] = await db().select().from(salesOrderLines).where(eq(salesOrderLines.id, line.id));
    expect(after!.returnedQty).toBe("4.00");
    const [dl] = await db().select().from(deliverOrderLines).where(eq(deliverOrderLines.id, deliveryLines[0]!.id));
    expect(dl!.returnedQty).toBe("4.00");
  });

  it("通过 and 驳回 sent at once decide once: one status, one result notification to the submitter", async () => {
    const { order, deliveryLines } = await makeDeliveredOrder(w, { qty: "5", price: "12", deliveries: ["5"] });
    const { id, no } = await createSalesReturnOrder(
      sales,
      {
        partnerId: w.customerId,
        warehouseId: w.warehouseId,
        salesOrderId: order.id,
        lines: [{ productId: w.productId, qty: "2", reasonCode: 70, deliverOrderLineId: deliveryLines[0]!.id }],
      },
      { submit: true },
    );
    const results = await refusals(8, (i) => (i % 2 ? rejectSalesReturnOrder(boss, id, { comment: "数量不符" }) : approveSalesReturnOrder(boss, id)));
    expect(results.filter((r) => r !== "ok" && r !== "refused")).toEqual([]);
    expect(results.filter((r) => r === "ok")).toHaveLength(1);
    const [doc] = await db()
      .select({ status: salesReturnOrders.status, approvalStatus: salesReturnOrders.approvalStatus })
      .from(salesReturnOrders)
      .where(eq(salesReturnOrders.id, id));
    expect([1, 2]).toContain(doc!.approvalStatus);
    const sent = await db()
      .select({ userId: notifications.userId, body: notifications.body })
      .from(notifications)
      .where(and(eq(notifications.eventCode, "returnApprovalResult"), sql`(${notifications.title} || ${notifications.body}) like ${`%${no}%`}`));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.userId).toBe(sales.userId);
    expect(sent[0]!.body).toContain(doc!.approvalStatus === 1 ? "通过" : "驳回");
  });
});
