import { and, eq, sql } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import { db, type Executor } from "../db/client";
import { inTransaction } from "../db/transaction";
import { enterLockPhase, type LockPhase } from "../kernel/lock-phase";
import { add, dec, gt, moneyString, roundMoney, sub, sum, tryDecimal, type Decimal, type DecimalInput } from "../lib/decimal";
import { DomainError } from "../lib/errors";
import { enterpriseRelations } from "../organization/organization.tables";
import { getCompanyTimeZone } from "../setting/setting.service";
import { partnerAccountEntries, partnerAccounts, partnerCreditAllocations, partnerPaymentAllocations, partnerPayments } from "./finance.tables";
import { PAY_CONFIRMED } from "./partner-payment.status";
import { rows as rowsOf } from "../lib/rows";

/** What the account writers need of the caller: the company, and the time for updatedAt. */
type AccountCtx = Pick<Ctx, "companyId" | "now">;

/**
 * The partner's account (往来账) — the ONLY writer of partner_accounts and of
 * partner_account_entries' amounts. Every write locks the partner's account row; LOCK ORDER:
 * a document posting takes it LAST (document rows → stock balances → product costs → partner
 * account), so a delivery and an order submit of the same customer wait, never deadlock. Below
 * the account come the partner's receipts and payments (settleWithAdvances locks those with
 * money left) and then the entries: confirming or voiding a receipt locks the account BEFORE
 * the receipt's own row (partner-payment.service `lockForPosting`).
 *
 * Sign: balance > 0 = the customer owes us (rel 1) / we owe the supplier (rel 0). Entry amounts
 * are signed changes: delivery +, sales return −, receipt −; receiving note +, purchase return −,
 * payment −.
 */
export interface LockedAccount {
  id: number;
  partnerId: number;
  name: string;
  rel: number;
  balance: Decimal;
  openOrderAmount: Decimal;
  creditLimit: Decimal | null;
  paymentTerm: number | null;
}

/** Locks (making it first if needed) the partner's account row; refuses another company's partner. */
export async function lockPartnerAccount(tx: Executor, ctx: AccountCtx, partnerId: number, opts: { phase?: LockPhase } = {}): Promise<LockedAccount> {
  enterLockPhase(tx, opts.phase ?? "account", "往来账户", `partner_accounts:${partnerId}`);
  const [p] = await tx
    .select({ id: enterpriseRelations.id })
    .from(enterpriseRelations)
    .where(and(eq(enterpriseRelations.id, partnerId), eq(enterpriseRelations.companyId, ctx.companyId)));
  if (!p) throw new DomainError("not_found", "往来单位不存在");
  await tx.insert(partnerAccounts).values({ companyId: ctx.companyId, partnerId }).onConflictDoNothing();
  const [r] = rowsOf(
    await tx.execute(sql`select a.id, a.partner_id, a.balance::text as balance, a.open_order_amount::text as open_order_amount,
        e.name, e.rel, e.credit_limit::text as credit_limit, e.payment_term
      from partner_accounts a join enterprise_relations e on e.id = a.partner_id
      where a.company_id = ${ctx.companyId} and a.partner_id = ${partnerId}
      for update of a`),
  );
  return {
    id: Number(r!.id),
    partnerId,
    name: String(r!.name),
    rel: Number(r!.rel),
    balance: dec(String(r!.balance)),
    openOrderAmount: dec(String(r!.open_order_amount)),
    creditLimit: r!.credit_limit === null || r!.credit_limit === undefined ? null : dec(String(r!.credit_limit)),
    paymentTerm: r!.payment_term === null || r!.payment_term === undefined ? null : Number(r!.payment_term),
  };
}

/** Today's date (yyyy-mm-dd) in the company's time zone. */
export async function companyToday(tx: Executor, ctx: Ctx): Promise<string> {
  const tz = await getCompanyTimeZone(ctx, tx);
  return new Intl.DateTimeFormat("en-CA", { timeZone: tz, year: "numeric", month: "2-digit", day: "2-digit" }).format(ctx.now ?? new Date());
}

/** When a document dated `date` falls due under payment terms (spec §9): 100 月结 end of month, 200 次月结 end of next month, else N days. */
export function dueDateOf(date: string, paymentTerm: number | null): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const utc = (yy: number, mm: number, dd: number) => new Date(Date.UTC(yy, mm, dd)).toISOString().slice(0, 10);
  if (paymentTerm === 100) return utc(y, m, 0);
  if (paymentTerm === 200) return utc(y, m + 1, 0);
  return utc(y, m - 1, d + (paymentTerm && paymentTerm > 0 ? paymentTerm : 0));
}

