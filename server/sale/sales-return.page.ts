import { json, redirect } from "@remix-run/node";
import type { Ctx } from "../lib/context";
import { requireDocumentAction, requireDocumentPage, requirePage } from "../auth/guard";
import { worksStep } from "../lib/document-chain";
import { visibleDocument } from "../lib/list-read";
import { salesReturnOrderResource } from "./sales-return.resource";
import { isDomainError } from "../lib/errors";
import { setFlash } from "../lib/flash";
import { formErrorOf } from "../lib/form-reply";
import { parseId } from "../lib/ids";
import { applyLineIntent, lineErrorsOf, lineIntentOf, readLines, withoutBlankLines, type RawLine } from "../lib/line-form";
import { pickedProductsByIds, productLabelOf, resolveLines, type PickedProduct, type ResolvedLine } from "../trade/line-pick.service";
import { SalesReturnInputSchema } from "./sales-return.input";
import {
  createSalesReturnOrder,
  decideReturnApproval,
  getSalesReturnOrder,
  removeSalesReturnOrder,
  runSalesReturnAction,
  salesReturnChoices,
  salesReturnOfApproval,
  salesReturnPrefill,
  updateSalesReturnOrder,
  type ReturnableLine,
  type SalesReturnView,
} from "./sales-return.service";
import { SR_DRAFT } from "./sales-return.status";

/**
 * The sales return pages (/sale/returnOrderCreate, /sale/returnOrder/<id>) and 退货审批
 * (/demand/returnOrder/approval). A return from an order shows the order's returnable delivery
 * lines, each with its own quantity, reason and remark; a free-standing return uses the shared
 * line editor. Plain POST forms: everything works without JavaScript, and a refused save
 * answers with what was typed.
 */
export const SALES_RETURN_LIST_URL = "/sale/returnOrder";
export const SALES_RETURN_CREATE_URL = "/sale/returnOrderCreate";
export const SALES_RETURN_APPROVAL_URL = "/demand/returnOrder/approval";
export const salesReturnUrl = (id: number) => `/sale/returnOrder/${id}`;
export const salesReturnPrintUrl = (id: number) => `/print/saleReturn?type=saleReturn&orderId=${id}`;
const DEFAULT_REASON = "70";

export interface SalesReturnFormLine {
  values: RawLine;
  product?: PickedProduct | null;
  choices?: PickedProduct[];
  error?: string | null;
}

export interface SalesReturnFormState {
  values: Record<string, string>;
  lines: SalesReturnFormLine[];
  errors: Record<string, string[]>;
  message: string | null;
}

export interface SalesReturnPageData extends SalesReturnFormState {
  customers: { value: number; label: string }[];
  warehouses: { value: number; label: string }[];
  /** A return from an order: the order's delivery lines that may still come back (the form's rows). */
  orderLines: ReturnableLine[] | null;
  doc: SalesReturnView | null;
  canEdit: boolean;
  /** Opened by the worker of a step (仓管 确认入库): no form, only that step's actions, no print. */
  readOnly?: boolean;
}

const HEADER = ["partnerId", "warehouseId", "salesOrderId", "salesOrderNo", "remark"] as const;

async function pageData(ctx: Ctx, doc: SalesReturnView | null, state: SalesReturnFormState): Promise<SalesReturnPageData> {
  const choices = await salesReturnChoices(ctx);
  const orderId = parseId(state.values.salesOrderId ?? "");
  const canEdit = !doc || doc.status === SR_DRAFT;
  let orderLines: ReturnableLine[] | null = null;
  if (orderId !== null && canEdit) {
    orderLines = await salesReturnPrefill(ctx, { orderId })
      .then((p) => p.lines)
      .catch(() => []);
    // A draft's line whose delivery line has nothing left to return still shows (with 0 returnable).
    for (const l of doc?.lines ?? []) {
      if (l.deliverOrderLineId && !orderLines.some((o) => o.deliverOrderLineId === l.deliverOrderLineId)) {
        orderLines.push({
          deliverOrderLineId: l.deliverOrderLineId,
          deliverOrderNo: l.deliverOrderNo ?? "",
          salesOrderLineId: l.salesOrderLineId ?? 0,
          productId: l.productId,
          mainOE: l.mainOE,
          productName: l.productName,
          batchNo: l.batchNo,
          deliveredQty: "0.00",
          returnedQty: "0.00",
          returnable: "0.00",
          price: l.price,
        });
      }
    }
  }
  return { ...state, customers: choices.customers, warehouses: choices.warehouses.map((w) => ({ value: w.value, label: w.label })), orderLines, doc, canEdit };
}

