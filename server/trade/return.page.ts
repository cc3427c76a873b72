import { json } from "@remix-run/node";
import type * as z from "zod";
import type { Ctx } from "../lib/context";
import { requirePage } from "../auth/guard";
import { formErrorOf } from "../lib/form-reply";
import { parseId } from "../lib/ids";
import { lineErrorsOf, lineIntentOf, readLines, type RawLine } from "../lib/line-form";
import {
  documentOr404,
  flashRedirect,
  formIndexedIssues,
  isUntouchedLine,
  lineInputsOf,
  linesAfterIntent,
  savedFormLines,
  toFormLine,
  type DocumentFormState,
  type FormLine,
} from "./document-form.page";
import { pickedProductsByIds, resolveLines, type PickOptions, type ResolvedLine } from "./line-pick.service";

/**
 * The return pages of both trade sides (/sale/returnOrderCreate, /sale/returnOrder/<id>,
 * /purchase/returnOrderCreate, /purchase/returnOrder/<id>): header, lines in the shared line
 * editor (a sales return from an order: the order's delivery lines, each given its quantity),
 * save / submit, the draft's round trips and the commands of a submitted return (确认, 作废,
 * 红冲). What a side adds (the sales return's order prefill and approval; the purchase return's
 * batches on hand) stays in its own page module, which describes itself with a `ReturnPageSide`.
 */

/** The 退货原因 a new line starts with: 70 质量问题 (in both sides' reason lists). */
export const DEFAULT_RETURN_REASON = "70";

/** What the shared return pages read of a side's return view. */
export interface ReturnViewBase {
  id: number;
  no: string;
  status: number;
  statusName: string;
  partnerId: number;
  warehouseId: number;
  remark: string | null;
  lines: { productId: number; mainOE: string; productName: string; qty: string; price: string; reasonCode: number | null; remark: string | null }[];
}

/** The page data both sides' return pages have around the form. */
export interface ReturnPageBase<V> extends DocumentFormState {
  warehouses: { value: number; label: string }[];
  doc: V | null;
  canEdit: boolean;
}

export interface ReturnPageSide<V extends ReturnViewBase, D, I> {
  /** 销售退货单 / 采购退货单. */
  label: string;
  listUrl: string;
  createUrl: string;
  docUrl: (id: number) => string;
  draft: number;
  get: (ctx: Ctx, id: number) => Promise<V>;
  /** The order a return comes from, as its form fields are named (salesOrderId, salesOrderNo …), and a saved return's. */
  orderField: string;
  orderOf: (doc: V) => { id: number | null; no: string | null };
  /** A return from an order has the order's lines as its rows (only those given a quantity are returned; no picker, no round trips). */
  linesFromOrder?: boolean;
  /** Header fields of the side's own (blank on a saved return). */
  moreHeaderFields?: readonly string[];
  /** A line's fields in the input besides product, quantity, price, reason and remark. */
  lineFields: readonly string[];
  /** The picker's point of view: the side's earlier prices (the sale side's also means the salesperson's stock). */
  pick: Pick<PickOptions, "prices">;
  /** A saved line's fields of the side's own. */
  lineValues: (line: V["lines"][number]) => RawLine;
  /** Whether a saved return's lines get the picker's facts. */
  pickFacts: (doc: V) => boolean;
  schema: z.ZodType<I>;
  pageData: (ctx: Ctx, doc: V | null, state: DocumentFormState) => Promise<D>;
  /** A round trip of the side's own (a batch taken as a line): the form's next lines and message, or null when `intent` is none. */
  formIntent?: (
    ctx: Ctx,
    intent: string,
    resolved: ResolvedLine[],
    at: { partnerId: number | null; warehouseId: number | null },
  ) => Promise<{ lines: FormLine[]; message: string | null; status: number } | null>;
  /** Whether `intent` is one of `formIntent`'s (it edits a draft). */
  isFormIntent?: (intent: string) => boolean;
  /** Create or update the draft; `submitted` when the write submitted it too. */
  write: (ctx: Ctx, existing: V | null, data: I, submit: boolean) => Promise<{ id: number; no: string; submitted: boolean }>;
  /** 提交 / 确认 / 作废 / 红冲 … of a saved return. */
  run: (ctx: Ctx, id: number, intent: string) => Promise<unknown>;
  remove: (ctx: Ctx, id: number) => Promise<unknown>;
  /** What the flash says after each command (submit among them). */
  done: Record<string, string>;
  /** The message of a saved draft whose submit was refused. */
  notSubmitted: (message: string) => string;
  /** Who may post to a return's page for `intent` (the page's users, or a step's worker). */
  access: (request: Request, intent: string) => Promise<Ctx>;
}

