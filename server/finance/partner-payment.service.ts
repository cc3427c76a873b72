import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import { db, type Executor } from "../db/client";
import { busyError, inTransaction } from "../db/transaction";
import { dec, gt, lt, moneyString, sub, type Decimal } from "../lib/decimal";
import { ACCOUNT_DOC_TYPES, labelOf, PARTNER_PAYMENT_STATUSES, PAYMENT_KINDS } from "../lib/dictionary";
import { recordDocumentChange } from "../lib/document-audit";
import { DomainError } from "../lib/errors";
import { t } from "../lib/i18n/zh-CN";
import { isId } from "../lib/ids";
import { parseInput } from "../lib/validate";
import { enterpriseRelations } from "../organization/organization.tables";
import { actionsFor, assertTransition, lockDocument } from "../kernel/document";
import { nextDocumentNo, noTakenIn } from "../kernel/numbering";
import { users } from "../kernel/identity.tables";
import { partnerAccountEntries, partnerPaymentAllocations, partnerPayments, paymentMethods } from "./finance.tables";
import { companyToday, lockPartnerAccount, openEntriesSql, postPartnerEntry, settleOpenDocuments } from "./partner-account.service";
import { PAYMENT_METHOD_LABEL, PartnerPaymentInputSchema, ReceiptInputSchema } from "./partner-payment.input";
import { PARTNER_PAYMENT_MACHINE, type PartnerPaymentAction, PAY_CONFIRMED, PAY_DRAFT, PAY_VOID } from "./partner-payment.status";
import { rows as rowsOf } from "../lib/rows";

/**
 * Receipts (收款, kind 1, customers) and payments (付款, kind 2, suppliers). Confirming one posts
 * −amount to the partner's account (docType receipt / payment) and allocates it to the partner's
 * open document entries, oldest first (or to the chosen ones first): allocation rows, the
 * entries' settledAmount, and what is left stays on the receipt as an advance
 * (unallocatedAmount), which settles documents posted later (settleOpenDocuments).
 * Voiding a confirmed one posts the opposite (receiptBack / paymentBack) and undoes its
 * allocations; the documents it had settled are settled again by what else the partner has on
 * account (other advances, open credits). Lock order, the account's (partner-account.service):
 * the partner's account row → the receipt row → entries. A document posted for the partner
 * locks the account and then the receipts whose advances settle it, so confirming and voiding
 * lock the account before their own row (`lockForPosting`), never the other way round.
 *
 * A form posted twice makes one row: `requestKey` (random per rendered form) is unique per
 * company; the second post answers with the first one's result.
 */
export const FINANCE_CODE = "CWGL-001";
export const PAYMENT_DOC_TYPE: Record<1 | 2, "receipt" | "payment"> = { 1: "receipt", 2: "payment" };

/** Records a receipt's or payment's status change in the audit trail, named 收款单 / 付款单. */
function recordPaymentChange(
  tx: Executor,
  ctx: Ctx,
  action: "confirm" | "void",
  doc: { id: number; no: string; kind: number; amount: string; status: number },
  to: number,
) {
  const kind = doc.kind as 1 | 2;
  const machine = { ...PARTNER_PAYMENT_MACHINE, label: `${labelOf(PAYMENT_KINDS, kind)}单` };
  return recordDocumentChange(tx, ctx, machine, action, { type: PAYMENT_DOC_TYPE[kind], id: doc.id, no: doc.no, from: doc.status, to, total: doc.amount });
}
export const PAYMENT_LABEL: Record<1 | 2, string> = { 1: "收款单", 2: "付款单" };
/** The partner relation a kind needs: receipts from customers (rel 1), payments to suppliers (rel 0). */
const REL_OF_KIND: Record<1 | 2, number> = { 1: 1, 2: 0 };

export function requireFinance(ctx: Pick<Ctx, "permissions">) {
  if (!ctx.permissions.has(FINANCE_CODE)) throw new DomainError("forbidden", t.errors.pages[403]!.message);
}

