import { and, asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { inTransaction, retryableAborts } from "../db/transaction";
import { add, dec, moneyString, sum } from "../lib/decimal";
import { isDomainError } from "../lib/errors";
import { enterpriseRelations } from "../organization/organization.tables";
import { BOOKS_HOLD, brokenBooks, outcomesOf, rowsOf } from "../test/race";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { partnerAccountEntries, partnerPayments, paymentMethods } from "./finance.tables";
import { accountSummaries, postPartnerEntry, reversePartnerEntry } from "./partner-account.service";
import { createPartnerPayment, voidPartnerPayment } from "./partner-payment.service";
import { partnerStatement } from "./statement.service";

/**
 * The partner account under real parallel transactions (PostgreSQL only; PGlite runs one
 * transaction at a time): receipts and document postings of one customer at once leave
 * balance = Σ entries, a consistent balanceAfter chain in id order and a statement that
 * balances; one form posted ten times at once makes one receipt; documents, returns (credits),
 * receipts, their reversals and voids at once leave every document settled as far as what the
 * partner has on account allows.
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
        ? inTransaction((tx) =>
            postPartnerEntry(tx, ctx, {
              partnerId: customer,
              docType: "deliverOrder",
              docId: 500_000 + i,
              docNo: `RACE-D${i}`,
              amount: `${100 + i}.25`,
              entryDate: "2024-06-01",
            }),
          )
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

    // Every settled amount is what the allocations say, never past the document; receipts:
    // allocated + unallocated = amount.
    expect(await brokenBooks(ctx.companyId)).toEqual(BOOKS_HOLD);

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
    const rows = await db()
      .select()
      .from(partnerPayments)
      .where(and(eq(partnerPayments.companyId, ctx.companyId), eq(partnerPayments.requestKey, "race-form-1")));
    expect(rows).toHaveLength(1);
    const posted = await db()
      .select()
      .from(partnerAccountEntries)
      .where(
        and(eq(partnerAccountEntries.companyId, ctx.companyId), eq(partnerAccountEntries.docType, "receipt"), eq(partnerAccountEntries.docId, rows[0]!.id)),
      );
    expect(posted).toHaveLength(1);
  });

  it("receipts voided while documents of the same customer post: one lock order (account, then receipts), no deadlock, the books hold", async () => {
    const [c] = await db().insert(enterpriseRelations).values({ companyId: ctx.companyId, rel: 1, name: "并发作废客户", paymentTerm: 7 }).returning();
    const cust = c!.id;
    for (let round = 0; round < 3; round++) {
      // Receipts with money left on account: every document posted for the customer takes them (advances) after its account lock.
      const receipts: number[] = [];
      for (let i = 0; i < 8; i++)
        receipts.push(
          (await createPartnerPayment(ctx, { kind: 1, partnerId: cust, paymentMethodId: method, amount: "500.00", paidOn: "2024-08-01" }, { confirm: true }))
            .id,
        );
      const deadlocks = retryableAborts()["40P01"] ?? 0;
      const results = await outcomesOf(
        receipts.flatMap((id, i) => [
          () => voidPartnerPayment(ctx, id),
          () =>
            inTransaction((tx) =>
              postPartnerEntry(tx, ctx, {
                partnerId: cust,
                docType: "deliverOrder",
                docId: 700_000 + round * 100 + i,
                docNo: `RACE-V${round}-${i}`,
                amount: "120.00",
                entryDate: "2024-08-02",
              }),
            ),
        ]),
      );
      expect(results.filter((o) => o !== "ok")).toEqual([]);
      expect(retryableAborts()["40P01"] ?? 0).toBe(deadlocks);
      expect(await brokenBooks(ctx.companyId)).toEqual(BOOKS_HOLD);
      const voided = await db()
        .select()
        .from(partnerPayments)
        .where(and(eq(partnerPayments.partnerId, cust), eq(partnerPayments.status, 90)));
      expect(voided).toHaveLength(8 * (round + 1));
    }
  });

  it("documents, returns, receipts, 红冲 and voids at once: the books hold, and no document stays open while money or a credit is on account", async () => {
    const [c] = await db().insert(enterpriseRelations).values({ companyId: ctx.companyId, rel: 1, name: "并发冲抵客户", paymentTerm: 7 }).returning();
    const cust = c!.id;
    let seq = 600_000;
    const post = (docType: string, amount: string) => {
      const docId = seq++;
      return {
        docType,
        docId,
        docNo: `RACE-C${docId}`,
        run: () =>
          inTransaction((tx) => postPartnerEntry(tx, ctx, { partnerId: cust, docType, docId, docNo: `RACE-C${docId}`, amount, entryDate: "2024-07-01" })),
      };
    };
    const receiptIds: number[] = [];
    const receipt = (amount: string) => () =>
      createPartnerPayment(ctx, { kind: 1, partnerId: cust, paymentMethodId: method, amount, paidOn: "2024-07-02" }, { confirm: true }).then((r) =>
        receiptIds.push(r.id),
      );
    /** Σ open documents − Σ open credits − Σ advances must be the balance, and open documents and money on account never coexist. */
    const settledAsFarAsPossible = async () => {
      const [r] = rowsOf(
        await db().execute(sql`select
          (select coalesce(sum(e.amount - e.settled_amount), 0) from partner_account_entries e
            where e.company_id = ${ctx.companyId} and e.partner_id = ${cust} and e.amount > 0 and e.doc_type not like '%Back'
              and not exists (select 1 from partner_account_entries b where b.company_id = e.company_id and b.doc_type = e.doc_type || 'Back' and b.doc_id = e.doc_id))::text as docs,
          (select coalesce(sum(e.settled_amount - e.amount), 0) from partner_account_entries e
            where e.company_id = ${ctx.companyId} and e.partner_id = ${cust} and e.amount < 0 and e.doc_type not in ('receipt', 'payment') and e.doc_type not like '%Back'
              and not exists (select 1 from partner_account_entries b where b.company_id = e.company_id and b.doc_type = e.doc_type || 'Back' and b.doc_id = e.doc_id))::text as credits,
          (select coalesce(sum(unallocated_amount), 0) from partner_payments where company_id = ${ctx.companyId} and partner_id = ${cust} and status = 100)::text as advances`),
      );
      const balance = (await accountSummaries(db(), ctx, [cust])).get(cust)!.balance;
      expect(moneyString(dec(String(r!.docs)).minus(String(r!.credits)).minus(String(r!.advances)))).toBe(balance);
      expect(dec(String(r!.docs)).isZero() || (dec(String(r!.credits)).isZero() && dec(String(r!.advances)).isZero()), JSON.stringify(r)).toBe(true);
      expect(await brokenBooks(ctx.companyId)).toEqual(BOOKS_HOLD);
    };

    const deliveries = Array.from({ length: 10 }, (_, i) => post("deliverOrder", `${80 + i * 7}.50`));
    const returns = Array.from({ length: 6 }, (_, i) => post("salesReturnOrder", `-${30 + i * 11}.25`));
    const first = await outcomesOf([
      ...deliveries.map((d) => d.run),
      ...returns.map((r) => r.run),
      ...Array.from({ length: 6 }, (_, i) => receipt(`${60 + i * 13}.40`)),
    ]);
    expect(first.filter((o) => o !== "ok")).toEqual([]);
    await settledAsFarAsPossible();

    const reverse = (d: { docType: string; docId: number; docNo: string }) => () => inTransaction((tx) => reversePartnerEntry(tx, ctx, d));
    const later = [post("deliverOrder", "140.00"), post("deliverOrder", "95.75"), post("salesReturnOrder", "-70.00")];
    const second = await outcomesOf([
      ...deliveries.slice(0, 3).map(reverse),
      ...returns.slice(0, 2).map(reverse),
      ...receiptIds.slice(0, 2).map((id) => () => voidPartnerPayment(ctx, id)),
      ...later.map((d) => d.run),
      receipt("200.00"),
    ]);
    expect(second.filter((o) => o !== "ok")).toEqual([]);
    await settledAsFarAsPossible();
  });
});