// The side's types are fixed per side; the shared functions take any.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnySide = ReturnPageSide<any, any, any>;

/** The return of `idText`, or the page's 404 (${label}不存在). */
export function returnOr404<V>(side: { label: string; get: (ctx: Ctx, id: number) => Promise<V> }, ctx: Ctx, idText: string | undefined): Promise<V> {
  return documentOr404(ctx, idText, side.get, `${side.label}不存在`);
}

const headerFieldsOf = (side: AnySide) => [
  "partnerId",
  "warehouseId",
  `${side.orderField}Id`,
  `${side.orderField}No`,
  "remark",
  ...(side.moreHeaderFields ?? []),
];

/** A return's header: partner, warehouse, the order it comes from, remark (and the side's own fields, blank). */
export function returnHeaderValues(
  side: AnySide,
  doc: { partnerId: number | null; warehouseId: number | null; remark?: string | null },
  order: { id: number | null; no: string | null },
): Record<string, string> {
  const values: Record<string, string> = {
    partnerId: doc.partnerId === null ? "" : String(doc.partnerId),
    warehouseId: doc.warehouseId === null ? "" : String(doc.warehouseId),
    [`${side.orderField}Id`]: order.id ? String(order.id) : "",
    [`${side.orderField}No`]: order.no ?? "",
    remark: doc.remark ?? "",
  };
  for (const k of side.moreHeaderFields ?? []) values[k] = "";
  return values;
}

/** The form of a saved return (with the picker's facts when `facts`). */
export function returnFormState<V extends ReturnViewBase>(side: AnySide, doc: V, facts: Awaited<ReturnType<typeof pickedProductsByIds>>): DocumentFormState {
  return {
    values: returnHeaderValues(side, doc, side.orderOf(doc)),
    lines: savedFormLines(doc.lines, facts, (l) => ({
      qty: l.qty,
      price: l.price,
      reasonCode: l.reasonCode === null ? "" : String(l.reasonCode),
      remark: l.remark ?? "",
      ...side.lineValues(l),
    })),
    errors: {},
    message: null,
  };
}

/** A saved return's page (the form, read only unless a draft). */
export async function returnDocumentPage<V extends ReturnViewBase>(side: AnySide, ctx: Ctx, doc: V) {
  const facts = side.pickFacts(doc)
    ? await pickedProductsByIds(ctx, [...new Set(doc.lines.map((l) => l.productId))], { partnerId: doc.partnerId, warehouseId: doc.warehouseId, ...side.pick })
    : [];
  return side.pageData(ctx, doc, returnFormState(side, doc, facts));
}

/** A new return's blank form in the default warehouse: one line with the default reason. */
export function blankReturnState(side: AnySide, warehouseId: number | null, more: Record<string, string> = {}): DocumentFormState {
  return {
    values: { ...returnHeaderValues(side, { partnerId: null, warehouseId }, { id: null, no: null }), ...more },
    lines: [{ values: { reasonCode: DEFAULT_RETURN_REASON } }],
    errors: {},
    message: null,
  };
}

const BLANK_LINE: RawLine = { reasonCode: DEFAULT_RETURN_REASON };

/** No quantity (or 0) on a line of the order: it is not returned. */
const noQty = (v: RawLine) => (v.qty ?? "").trim() === "" || /^0*(\.0*)?$/.test((v.qty ?? "").trim());