function stateOfDoc(doc: SalesReturnView, facts: PickedProduct[]): SalesReturnFormState {
  const byId = new Map(facts.map((f) => [f.productId, f]));
  return {
    values: {
      partnerId: String(doc.partnerId),
      warehouseId: String(doc.warehouseId),
      salesOrderId: doc.salesOrderId ? String(doc.salesOrderId) : "",
      salesOrderNo: doc.salesOrderNo ?? "",
      remark: doc.remark ?? "",
    },
    lines: doc.lines.map((l) => {
      const label = productLabelOf({ mainOE: l.mainOE, name: l.productName });
      return {
        values: {
          productId: String(l.productId),
          productText: label,
          productPicked: label,
          qty: l.qty,
          price: l.price,
          reasonCode: l.reasonCode === null ? "" : String(l.reasonCode),
          deliverOrderLineId: l.deliverOrderLineId ? String(l.deliverOrderLineId) : "",
          remark: l.remark ?? "",
        },
        product: byId.get(l.productId) ?? null,
      };
    }),
    errors: {},
    message: null,
  };
}

function notFound(): never {
  throw json({ message: "销售退货单不存在" }, { status: 404 });
}

async function docOr404(ctx: Ctx, idText: string | undefined) {
  const id = parseId(idText ?? "");
  if (id === null) notFound();
  try {
    return await getSalesReturnOrder(ctx, id);
  } catch (e) {
    if ((e as { code?: string }).code === "not_found") notFound();
    throw e;
  }
}

/** 新建 (free-standing) or 从销售订单退货 (?orderNo=… or ?orderId=…: the order's returnable delivery lines). */
export async function loadSalesReturnCreate(request: Request) {
  const ctx = await requirePage(request, SALES_RETURN_CREATE_URL);
  const params = new URL(request.url).searchParams;
  const orderId = parseId(params.get("orderId") ?? "");
  const orderNo = (params.get("orderNo") ?? "").trim().slice(0, 60);
  const choices = await salesReturnChoices(ctx);
  const def = choices.warehouses[0];
  const blank: SalesReturnFormState = {
    values: { partnerId: "", warehouseId: def ? String(def.value) : "", salesOrderId: "", salesOrderNo: "", remark: "", orderNo },
    lines: [{ values: { reasonCode: DEFAULT_REASON } }],
    errors: {},
    message: null,
  };
  if (orderId === null && !orderNo) return pageData(ctx, null, blank);
  try {
    const pre = await salesReturnPrefill(ctx, { orderId, orderNo });
    const state: SalesReturnFormState = {
      values: {
        partnerId: String(pre.order.partnerId),
        warehouseId: String(pre.order.warehouseId),
        salesOrderId: String(pre.order.id),
        salesOrderNo: pre.order.no,
        remark: "",
        orderNo: pre.order.no,
      },
      lines: pre.lines.map((l) => ({
        values: { deliverOrderLineId: String(l.deliverOrderLineId), productId: String(l.productId), qty: "", reasonCode: DEFAULT_REASON, remark: "" },
      })),
      errors: {},
      message: pre.lines.length ? null : `销售单 ${pre.order.no} 没有可退的已发货明细`,
    };
    return pageData(ctx, null, state);
  } catch (e) {
    // 不存在 / 尚未发货: said on the page, next to the number typed.
    if (!isDomainError(e)) throw e;
    return pageData(ctx, null, { ...blank, errors: { orderNo: [e.message] }, message: e.message });
  }
}

export async function loadSalesReturnPage(request: Request, idText: string | undefined) {
  const { ctx, readOnly } = await requireDocumentPage(request, SALES_RETURN_LIST_URL, "salesReturnOrder");
  const doc = await docOr404(ctx, idText);
  if (readOnly) {
    const shown = visibleDocument(salesReturnOrderResource, ctx, { ...doc, actions: doc.actions.filter((a) => worksStep(ctx, "salesReturnOrder", a)) });
    return { ...(await pageData(ctx, shown, stateOfDoc(shown, []))), canEdit: false, readOnly: true };
  }
  const facts =
    doc.status === SR_DRAFT && !doc.salesOrderId
      ? await pickedProductsByIds(ctx, [...new Set(doc.lines.map((l) => l.productId))], {
          partnerId: doc.partnerId,
          warehouseId: doc.warehouseId,
          side: "sale",
        })
      : [];
  return pageData(ctx, doc, stateOfDoc(doc, facts));
}

async function flashRedirect(to: string, message: string, type: "success" | "error" = "success") {
  return redirect(to, { headers: await setFlash({ type, message }) });
}

