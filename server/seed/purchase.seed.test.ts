import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db, type Executor } from "../db/client";
import { putawayOrders, purchaseOrders, purchasePlans, purchaseReturnOrders, receiveOrders } from "../purchase/purchase.tables";
import { inventoryOrders, moveOrders } from "../warehouse/warehouse.tables";
import { companyIdOf, useTestDatabase } from "../test/test-db";
import { seedCompanyDocuments } from "./purchase.seed";

useTestDatabase();

function rowsOf(res: unknown): Record<string, unknown>[] {
  return ((res as { rows?: unknown[] }).rows ?? (res as unknown[])) as Record<string, unknown>[];
}

async function statusesOf(
  table:
    | typeof purchaseOrders
    | typeof receiveOrders
    | typeof putawayOrders
    | typeof purchaseReturnOrders
    | typeof purchasePlans
    | typeof moveOrders
    | typeof inventoryOrders,
  companyId: number,
) {
  const rows = await db().selectDistinct({ status: table.status }).from(table).where(eq(table.companyId, companyId));
  return rows.map((r) => r.status).sort((a, b) => a - b);
}

let suitong: number;
let pengda: number;

beforeAll(async () => {
  suitong = await companyIdOf("穗通汽配");
  pengda = await companyIdOf("鹏达汽配");
});

describe("demo documents", () => {
  it("gives 穗通汽配 and 鹏达汽配 documents in every status", async () => {
    for (const companyId of [suitong, pengda]) {
      expect(await statusesOf(purchaseOrders, companyId)).toEqual([0, 10, 20, 30, 40, 90, 100]);
      expect(await statusesOf(receiveOrders, companyId)).toEqual([10, 90, 100]);
      expect(await statusesOf(putawayOrders, companyId)).toEqual([10, 100]);
      expect(await statusesOf(purchaseReturnOrders, companyId)).toEqual([0, 10, 90, 100]);
      expect(await statusesOf(purchasePlans, companyId)).toEqual([0, 10, 90, 100]);
      expect(await statusesOf(moveOrders, companyId)).toEqual([0, 90, 100]);
      expect(await statusesOf(inventoryOrders, companyId)).toEqual([0, 10, 90, 100]);
    }
  });

  it("orders have 3–4 lines priced from the products, totals that add up, and times over the last 60 days", async () => {
    const rows = rowsOf(
      await db().execute(sql`
        select o.no, o.status, o.total_qty::text as total_qty, o.total_amount::text as total_amount, o.creation_time,
          count(l.id)::int as n, sum(l.qty)::text as qty, sum(l.amount)::text as amount, bool_and(l.amount = round(l.qty * l.price, 2)) as priced
        from purchase_orders o join purchase_order_lines l on l.order_id = o.id
        where o.company_id = ${suitong} and o.plan_id is null
        group by o.id order by o.id`),
    );
    expect(rows.length).toBeGreaterThanOrEqual(8);
    const now = Date.now();
    for (const r of rows) {
      expect(Number(r.n)).toBeGreaterThanOrEqual(3);
      expect(Number(r.n)).toBeLessThanOrEqual(4);
      expect(r.total_qty).toBe(r.qty);
      expect(r.total_amount).toBe(r.amount);
      expect(r.priced).toBe(true);
      const t = new Date(r.creation_time as string).getTime();
      expect(t).toBeLessThanOrEqual(now);
      expect(t).toBeGreaterThan(now - 61 * 86_400_000);
    }
    // Spread: some from the last week, some older than 30 days.
    const ages = rows.map((r) => (now - new Date(r.creation_time as string).getTime()) / 86_400_000);
    expect(ages.some((a) => a < 7)).toBe(true);
    expect(ages.some((a) => a > 30)).toBe(true);
  });

  it("order 20 has a confirmed and an open receiving note; 30 has received less than ordered; 100 was returned from", async () => {
    const [receiving] = await db()
      .select()
      .from(purchaseOrders)
      .where(and(eq(purchaseOrders.companyId, suitong), eq(purchaseOrders.status, 20)));
    const notes = await db().select({ status: receiveOrders.status }).from(receiveOrders).where(eq(receiveOrders.purchaseOrderId, receiving!.id));
    expect(notes.map((n) => n.status).sort()).toEqual([10, 100]);
    const returned = rowsOf(
      await db().execute(
        sql`select sum(l.returned_qty)::text as q from purchase_order_lines l join purchase_orders o on o.id = l.order_id where o.company_id = ${suitong} and o.status = 100`,
      ),
    );
    expect(Number(returned[0]!.q)).toBeGreaterThan(0);
  });

  it("keeps the ledger invariants: Σ moves = balance per key, qty on hand = Σ balances, locks = locked qty", async () => {
    const ex: Executor = db();
    const moves = rowsOf(
      await ex.execute(sql`
        select count(*)::int as n from (
          select coalesce(m.company_id, b.company_id) c, coalesce(m.q, 0) mq, coalesce(b.qty, 0) bq
          from (select company_id, product_id, location_id, batch_no, sum(qty) q from stock_moves group by 1, 2, 3, 4) m
          full join stock_balances b on b.company_id = m.company_id and b.product_id = m.product_id and b.location_id = m.location_id and b.batch_no = m.batch_no
        ) x where mq <> bq`),
    );
    expect(Number(moves[0]!.n)).toBe(0);
    const costs = rowsOf(
      await ex.execute(sql`
        select count(*)::int as n from product_costs c
        left join (select company_id, product_id, sum(qty) q, sum(locked_qty) l from stock_balances group by 1, 2) b on b.company_id = c.company_id and b.product_id = c.product_id
        where c.qty_on_hand <> coalesce(b.q, 0) or c.locked_qty <> coalesce(b.l, 0)`),
    );
    expect(Number(costs[0]!.n)).toBe(0);
    const negative = rowsOf(await ex.execute(sql`select count(*)::int as n from stock_balances where qty < 0 or locked_qty < 0 or locked_qty > qty`));
    expect(Number(negative[0]!.n)).toBe(0);
    // Of the purchase side, the submitted return (10) holds its locks; nothing else does (sales orders' locks: sale.seed.test.ts).
    const locks = rowsOf(
      await ex.execute(sql`
        select count(*)::int as n from stock_locks k where k.company_id = ${suitong} and k.doc_type <> 'salesOrder'
          and not exists (select 1 from purchase_return_orders r where r.id = k.doc_id and r.status = 10 and k.doc_type = 'purchaseReturnOrder')`),
    );
    expect(Number(locks[0]!.n)).toBe(0);
  });

  it("runs again without adding anything, and puts the receiving settings back", async () => {
    const before = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(purchaseOrders);
    expect(await db().transaction((tx) => seedCompanyDocuments(tx, suitong))).toBe(false);
    expect(
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(purchaseOrders),
    ).toEqual(before);
    const left = rowsOf(
      await db().execute(sql`select name from settings where scope = 'company' and owner_id in (${suitong}, ${pengda}) and name like 'Auto%'`),
    );
    expect(left).toEqual([]);
  });
});
