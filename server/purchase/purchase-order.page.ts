import { json, redirect } from "@remix-run/node";
import { and, asc, desc, eq } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import { requireDocumentPage, requirePage } from "../auth/guard";
import { visibleDocument } from "../lib/list-read";
import { purchaseOrderResource } from "./purchase-order.resource";
import { db } from "../db/client";
import { gt } from "../lib/decimal";
import { getCompanyTimeZone } from "../setting/setting.service";
import { labelOf, PURCHASE_ORDER_STATUSES, PURCHASE_RETURN_STATUSES, RECEIVE_ORDER_STATUSES } from "../lib/dictionary";
import { setFlash } from "../lib/flash";
import { formErrorOf } from "../lib/form-reply";
import { parseId } from "../lib/ids";
import { applyLineIntent, lineErrorsOf, lineIntentOf, readLines, withoutBlankLines, type RawLine } from "../lib/line-form";
import { enterpriseRelations } from "../organization/organization.tables";
import { pinyinOf } from "../product/pinyin";
import { actionsFor } from "../kernel/status-machine";
import { purchaseSubmitFlow, SETTINGS_CODE, type AutoFlow } from "../setting/auto-flow";
import { getCompanySettings } from "../setting/setting.service";
import { pickedProductsByIds, productLabelOf, resolveLines, type PickedProduct, type ResolvedLine } from "../trade/line-pick.service";
import { warehouses } from "../stock/stock.tables";
import { PurchaseOrderInputSchema } from "./purchase-order.input";
import {
  cancelPurchaseOrder,
  completePurchaseOrder,
  createPurchaseOrder,
  getPurchaseOrder,
  removePurchaseOrder,
  submitPurchaseOrder,
  updatePurchaseOrder,
  type PurchaseOrderView,
} from "./purchase-order.service";
import { PO_DRAFT, PURCHASE_ORDER_MACHINE, PURCHASE_ORDER_USER_ACTIONS } from "./purchase-order.status";
import { purchaseOrderLines, purchaseReturnOrders, receiveOrders } from "./purchase.tables";
import { createReceiveOrder } from "./receive-order.service";
import { RC_WAITING } from "./receive-order.status";

/**
 * The purchase order pages' loaders and actions (/purchase/orderCreate, /purchase/order/<id>):
 * the route files only call these. Everything works as plain POST forms without JavaScript.
 */
export const ORDER_LIST_URL = "/purchase/order";
export const ORDER_CREATE_URL = "/purchase/orderCreate";
export const orderUrl = (id: number) => `/purchase/order/${id}`;

export interface SupplierOption {
  id: number;
  name: string;
  initial: string;
  paymentTerm: number | null;
}

export interface FormLine {
  values: RawLine;
  product?: PickedProduct | null;
  choices?: PickedProduct[];
  error?: string | null;
}

export interface PurchaseOrderFormState {
  values: Record<string, string>;
  lines: FormLine[];
  errors: Record<string, string[]>;
  message: string | null;
}

export interface PurchaseOrderPageData extends PurchaseOrderFormState {
  suppliers: SupplierOption[];
  warehouses: { id: number; name: string; isDefault: boolean }[];
  order: (Omit<PurchaseOrderView, "lines"> & { statusLabel: string; lines: PurchaseOrderView["lines"] }) | null;
  /** The buttons the order's status offers (submit, cancel, complete), besides save for a draft. */
  actions: string[];
  canEdit: boolean;
  /** What 提交 also does by the company's settings (提交并收货入库), null when it only submits. */
  submitFlow: AutoFlow | null;
}

async function suppliersOf(ctx: Ctx): Promise<SupplierOption[]> {
  const rows = await db()
    .select({ id: enterpriseRelations.id, name: enterpriseRelations.name, paymentTerm: enterpriseRelations.paymentTerm })
    .from(enterpriseRelations)
    .where(and(eq(enterpriseRelations.companyId, ctx.companyId), eq(enterpriseRelations.rel, 0), eq(enterpriseRelations.isEnabled, true)))
    .orderBy(asc(enterpriseRelations.nameSort), asc(enterpriseRelations.id))
    .limit(2000);
  return rows.map((r) => ({ ...r, initial: pinyinOf(r.name).initial.toUpperCase() }));
}