/**
 * Separation of duties (issue 20): sales register receipts from their customers (对账单,
 * CWGL-001); supplier payments (付款单, CWGL-003) and voiding confirmed money (作废收付款,
 * CWGL-004) are the 经理's, or a finance role's that is granted them. Every path (page form,
 * document page, JSON API) goes through these services.
 */
export const PAYMENT_ORDER_CODE = "CWGL-003";
export const VOID_MONEY_CODE = "CWGL-004";

/** Whether the caller may record, confirm or delete a draft of this kind (付款单 needs CWGL-003). */
export function canRecordKind(ctx: Pick<Ctx, "permissions">, kind: number) {
  return ctx.permissions.has(FINANCE_CODE) && (kind !== 2 || ctx.permissions.has(PAYMENT_ORDER_CODE));
}

export function canVoidMoney(ctx: Pick<Ctx, "permissions">) {
  return ctx.permissions.has(FINANCE_CODE) && ctx.permissions.has(VOID_MONEY_CODE);
}

function requireRecordKind(ctx: Pick<Ctx, "permissions">, kind: number) {
  requireFinance(ctx);
  if (!canRecordKind(ctx, kind)) throw new DomainError("forbidden", "没有权限登记或确认付款单（付款单属经理或财务）");
}

function requireVoidMoney(ctx: Pick<Ctx, "permissions">) {
  requireFinance(ctx);
  if (!canVoidMoney(ctx)) throw new DomainError("forbidden", "没有权限作废已确认的收付款单（作废属经理或财务）");
}

class DuplicateRequest extends Error {}

/** Allocates `amount` to the partner's open entries (chosen ones first, then oldest first); returns what is left. The caller holds the account lock. */
async function allocate(tx: Executor, ctx: Ctx, paymentId: number, partnerId: number, amount: Decimal, chosen: number[]): Promise<Decimal> {
  let left = amount;
  const used = new Set<number>();
  const take = async (rows: Record<string, unknown>[]) => {
    for (const r of rows) {
      if (!gt(left, 0)) return;
      const id = Number(r.id);
      if (used.has(id)) continue;
      used.add(id);
      const open = sub(String(r.amount), String(r.settled_amount));
      const part = lt(open, left) ? open : left;
      if (!gt(part, 0)) continue;
      await tx.insert(partnerPaymentAllocations).values({ companyId: ctx.companyId, paymentId, entryId: id, amount: moneyString(part) });
      await tx
        .update(partnerAccountEntries)
        .set({ settledAmount: sql`${partnerAccountEntries.settledAmount} + ${moneyString(part)}::numeric` })
        .where(and(eq(partnerAccountEntries.id, id), eq(partnerAccountEntries.companyId, ctx.companyId)));
      left = sub(left, part);
    }
  };
  if (chosen.length) {
    const rows = rowsOf(await tx.execute(openEntriesSql(ctx.companyId, partnerId, chosen)));
    if (rows.length !== new Set(chosen).size) throw new DomainError("conflict", "所选单据不存在、不属于该往来单位或已结清");
    await take(rows);
  }
  if (gt(left, 0)) await take(rowsOf(await tx.execute(openEntriesSql(ctx.companyId, partnerId))));
  return left;
}

/**
 * Locks a receipt or payment that is about to post to its partner's account, in the account's
 * lock order: the partner's account row first, then the receipt. The partner is read before
 * the locks; it never changes once the receipt exists.
 */
async function lockForPosting(tx: Executor, ctx: Ctx, id: number) {
  if (!isId(id)) throw new DomainError("not_found", "收付款单不存在");
  const [peek] = await tx
    .select({ partnerId: partnerPayments.partnerId })
    .from(partnerPayments)
    .where(and(eq(partnerPayments.id, id), eq(partnerPayments.companyId, ctx.companyId)));
  if (!peek) throw new DomainError("not_found", "收付款单不存在");
  // The account is the receipt's parent here: locked in the document phase, before the receipt.
  await lockPartnerAccount(tx, ctx, peek.partnerId, { phase: "document" });
  const doc = await lockDocument(tx, partnerPayments, ctx, id, "收付款单");
  if (doc.partnerId !== peek.partnerId) throw busyError();
  return doc;
}

