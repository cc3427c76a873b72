import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { inTransaction, retryableAborts } from "../db/transaction";
import { products } from "../product/product.tables";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { cancelDemands, postStock, releaseLocks, reserveStock } from "./stock-ledger.service";
import { stockDemands, stockLocations, warehouses } from "./stock.tables";
import { outcomes } from "../test/race";

/**
 * Reservations under real parallel transactions (PostgreSQL only): orders reserving the last
 * pieces never lock more than there is; arriving stock, cancellations and new reservations
 * racing each other keep Σ stock_locks = Σ balances.locked_qty = product_costs.locked_qty,
 * and never lock more than is on hand.
 */
const url = process.env.TEST_DATABASE_URL;

function rowsOf(res: unknown) {
  return ((res as { rows?: unknown[] }).rows ?? (res as unknown[])) as Record<string, unknown>[];
}

/** Keys or products whose locked figures disagree with the lock rows, or exceed what is on hand. */
async function brokenLocks(companyId: number) {
  return rowsOf(
    await db().execute(sql`select 'key' as what, b.product_id from stock_balances b
        left join (select product_id, location_id, batch_no, sum(qty) s from stock_locks where company_id = ${companyId} group by 1, 2, 3) l using (product_id, location_id, batch_no)
        where b.company_id = ${companyId} and (b.locked_qty <> coalesce(l.s, 0) or b.locked_qty > b.qty)
      union all
      select 'product', c.product_id from product_costs c
        left join (select product_id, sum(locked_qty) s from stock_balances where company_id = ${companyId} group by 1) b using (product_id)
        where c.company_id = ${companyId} and c.locked_qty <> coalesce(b.s, 0)`),
  );
}

describe.skipIf(!url)("reservations under parallel transactions (PostgreSQL)", () => {
  useTestDatabase();
  let ctx: Ctx;
  let productId: number;
  let warehouseId: number;
  let shelf: number;

  beforeAll(async () => {
    ctx = (await ctxOf("boss1")).ctx;
    const [p] = await db().insert(products).values({ companyId: ctx.companyId, mainOE: "RESV-RACE", oeNorm: "RESVRACE", name: "预留并发件" }).returning();
    productId = p!.id;
    const [w] = await db().insert(warehouses).values({ companyId: ctx.companyId, name: "预留并发仓" }).returning();
    warehouseId = w!.id;
    const [l] = await db().insert(stockLocations).values({ companyId: ctx.companyId, warehouseId, code: "RR", fullName: "预留并发仓-RR" }).returning();
    shelf = l!.id;
    await inTransaction((tx) =>
      postStock(tx, ctx, {
        bizType: "PurchaseOrder",
        docType: "test",
        docId: 1,
        docNo: "RR1",
        lines: [{ productId, locationId: shelf, batchNo: "B", qty: "10", unitCost: "3" }],
      }),
    );
  });

  it("30 orders of 1 reserving 10 pieces at once: exactly 10 lock, the rest are refused", async () => {
    const results = await outcomes(30, (i) =>
      inTransaction((tx) =>
        reserveStock(tx, ctx, { docType: "salesOrder", docId: 1000 + i, docNo: `R${i}` }, [{ productId, warehouseId, qty: "1", docLineId: 5000 + i }]),
      ),
    );
    expect(results.filter((r) => r === "ok")).toHaveLength(10);
    expect(results.filter((r) => r !== "ok").every((r) => r === "conflict")).toBe(true);
    expect(await brokenLocks(ctx.companyId)).toEqual([]);
  });

  it("orders waiting, stock arriving, orders cancelled and new orders all at once: locks stay consistent and within stock", async () => {
    // 10 orders wait for 2 each.
    for (let i = 0; i < 10; i++) {
      await inTransaction((tx) =>
        reserveStock(tx, ctx, { docType: "salesOrder", docId: 2000 + i, docNo: `W${i}` }, [{ productId, warehouseId, qty: "2", docLineId: 6000 + i }], {
          allowShortage: true,
        }),
      );
    }
    const deadlocks = retryableAborts()["40P01"] ?? 0;
    const results = await outcomes(30, (i) => {
      if (i % 3 === 0)
        return inTransaction((tx) =>
          postStock(tx, ctx, {
            bizType: "PurchaseOrder",
            docType: "test",
            docId: 100 + i,
            docNo: `IN${i}`,
            lines: [{ productId, locationId: shelf, batchNo: `N${i}`, qty: "1", unitCost: "3" }],
          }),
        );
      if (i % 3 === 1)
        return inTransaction(async (tx) => {
          const doc = { docType: "salesOrder", docId: 1000 + i };
          await cancelDemands(tx, ctx, doc);
          await releaseLocks(tx, ctx, doc, undefined, { fillDemands: true });
        });
      return inTransaction((tx) =>
        reserveStock(tx, ctx, { docType: "salesOrder", docId: 3000 + i, docNo: `N${i}` }, [{ productId, warehouseId, qty: "1", docLineId: 7000 + i }], {
          allowShortage: true,
        }),
      );
    });
    expect(results.filter((r) => r !== "ok")).toEqual([]);
    // One lock order (every balance row before the cost row): they wait, never deadlock — the
    // retries are not what saves them (5 deadlocks of one call answered 系统繁忙 before).
    expect(retryableAborts()["40P01"] ?? 0).toBe(deadlocks);
    expect(await brokenLocks(ctx.companyId)).toEqual([]);
    const waiting = await db()
      .select()
      .from(stockDemands)
      .where(and(eq(stockDemands.companyId, ctx.companyId), eq(stockDemands.productId, productId)));
    expect(waiting.every((d) => Number(d.qty) > 0)).toBe(true);
  });
});
