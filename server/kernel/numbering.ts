import { and, eq, sql } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { db, type Executor } from "../db/client";
import { DomainError } from "../lib/errors";
import { getCompanyTimeZone } from "../setting/setting.service";
import { BusinessCodeRuleInputSchema } from "./numbering.input";
import { businessCodeRules, numberSequences } from "./numbering.tables";

/**
 * Document numbers (/system/businessCode): `<prefix><date part><sequence>`, unique per company
 * and document type. A number is taken inside the document's own transaction
 * (`UPDATE … RETURNING` on the period's sequence row), so a failed transaction takes none and
 * two transactions never get the same one.
 */
export interface BusinessCodeRule {
  docType: string;
  label: string;
  prefix: string;
  datePart: "yyyyMMdd" | "yyyyMM" | "yyyy" | "";
  seqLength: number;
  reset: "day" | "month" | "year" | "never";
}

/** Every numbered document type with its built-in rule. */
export const DEFAULT_RULES: readonly BusinessCodeRule[] = [
  { docType: "purchaseOrder", label: "采购订单", prefix: "CG", datePart: "yyyyMMdd", seqLength: 4, reset: "day" },
  { docType: "purchaseReturnOrder", label: "采购退货单", prefix: "CT", datePart: "yyyyMMdd", seqLength: 4, reset: "day" },
  { docType: "receiveOrder", label: "收货单", prefix: "SH", datePart: "yyyyMMdd", seqLength: 4, reset: "day" },
  { docType: "putawayOrder", label: "上架单", prefix: "SJ", datePart: "yyyyMMdd", seqLength: 4, reset: "day" },
  { docType: "purchasePlan", label: "采购计划", prefix: "JH", datePart: "yyyyMMdd", seqLength: 4, reset: "day" },
  { docType: "moveOrder", label: "调拨单", prefix: "DB", datePart: "yyyyMMdd", seqLength: 4, reset: "day" },
  { docType: "inventoryOrder", label: "盘点单", prefix: "PD", datePart: "yyyyMMdd", seqLength: 4, reset: "day" },
  { docType: "opening", label: "期初库存", prefix: "QC", datePart: "yyyyMMdd", seqLength: 4, reset: "day" },
  { docType: "salesOrder", label: "销售订单", prefix: "XS", datePart: "yyyyMMdd", seqLength: 4, reset: "day" },
  { docType: "salesReturnOrder", label: "销售退货单", prefix: "XT", datePart: "yyyyMMdd", seqLength: 4, reset: "day" },
  { docType: "pickingOrder", label: "拣货单", prefix: "JX", datePart: "yyyyMMdd", seqLength: 4, reset: "day" },
  { docType: "deliverOrder", label: "发货单", prefix: "FH", datePart: "yyyyMMdd", seqLength: 4, reset: "day" },
  { docType: "receipt", label: "收款单", prefix: "SK", datePart: "yyyyMMdd", seqLength: 4, reset: "day" },
  { docType: "payment", label: "付款单", prefix: "FK", datePart: "yyyyMMdd", seqLength: 4, reset: "day" },
];

export function defaultRuleOf(docType: string): BusinessCodeRule {
  const rule = DEFAULT_RULES.find((r) => r.docType === docType);
  if (!rule) throw new Error(`no numbering rule for ${docType}`);
  return rule;
}

/** The rules of a company: its own where it set one, the built-in one otherwise. */
export async function businessCodeRulesOf(ex: Executor, ctx: Pick<Ctx, "companyId">): Promise<BusinessCodeRule[]> {
  const own = await ex.select().from(businessCodeRules).where(eq(businessCodeRules.companyId, ctx.companyId));
  return DEFAULT_RULES.map((d) => {
    const o = own.find((r) => r.docType === d.docType);
    return o
      ? { ...d, prefix: o.prefix, datePart: o.datePart as BusinessCodeRule["datePart"], seqLength: o.seqLength, reset: o.reset as BusinessCodeRule["reset"] }
      : d;
  });
}

function dateParts(now: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(now).map((p) => [p.type, p.value]),
  );
  return { y: parts.year!, m: parts.month!, d: parts.day! };
}

