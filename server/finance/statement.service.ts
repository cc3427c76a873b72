import { and, desc, eq, sql } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import { db, type Executor } from "../db/client";
import { inTransaction } from "../db/transaction";
import { add, dec, gt, moneyString, sub, sum, type Decimal } from "../lib/decimal";
import { ACCOUNT_DOC_TYPES, labelOf, PARTNER_RELS, PAYMENT_TERMS, STATEMENT_CONFIRM_STATUSES } from "../lib/dictionary";
import { DomainError } from "../lib/errors";
import { isId } from "../lib/ids";
import { streamXlsx } from "../lib/excel-export";
import { enterpriseRelations } from "../organization/organization.tables";

import { statementConfirmations } from "./finance.tables";
import { accountSummaries, companyToday, openEntriesSql } from "./partner-account.service";
import { requireFinance } from "./partner-payment.service";
import { STATEMENT_CONFIRMED, STATEMENT_DISPUTED, STATEMENT_UNCONFIRMED } from "./statement.status";
import { rows as rowsOf } from "../lib/rows";

/**
 * The statement of account (对账单, /accounting/reconciliation) of one partner over a period:
 * opening balance = Σ entries dated before the period; each entry in the period (by date, then
 * posting order) with its increase or decrease and the running balance; closing = opening + Σ
 * period. It balances by construction for any split of time: closing(period A) = opening(B)
 * when B starts the day after A ends. Ageing: the open document entries (not fully settled by
 * receipts/payments, not reversed) by days past their due date (payment terms), as of today;
 * what the balance holds beyond them (advances, returns) is shown as 未核销预收/贷项.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
function isDay(s: string | null | undefined): s is string {
  if (!s || !DAY.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** The first and last day of `today`'s month. */
export function monthOf(today: string): { from: string; to: string } {
  const [y, m] = today.split("-").map(Number) as [number, number];
  return { from: `${today.slice(0, 7)}-01`, to: new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10) };
}

