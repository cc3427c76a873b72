import { json, redirect } from "@remix-run/node";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type * as z from "zod";
import type { Ctx } from "../lib/context";
import { requirePage } from "../auth/guard";
import { db } from "../db/client";
import { formErrorOf } from "../lib/form-reply";
import { parseId } from "../lib/ids";
import { lineErrorsOf, lineIntentOf, readLines, type RawLine } from "../lib/line-form";
import { enterpriseRelations } from "../organization/organization.tables";
import { pinyinOf } from "../product/pinyin";
import { warehouses } from "../stock/stock.tables";
import {
  documentOr404,
  flashRedirect,
  formIndexedIssues,
  isUntouchedLine,
  lineInputsOf,
  linesAfterIntent,
  notFound,
  savedFormLines,
  toFormLine,
  type DocumentFormState,
} from "./document-form.page";
import { pickedProductsByIds, resolveLines, type PickOptions } from "./line-pick.service";

/**
 * The order pages of both trade sides (/sale/orderCreate, /sale/order/<id>, /purchase/orderCreate,
 * /purchase/order/<id>): the partner typed by name or pinyin, the lines in the shared line
 * editor, save / submit, the draft's round trips and the commands of a submitted order. What a
 * side adds (the customer's credit, the order's history; the receiving notes, 提交并收货入库)
 * stays in its own page module, which describes itself with an `OrderPageSide`.
 */

/** The partner an order is with: enterprise_relations.rel 1 a customer, 0 a supplier. */
export interface PartnerKind {
  rel: 0 | 1;
  /** 客户 / 供应商, in the messages. */
  word: string;
}

export interface PartnerOption {
  id: number;
  name: string;
  initial: string;
  paymentTerm: number | null;
}

export interface PartnerContactOption extends PartnerOption {
  contactName: string | null;
  contactPhone: string | null;
  address: string | null;
}

export interface WarehouseOption {
  id: number;
  name: string;
  isDefault: boolean;
}

/** The company's enabled partners of a kind, by name, with their pinyin initials, payment terms and contact. */
export async function partnerContactOptions(ctx: Ctx, kind: PartnerKind): Promise<PartnerContactOption[]> {
  const rows = await db()
    .select({
      id: enterpriseRelations.id,
      name: enterpriseRelations.name,
      paymentTerm: enterpriseRelations.paymentTerm,
      contactName: enterpriseRelations.contactName,
      contactPhone: enterpriseRelations.contactPhone,
      address: enterpriseRelations.address,
    })
    .from(enterpriseRelations)
    .where(and(eq(enterpriseRelations.companyId, ctx.companyId), eq(enterpriseRelations.rel, kind.rel), eq(enterpriseRelations.isEnabled, true)))
    .orderBy(asc(enterpriseRelations.nameSort), asc(enterpriseRelations.id))
    .limit(2000);
  return rows.map((r) => ({ ...r, initial: pinyinOf(r.name).initial.toUpperCase() }));
}

/** The same without the contact (a supplier's is not on the order). */
export async function partnerOptions(ctx: Ctx, kind: PartnerKind): Promise<PartnerOption[]> {
  return (await partnerContactOptions(ctx, kind)).map(({ id, name, initial, paymentTerm }) => ({ id, name, initial, paymentTerm }));
}

/** The company's enabled warehouses, the default first. */
export async function warehouseOptions(ctx: Ctx): Promise<WarehouseOption[]> {
  return db()
    .select({ id: warehouses.id, name: warehouses.name, isDefault: warehouses.isDefault })
    .from(warehouses)
    .where(and(eq(warehouses.companyId, ctx.companyId), eq(warehouses.isEnabled, true)))
    .orderBy(desc(warehouses.isDefault), asc(warehouses.nameSort), asc(warehouses.id));
}

/** The partner a clerk typed: its exact name, else its pinyin initials or a part of its name when that names one partner. */
export function resolvePartner(
  partners: readonly Pick<PartnerOption, "id" | "name" | "initial">[],
  text: string,
  word: string,
): { id: number } | { error: string } {
  const typed = text.trim();
  if (!typed) return { error: `请选择${word}` };
  const lower = typed.toLowerCase();
  const exact = partners.filter((s) => s.name.toLowerCase() === lower);
  if (exact.length === 1) return { id: exact[0]!.id };
  const byInitial = partners.filter((s) => s.initial === typed.toUpperCase());
  if (byInitial.length === 1) return { id: byInitial[0]!.id };
  const partial = partners.filter((s) => s.name.toLowerCase().includes(lower) || s.initial.startsWith(typed.toUpperCase()));
  if (partial.length === 1) return { id: partial[0]!.id };
  if (partial.length > 1 || byInitial.length > 1) return { error: `“${typed}”对应多个${word}，请输入完整名称` };
  return { error: `未找到${word}“${typed}”` };
}