async function warehousesOf(ctx: Ctx) {
  return db()
    .select({ id: warehouses.id, name: warehouses.name, isDefault: warehouses.isDefault })
    .from(warehouses)
    .where(and(eq(warehouses.companyId, ctx.companyId), eq(warehouses.isEnabled, true)))
    .orderBy(desc(warehouses.isDefault), asc(warehouses.nameSort), asc(warehouses.id));
}

/** The supplier a clerk typed: its exact name, else its pinyin initials or a part of its name when that names one supplier. */
export function resolveSupplier(suppliers: SupplierOption[], text: string): { id: number } | { error: string } {
  const typed = text.trim();
  if (!typed) return { error: "请选择供应商" };
  const lower = typed.toLowerCase();
  const exact = suppliers.filter((s) => s.name.toLowerCase() === lower);
  if (exact.length === 1) return { id: exact[0]!.id };
  const byInitial = suppliers.filter((s) => s.initial === typed.toUpperCase());
  if (byInitial.length === 1) return { id: byInitial[0]!.id };
  const partial = suppliers.filter((s) => s.name.toLowerCase().includes(lower) || s.initial.startsWith(typed.toUpperCase()));
  if (partial.length === 1) return { id: partial[0]!.id };
  if (partial.length > 1 || byInitial.length > 1) return { error: `“${typed}”对应多个供应商，请输入完整名称` };
  return { error: `未找到供应商“${typed}”` };
}

function linesOfOrder(order: PurchaseOrderView, facts: PickedProduct[]): FormLine[] {
  const byId = new Map(facts.map((f) => [f.productId, f]));
  return order.lines.map((l) => {
    const label = productLabelOf({ mainOE: l.mainOE, name: l.productName });
    return {
      values: { productId: String(l.productId), productText: label, productPicked: label, qty: l.qty, price: l.price, remark: l.remark ?? "" },
      product: byId.get(l.productId) ?? null,
    };
  });
}

async function pageData(ctx: Ctx, order: PurchaseOrderView | null, state: PurchaseOrderFormState | null): Promise<PurchaseOrderPageData> {
  const [suppliers, whs, settings] = await Promise.all([suppliersOf(ctx), warehousesOf(ctx), getCompanySettings(ctx)]);
  let base: PurchaseOrderFormState;
  if (state) base = state;
  else if (order) {
    const facts = await pickedProductsByIds(ctx, [...new Set(order.lines.map((l) => l.productId))], {
      partnerId: order.partnerId,
      warehouseId: order.warehouseId,
    });
    base = {
      values: {
        partnerText: order.partnerName,
        partnerId: String(order.partnerId),
        warehouseId: String(order.warehouseId),
        paymentTerm: order.paymentTerm === null ? "" : String(order.paymentTerm),
        expectedDate: order.expectedDate ?? "",
        remark: order.remark ?? "",
      },
      lines: linesOfOrder(order, facts),
      errors: {},
      message: null,
    };
  } else {
    const def = whs.find((w) => w.isDefault) ?? whs[0];
    base = {
      values: { partnerText: "", warehouseId: def ? String(def.id) : "", paymentTerm: "", expectedDate: "", remark: "" },
      lines: [{ values: {} }],
      errors: {},
      message: null,
    };
  }
  const canEdit = !order || order.status === PO_DRAFT;
  const actions = order
    ? actionsFor(PURCHASE_ORDER_MACHINE, order.status).filter((a) => (PURCHASE_ORDER_USER_ACTIONS as readonly string[]).includes(a) || a === "remove")
    : [];
  return {
    ...base,
    suppliers,
    warehouses: whs,
    order: order ? { ...order, statusLabel: labelOf(PURCHASE_ORDER_STATUSES, order.status as 0) } : null,
    actions,
    canEdit,
    submitFlow: purchaseSubmitFlow(settings, ctx.permissions.has(SETTINGS_CODE)),
  };
}

/** The 404 of a bad or foreign order id on the document page. */
function notFound(): never {
  throw json({ message: "采购订单不存在" }, { status: 404 });
}

async function orderOr404(ctx: Ctx, idText: string | undefined) {
  const id = parseId(idText ?? "");
  if (id === null) notFound();
  try {
    return await getPurchaseOrder(ctx, id);
  } catch (e) {
    if ((e as { code?: string }).code === "not_found") notFound();
    throw e;
  }
}