function daysBetween(a: string, b: string) {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** Links of the documents an entry names (the …Back reversal links to its document). */
export function accountDocHref(docType: string, docId: number): string | null {
  const base = docType.replace(/Back$/, "");
  switch (base) {
    case "deliverOrder":
      return `/sale/deliver/${docId}`;
    case "salesReturnOrder":
      return `/sale/returnOrder/${docId}`;
    case "receiveOrder":
      return `/purchase/receive/${docId}`;
    case "purchaseReturnOrder":
      return `/purchase/returnOrder/${docId}`;
    case "receipt":
    case "payment":
      return `/accounting/reconciliation/payments/${docId}`;
    default:
      return null;
  }
}

export const STATEMENT_AGE_BUCKETS = [
  { key: "notDue", label: "未到期" },
  { key: "d30", label: "1-30天" },
  { key: "d60", label: "31-60天" },
  { key: "d90", label: "61-90天" },
  { key: "over90", label: "90天以上" },
] as const;
export type AgeKey = (typeof STATEMENT_AGE_BUCKETS)[number]["key"];

function bucketOf(daysOverdue: number): AgeKey {
  if (daysOverdue <= 0) return "notDue";
  if (daysOverdue <= 30) return "d30";
  if (daysOverdue <= 60) return "d60";
  if (daysOverdue <= 90) return "d90";
  return "over90";
}

export interface StatementLine {
  id: number;
  entryDate: string;
  docType: string;
  typeLabel: string;
  docId: number;
  docNo: string;
  href: string | null;
  dueDate: string | null;
  increase: string | null;
  decrease: string | null;
  balance: string;
  remark: string | null;
}

export interface StatementConfirmationView {
  id: number;
  periodFrom: string;
  periodTo: string;
  openingBalance: string;
  closingBalance: string;
  status: number;
  statusName: string;
  comment: string | null;
  createdByName: string | null;
  creationTime: string;
  decidedByName: string | null;
  decidedAt: string | null;
}

export interface Statement {
  partner: { id: number; name: string; rel: number; relName: string; paymentTerm: number | null; paymentTermName: string; creditLimit: string | null };
  from: string;
  to: string;
  today: string;
  opening: string;
  lines: StatementLine[];
  totalIncrease: string;
  totalDecrease: string;
  closing: string;
  /** The account's balance now (all entries). */
  currentBalance: string;
  ageing: {
    buckets: { key: AgeKey; label: string; amount: string }[];
    open: string;
    other: string;
    documents: {
      entryId: number;
      docNo: string;
      typeLabel: string;
      entryDate: string;
      dueDate: string | null;
      outstanding: string;
      daysOverdue: number;
      bucket: AgeKey;
    }[];
  };
  confirmations: StatementConfirmationView[];
}

export interface StatementQuery {
  partnerId: number;
  from?: string | null;
  to?: string | null;
}

/** The period asked for, or this month in the company's time zone; refuses bad dates. */
export async function statementPeriod(ctx: Ctx, q: { from?: string | null; to?: string | null }, ex: Executor = db()) {
  const today = await companyToday(ex, ctx);
  const month = monthOf(today);
  const from = q.from ? q.from : month.from;
  const to = q.to ? q.to : month.to;
  if (!isDay(from)) throw new DomainError("bad_request", "开始日期不正确", { from: ["开始日期不正确"] });
  if (!isDay(to)) throw new DomainError("bad_request", "结束日期不正确", { to: ["结束日期不正确"] });
  if (from > to) throw new DomainError("bad_request", "开始日期不能晚于结束日期", { from: ["开始日期不能晚于结束日期"] });
  return { from, to, today };
}

async function partnerOf(ex: Executor, ctx: Ctx, partnerId: number) {
  if (!isId(partnerId)) throw new DomainError("not_found", "往来单位不存在");
  const [p] = await ex
    .select({
      id: enterpriseRelations.id,
      name: enterpriseRelations.name,
      rel: enterpriseRelations.rel,
      paymentTerm: enterpriseRelations.paymentTerm,
      creditLimit: enterpriseRelations.creditLimit,
    })
    .from(enterpriseRelations)
    .where(and(eq(enterpriseRelations.id, partnerId), eq(enterpriseRelations.companyId, ctx.companyId)));
  if (!p) throw new DomainError("not_found", "往来单位不存在");
  return p;
}

/** The statement of account of one partner and period (see the module comment). */
export async function partnerStatement(ctx: Ctx, q: StatementQuery, ex: Executor = db()): Promise<Statement> {
  requireFinance(ctx);
  const p = await partnerOf(ex, ctx, q.partnerId);
  const { from, to, today } = await statementPeriod(ctx, q, ex);
  const [open] = rowsOf(
    await ex.execute(sql`select coalesce(sum(amount), 0)::text as s from partner_account_entries
      where company_id = ${ctx.companyId} and partner_id = ${p.id} and entry_date < ${from}::date`),
  );
  const opening = dec(String(open!.s));
  const entries = rowsOf(
    await ex.execute(sql`select id, doc_type, doc_id, doc_no, entry_date::text as entry_date, due_date::text as due_date, amount::text as amount, remark
      from partner_account_entries
      where company_id = ${ctx.companyId} and partner_id = ${p.id} and entry_date >= ${from}::date and entry_date <= ${to}::date
      order by entry_date, id`),
  );
  let running: Decimal = opening;
  const inc: Decimal[] = [];
  const decs: Decimal[] = [];
  const lines: StatementLine[] = entries.map((r) => {
    const amount = dec(String(r.amount));
    running = add(running, amount);
    const up = gt(amount, 0) ? amount : null;
    const down = amount.isNegative() && !amount.isZero() ? amount.neg() : null;
    if (up) inc.push(up);
    if (down) decs.push(down);
    const docType = String(r.doc_type);
    return {
      id: Number(r.id),
      entryDate: String(r.entry_date),
      docType,
      typeLabel: labelOf(ACCOUNT_DOC_TYPES, docType as "receipt") || docType,
      docId: Number(r.doc_id),
      docNo: String(r.doc_no),
      href: accountDocHref(docType, Number(r.doc_id)),
      dueDate: r.due_date === null || r.due_date === undefined ? null : String(r.due_date),
      increase: up ? moneyString(up) : null,
      decrease: down ? moneyString(down) : null,
      balance: moneyString(running),
      remark: (r.remark as string | null) ?? null,
    };
  });
  const summaries = await accountSummaries(ex, ctx, [p.id]);
  const currentBalance = summaries.get(p.id)?.balance ?? "0.00";

  const openRows = rowsOf(await ex.execute(openEntriesSql(ctx.companyId, p.id)));
  const amounts: Record<AgeKey, Decimal[]> = { notDue: [], d30: [], d60: [], d90: [], over90: [] };
  const documents = openRows.map((r) => {
    const outstanding = sub(String(r.amount), String(r.settled_amount));
    const due = r.due_date === null || r.due_date === undefined ? String(r.entry_date) : String(r.due_date);
    const daysOverdue = daysBetween(due, today);
    const bucket = bucketOf(daysOverdue);
    amounts[bucket].push(outstanding);
    return {
      entryId: Number(r.id),
      docNo: String(r.doc_no),
      typeLabel: labelOf(ACCOUNT_DOC_TYPES, String(r.doc_type) as "receipt") || String(r.doc_type),
      entryDate: String(r.entry_date),
      dueDate: r.due_date === null || r.due_date === undefined ? null : String(r.due_date),
      outstanding: moneyString(outstanding),
      daysOverdue: Math.max(0, daysOverdue),
      bucket,
    };
  });
  const openTotal = sum(documents.map((d) => d.outstanding));
  return {
    partner: {
      id: p.id,
      name: p.name,
      rel: p.rel,
      relName: labelOf(PARTNER_RELS, p.rel as 1) || (p.rel === 1 ? "客户" : "供应商"),
      paymentTerm: p.paymentTerm,
      paymentTermName: p.paymentTerm === null ? "—" : labelOf(PAYMENT_TERMS, p.paymentTerm as 100) || `${p.paymentTerm}天`,
      creditLimit: p.creditLimit === null ? null : moneyString(p.creditLimit),
    },
    from,
    to,
    today,
    opening: moneyString(opening),
    lines,
    totalIncrease: moneyString(sum(inc)),
    totalDecrease: moneyString(sum(decs)),
    closing: moneyString(running),
    currentBalance,
    ageing: {
      buckets: STATEMENT_AGE_BUCKETS.map((b) => ({ key: b.key, label: b.label, amount: moneyString(sum(amounts[b.key])) })),
      open: moneyString(openTotal),
      other: moneyString(sub(currentBalance, openTotal)),
      documents,
    },
    confirmations: await confirmationsOf(ex, ctx, p.id),
  };
}

async function confirmationsOf(ex: Executor, ctx: Ctx, partnerId: number): Promise<StatementConfirmationView[]> {
  const rows = rowsOf(
    await ex.execute(sql`select c.id, c.period_from::text as period_from, c.period_to::text as period_to, c.opening_balance::text as opening_balance,
        c.closing_balance::text as closing_balance, c.status, c.comment, c.creation_time, c.decided_at, cu.name as created_by_name, du.name as decided_by_name
      from statement_confirmations c
      left join users cu on cu.id = c.created_by
      left join users du on du.id = c.decided_by
      where c.company_id = ${ctx.companyId} and c.partner_id = ${partnerId}
      order by c.id desc limit 20`),
  );
  const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());
  return rows.map((r) => ({
    id: Number(r.id),
    periodFrom: String(r.period_from),
    periodTo: String(r.period_to),
    openingBalance: moneyString(String(r.opening_balance)),
    closingBalance: moneyString(String(r.closing_balance)),
    status: Number(r.status),
    statusName: labelOf(STATEMENT_CONFIRM_STATUSES, Number(r.status) as 0),
    comment: (r.comment as string | null) ?? null,
    createdByName: (r.created_by_name as string | null) ?? null,
    creationTime: iso(r.creation_time)!,
    decidedByName: (r.decided_by_name as string | null) ?? null,
    decidedAt: iso(r.decided_at),
  }));
}