/** The page data both sides' order pages have around the form. */
export interface OrderPageBase extends DocumentFormState {
  warehouses: WarehouseOption[];
  /** The buttons the order's status offers (besides save/submit for a draft). */
  actions: string[];
  canEdit: boolean;
}

/** What the shared order pages read of a side's order view. */
export interface OrderViewBase {
  id: number;
  no: string;
  status: number;
  partnerId: number;
  partnerName: string;
  warehouseId: number;
  lines: { productId: number; mainOE: string; productName: string }[];
}

/**
 * One side's order pages: its words, addresses, services and the fields its form has. `P` the
 * partner option it resolves names against, `D` its page data, `R` why a submit was refused.
 */
export interface OrderPageSide<V extends OrderViewBase, P extends PartnerOption, D, I, R extends string = string> {
  /** 销售订单 / 采购订单. */
  label: string;
  partner: PartnerKind;
  listUrl: string;
  createUrl: string;
  docUrl: (id: number) => string;
  draft: number;
  statusLabel: (status: number) => string;
  /** The picker's point of view: the side's earlier prices (the sale side's also means the salesperson's stock). */
  pick: Pick<PickOptions, "prices">;
  get: (ctx: Ctx, id: number) => Promise<V>;
  partners: (ctx: Ctx) => Promise<P[]>;
  /** The header's form fields, partnerText first; all but partnerText go to the input as typed. */
  headerFields: readonly string[];
  /** A line's fields in the input. */
  lineFields: readonly string[];
  /** A new line (its fields are defaults: a line with only those is blank). */
  blankLine: RawLine;
  /** The header of a saved order, and of a new one (besides partnerText, partnerId, warehouseId). */
  valuesOf: (order: V | null, ctx: Ctx) => Record<string, string>;
  lineValues: (line: V["lines"][number]) => RawLine;
  /** Whether a saved order's lines get the picker's facts. */
  pickFacts: (order: V) => boolean;
  schema: z.ZodType<I>;
  /** The page's data around the form's state (`refusal`: why the last submit was refused). */
  pageData: (ctx: Ctx, order: V | null, state: DocumentFormState | null, refusal: R | null) => Promise<D>;
  /** A round trip of the form with the (new) partner resolved: fill what the partner brings. */
  onRoundTrip?: (values: Record<string, string>, partner: P | undefined) => void;
  /** Read what the form has besides its header fields (a checkbox). */
  readForm?: (form: FormData, values: Record<string, string>) => void;
  /** Create or update the order (submitting it when `submit`). */
  write: (ctx: Ctx, existing: V | null, data: I, opts: { submit: boolean; values: Record<string, string> }) => Promise<{ id: number; no: string }>;
  /** What an intent does after the write besides submit and save (its flash message), or null. */
  afterWrite?: (ctx: Ctx, saved: { id: number; no: string }, intent: string, form: FormData, values: Record<string, string>) => Promise<string | null>;
  /** Why a refused submit was refused (the page offers the way on). */
  refusalOf?: (message: string, values: Record<string, string>) => R | null;
  /** Intents saving the draft's form besides save, submit and the line round trips. */
  formIntents?: readonly string[];
  /** A command of the order's page (not a form save): where to go and what to say, or null when `intent` is none. */
  command: (ctx: Ctx, order: V, intent: string, request: Request) => Promise<{ to?: string; message: string } | null>;
}

// The side's types are fixed per side; the shared functions take any.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnySide = OrderPageSide<any, any, any, any, any>;

/** The order of `idText`, or the page's 404 (${label}不存在). */
export function orderOr404<V>(side: { label: string; get: (ctx: Ctx, id: number) => Promise<V> }, ctx: Ctx, idText: string | undefined): Promise<V> {
  return documentOr404(ctx, idText, side.get, `${side.label}不存在`);
}