export interface EntryInput {
  partnerId: number;
  /** deliverOrder, salesReturnOrder, receiveOrder, purchaseReturnOrder, receipt, payment, opening, or one of them + "Back". */
  docType: string;
  docId: number;
  docNo: string;
  /** Signed change of the partner's balance (see the sign rule above); 2 decimals. */
  amount: DecimalInput;
  /** Business date, default today in the company's time zone. */
  entryDate?: string;
  /** Default: from the partner's payment terms for an increase, none for a decrease. */
  dueDate?: string | null;
  remark?: string | null;
}

/**
 * Posts one document's effect on a partner's balance (in the document's transaction, last).
 * A document posts once: a second post of the same (docType, docId) is refused. Returns the entry.
 */
export async function postPartnerEntry(tx: Executor, ctx: Ctx, e: EntryInput) {
  const amount = tryDecimal(e.amount);
  if (!amount || !amount.isFinite()) throw new DomainError("bad_request", "金额不正确");
  const acct = await lockPartnerAccount(tx, ctx, e.partnerId);
  const entryDate = e.entryDate ?? (await companyToday(tx, ctx));
  const dueDate = e.dueDate !== undefined ? e.dueDate : gt(amount, 0) ? dueDateOf(entryDate, acct.paymentTerm) : null;
  const balanceAfter = roundMoney(add(acct.balance, amount));
  const [entry] = await tx
    .insert(partnerAccountEntries)
    .values({
      companyId: ctx.companyId,
      partnerId: e.partnerId,
      docType: e.docType,
      docId: e.docId,
      docNo: e.docNo,
      entryDate,
      dueDate,
      amount: moneyString(roundMoney(amount)),
      balanceAfter: moneyString(balanceAfter),
      remark: e.remark ?? null,
      userId: ctx.userId,
      creationTime: ctx.now ?? new Date(),
    })
    .onConflictDoNothing()
    .returning({ id: partnerAccountEntries.id });
  if (!entry) throw new DomainError("conflict", `单据 ${e.docNo} 已记入往来账`);
  await tx
    .update(partnerAccounts)
    .set({ balance: moneyString(balanceAfter), updatedAt: ctx.now ?? new Date() })
    .where(eq(partnerAccounts.id, acct.id));
  if (!NOT_SETTLED_BY_ADVANCES.test(e.docType)) await settleOpenDocuments(tx, ctx, e.partnerId);
  return { entryId: entry.id, balanceAfter: moneyString(balanceAfter), entryDate, dueDate };
}

/**
 * Open document entries of a partner: increases not yet fully settled, that are neither a
 * reversal (…Back) nor reversed by one. Oldest first. `ids` narrows them to the chosen ones.
 */
export function openEntriesSql(companyId: number, partnerId: number, ids?: number[]) {
  const only = ids && ids.length ? sql` and e.id = any(${`{${ids.map((i) => Math.trunc(i)).join(",")}}`}::bigint[])` : sql``;
  return sql`select e.id, e.doc_type, e.doc_id, e.doc_no, e.entry_date::text as entry_date, e.due_date::text as due_date,
      e.amount::text as amount, e.settled_amount::text as settled_amount
    from partner_account_entries e
    where e.company_id = ${companyId} and e.partner_id = ${partnerId} and ${OPEN_DOCUMENT}${only}
    order by e.entry_date, e.id`;
}

/** Neither a reversal (…Back) nor reversed by one (entry alias e). */
const COUNTS = sql`e.doc_type not like '%Back'
  and not exists (select 1 from partner_account_entries b where b.company_id = e.company_id and b.doc_type = e.doc_type || 'Back' and b.doc_id = e.doc_id)`;
/** Entry e is an open document: an increase not fully settled. */
const OPEN_DOCUMENT = sql`e.amount > e.settled_amount and e.amount > 0 and ${COUNTS}`;
/**
 * Entry e is an open credit: a decrease that is not a receipt or payment (a sales or purchase
 * return, a negative opening), not used up (settled_amount runs from 0 down to amount).
 */
const OPEN_CREDIT = sql`e.amount < 0 and e.amount < e.settled_amount and e.doc_type not in ('receipt', 'payment') and ${COUNTS}`;

/** Entries advances never settle: receipts and payments themselves, and reversals. */
const NOT_SETTLED_BY_ADVANCES = /^(receipt|payment)$|Back$/;