/** Formats a number from its rule, date and sequence value (also the page's preview). */
export function formatNumber(rule: Pick<BusinessCodeRule, "prefix" | "datePart" | "seqLength">, date: { y: string; m: string; d: string }, value: number) {
  const datePart =
    rule.datePart === "yyyyMMdd" ? `${date.y}${date.m}${date.d}` : rule.datePart === "yyyyMM" ? `${date.y}${date.m}` : rule.datePart === "yyyy" ? date.y : "";
  return `${rule.prefix}${datePart}${String(value).padStart(rule.seqLength, "0")}`;
}

function periodOf(rule: BusinessCodeRule, date: { y: string; m: string; d: string }) {
  return rule.reset === "day" ? `${date.y}${date.m}${date.d}` : rule.reset === "month" ? `${date.y}${date.m}` : rule.reset === "year" ? date.y : "";
}

/** Guard for numbers that keep colliding with numbers already issued (each try consumes a value). */
export const MAX_NUMBER_TRIES = 1000;

export interface NextDocumentNoOptions {
  /**
   * Whether a number is already used by a document of this type (in this company). This service
   * cannot see the document tables; when a rule changes (reset switched to never, a shorter
   * date part, a prefix back to an earlier one) the new counter may produce a number issued
   * before, so callers pass this check — `noTakenIn(tx, ctx, table)` builds it from a document
   * table — and the next value is taken until one is free. Without it the document's own
   * unique (company_id, no) index still refuses a duplicate, as a failed transaction.
   */
  exists?: (no: string) => Promise<boolean>;
}

/**
 * Takes the next number of a document type, in the caller's transaction. The sequence row is
 * locked by the UPDATE until that transaction ends, so concurrent documents queue for numbers
 * and a rolled-back document gives its number back.
 */
export async function nextDocumentNo(tx: Executor, ctx: Pick<Ctx, "companyId" | "now">, docType: string, opts: NextDocumentNoOptions = {}): Promise<string> {
  const [own] = await tx
    .select()
    .from(businessCodeRules)
    .where(and(eq(businessCodeRules.companyId, ctx.companyId), eq(businessCodeRules.docType, docType)));
  const rule = own ? ruleFromRow(defaultRuleOf(docType), own) : defaultRuleOf(docType);
  // Read through the caller's transaction: PGlite has one connection, so a second one would wait forever.
  const date = dateParts(ctx.now ?? new Date(), await getCompanyTimeZone(ctx, tx));
  const period = periodOf(rule, date);
  for (let tries = 0; tries < MAX_NUMBER_TRIES; tries++) {
    const [row] = await tx
      .insert(numberSequences)
      .values({ companyId: ctx.companyId, docType, period, nextValue: 2 })
      .onConflictDoUpdate({
        target: [numberSequences.companyId, numberSequences.docType, numberSequences.period],
        set: { nextValue: sql`${numberSequences.nextValue} + 1` },
      })
      .returning({ next: numberSequences.nextValue });
    const value = row!.next - 1;
    if (String(value).length > Math.max(rule.seqLength, 9)) throw new DomainError("conflict", `${rule.label}编号已用完，请在编码规则中加长流水号`);
    const no = formatNumber(rule, date, value);
    if (!opts.exists || !(await opts.exists(no))) return no;
  }
  throw new DomainError("conflict", `${rule.label}编号与已有单据重复，请在编码规则中修改前缀或日期部分`);
}

/** `exists` for nextDocumentNo: whether a row of `table` in the caller's company already has the number. */
export function noTakenIn(tx: Executor, ctx: Pick<Ctx, "companyId">, table: PgTable & { companyId: AnyPgColumn; no: AnyPgColumn }) {
  return async (no: string) => {
    const rows = await tx
      .select({ one: sql<number>`1` })
      .from(table as PgTable)
      .where(and(eq(table.companyId, ctx.companyId), eq(table.no, no)))
      .limit(1);
    return rows.length > 0;
  };
}