async function confirmIn(tx: Executor, ctx: Ctx, id: number, chosen: number[]) {
  const doc = await lockForPosting(tx, ctx, id);
  requireRecordKind(ctx, doc.kind);
  assertTransition(PARTNER_PAYMENT_MACHINE, "confirm", doc.status);
  const kind = doc.kind as 1 | 2;
  await postPartnerEntry(tx, ctx, {
    partnerId: doc.partnerId,
    docType: PAYMENT_DOC_TYPE[kind],
    docId: doc.id,
    docNo: doc.no,
    amount: dec(doc.amount).neg(),
    entryDate: doc.paidOn,
    dueDate: null,
    remark: doc.remark,
  });
  const left = await allocate(tx, ctx, doc.id, doc.partnerId, dec(doc.amount), chosen);
  const now = ctx.now ?? new Date();
  await tx
    .update(partnerPayments)
    .set({ status: PAY_CONFIRMED, unallocatedAmount: moneyString(left), postedAt: now, postedBy: ctx.userId, updatedAt: now })
    .where(eq(partnerPayments.id, doc.id));
  await recordPaymentChange(tx, ctx, "confirm", doc, PAY_CONFIRMED);
  return { id: doc.id, no: doc.no, status: PAY_CONFIRMED };
}

async function existingByKey(ex: Executor, ctx: Ctx, requestKey: string) {
  const [row] = await ex
    .select({ id: partnerPayments.id, no: partnerPayments.no, status: partnerPayments.status, kind: partnerPayments.kind })
    .from(partnerPayments)
    .where(and(eq(partnerPayments.companyId, ctx.companyId), eq(partnerPayments.requestKey, requestKey)));
  return row;
}

export interface PartnerPaymentResult {
  id: number;
  no: string;
  status: number;
  kind: number;
  /** This request had been posted before: the first post's row. */
  duplicate?: boolean;
}

/**
 * 登记收款 / 登记付款: creates a receipt or payment (draft 0) and, with `confirm`, confirms it in
 * the same transaction (posted and allocated). The same `requestKey` again → the first row.
 */
export async function createPartnerPayment(ctx: Ctx, body: unknown, opts: { confirm?: boolean; tx?: Executor } = {}): Promise<PartnerPaymentResult> {
  requireFinance(ctx);
  // A receipt's form asks for its 收款方式, a payment's for its 付款方式: the messages say which.
  const asKind = (body as { kind?: unknown } | null)?.kind;
  const input = parseInput(String(asKind) === "1" ? ReceiptInputSchema : PartnerPaymentInputSchema, body);
  const kind = input.kind as 1 | 2;
  requireRecordKind(ctx, kind);
  if (input.requestKey) {
    const seen = await existingByKey(opts.tx ?? db(), ctx, input.requestKey);
    if (seen) return { ...seen, duplicate: true };
  }
  try {
    return await inTransaction(
      async (tx) => {
        const [partner] = await tx
          .select({ id: enterpriseRelations.id, rel: enterpriseRelations.rel })
          .from(enterpriseRelations)
          .where(and(eq(enterpriseRelations.id, input.partnerId), eq(enterpriseRelations.companyId, ctx.companyId)));
        const who = kind === 1 ? "客户" : "供应商";
        if (!partner || partner.rel !== REL_OF_KIND[kind]) throw new DomainError("bad_request", `所选${who}不存在`, { partnerId: [`所选${who}不存在`] });
        const [method] = await tx
          .select({ id: paymentMethods.id, isEnabled: paymentMethods.isEnabled })
          .from(paymentMethods)
          .where(and(eq(paymentMethods.id, input.paymentMethodId), eq(paymentMethods.companyId, ctx.companyId)));
        if (!method || !method.isEnabled) {
          const message = `所选${PAYMENT_METHOD_LABEL[kind]}不存在或已停用`;
          throw new DomainError("bad_request", message, { paymentMethodId: [message] });
        }
        const no = await nextDocumentNo(tx, ctx, PAYMENT_DOC_TYPE[kind], { exists: noTakenIn(tx, ctx, partnerPayments) });
        const now = ctx.now ?? new Date();
        const [row] = await tx
          .insert(partnerPayments)
          .values({
            companyId: ctx.companyId,
            no,
            status: PAY_DRAFT,
            kind,
            partnerId: input.partnerId,
            paymentMethodId: input.paymentMethodId,
            amount: input.amount,
            unallocatedAmount: input.amount,
            paidOn: input.paidOn,
            remark: input.remark,
            requestKey: input.requestKey,
            createdBy: ctx.userId,
            creationTime: now,
            updatedAt: now,
          })
          .onConflictDoNothing({ target: [partnerPayments.companyId, partnerPayments.requestKey] })
          .returning({ id: partnerPayments.id });
        // Another post of the same form committed first: roll this one back (its number too).
        if (!row) throw new DuplicateRequest();
        if (opts.confirm) return { ...(await confirmIn(tx, ctx, row.id, input.entryIds)), kind };
        return { id: row.id, no, status: PAY_DRAFT, kind };
      },
      { tx: opts.tx },
    );
  } catch (e) {
    if (e instanceof DuplicateRequest && input.requestKey) {
      const seen = await existingByKey(opts.tx ?? db(), ctx, input.requestKey);
      if (seen) return { ...seen, duplicate: true };
    }
    if (e instanceof DuplicateRequest) throw busyError();
    throw e;
  }
}