/** A partner's open credits, oldest first. */
function openCreditsSql(companyId: number, partnerId: number) {
  return sql`select e.id, e.amount::text as amount, e.settled_amount::text as settled_amount
    from partner_account_entries e
    where e.company_id = ${companyId} and e.partner_id = ${partnerId} and ${OPEN_CREDIT}
    order by e.entry_date, e.id`;
}

/**
 * Settles the partner's open documents with what the partner has on account: advances first
 * (settleWithAdvances), then credits. Called whenever that can change — a document or a credit
 * posted, a reversal or a voided receipt handing money back — so open documents, ageing and
 * what is due never show a debt already paid or credited. The caller holds the account lock.
 */
export async function settleOpenDocuments(tx: Executor, ctx: AccountCtx, partnerId: number) {
  await settleWithAdvances(tx, ctx, partnerId);
  await settleWithCredits(tx, ctx, partnerId);
}

/**
 * Settles every account of the company that has an open document while money or a credit is on
 * account (one transaction per partner, under its account lock): what was posted before credits
 * settled documents, and a nightly check (scheduled job settleAccounts). Returns how many.
 */
export async function settleAllAccounts(companyId: number, now: Date): Promise<number> {
  const ctx: AccountCtx = { companyId, now };
  const partners = rowsOf(
    await db().execute(sql`(select e.partner_id from partner_account_entries e where e.company_id = ${companyId} and ${OPEN_DOCUMENT})
      intersect
      (select e.partner_id from partner_account_entries e where e.company_id = ${companyId} and ${OPEN_CREDIT}
        union select p.partner_id from partner_payments p where p.company_id = ${companyId} and p.status = ${PAY_CONFIRMED} and p.unallocated_amount > 0)
      order by 1`),
  ).map((r) => Number(r.partner_id));
  for (const partnerId of partners) {
    await inTransaction(async (tx) => {
      await lockPartnerAccount(tx, ctx, partnerId);
      await settleOpenDocuments(tx, ctx, partnerId);
    });
  }
  return partners.length;
}

/**
 * A partner's open credits settle its open documents, oldest credit against oldest document:
 * a credit allocation each, the document's settled amount up, the credit's down. The caller
 * holds the account lock (every writer of these entries' settled amounts does).
 */
async function settleWithCredits(tx: Executor, ctx: AccountCtx, partnerId: number) {
  const credits = rowsOf(await tx.execute(openCreditsSql(ctx.companyId, partnerId))).map((r) => ({
    id: Number(r.id),
    left: sub(String(r.settled_amount), String(r.amount)),
  }));
  const used = await settleOldestFirst(tx, ctx, partnerId, credits, (creditEntryId, entryId, amount) =>
    tx.insert(partnerCreditAllocations).values({ companyId: ctx.companyId, creditEntryId, entryId, amount }),
  );
  for (const [id, amount] of used) {
    await tx
      .update(partnerAccountEntries)
      .set({ settledAmount: sql`${partnerAccountEntries.settledAmount} - ${moneyString(amount)}::numeric` })
      .where(eq(partnerAccountEntries.id, id));
  }
}

/**
 * Settles the partner's open documents from `sources` (advances or credits, each with what it
 * has left), oldest source against oldest document: `record` writes the allocation row and the
 * document's settled amount goes up. Returns what each source used. Under the account lock.
 */
async function settleOldestFirst(
  tx: Executor,
  ctx: AccountCtx,
  partnerId: number,
  sources: { id: number; left: Decimal }[],
  record: (sourceId: number, entryId: number, amount: string) => Promise<unknown>,
) {
  const used = new Map<number, Decimal>();
  if (sources.length === 0) return used;
  const open = rowsOf(await tx.execute(openEntriesSql(ctx.companyId, partnerId))).map((r) => ({
    id: Number(r.id),
    open: sub(String(r.amount), String(r.settled_amount)),
  }));
  let d = 0;
  for (const src of sources) {
    let left = src.left;
    while (gt(left, 0) && d < open.length) {
      const doc = open[d]!;
      const part = gt(doc.open, left) ? left : doc.open;
      if (gt(part, 0)) {
        await record(src.id, doc.id, moneyString(part));
        await tx
          .update(partnerAccountEntries)
          .set({ settledAmount: sql`${partnerAccountEntries.settledAmount} + ${moneyString(part)}::numeric` })
          .where(eq(partnerAccountEntries.id, doc.id));
        used.set(src.id, add(used.get(src.id) ?? 0, part));
      }
      left = sub(left, part);
      doc.open = sub(doc.open, part);
      if (!gt(doc.open, 0)) d++;
    }
    if (d >= open.length) break;
  }
  return used;
}