export async function loadPurchaseOrderCreate(request: Request) {
  const ctx = await requirePage(request, ORDER_CREATE_URL);
  return pageData(ctx, null, null);
}

export interface RelatedDocument {
  id: number;
  no: string;
  status: number;
  statusLabel: string;
  creationTime: string;
  href: string;
}

/**
 * What a user goes on to from a purchase order: its receiving notes and returns (with links),
 * 收货 (the open note, or a POST making one for what is still expected) and 退货 (the return
 * form prefilled from the order while something received is not returned yet).
 */
export interface PurchaseOrderFollowUps {
  receipts: RelatedDocument[];
  returns: RelatedDocument[];
  /** The order's 待收货 note, when there is one: 收货 opens it. */
  openReceiptHref: string | null;
  /** No open note, the order submitted and not all received: 收货 posts intent=receive. */
  canCreateReceipt: boolean;
  /** /purchase/returnOrderCreate?orderId=<id> while some received quantity is not returned. */
  returnHref: string | null;
}

const RECEIVABLE_STATUSES = [10, 20, 30, 40];

async function followUpsOf(ctx: Ctx, order: PurchaseOrderView): Promise<PurchaseOrderFollowUps> {
  // Creation times as the company's clock shows them (setting TimeZone): "2026-11-24 13:05".
  const fmt = new Intl.DateTimeFormat("sv-SE", {
    timeZone: await getCompanyTimeZone(ctx),
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  });
  const time = (d: Date | string) => fmt.format(new Date(d));
  const [notes, returns] = await Promise.all([
    db()
      .select({ id: receiveOrders.id, no: receiveOrders.no, status: receiveOrders.status, creationTime: receiveOrders.creationTime })
      .from(receiveOrders)
      .where(and(eq(receiveOrders.companyId, ctx.companyId), eq(receiveOrders.purchaseOrderId, order.id)))
      .orderBy(asc(receiveOrders.id)),
    db()
      .select({
        id: purchaseReturnOrders.id,
        no: purchaseReturnOrders.no,
        status: purchaseReturnOrders.status,
        creationTime: purchaseReturnOrders.creationTime,
      })
      .from(purchaseReturnOrders)
      .where(and(eq(purchaseReturnOrders.companyId, ctx.companyId), eq(purchaseReturnOrders.purchaseOrderId, order.id)))
      .orderBy(asc(purchaseReturnOrders.id)),
  ]);
  const canReceive = ctx.permissions.has("CGGL-009");
  const canReturn = ctx.permissions.has("CGGL-005");
  const open = notes.find((n) => n.status === RC_WAITING);
  const expecting = order.lines.some((l) => gt(l.qty, l.receivedQty));
  const returnable = order.lines.some((l) => gt(l.receivedQty, l.returnedQty));
  return {
    receipts: notes.map((n) => ({
      ...n,
      statusLabel: labelOf(RECEIVE_ORDER_STATUSES, n.status as 10),
      creationTime: time(n.creationTime),
      href: `/purchase/receive/${n.id}`,
    })),
    returns: returns.map((r) => ({
      ...r,
      statusLabel: labelOf(PURCHASE_RETURN_STATUSES, r.status as 0),
      creationTime: time(r.creationTime),
      href: `/purchase/returnOrder/${r.id}`,
    })),
    openReceiptHref: canReceive && open ? `/purchase/receive/${open.id}` : null,
    canCreateReceipt: canReceive && !open && RECEIVABLE_STATUSES.includes(order.status) && expecting,
    returnHref: canReturn && order.status !== PO_DRAFT && returnable ? `/purchase/returnOrderCreate?orderId=${order.id}` : null,
  };
}