/** The form of a saved order, or a new one's (the default warehouse, `blankLine`). */
export async function orderFormState<V extends OrderViewBase>(
  side: AnySide,
  ctx: Ctx,
  order: V | null,
  whs: readonly WarehouseOption[],
): Promise<DocumentFormState> {
  if (!order) {
    const def = whs.find((w) => w.isDefault) ?? whs[0];
    return {
      values: { partnerText: "", warehouseId: def ? String(def.id) : "", ...side.valuesOf(null, ctx) },
      lines: [{ values: { ...side.blankLine } }],
      errors: {},
      message: null,
    };
  }
  const facts = side.pickFacts(order)
    ? await pickedProductsByIds(ctx, [...new Set(order.lines.map((l) => l.productId))], {
        partnerId: order.partnerId,
        warehouseId: order.warehouseId,
        ...side.pick,
      })
    : [];
  return {
    values: { partnerText: order.partnerName, partnerId: String(order.partnerId), warehouseId: String(order.warehouseId), ...side.valuesOf(order, ctx) },
    lines: savedFormLines(order.lines, facts, side.lineValues),
    errors: {},
    message: null,
  };
}

/**
 * Reads the header and lines of the posted form; answers add/remove-line and refused saves with
 * the same form (what was typed, the errors next to their fields), else saves and redirects to
 * the order with a flash. intent: save | submit | addLine | removeLine:<i> | the side's own.
 */
export async function saveOrderFromForm<V extends OrderViewBase>(side: AnySide, ctx: Ctx, form: FormData, intent: string, existing: V | null) {
  const values: Record<string, string> = {};
  for (const k of side.headerFields) values[k] = String(form.get(k) ?? "");
  side.readForm?.(form, values);
  const partners: PartnerOption[] = await side.partners(ctx);
  const partner = resolvePartner(partners, values.partnerText ?? "", side.partner.word);
  const partnerId = "id" in partner ? partner.id : null;
  values.partnerId = partnerId === null ? "" : String(partnerId);
  if (partnerId !== null) values.partnerText = partners.find((c) => c.id === partnerId)!.name;
  const warehouseId = parseId(values.warehouseId ?? "");
  const resolved = await resolveLines(ctx, readLines(form), { partnerId, warehouseId, ...side.pick });
  const answer = async (state: Omit<DocumentFormState, "values">, status: number, refusal: string | null = null) =>
    json(await side.pageData(ctx, existing, { values, ...state }, refusal), { status });

  const lineIntent = lineIntentOf(intent);
  if (lineIntent) {
    side.onRoundTrip?.(
      values,
      partners.find((x) => x.id === partnerId),
    );
    return answer({ lines: linesAfterIntent(resolved, lineIntent, side.blankLine), errors: {}, message: null }, 200);
  }
  const lines = resolved.map(toFormLine);
  const errors: Record<string, string[]> = {};
  if ("error" in partner) errors.partnerText = [partner.error];
  const isUsed = (l: RawLine) => !isUntouchedLine(l, side.blankLine);
  const used = resolved.filter((r) => isUsed(r.values));
  const badLine = resolved.findIndex((r) => r.error && isUsed(r.values));
  if (badLine >= 0) errors[`lines[${badLine}].productText`] = [resolved[badLine]!.error!];
  if (Object.keys(errors).length) {
    const first = errors.partnerText?.[0] ?? `第 ${badLine + 1} 行：${resolved[badLine]!.error}`;
    return answer({ lines, errors, message: first }, 400);
  }
  const header = Object.fromEntries(side.headerFields.filter((k) => k !== "partnerText").map((k) => [k, values[k]]));
  const parsed = side.schema.safeParse({ partnerId, ...header, lines: lineInputsOf(used, side.lineFields) });
  if (!parsed.success) {
    // Per-line messages next to their fields: the used lines' indexes mapped back to the form's.
    const issues = formIndexedIssues(parsed.error.issues, used, resolved);
    const headerErrors: Record<string, string[]> = {};
    for (const i of issues) if (i.path[0] !== "lines") (headerErrors[String(i.path[0] === "partnerId" ? "partnerText" : i.path[0])] ??= []).push(i.message);
    return answer({ lines, errors: { ...headerErrors, ...lineErrorsOf(undefined, issues) }, message: issues[0]?.message ?? "请检查输入" }, 400);
  }
  const submit = intent === "submit";
  let saved: { id: number; no: string } | null = null;
  try {
    saved = await side.write(ctx, existing, parsed.data, { submit, values });
    const said = await side.afterWrite?.(ctx, saved, intent, form, values);
    return await flashRedirect(side.docUrl(saved.id), said ?? (submit ? `${side.label} ${saved.no} 已提交` : `${side.label} ${saved.no} 已保存为草稿`));
  } catch (e) {
    const f = formErrorOf(e);
    if (!f) throw e;
    // Saved, then what followed was refused (an approval request): the order's page says why.
    if (saved) return flashRedirect(side.docUrl(saved.id), f.message, "error");
    const refusal = submit ? (side.refusalOf?.(f.message, values) ?? null) : null;
    const fields = { ...f.fields };
    if (fields.partnerId) fields.partnerText = fields.partnerId;
    return answer({ lines, errors: { ...fields, ...lineErrorsOf(f.fields) }, message: f.message }, f.status, refusal);
  }
}