/**
 * Takes back every credit allocation the entry is part of — as the document a credit settled,
 * or as the credit — so the other side is open again (the caller settles it anew). Under the
 * account lock. Returns whether there was any.
 */
async function releaseCreditAllocations(tx: Executor, ctx: AccountCtx, entryId: number) {
  const allocs = await tx
    .select()
    .from(partnerCreditAllocations)
    .where(
      and(
        eq(partnerCreditAllocations.companyId, ctx.companyId),
        sql`(${partnerCreditAllocations.entryId} = ${entryId} or ${partnerCreditAllocations.creditEntryId} = ${entryId})`,
      ),
    )
    .orderBy(partnerCreditAllocations.id);
  for (const a of allocs) {
    await tx
      .update(partnerAccountEntries)
      .set({ settledAmount: sql`${partnerAccountEntries.settledAmount} - ${a.amount}::numeric` })
      .where(eq(partnerAccountEntries.id, a.entryId));
    await tx
      .update(partnerAccountEntries)
      .set({ settledAmount: sql`${partnerAccountEntries.settledAmount} + ${a.amount}::numeric` })
      .where(eq(partnerAccountEntries.id, a.creditEntryId));
    await tx.delete(partnerCreditAllocations).where(eq(partnerCreditAllocations.id, a.id));
  }
  return allocs.length > 0;
}

/**
 * A partner's advances (confirmed receipts or payments with an unallocated rest) settle the
 * partner's open documents at once, oldest advance against oldest document — the rule a receipt
 * follows when it is confirmed, applied when a document is posted or a reversal hands money
 * back, so open documents and ageing never show a debt the partner has already paid. The
 * caller holds the partner's account lock.
 */
async function settleWithAdvances(tx: Executor, ctx: AccountCtx, partnerId: number) {
  const advances = await tx
    .select({ id: partnerPayments.id, left: partnerPayments.unallocatedAmount })
    .from(partnerPayments)
    .where(
      and(
        eq(partnerPayments.companyId, ctx.companyId),
        eq(partnerPayments.partnerId, partnerId),
        eq(partnerPayments.status, PAY_CONFIRMED),
        sql`${partnerPayments.unallocatedAmount} > 0`,
      ),
    )
    .orderBy(partnerPayments.paidOn, partnerPayments.id)
    .for("update");
  const used = await settleOldestFirst(
    tx,
    ctx,
    partnerId,
    advances.map((a) => ({ id: a.id, left: dec(a.left) })),
    (paymentId, entryId, amount) => tx.insert(partnerPaymentAllocations).values({ companyId: ctx.companyId, paymentId, entryId, amount }),
  );
  for (const a of advances) {
    const part = used.get(a.id);
    if (part)
      await tx
        .update(partnerPayments)
        .set({ unallocatedAmount: moneyString(sub(a.left, part)), updatedAt: ctx.now ?? new Date() })
        .where(eq(partnerPayments.id, a.id));
  }
}

/** Changes a customer's open order amount (submitted, not yet delivered) by `delta` (never below 0). */
export async function addOpenOrderAmount(tx: Executor, ctx: Ctx, partnerId: number, delta: DecimalInput) {
  const acct = await lockPartnerAccount(tx, ctx, partnerId);
  const next = add(acct.openOrderAmount, delta);
  await tx
    .update(partnerAccounts)
    .set({ openOrderAmount: moneyString(next.isNegative() ? dec(0) : roundMoney(next)), updatedAt: ctx.now ?? new Date() })
    .where(eq(partnerAccounts.id, acct.id));
}

export interface CreditState {
  limit: Decimal | null;
  balance: Decimal;
  openOrderAmount: Decimal;
  /** balance + open orders + what is being added. */
  exposure: Decimal;
  /** How far the exposure goes over the limit (0 when within, or without a limit). */
  over: Decimal;
}

/**
 * The customer's credit with `adding` more on order (the caller then adds it with
 * addOpenOrderAmount in the same transaction). The account row stays locked until the
 * transaction ends, so two orders of one customer are checked one after the other.
 * A limit of null or 0 means no limit.
 */
export async function creditCheck(tx: Executor, ctx: Ctx, partnerId: number, adding: DecimalInput): Promise<CreditState> {
  const acct = await lockPartnerAccount(tx, ctx, partnerId);
  const exposure = add(add(acct.balance, acct.openOrderAmount), adding);
  const limit = acct.creditLimit && gt(acct.creditLimit, 0) ? acct.creditLimit : null;
  const over = limit && gt(exposure, limit) ? sub(exposure, limit) : dec(0);
  return { limit, balance: acct.balance, openOrderAmount: acct.openOrderAmount, exposure, over };
}