export async function loadPurchaseOrderPage(request: Request, idText: string | undefined) {
  const access = await requireDocumentPage(request, ORDER_LIST_URL, "purchaseOrder");
  const ctx = access.ctx;
  const order = await orderOr404(ctx, idText);
  if (access.readOnly) {
    // A stock keeper from his receiving or put-away note: read only, quantities without prices (unless the price rule allows).
    const followUps = await followUpsOf(ctx, order);
    return {
      readOnly: true as const,
      order: { ...visibleDocument(purchaseOrderResource, ctx, order), statusLabel: labelOf(PURCHASE_ORDER_STATUSES, order.status as 0) },
      actions: [],
      canPrint: false,
      followUps: { ...followUps, returns: [], openReceiptHref: null, canCreateReceipt: false, returnHref: null },
    };
  }
  const [data, followUps] = await Promise.all([pageData(ctx, order, null), followUpsOf(ctx, order)]);
  return { ...data, canPrint: order.status !== PO_DRAFT, followUps };
}

async function flashRedirect(to: string, message: string, type: "success" | "error" = "success") {
  return redirect(to, { headers: await setFlash({ type, message }) });
}

/** Reads the header and lines of the posted form; answers add/remove-line and refused saves with the same form. */
async function saveFromForm(ctx: Ctx, form: FormData, intent: string, existing: PurchaseOrderView | null) {
  const values: Record<string, string> = {};
  for (const k of ["partnerText", "warehouseId", "paymentTerm", "expectedDate", "remark"]) values[k] = String(form.get(k) ?? "");
  const suppliers = await suppliersOf(ctx);
  const supplier = resolveSupplier(suppliers, values.partnerText!);
  const partnerId = "id" in supplier ? supplier.id : null;
  values.partnerId = partnerId === null ? "" : String(partnerId);
  const warehouseId = parseId(values.warehouseId!);
  const resolved: ResolvedLine[] = await resolveLines(ctx, readLines(form), { partnerId, warehouseId });
  const toForm = (r: ResolvedLine): FormLine => ({ values: r.values, product: r.product, choices: r.choices, error: r.error });
  const answer = async (state: Omit<PurchaseOrderFormState, "values">, status: number) => json(await pageData(ctx, existing, { values, ...state }), { status });

  const lineIntent = lineIntentOf(intent);
  if (lineIntent) {
    const byValues = new Map(resolved.map((r) => [r.values, r]));
    const next = applyLineIntent(
      resolved.map((r) => r.values),
      lineIntent,
    ).map((v) => (byValues.has(v) ? toForm(byValues.get(v)!) : { values: v }));
    return answer({ lines: next, errors: {}, message: null }, 200);
  }
  const lines = resolved.map(toForm);
  const errors: Record<string, string[]> = {};
  if ("error" in supplier) errors.partnerText = [supplier.error];
  const used = resolved.filter((r) => withoutBlankLines([r.values]).length > 0);
  const badLine = resolved.findIndex((r) => r.error && withoutBlankLines([r.values]).length > 0);
  if (badLine >= 0) errors[`lines[${badLine}].productText`] = [resolved[badLine]!.error!];
  if (Object.keys(errors).length) {
    const first = errors.partnerText?.[0] ?? `第 ${badLine + 1} 行：${resolved[badLine]!.error}`;
    return answer({ lines, errors, message: first }, 400);
  }
  const input = {
    partnerId,
    warehouseId: values.warehouseId,
    paymentTerm: values.paymentTerm,
    expectedDate: values.expectedDate,
    remark: values.remark,
    lines: used.map((r) => ({ productId: r.values.productId, qty: r.values.qty ?? "", price: r.values.price ?? "", remark: r.values.remark ?? "" })),
  };
  // Per-line messages next to their fields: map the used lines' indexes back to the form's.
  const parsed = PurchaseOrderInputSchema.safeParse(input);
  if (!parsed.success) {
    const formIndex = used.map((u) => resolved.indexOf(u));
    const issues = parsed.error.issues.map((i) =>
      i.path[0] === "lines" && typeof i.path[1] === "number" ? { ...i, path: ["lines", formIndex[i.path[1]] ?? i.path[1], ...i.path.slice(2)] } : i,
    );
    const lineErrors = lineErrorsOf(undefined, issues);
    const headerErrors: Record<string, string[]> = {};
    for (const i of issues) if (i.path[0] !== "lines") (headerErrors[String(i.path[0])] ??= []).push(i.message);
    return answer({ lines, errors: { ...headerErrors, ...lineErrors }, message: issues[0]?.message ?? "请检查输入" }, 400);
  }
  const submit = intent === "submit";
  try {
    const saved = existing ? await updatePurchaseOrder(ctx, existing.id, parsed.data, { submit }) : await createPurchaseOrder(ctx, parsed.data, { submit });
    return flashRedirect(orderUrl(saved.id), submit ? `采购订单 ${saved.no} 已提交` : `采购订单 ${saved.no} 已保存为草稿`);
  } catch (e) {
    const f = formErrorOf(e);
    if (!f) throw e;
    return answer({ lines, errors: f.fields, message: f.message }, f.status);
  }
}