async function saveFromForm(ctx: Ctx, form: FormData, intent: string, existing: SalesReturnView | null) {
  const values: Record<string, string> = {};
  for (const k of HEADER) values[k] = String(form.get(k) ?? "");
  const fromOrder = parseId(values.salesOrderId!) !== null;
  const partnerId = parseId(values.partnerId!);
  const warehouseId = parseId(values.warehouseId!);
  const raw = readLines(form);
  // From an order the rows are the order's delivery lines: only those given a quantity are returned.
  const resolved: ResolvedLine[] = fromOrder
    ? raw.map((v) => ({ values: v, product: null, choices: [], error: null }) as unknown as ResolvedLine)
    : await resolveLines(ctx, raw, { partnerId, warehouseId, side: "sale" });
  const toForm = (r: ResolvedLine): SalesReturnFormLine => ({ values: r.values, product: r.product, choices: r.choices, error: r.error });
  const answer = async (state: Omit<SalesReturnFormState, "values">, status: number) => json(await pageData(ctx, existing, { values, ...state }), { status });

  const lineIntent = fromOrder ? null : lineIntentOf(intent);
  if (lineIntent) {
    const byValues = new Map(resolved.map((r) => [r.values, r]));
    const next = applyLineIntent(
      resolved.map((r) => r.values),
      lineIntent,
      { reasonCode: DEFAULT_REASON },
    ).map((v) => (byValues.has(v) ? toForm(byValues.get(v)!) : { values: v }));
    return answer({ lines: next, errors: {}, message: null }, 200);
  }

  const lines = resolved.map(toForm);
  const isBlank = (r: ResolvedLine) =>
    fromOrder
      ? (r.values.qty ?? "").trim() === "" || /^0*(\.0*)?$/.test((r.values.qty ?? "").trim())
      : withoutBlankLines([{ ...r.values, reasonCode: "" }]).length === 0;
  const used = resolved.filter((r) => !isBlank(r));
  const badLine = resolved.findIndex((r) => r.error && !isBlank(r));
  if (badLine >= 0) {
    const message = `第 ${badLine + 1} 行：${resolved[badLine]!.error}`;
    return answer({ lines, errors: { [`lines[${badLine}].productText`]: [resolved[badLine]!.error!] }, message }, 400);
  }
  if (fromOrder && used.length === 0 && intent === "submit") return answer({ lines, errors: {}, message: "请填写退货数量" }, 400);
  const input = {
    partnerId: values.partnerId,
    warehouseId: values.warehouseId,
    salesOrderId: values.salesOrderId,
    remark: values.remark,
    lines: used.map((r) => ({
      productId: r.values.productId ?? "",
      qty: r.values.qty ?? "",
      price: r.values.price ?? "",
      reasonCode: r.values.reasonCode ?? "",
      deliverOrderLineId: r.values.deliverOrderLineId ?? "",
      remark: r.values.remark ?? "",
    })),
  };
  const parsed = SalesReturnInputSchema.safeParse(input);
  if (!parsed.success) {
    const formIndex = used.map((u) => resolved.indexOf(u));
    const issues = parsed.error.issues.map((i) =>
      i.path[0] === "lines" && typeof i.path[1] === "number" ? { ...i, path: ["lines", formIndex[i.path[1]] ?? i.path[1], ...i.path.slice(2)] } : i,
    );
    const errors: Record<string, string[]> = { ...lineErrorsOf(undefined, issues) };
    for (const i of issues) if (i.path[0] !== "lines") (errors[String(i.path[0])] ??= []).push(i.message);
    const first = issues[0];
    const where = first && first.path[0] === "lines" && typeof first.path[1] === "number" ? `第 ${first.path[1] + 1} 行：` : "";
    return answer({ lines, errors, message: first ? `${where}${first.message}` : "请检查输入" }, 400);
  }
  const submit = intent === "submit";
  let saved: { id: number; no: string } | null = null;
  try {
    if (existing) {
      saved = await updateSalesReturnOrder(ctx, existing.id, parsed.data);
      if (submit) await runSalesReturnAction(ctx, existing.id, "submit");
    } else {
      saved = await createSalesReturnOrder(ctx, parsed.data);
      if (submit) await runSalesReturnAction(ctx, saved.id, "submit");
    }
    return flashRedirect(salesReturnUrl(saved.id), submit ? `销售退货单 ${saved.no} 已提交，等待审批` : `销售退货单 ${saved.no} 已保存为草稿`);
  } catch (e) {
    const f = formErrorOf(e);
    if (!f) throw e;
    // A refused submit after the draft was saved: its page shows why it was not submitted.
    if (saved && submit) return flashRedirect(salesReturnUrl(saved.id), `已保存为草稿，未提交：${f.message}`, "error");
    return answer({ lines, errors: f.fields, message: f.message }, f.status);
  }
}