/** POST /<side>/orderCreate. */
export async function orderCreateAction(side: AnySide, request: Request) {
  const ctx = await requirePage(request, side.createUrl);
  const form = await request.formData();
  return saveOrderFromForm(side, ctx, form, String(form.get("intent") ?? ""), null);
}

/** POST /<side>/order/<id>: a command of the order (the side's), or the draft's form saved. */
export async function orderPageAction(side: AnySide, request: Request, idText: string | undefined) {
  const ctx = await requirePage(request, side.listUrl);
  const order: OrderViewBase = await orderOr404(side, ctx, idText);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  try {
    const done = await side.command(ctx, order, intent, request);
    if (done) return await flashRedirect(done.to ?? side.docUrl(order.id), done.message);
    if (intent === "save" || intent === "submit" || side.formIntents?.includes(intent) || lineIntentOf(intent)) {
      if (order.status !== side.draft)
        return await flashRedirect(side.docUrl(order.id), `${side.label}当前状态为“${side.statusLabel(order.status)}”，不能修改`, "error");
      return await saveOrderFromForm(side, ctx, form, intent, order);
    }
    return await flashRedirect(side.docUrl(order.id), "未知的操作", "error");
  } catch (e) {
    const f = formErrorOf(e);
    if (!f) throw e;
    return flashRedirect(side.docUrl(order.id), f.message, "error");
  }
}

/** An order's lines table, as far as the line → order redirect reads it. */
export type OrderLineTable = PgTable & { id: PgColumn; orderId: PgColumn; companyId: PgColumn };

/** The page of the order a line (of the execute list) belongs to; 404 for a bad or another company's line. */
export async function lineOrderRedirect(side: AnySide, ctx: Ctx, lineIdText: string, lines: OrderLineTable) {
  const lineId = parseId(lineIdText);
  if (lineId === null) notFound(`${side.label}不存在`);
  const [line] = await db()
    .select({ orderId: lines.orderId })
    .from(lines)
    .where(and(eq(lines.id, lineId), eq(lines.companyId, ctx.companyId)));
  if (!line) notFound(`${side.label}不存在`);
  return redirect(side.docUrl(Number(line.orderId)));
}

/** A document table made from orders (picking, delivery and receiving notes, returns), as `documentsOfOrder` reads it. */
export type OrderDocumentTable = PgTable & { id: PgColumn; companyId: PgColumn; no: PgColumn; status: PgColumn; creationTime: PgColumn; createdBy: PgColumn };

export interface OrderDocument {
  id: number;
  no: string;
  status: number;
  creationTime: Date | string;
  createdByName: string | null;
}

/** The documents of `table` made from one order (`orderColumn` names it), oldest first, company-scoped. */
export async function documentsOfOrder(ctx: Ctx, table: OrderDocumentTable, orderColumn: PgColumn, orderId: number): Promise<OrderDocument[]> {
  const rows = await db()
    .select({
      id: table.id,
      no: table.no,
      status: table.status,
      creationTime: table.creationTime,
      createdByName: sql<string | null>`(select u.name from users u where u.id = ${table.createdBy})`,
    })
    .from(table)
    .where(and(eq(table.companyId, ctx.companyId), eq(orderColumn, orderId)))
    .orderBy(asc(table.id));
  return rows as OrderDocument[];
}