/** 发送对账: records the period's statement as sent (0 未确认) with its opening and closing balances. */
export async function sendStatement(ctx: Ctx, q: StatementQuery) {
  requireFinance(ctx);
  const s = await partnerStatement(ctx, q);
  const [row] = await db()
    .insert(statementConfirmations)
    .values({
      companyId: ctx.companyId,
      partnerId: s.partner.id,
      periodFrom: s.from,
      periodTo: s.to,
      openingBalance: s.opening,
      closingBalance: s.closing,
      status: STATEMENT_UNCONFIRMED,
      createdBy: ctx.userId,
      creationTime: ctx.now ?? new Date(),
    })
    .returning({ id: statementConfirmations.id });
  return { id: row!.id, closing: s.closing };
}

/** 已确认 (1) / 有异议 (2, a comment required): the partner's answer, recorded by staff; only a sent (0) statement is decided. */
export async function decideStatement(ctx: Ctx, id: number, input: { status: unknown; comment?: unknown }) {
  requireFinance(ctx);
  const status = Number(input.status);
  if (status !== STATEMENT_CONFIRMED && status !== STATEMENT_DISPUTED) throw new DomainError("bad_request", "请选择确认结果");
  const comment = typeof input.comment === "string" ? input.comment.trim() : "";
  if (comment.length > 500) throw new DomainError("bad_request", "说明不能超过 500 个字", { comment: ["说明不能超过 500 个字"] });
  if (status === STATEMENT_DISPUTED && !comment) throw new DomainError("bad_request", "有异议时请填写异议说明", { comment: ["有异议时请填写异议说明"] });
  return inTransaction(async (tx) => {
    if (!isId(id)) throw new DomainError("not_found", "对账记录不存在");
    const [row] = await tx
      .select()
      .from(statementConfirmations)
      .where(and(eq(statementConfirmations.id, id), eq(statementConfirmations.companyId, ctx.companyId)))
      .for("update");
    if (!row) throw new DomainError("not_found", "对账记录不存在");
    if (row.status !== STATEMENT_UNCONFIRMED)
      throw new DomainError("conflict", `该对账单已${labelOf(STATEMENT_CONFIRM_STATUSES, row.status as 1)}，不能再次处理`);
    await tx
      .update(statementConfirmations)
      .set({ status, comment: comment || null, decidedBy: ctx.userId, decidedAt: ctx.now ?? new Date() })
      .where(eq(statementConfirmations.id, id));
    return { id, status, partnerId: row.partnerId };
  });
}