export async function salesReturnCreateAction(request: Request) {
  const ctx = await requirePage(request, SALES_RETURN_CREATE_URL);
  const form = await request.formData();
  return saveFromForm(ctx, form, String(form.get("intent") ?? ""), null);
}

const DONE: Record<string, string> = {
  submit: "已提交，等待审批",
  confirm: "已确认入库",
  cancel: "已作废",
  reverse: "已红冲，退回的货物已出库，客户的退货款已冲回",
};

export async function salesReturnPageAction(request: Request, idText: string | undefined) {
  const form = await request.clone().formData();
  const intent = String(form.get("intent") ?? "");
  const ctx = await requireDocumentAction(request, SALES_RETURN_LIST_URL, "salesReturnOrder", intent);
  const doc = await docOr404(ctx, idText);
  try {
    if (intent === "confirm" || intent === "cancel" || intent === "reverse" || (intent === "submit" && doc.status !== SR_DRAFT)) {
      await runSalesReturnAction(ctx, doc.id, intent);
      return flashRedirect(salesReturnUrl(doc.id), `销售退货单 ${doc.no} ${DONE[intent]}`);
    }
    if (intent === "remove") {
      await removeSalesReturnOrder(ctx, doc.id);
      return flashRedirect(SALES_RETURN_LIST_URL, `销售退货单 ${doc.no} 已删除`);
    }
    if (intent === "save" || intent === "submit" || lineIntentOf(intent)) {
      if (doc.status !== SR_DRAFT) return flashRedirect(salesReturnUrl(doc.id), `销售退货单当前状态为“${doc.statusName}”，不能修改`, "error");
      return saveFromForm(ctx, form, intent, doc);
    }
    return json({ error: "未知操作" }, { status: 400 });
  } catch (e) {
    const f = formErrorOf(e);
    if (!f) throw e;
    return flashRedirect(salesReturnUrl(doc.id), f.message, "error");
  }
}

/** 打印 on the list: the selected return's print sheet (opened in a new window). */
export async function salesReturnPrintRedirectOf(request: Request): Promise<Response | null> {
  const params = new URL(request.url).searchParams;
  if (params.get("do") !== "print") return null;
  const id = parseId(params.get("sel") ?? "");
  if (id === null) return null;
  await requirePage(request, SALES_RETURN_LIST_URL);
  return redirect(salesReturnPrintUrl(id));
}

/** Customer and warehouse options for the list's filters. */
export async function salesReturnFilterLookups(ctx: Ctx) {
  const c = await salesReturnChoices(ctx);
  return { customer: c.customers, warehouse: c.warehouses.map((w) => ({ value: w.value, label: w.label })) };
}

/** 退货审批: the return under review (?review=<approval id>), read for the side panel; null when none or not this company's. */
export async function returnApprovalReviewOf(ctx: Ctx, request: Request): Promise<SalesReturnView | null> {
  const id = parseId(new URL(request.url).searchParams.get("review") ?? "");
  if (id === null) return null;
  return salesReturnOfApproval(ctx, id);
}

/** 审核通过 / 驳回 posted from /demand/returnOrder/approval (approvalId, comment); back to the list with a flash. */
export async function returnApprovalAction(request: Request) {
  const ctx = await requirePage(request, SALES_RETURN_APPROVAL_URL);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const approvalId = parseId(String(form.get("approvalId") ?? ""));
  const back = String(form.get("back") ?? "");
  const listUrl =
    back.startsWith(`${SALES_RETURN_APPROVAL_URL}?`) || back === SALES_RETURN_APPROVAL_URL
      ? back.replace(/([?&])review=\d+&?/, "$1").replace(/[?&]$/, "")
      : SALES_RETURN_APPROVAL_URL;
  if ((intent !== "approve" && intent !== "reject") || approvalId === null) return json({ error: "未知操作" }, { status: 400 });
  const comment = String(form.get("comment") ?? "");
  try {
    const r = await decideReturnApproval(ctx, approvalId, intent, comment);
    return flashRedirect(listUrl, intent === "approve" ? `销售退货单 ${r.no} 已审核通过` : `销售退货单 ${r.no} 已驳回`);
  } catch (e) {
    const f = formErrorOf(e);
    if (!f) throw e;
    const sep = listUrl.includes("?") ? "&" : "?";
    return flashRedirect(`${listUrl}${sep}review=${approvalId}`, f.message, "error");
  }
}