/** 确认: 0 → 100, posted to the partner's account and allocated (chosen entries first, then oldest first). */
export async function confirmPartnerPayment(ctx: Ctx, id: number, body?: unknown, opts: { tx?: Executor } = {}) {
  requireFinance(ctx);
  const raw = body && typeof body === "object" ? (body as { entryIds?: unknown }).entryIds : undefined;
  const chosen = raw === undefined ? [] : parseInput(PartnerPaymentInputSchema.pick({ entryIds: true }), { entryIds: raw }).entryIds;
  return inTransaction((tx) => confirmIn(tx, ctx, id, chosen), { tx: opts.tx });
}

/** 作废: 100 → 90, the opposite posted (receiptBack / paymentBack) and the allocations undone. */
export async function voidPartnerPayment(ctx: Ctx, id: number, opts: { tx?: Executor } = {}) {
  requireFinance(ctx);
  return inTransaction(
    async (tx) => {
      requireVoidMoney(ctx);
      const doc = await lockForPosting(tx, ctx, id);
      assertTransition(PARTNER_PAYMENT_MACHINE, "void", doc.status);
      const kind = doc.kind as 1 | 2;
      await postPartnerEntry(tx, ctx, {
        partnerId: doc.partnerId,
        docType: `${PAYMENT_DOC_TYPE[kind]}Back`,
        docId: doc.id,
        docNo: doc.no,
        amount: doc.amount,
        entryDate: await companyToday(tx, ctx),
        dueDate: null,
        remark: `作废 ${doc.no}`,
      });
      const allocs = await tx
        .select()
        .from(partnerPaymentAllocations)
        .where(and(eq(partnerPaymentAllocations.paymentId, doc.id), eq(partnerPaymentAllocations.companyId, ctx.companyId)));
      for (const a of allocs) {
        await tx
          .update(partnerAccountEntries)
          .set({ settledAmount: sql`greatest(${partnerAccountEntries.settledAmount} - ${a.amount}::numeric, 0)` })
          .where(and(eq(partnerAccountEntries.id, a.entryId), eq(partnerAccountEntries.companyId, ctx.companyId)));
      }
      await tx.delete(partnerPaymentAllocations).where(eq(partnerPaymentAllocations.paymentId, doc.id));
      await tx
        .update(partnerPayments)
        .set({ status: PAY_VOID, unallocatedAmount: "0", updatedAt: ctx.now ?? new Date() })
        .where(eq(partnerPayments.id, doc.id));
      if (allocs.length) await settleOpenDocuments(tx, ctx, doc.partnerId);
      await recordPaymentChange(tx, ctx, "void", doc, 90);
      return { id: doc.id, no: doc.no, status: PAY_VOID };
    },
    { tx: opts.tx },
  );
}