/** Customers and suppliers to choose on the statement page (enabled and not, with rel). */
export async function statementPartnerChoices(ctx: Ctx, ex: Executor = db()) {
  requireFinance(ctx);
  const rows = await ex
    .select({ id: enterpriseRelations.id, name: enterpriseRelations.name, rel: enterpriseRelations.rel })
    .from(enterpriseRelations)
    .where(eq(enterpriseRelations.companyId, ctx.companyId))
    .orderBy(desc(enterpriseRelations.rel), enterpriseRelations.nameSort, enterpriseRelations.id)
    .limit(2000);
  return rows;
}

/** The statement as an .xlsx (the page's 导出). */
export async function exportStatement(ctx: Ctx, q: StatementQuery, timeZone?: string) {
  const s = await partnerStatement(ctx, q);
  const columns = [
    { displayName: "日期", fieldName: "entryDate" },
    { displayName: "业务类型", fieldName: "typeLabel" },
    { displayName: "单号", fieldName: "docNo", width: 5200 },
    { displayName: "到期日", fieldName: "dueDate" },
    { displayName: "增加", fieldName: "increase", format: "decimal" as const },
    { displayName: "减少", fieldName: "decrease", format: "decimal" as const },
    { displayName: "余额", fieldName: "balance", format: "decimal" as const },
    { displayName: "备注", fieldName: "remark", width: 6000 },
  ];
  async function* rows(): AsyncGenerator<Record<string, unknown>> {
    yield { entryDate: s.from, typeLabel: "期初余额", balance: s.opening };
    for (const l of s.lines) yield { ...l };
    yield { entryDate: s.to, typeLabel: "本期合计", increase: s.totalIncrease, decrease: s.totalDecrease, balance: s.closing };
    yield { entryDate: s.to, typeLabel: "期末余额", balance: s.closing };
  }
  const name = `对账单-${s.partner.name}-${s.from}至${s.to}`;
  return { fileName: name, stream: streamXlsx({ sheetName: "对账单", columns, rows: rows(), timeZone }) };
}