function ruleFromRow(base: BusinessCodeRule, own: typeof businessCodeRules.$inferSelect): BusinessCodeRule {
  return {
    ...base,
    prefix: own.prefix,
    datePart: own.datePart as BusinessCodeRule["datePart"],
    seqLength: own.seqLength,
    reset: own.reset as BusinessCodeRule["reset"],
  };
}

/** A rule of the page: the company's own or the default, whether it is its own, and the number the next document would get. */
export interface BusinessCodeRuleView extends BusinessCodeRule {
  custom: boolean;
  preview: string;
}

/** /system/businessCode: every document type with its rule and a preview of the next number (nothing is taken). */
export async function listBusinessCodeRules(ctx: Pick<Ctx, "companyId" | "now">, ex: Executor = db()): Promise<BusinessCodeRuleView[]> {
  const own = await ex.select().from(businessCodeRules).where(eq(businessCodeRules.companyId, ctx.companyId));
  const seqs = await ex.select().from(numberSequences).where(eq(numberSequences.companyId, ctx.companyId));
  const date = dateParts(ctx.now ?? new Date(), await getCompanyTimeZone(ctx, ex));
  return DEFAULT_RULES.map((d) => {
    const o = own.find((r) => r.docType === d.docType);
    const rule = o ? ruleFromRow(d, o) : d;
    const period = periodOf(rule, date);
    const next = seqs.find((s) => s.docType === d.docType && s.period === period)?.nextValue ?? 1;
    return { ...rule, custom: Boolean(o), preview: formatNumber(rule, date, next) };
  });
}

/** Who may change the rules: holders of 业务编码 or of 编码规则 (系统设置 › 编码规则, the same page). */
export function canEditBusinessCodes(ctx: Pick<Ctx, "permissions">) {
  return ctx.permissions.has(BUSINESS_CODE_MENU) || ctx.permissions.has(CODE_SETTING_MENU);
}

function requireRuleWriter(ctx: Pick<Ctx, "permissions">) {
  if (!canEditBusinessCodes(ctx)) throw new DomainError("forbidden", "没有权限修改编码规则");
}

/** The menu entry of /system/businessCode (业务编码): managers hold it and manage their own company's rules. */
export const BUSINESS_CODE_MENU = "XTGL-013";
/** 系统设置 › 编码规则 (/system/setting/code): the same rules under the settings menu. */
export const CODE_SETTING_MENU = "XTGL-007";

/** Saves a company's own rule for one document type (validated; takes effect for the next number). */
export async function saveBusinessCodeRule(ctx: Pick<Ctx, "companyId" | "permissions">, input: unknown) {
  requireRuleWriter(ctx);
  const parsed = BusinessCodeRuleInputSchema.safeParse(input);
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const i of parsed.error.issues) (fields[String(i.path[0] ?? "")] ??= []).push(i.message);
    throw new DomainError("bad_request", parsed.error.issues[0]?.message ?? "编码规则不正确", fields);
  }
  const v = parsed.data;
  if (!DEFAULT_RULES.some((r) => r.docType === v.docType)) throw new DomainError("bad_request", "单据类型不存在", { docType: ["单据类型不存在"] });
  const values = { prefix: v.prefix, datePart: v.datePart, seqLength: v.seqLength, reset: v.reset };
  await db()
    .insert(businessCodeRules)
    .values({ companyId: ctx.companyId, docType: v.docType, ...values })
    .onConflictDoUpdate({ target: [businessCodeRules.companyId, businessCodeRules.docType], set: values });
  return { ...defaultRuleOf(v.docType), ...values };
}

/** Back to the built-in rule: the company's own row is removed. */
export async function restoreDefaultBusinessCodeRule(ctx: Pick<Ctx, "companyId" | "permissions">, docType: string) {
  requireRuleWriter(ctx);
  if (!DEFAULT_RULES.some((r) => r.docType === docType)) throw new DomainError("bad_request", "单据类型不存在");
  await db()
    .delete(businessCodeRules)
    .where(and(eq(businessCodeRules.companyId, ctx.companyId), eq(businessCodeRules.docType, docType)));
  return defaultRuleOf(docType);
}