/** Deletes a draft. */
export async function removePartnerPayment(ctx: Ctx, id: number) {
  requireFinance(ctx);
  await inTransaction(async (tx) => {
    const doc = await lockDocument(tx, partnerPayments, ctx, id, "收付款单");
    requireRecordKind(ctx, doc.kind);
    assertTransition(PARTNER_PAYMENT_MACHINE, "remove", doc.status);
    await tx.delete(partnerPayments).where(eq(partnerPayments.id, doc.id));
  });
  return { success: true };
}

const ACTIONS: Record<Exclude<PartnerPaymentAction, "remove">, (ctx: Ctx, id: number, body?: unknown) => Promise<unknown>> = {
  confirm: confirmPartnerPayment,
  void: (ctx, id) => voidPartnerPayment(ctx, id),
};

/** Status actions of one kind's documents (the JSON API: a receipt id is no payment). */
export function partnerPaymentActions(kind: 1 | 2): Record<string, (ctx: Ctx, id: number, body: unknown) => Promise<unknown>> {
  return Object.fromEntries(
    Object.entries(ACTIONS).map(([name, run]) => [
      name,
      async (ctx: Ctx, id: number, body: unknown) => {
        await getPartnerPayment(ctx, id, kind);
        return run(ctx, id, body);
      },
    ]),
  );
}

/** Runs one action of the document page by name. */
export function runPartnerPaymentAction(ctx: Ctx, id: number, action: string) {
  if (action === "remove") return removePartnerPayment(ctx, id);
  const run = Object.hasOwn(ACTIONS, action) ? ACTIONS[action as keyof typeof ACTIONS] : undefined;
  if (!run) throw new DomainError("bad_request", "未知操作");
  return run(ctx, id);
}

export interface PartnerPaymentView {
  id: number;
  no: string;
  kind: number;
  kindName: string;
  status: number;
  statusName: string;
  partnerId: number;
  partnerName: string;
  partnerRel: number;
  paymentMethodId: number | null;
  paymentMethodName: string | null;
  amount: string;
  unallocatedAmount: string;
  paidOn: string;
  remark: string | null;
  requestKey: string | null;
  createdByName: string | null;
  creationTime: string;
  postedAt: string | null;
  actions: PartnerPaymentAction[];
  allocations: {
    entryId: number;
    docType: string;
    typeLabel: string;
    docId: number;
    docNo: string;
    entryDate: string;
    dueDate: string | null;
    entryAmount: string;
    amount: string;
  }[];
}