export async function purchaseOrderCreateAction(request: Request) {
  const ctx = await requirePage(request, ORDER_CREATE_URL);
  const form = await request.formData();
  return saveFromForm(ctx, form, String(form.get("intent") ?? ""), null);
}

const DONE_MESSAGES: Record<string, string> = { cancel: "已作废", complete: "已完成", remove: "已删除" };

export async function purchaseOrderPageAction(request: Request, idText: string | undefined) {
  const ctx = await requirePage(request, ORDER_LIST_URL);
  const order = await orderOr404(ctx, idText);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  try {
    if (intent === "receive") {
      // 收货: a receiving note for what the order still expects (needs 收货单, CGGL-009).
      const receiver = await requirePage(request, "/purchase/receive");
      const note = await createReceiveOrder(receiver, { purchaseOrderId: String(order.id) });
      return flashRedirect(`/purchase/receive/${note.id}`, `已生成收货单 ${note.no}`);
    }
    if (intent === "cancel") await cancelPurchaseOrder(ctx, order.id);
    else if (intent === "complete") await completePurchaseOrder(ctx, order.id);
    else if (intent === "remove") {
      await removePurchaseOrder(ctx, order.id);
      return flashRedirect(ORDER_LIST_URL, `采购订单 ${order.no} 已删除`);
    } else if (intent === "submit" && order.status !== PO_DRAFT) await submitPurchaseOrder(ctx, order.id);
    else if (intent === "save" || intent === "submit" || lineIntentOf(intent)) {
      if (order.status !== PO_DRAFT)
        return flashRedirect(orderUrl(order.id), `采购订单当前状态为“${labelOf(PURCHASE_ORDER_STATUSES, order.status as 0)}”，不能修改`, "error");
      return saveFromForm(ctx, form, intent, order);
    } else return flashRedirect(orderUrl(order.id), "未知的操作", "error");
    return flashRedirect(orderUrl(order.id), `采购订单 ${order.no} ${DONE_MESSAGES[intent] ?? "已提交"}`);
  } catch (e) {
    const f = formErrorOf(e);
    if (!f) throw e;
    return flashRedirect(orderUrl(order.id), f.message, "error");
  }
}

/** Option lists of the purchase pages' filters: suppliers and warehouses of the company. */
export async function purchaseFilterLookups(ctx: Ctx) {
  const [suppliers, whs] = await Promise.all([suppliersOf(ctx), warehousesOf(ctx)]);
  return { supplier: suppliers.map((s) => ({ value: s.id, label: s.name })), warehouse: whs.map((w) => ({ value: w.id, label: w.name })) };
}

/** 打印 on the list: the selected order's print sheet (the toolbar's GET form opened in a new window). */
export async function printRedirectOf(request: Request): Promise<Response | null> {
  const params = new URL(request.url).searchParams;
  if (params.get("do") !== "print") return null;
  const id = parseId(params.get("sel") ?? "");
  if (id === null) return null;
  await requirePage(request, ORDER_LIST_URL);
  return redirect(`/print/purchase?type=purchase&orderId=${id}`);
}

/** /purchase/order/line/<lineId> → the line's order page (404 for a bad or foreign line). */
export async function purchaseOrderLineRedirect(request: Request, lineIdText: string | undefined) {
  const ctx = await requirePage(request, "/purchase/execute");
  const lineId = parseId(lineIdText ?? "");
  if (lineId === null) notFound();
  const [line] = await db()
    .select({ orderId: purchaseOrderLines.orderId })
    .from(purchaseOrderLines)
    .where(and(eq(purchaseOrderLines.id, lineId), eq(purchaseOrderLines.companyId, ctx.companyId)));
  if (!line) notFound();
  return redirect(orderUrl(line.orderId));
}
