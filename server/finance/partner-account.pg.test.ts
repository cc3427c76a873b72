import { and, asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../auth/context";
import { db } from "../db/client";
import { inTransaction } from "../db/transaction";
import { add, dec, moneyString, sum } from "../lib/decimal";
import { isDomainError } from "../lib/errors";
import { enterpriseRelations } from "../organization/organization.tables";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { partnerAccountEntries, partnerPayments, paymentMethods } from "./finance.tables";
import { accountSummaries, postPartnerEntry } from "./partner-account.service";
import { createPartnerPayment } from "./partner-payment.service";
import { partnerStatement } from "./statement.service";

/**
 * The partner account under real parallel transactions (PostgreSQL only; PGlite runs one
 * transaction at a time): receipts and document postings of one customer at once leave
 * balance = Σ entries, a consistent balanceAfter chain in id order and a statement that
 * balances; one form posted ten times at once makes one receipt.
 */
const url = process.env.TEST_DATABASE_URL;

async function outcomes<T>(n: number, call: (i: number) => Promise<T>) {
  return Promise.all(
    Array.from({ length: n }, (_, i) =>
      call(i).then(
        (v) => ({ ok: true as const, v }),
        (e: unknown) => ({ ok: false as const, e: isDomainError(e) ? e.code : `error: ${(e as Error).message}` }),
      ),
    ),
  );
}

describe.skipIf(!url)("partner account under parallel postings (PostgreSQL)", () => {
  useTestDatabase();
  let ctx: Ctx;
  let customer: number;
  let method: number;

  beforeAll(async () => {
    ctx = (await ctxOf("boss1")).ctx;
    const [c] = await db().insert(enterpriseRelations).values({ companyId: ctx.companyId, rel: 1, name: "并发对账客户", paymentTerm: 7 }).returning();
    customer = c!.id;
    const [m] = await db().select().from(paymentMethods).where(eq(paymentMethods.companyId, ctx.companyId)).limit(1);
    method = m!.id;
  });

  it("20 receipts and 20 documents at once: balance = Σ entries, the balanceAfter chain holds, the statement balances", async () => {
    const results = await outcomes<unknown>(40, (i) =>
      i % 2 === 0
        ? inTransaction((tx) => postPartnerEntry(tx, ctx, { partnerId: customer, docType: "deliverOrder", docId: 500_000 + i, docNo: `RACE-D${i}`, amount: `${100 + i}.25`, entryDate: "2024-06-01" }))
        : createPartnerPayment(ctx, { kind: 1, partnerId: customer, paymentMethodId: method, amount: `${50 + i}.10`, paidOn: "2024-06-02" }, { confirm: true }),
    );
    expect(results.filter((r) => !r.ok)).toEqual([]);

    const entries = await db()
      .select()
      .from(partnerAccountEntries)
      .where(and(eq(partnerAccountEntries.companyId, ctx.companyId), eq(partnerAccountEntries.partnerId, customer)))
      .orderBy(asc(partnerAccountEntries.id));
    expect(entries).toHaveLength(40);
    let run = dec(0);
    for (const e of entries) {
      run = add(run, e.amount);
      expect(e.balanceAfter, `entry ${e.id}`).toBe(moneyString(run));
    }
    const balance = (await accountSummaries(db(), ctx, [customer])).get(customer)!.balance;
    expect(balance).toBe(moneyString(sum(entries.map((e) => e.amount))));
    expect(balance).toBe(entries.at(-1)!.balanceAfter);

    // Every settled amount is what the allocations say, never above the document.
    const bad = await db().execute(sql`select e.id from partner_account_entries e
      left join (select entry_id, sum(amount) s from partner_payment_allocations group by 1) a on a.entry_id = e.id
      where e.company_id = ${ctx.companyId} and e.partner_id = ${customer}
        and (e.settled_amount <> coalesce(a.s, 0) or e.settled_amount > greatest(e.amount, 0))`);
    expect(((bad as { rows?: unknown[] }).rows ?? (bad as unknown as unknown[])).length).toBe(0);
    // Receipts: allocated + unallocated = amount.
    const pays = await db().execute(sql`select p.id from partner_payments p
      left join (select payment_id, sum(amount) s from partner_payment_allocations group by 1) a on a.payment_id = p.id
      where p.company_id = ${ctx.companyId} and p.partner_id = ${customer} and p.amount <> coalesce(a.s, 0) + p.unallocated_amount`);
    expect(((pays as { rows?: unknown[] }).rows ?? (pays as unknown as unknown[])).length).toBe(0);

    const whole = await partnerStatement(ctx, { partnerId: customer, from: "2024-01-01", to: "2024-12-31" });
    expect(whole.closing).toBe(balance);
    const first = await partnerStatement(ctx, { partnerId: customer, from: "2024-01-01", to: "2024-06-01" });
    const second = await partnerStatement(ctx, { partnerId: customer, from: "2024-06-02", to: "2024-12-31" });
    expect(second.opening).toBe(first.closing);
    expect(moneyString(dec(second.opening).plus(second.totalIncrease).minus(second.totalDecrease))).toBe(balance);
  });

  it("the same receipt form posted 10 times at once makes one receipt", async () => {
    const body = { kind: 1, partnerId: customer, paymentMethodId: method, amount: "33.30", paidOn: "2024-06-03", requestKey: "race-form-1" };
    const results = await outcomes(10, () => createPartnerPayment(ctx, body, { confirm: true }));
    expect(results.filter((r) => !r.ok)).toEqual([]);
    const ids = new Set(results.map((r) => (r.ok ? r.v.id : 0)));
    expect(ids.size).toBe(1);
    const rows = await db().select().from(partnerPayments).where(and(eq(partnerPayments.companyId, ctx.companyId), eq(partnerPayments.requestKey, "race-form-1")));
    expect(rows).toHaveLength(1);
    const posted = await db()
      .select()
      .from(partnerAccountEntries)
      .where(and(eq(partnerAccountEntries.companyId, ctx.companyId), eq(partnerAccountEntries.docType, "receipt"), eq(partnerAccountEntries.docId, rows[0]!.id)));
    expect(posted).toHaveLength(1);
  });
});
