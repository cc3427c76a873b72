import { sql } from "drizzle-orm";
import { db } from "../db/client";
import { isDomainError } from "../lib/errors";

/**
 * Helpers of the race suites (*.pg.test.ts, PostgreSQL only): run calls at once and read how
 * each ended, and find what breaks the books afterwards.
 */

export function rowsOf(res: unknown) {
  return ((res as { rows?: unknown[] }).rows ?? (res as unknown[])) as Record<string, unknown>[];
}

/** Runs the calls at once: "ok", a domain error's code (conflict, bad_request …) or "error: …" each. */
export function outcomesOf(calls: (() => Promise<unknown>)[]) {
  return Promise.all(
    calls.map((call) =>
      call().then(
        () => "ok",
        (e: unknown) => (isDomainError(e) ? e.code : `error: ${(e as Error).message}`),
      ),
    ),
  );
}

/**
 * The same call `n` times at once: "ok", "refused" (a domain error with a message in Chinese,
 * what a user sees) or "error: …" each.
 */
export function refusals(n: number, call: (i: number) => Promise<unknown>) {
  return Promise.all(
    Array.from({ length: n }, (_, i) =>
      call(i).then(
        () => "ok",
        (e: unknown) => (isDomainError(e) && /[\u4e00-\u9fff]/.test(e.message) ? "refused" : `error: ${(e as Error).message}`),
      ),
    ),
  );
}

/** The same call `n` times at once (given its index). */
export function outcomes(n: number, call: (i: number) => Promise<unknown>) {
  return outcomesOf(Array.from({ length: n }, (_, i) => () => call(i)));
}

/**
 * What breaks the company's books, each empty when they hold:
 * keys — a stock balance ≠ Σ its ledger moves, negative, more locked than on hand, or locked ≠ Σ its locks;
 * accounts — a partner's balance ≠ Σ its entries;
 * payments — a confirmed receipt or payment whose allocations + unallocated rest ≠ its amount;
 * settled — an entry whose settled amount ≠ Σ what receipts, payments and credits settled of it
 * minus Σ what it settled as a credit, or that is settled past its amount.
 */
export async function brokenBooks(companyId: number) {
  const keys = rowsOf(
    await db().execute(sql`select b.product_id from stock_balances b
      left join (select product_id, location_id, batch_no, sum(qty) s from stock_moves where company_id = ${companyId} group by 1, 2, 3) m using (product_id, location_id, batch_no)
      left join (select product_id, location_id, batch_no, sum(qty) l from stock_locks where company_id = ${companyId} group by 1, 2, 3) k using (product_id, location_id, batch_no)
      where b.company_id = ${companyId} and (b.qty <> coalesce(m.s, 0) or b.qty < 0 or b.locked_qty < 0 or b.locked_qty > b.qty or b.locked_qty <> coalesce(k.l, 0))`),
  );
  const accounts = rowsOf(
    await db().execute(sql`select a.partner_id from partner_accounts a
      left join (select partner_id, sum(amount) s from partner_account_entries where company_id = ${companyId} group by 1) e using (partner_id)
      where a.company_id = ${companyId} and a.balance <> coalesce(e.s, 0)`),
  );
  const payments = rowsOf(
    await db().execute(sql`select p.id from partner_payments p
      left join (select payment_id, sum(amount) s from partner_payment_allocations group by 1) a on a.payment_id = p.id
      where p.company_id = ${companyId} and p.status = 100 and p.amount <> p.unallocated_amount + coalesce(a.s, 0)`),
  );
  const settled = rowsOf(
    await db().execute(sql`select e.id from partner_account_entries e
      left join (select entry_id, sum(amount) s from partner_payment_allocations where company_id = ${companyId} group by 1) a on a.entry_id = e.id
      left join (select entry_id, sum(amount) s from partner_credit_allocations where company_id = ${companyId} group by 1) c on c.entry_id = e.id
      left join (select credit_entry_id, sum(amount) s from partner_credit_allocations where company_id = ${companyId} group by 1) u on u.credit_entry_id = e.id
      where e.company_id = ${companyId}
        and (e.settled_amount <> coalesce(a.s, 0) + coalesce(c.s, 0) - coalesce(u.s, 0) or abs(e.settled_amount) > abs(e.amount) or sign(e.settled_amount) * sign(e.amount) < 0)`),
  );
  return { keys, accounts, payments, settled };
}

/** What brokenBooks returns when the books hold. */
export const BOOKS_HOLD = { keys: [], accounts: [], payments: [], settled: [] };