/** One receipt or payment with its allocations (`kind` given: another kind's id is 不存在). */
export async function getPartnerPayment(ctx: Ctx, id: number, kind?: 1 | 2, ex: Executor = db()): Promise<PartnerPaymentView> {
  requireFinance(ctx);
  const label = kind ? PAYMENT_LABEL[kind] : "收付款单";
  if (!isId(id)) throw new DomainError("not_found", `${label}不存在`);
  const [r] = await ex
    .select({
      p: partnerPayments,
      partnerName: enterpriseRelations.name,
      partnerRel: enterpriseRelations.rel,
      methodName: paymentMethods.name,
      createdByName: users.name,
    })
    .from(partnerPayments)
    .innerJoin(enterpriseRelations, eq(enterpriseRelations.id, partnerPayments.partnerId))
    .leftJoin(paymentMethods, eq(paymentMethods.id, partnerPayments.paymentMethodId))
    .leftJoin(users, eq(users.id, partnerPayments.createdBy))
    .where(and(eq(partnerPayments.id, id), eq(partnerPayments.companyId, ctx.companyId)));
  if (!r || (kind && r.p.kind !== kind)) throw new DomainError("not_found", `${label}不存在`);
  const allocs = await ex
    .select({
      entryId: partnerPaymentAllocations.entryId,
      amount: partnerPaymentAllocations.amount,
      docType: partnerAccountEntries.docType,
      docId: partnerAccountEntries.docId,
      docNo: partnerAccountEntries.docNo,
      entryDate: partnerAccountEntries.entryDate,
      dueDate: partnerAccountEntries.dueDate,
      entryAmount: partnerAccountEntries.amount,
    })
    .from(partnerPaymentAllocations)
    .innerJoin(partnerAccountEntries, eq(partnerAccountEntries.id, partnerPaymentAllocations.entryId))
    .where(and(eq(partnerPaymentAllocations.paymentId, id), eq(partnerPaymentAllocations.companyId, ctx.companyId)))
    .orderBy(asc(partnerAccountEntries.entryDate), asc(partnerAccountEntries.id));
  const p = r.p;
  return {
    id: p.id,
    no: p.no,
    kind: p.kind,
    kindName: labelOf(PAYMENT_KINDS, p.kind as 1),
    status: p.status,
    statusName: labelOf(PARTNER_PAYMENT_STATUSES, p.status as 0),
    partnerId: p.partnerId,
    partnerName: r.partnerName,
    partnerRel: r.partnerRel,
    paymentMethodId: p.paymentMethodId,
    paymentMethodName: r.methodName,
    amount: p.amount,
    unallocatedAmount: p.unallocatedAmount,
    paidOn: p.paidOn,
    remark: p.remark,
    requestKey: p.requestKey,
    createdByName: r.createdByName,
    creationTime: p.creationTime.toISOString(),
    postedAt: p.postedAt ? p.postedAt.toISOString() : null,
    // The actions this caller may take: voiding is 作废收付款's, a payment's draft 付款单's.
    actions: actionsFor(PARTNER_PAYMENT_MACHINE, p.status).filter((a) => (a === "void" ? canVoidMoney(ctx) : canRecordKind(ctx, p.kind))),
    allocations: allocs.map((a) => ({
      entryId: a.entryId,
      docType: a.docType,
      typeLabel: labelOf(ACCOUNT_DOC_TYPES, a.docType as "receipt") || a.docType,
      docId: a.docId,
      docNo: a.docNo,
      entryDate: a.entryDate,
      dueDate: a.dueDate,
      entryAmount: a.entryAmount,
      amount: a.amount,
    })),
  };
}

/** A partner's open documents (for choosing what a receipt settles): outstanding = amount − settled. */
export async function openDocumentsOf(ctx: Ctx, partnerId: number, ex: Executor = db()) {
  requireFinance(ctx);
  if (!isId(partnerId)) return [];
  const rows = rowsOf(await ex.execute(openEntriesSql(ctx.companyId, partnerId)));
  return rows.map((r) => ({
    entryId: Number(r.id),
    docType: String(r.doc_type),
    typeLabel: labelOf(ACCOUNT_DOC_TYPES, String(r.doc_type) as "receipt") || String(r.doc_type),
    docId: Number(r.doc_id),
    docNo: String(r.doc_no),
    entryDate: String(r.entry_date),
    dueDate: r.due_date === null ? null : String(r.due_date),
    amount: moneyString(String(r.amount)),
    outstanding: moneyString(sub(String(r.amount), String(r.settled_amount))),
  }));
}

/** The latest receipts/payments of a partner (the statement page's side list). */
export async function recentPaymentsOf(ctx: Ctx, partnerId: number, limit = 10, ex: Executor = db()) {
  requireFinance(ctx);
  const rows = await ex
    .select({
      id: partnerPayments.id,
      no: partnerPayments.no,
      kind: partnerPayments.kind,
      status: partnerPayments.status,
      amount: partnerPayments.amount,
      unallocatedAmount: partnerPayments.unallocatedAmount,
      paidOn: partnerPayments.paidOn,
    })
    .from(partnerPayments)
    .where(and(eq(partnerPayments.companyId, ctx.companyId), eq(partnerPayments.partnerId, partnerId)))
    .orderBy(desc(partnerPayments.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, statusName: labelOf(PARTNER_PAYMENT_STATUSES, r.status as 0), kindName: labelOf(PAYMENT_KINDS, r.kind as 1) }));
}
