import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../db/client";
import { companyIdOf, useTestDatabase } from "../test/test-db";
import { approvals, deliverOrders, pickingOrders, salesOrders, salesReturnOrders } from "../sale/sale.tables";
import { BOOKS_HOLD, brokenBooks } from "../test/race";

/** The demo seed (run by the test database's set-up) gives every selling page real rows, in every status. */
useTestDatabase();

function rowsOf(res: unknown): Record<string, unknown>[] {
  return ((res as { rows?: unknown[] }).rows ?? (res as unknown[])) as Record<string, unknown>[];
}

async function statusesOf(
  table: typeof salesOrders | typeof pickingOrders | typeof deliverOrders | typeof salesReturnOrders | typeof approvals,
  companyId: number,
) {
  const rows = await db().selectDistinct({ status: table.status }).from(table).where(eq(table.companyId, companyId));
  return rows.map((r) => r.status).sort((a, b) => a - b);
}

let companies: number[];
beforeAll(async () => {
  companies = [await companyIdOf("穗通汽配"), await companyIdOf("鹏达汽配")];
});

describe("demo selling", () => {
  it("has sales orders, picking lists, delivery notes, returns and approvals in every status", async () => {
    for (const companyId of companies) {
      expect(await statusesOf(salesOrders, companyId)).toEqual([0, 30, 40, 50, 60, 90, 95, 100]);
      // Picking lists are made 待拣货 (10); 90 is one voided by a cancellation.
      expect(await statusesOf(pickingOrders, companyId)).toEqual([10, 90, 100]);
      expect(await statusesOf(deliverOrders, companyId)).toEqual([20, 30, 95]);
      expect(await statusesOf(salesReturnOrders, companyId)).toEqual([0, 10, 20, 90, 95, 100]);
      expect(await statusesOf(approvals, companyId)).toEqual([0, 1, 2]);
    }
  });

  it("keeps the books: locks match balances, customers' balances match their entries, a shortage waits on 紧急采购", async () => {
    for (const companyId of companies) {
      const [r] = rowsOf(
        await db().execute(sql`select
            (select coalesce(sum(qty), 0) from stock_locks where company_id = ${companyId})::text as locks,
            (select coalesce(sum(locked_qty), 0) from stock_balances where company_id = ${companyId})::text as locked,
            (select count(*) from partner_accounts a where a.company_id = ${companyId}
               and a.balance <> (select coalesce(sum(amount), 0) from partner_account_entries e where e.company_id = a.company_id and e.partner_id = a.partner_id))::int as unbalanced,
            (select count(*) from stock_demands where company_id = ${companyId} and doc_type = 'salesOrder')::int as demands,
            (select count(*) from deliver_orders where company_id = ${companyId} and status = 30 and tracking_no is not null)::int as shipped,
            (select count(*) from partner_payments p where p.company_id = ${companyId} and p.status = 100
               and p.amount <> p.unallocated_amount + (select coalesce(sum(a.amount), 0) from partner_payment_allocations a where a.payment_id = p.id))::int as unallocated_wrong`),
      );
      expect(r!.locks).toBe(r!.locked);
      expect(r!.unbalanced).toBe(0);
      expect(r!.demands).toBeGreaterThan(0);
      expect(r!.shipped).toBeGreaterThan(0);
      expect(r!.unallocated_wrong).toBe(0);
      // Settled amounts match receipts' and credits' allocations (returns settle documents too).
      expect(await brokenBooks(companyId)).toEqual(BOOKS_HOLD);
    }
  });
});