/** Reads the header and lines of the posted form; answers the round trips and refused saves with the same form, else saves and redirects. */
export async function saveReturnFromForm<V extends ReturnViewBase>(side: AnySide, ctx: Ctx, form: FormData, intent: string, existing: V | null) {
  const values: Record<string, string> = {};
  for (const k of headerFieldsOf(side)) values[k] = String(form.get(k) ?? "");
  const fromOrder = !!side.linesFromOrder && parseId(values[`${side.orderField}Id`] ?? "") !== null;
  const partnerId = parseId(values.partnerId ?? "");
  const warehouseId = parseId(values.warehouseId ?? "");
  const raw = readLines(form);
  // From an order the rows are the order's lines: only those given a quantity are returned.
  const resolved: ResolvedLine[] = fromOrder
    ? raw.map((v) => ({ values: v, product: null, choices: [], error: null }) as unknown as ResolvedLine)
    : await resolveLines(ctx, raw, { partnerId, warehouseId, ...side.pick });
  const answer = async (state: Omit<DocumentFormState, "values">, status: number) => json(await side.pageData(ctx, existing, { values, ...state }), { status });

  const lineIntent = fromOrder ? null : lineIntentOf(intent);
  if (lineIntent) return answer({ lines: linesAfterIntent(resolved, lineIntent, BLANK_LINE), errors: {}, message: null }, 200);
  const own = await side.formIntent?.(ctx, intent, resolved, { partnerId, warehouseId });
  if (own) return answer({ lines: own.lines, errors: {}, message: own.message }, own.status);

  const lines = resolved.map(toFormLine);
  const isBlank = (r: ResolvedLine) => (fromOrder ? noQty(r.values) : isUntouchedLine(r.values, BLANK_LINE));
  const used = resolved.filter((r) => !isBlank(r));
  const badLine = resolved.findIndex((r) => r.error && !isBlank(r));
  if (badLine >= 0) {
    const message = `第 ${badLine + 1} 行：${resolved[badLine]!.error}`;
    return answer({ lines, errors: { [`lines[${badLine}].productText`]: [resolved[badLine]!.error!] }, message }, 400);
  }
  if (fromOrder && used.length === 0 && intent === "submit") return answer({ lines, errors: {}, message: "请填写退货数量" }, 400);
  const parsed = side.schema.safeParse({
    partnerId: values.partnerId,
    warehouseId: values.warehouseId,
    [`${side.orderField}Id`]: values[`${side.orderField}Id`],
    remark: values.remark,
    lines: lineInputsOf(used, ["productId", "qty", "price", "reasonCode", "remark", ...side.lineFields]),
  });
  if (!parsed.success) {
    const issues = formIndexedIssues(parsed.error.issues, used, resolved);
    const errors: Record<string, string[]> = { ...lineErrorsOf(undefined, issues) };
    for (const i of issues) if (i.path[0] !== "lines") (errors[String(i.path[0])] ??= []).push(i.message);
    const first = issues[0];
    const where = first && first.path[0] === "lines" && typeof first.path[1] === "number" ? `第 ${first.path[1] + 1} 行：` : "";
    return answer({ lines, errors, message: first ? `${where}${first.message}` : "请检查输入" }, 400);
  }
  const submit = intent === "submit";
  let saved: { id: number; no: string } | null = null;
  try {
    const written = await side.write(ctx, existing, parsed.data, submit);
    saved = written;
    if (submit && !written.submitted) await side.run(ctx, written.id, "submit");
    return await flashRedirect(
      side.docUrl(written.id),
      submit ? `${side.label} ${written.no} ${side.done.submit}` : `${side.label} ${written.no} 已保存为草稿`,
    );
  } catch (e) {
    const f = formErrorOf(e);
    if (!f) throw e;
    // A refused submit after the draft was saved: its page shows why it was not submitted.
    if (saved && submit) return flashRedirect(side.docUrl(saved.id), side.notSubmitted(f.message), "error");
    return answer({ lines, errors: f.fields, message: f.message }, f.status);
  }
}

/** POST /<side>/returnOrderCreate. */
export async function returnCreateAction(side: AnySide, request: Request) {
  const ctx = await requirePage(request, side.createUrl);
  const form = await request.formData();
  return saveReturnFromForm(side, ctx, form, String(form.get("intent") ?? ""), null);
}

/** POST /<side>/returnOrder/<id>: a command of the return, or the draft's form saved. */
export async function returnPageAction(side: AnySide, request: Request, idText: string | undefined) {
  const form = await request.clone().formData();
  const intent = String(form.get("intent") ?? "");
  const ctx = await side.access(request, intent);
  const doc: ReturnViewBase = await returnOr404(side, ctx, idText);
  try {
    if (intent === "confirm" || intent === "cancel" || intent === "reverse" || (intent === "submit" && doc.status !== side.draft)) {
      await side.run(ctx, doc.id, intent);
      return await flashRedirect(side.docUrl(doc.id), `${side.label} ${doc.no} ${side.done[intent]}`);
    }
    if (intent === "remove") {
      await side.remove(ctx, doc.id);
      return await flashRedirect(side.listUrl, `${side.label} ${doc.no} 已删除`);
    }
    if (intent === "save" || intent === "submit" || side.isFormIntent?.(intent) || lineIntentOf(intent)) {
      if (doc.status !== side.draft) return await flashRedirect(side.docUrl(doc.id), `${side.label}当前状态为“${doc.statusName}”，不能修改`, "error");
      return await saveReturnFromForm(side, ctx, form, intent, doc);
    }
    return json({ error: "未知操作" }, { status: 400 });
  } catch (e) {
    const f = formErrorOf(e);
    if (!f) throw e;
    return flashRedirect(side.docUrl(doc.id), f.message, "error");
  }
}