/** Balance, open orders and limit of partners (no lock: pages and the order form's header). */
export async function accountSummaries(ex: Executor, ctx: Ctx, partnerIds: number[]) {
  if (partnerIds.length === 0) return new Map<number, { balance: string; openOrderAmount: string; creditLimit: string | null; paymentTerm: number | null }>();
  const ids = `{${[...new Set(partnerIds)].map((i) => Math.trunc(i)).join(",")}}`;
  const rows = rowsOf(
    await ex.execute(sql`select e.id, coalesce(a.balance, 0)::text as balance, coalesce(a.open_order_amount, 0)::text as open_order_amount,
        e.credit_limit::text as credit_limit, e.payment_term
      from enterprise_relations e left join partner_accounts a on a.partner_id = e.id and a.company_id = e.company_id
      where e.company_id = ${ctx.companyId} and e.id = any(${ids}::int[])`),
  );
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        balance: moneyString(String(r.balance)),
        openOrderAmount: moneyString(String(r.open_order_amount)),
        creditLimit: r.credit_limit === null || r.credit_limit === undefined ? null : moneyString(String(r.credit_limit)),
        paymentTerm: r.payment_term === null || r.payment_term === undefined ? null : Number(r.payment_term),
      },
    ]),
  );
}

/**
 * Reverses what a document posted (red-letter, 红冲): posts `<docType>Back` with the opposite of
 * its entry, in the reversal's transaction (last, like the posting). What receipts or payments
 * had settled of the entry goes back to them, and so do credits (a document a return had
 * settled); a reversed credit gives back what it had settled. What is handed back settles the
 * partner's other open documents (what is left stays an advance or an open credit), so no money
 * or credit stays tied to a document that no longer counts. Nothing when the document never
 * posted (e.g. a zero amount). Returns the reversal entry or null.
 */
export async function reversePartnerEntry(
  tx: Executor,
  ctx: Ctx,
  doc: { docType: string; docId: number; docNo: string; entryDate?: string; remark?: string | null },
) {
  const [orig] = await tx
    .select({ id: partnerAccountEntries.id, partnerId: partnerAccountEntries.partnerId, amount: partnerAccountEntries.amount })
    .from(partnerAccountEntries)
    .where(and(eq(partnerAccountEntries.companyId, ctx.companyId), eq(partnerAccountEntries.docType, doc.docType), eq(partnerAccountEntries.docId, doc.docId)));
  if (!orig) return null;
  // The partner's account row first (every allocation happens under it), then the payments.
  await lockPartnerAccount(tx, ctx, orig.partnerId);
  const allocs = await tx
    .select({ id: partnerPaymentAllocations.id, paymentId: partnerPaymentAllocations.paymentId, amount: partnerPaymentAllocations.amount })
    .from(partnerPaymentAllocations)
    .where(and(eq(partnerPaymentAllocations.companyId, ctx.companyId), eq(partnerPaymentAllocations.entryId, orig.id)))
    .orderBy(partnerPaymentAllocations.paymentId);
  for (const a of allocs) {
    await tx
      .update(partnerPayments)
      .set({ unallocatedAmount: sql`${partnerPayments.unallocatedAmount} + ${a.amount}::numeric`, updatedAt: ctx.now ?? new Date() })
      .where(and(eq(partnerPayments.id, a.paymentId), eq(partnerPayments.companyId, ctx.companyId)));
    await tx.delete(partnerPaymentAllocations).where(eq(partnerPaymentAllocations.id, a.id));
  }
  if (allocs.length)
    await tx
      .update(partnerAccountEntries)
      .set({ settledAmount: sql`${partnerAccountEntries.settledAmount} - ${moneyString(sum(allocs.map((a) => a.amount)))}::numeric` })
      .where(eq(partnerAccountEntries.id, orig.id));
  const credited = await releaseCreditAllocations(tx, ctx, orig.id);
  const reversal = await postPartnerEntry(tx, ctx, {
    partnerId: orig.partnerId,
    docType: `${doc.docType}Back`,
    docId: doc.docId,
    docNo: doc.docNo,
    amount: dec(orig.amount).neg(),
    entryDate: doc.entryDate,
    dueDate: null,
    remark: doc.remark ?? `红冲 ${doc.docNo}`,
  });
  // What was handed back (money, credits) settles the partner's other open documents; a
  // reversed credit's documents are open again and what the partner has on account settles them.
  if (allocs.length || credited) await settleOpenDocuments(tx, ctx, orig.partnerId);
  return reversal;
}
