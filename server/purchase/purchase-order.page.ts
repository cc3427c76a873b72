import { purchasePriceHistory } from "./purchase-price-history";
import type { Ctx } from "../lib/context";
import { requireDocumentPage, requirePage } from "../auth/guard";
import { visibleDocument } from "../lib/list-read";
import { purchaseOrderResource } from "./purchase-order.resource";
import { gt } from "../lib/decimal";
import { labelOf, PURCHASE_ORDER_STATUSES, PURCHASE_RETURN_STATUSES, RECEIVE_ORDER_STATUSES } from "../lib/dictionary";
import { actionsFor } from "../kernel/status-machine";
import { purchaseSubmitFlow, SETTINGS_CODE, type AutoFlow } from "../setting/auto-flow";
import { getCompanySettings } from "../setting/setting.service";
import { companyClock, listPrintRedirect, type DocumentFormState, type FormLine as TradeFormLine } from "../trade/document-form.page";
import {
  documentsOfOrder,
  lineOrderRedirect,
  orderCreateAction,
  orderFormState,
  orderOr404,
  orderPageAction,
  partnerOptions,
  resolvePartner,
  warehouseOptions,
  type OrderPageBase,
  type OrderPageSide,
  type PartnerOption,
} from "../trade/order.page";
import { PurchaseOrderInputSchema, type PurchaseOrderInput } from "./purchase-order.input";
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
import { PO_DRAFT, PO_PARTIAL, PO_RECEIVED, PO_RECEIVING, PO_WAITING, PURCHASE_ORDER_MACHINE, PURCHASE_ORDER_USER_ACTIONS } from "./purchase-order.status";
import { purchaseOrderLines, purchaseReturnOrders, receiveOrders } from "./purchase.tables";
import { createReceiveOrder } from "./receive-order.service";
import { RC_WAITING } from "./receive-order.status";

/**
 * The purchase order pages' loaders and actions (/purchase/orderCreate, /purchase/order/<id>):
 * the route files only call these; the form itself is the trade side's
 * (server/trade/order.page.ts), this module adds the order's receiving notes and returns, 收货
 * and what 提交 does by the company's settings.
 */
export const ORDER_LIST_URL = "/purchase/order";
export const ORDER_CREATE_URL = "/purchase/orderCreate";
export const orderUrl = (id: number) => `/purchase/order/${id}`;
const SUPPLIER = { rel: 0, word: "供应商" } as const;

export type SupplierOption = PartnerOption;

export type FormLine = TradeFormLine;

export type PurchaseOrderFormState = DocumentFormState;

export interface PurchaseOrderPageData extends OrderPageBase {
  suppliers: SupplierOption[];
  order: (Omit<PurchaseOrderView, "lines"> & { statusLabel: string; lines: PurchaseOrderView["lines"] }) | null;
  /** What 提交 also does by the company's settings (提交并收货入库), null when it only submits. */
  submitFlow: AutoFlow | null;
}

const suppliersOf = (ctx: Ctx) => partnerOptions(ctx, SUPPLIER);

/** The supplier a clerk typed: its exact name, else its pinyin initials or a part of its name when that names one supplier. */
export function resolveSupplier(suppliers: SupplierOption[], text: string): { id: number } | { error: string } {
  return resolvePartner(suppliers, text, SUPPLIER.word);
}

async function pageData(ctx: Ctx, order: PurchaseOrderView | null, state: DocumentFormState | null): Promise<PurchaseOrderPageData> {
  const [suppliers, whs, settings] = await Promise.all([suppliersOf(ctx), warehouseOptions(ctx), getCompanySettings(ctx)]);
  const base = state ?? (await orderFormState(PURCHASE, ctx, order, whs));
  const actions = order
    ? actionsFor(PURCHASE_ORDER_MACHINE, order.status).filter((a) => (PURCHASE_ORDER_USER_ACTIONS as readonly string[]).includes(a) || a === "remove")
    : [];
  return {
    ...base,
    suppliers,
    warehouses: whs,
    order: order ? { ...order, statusLabel: labelOf(PURCHASE_ORDER_STATUSES, order.status as 0) } : null,
    actions,
    canEdit: !order || order.status === PO_DRAFT,
    submitFlow: purchaseSubmitFlow(settings, ctx.permissions.has(SETTINGS_CODE)),
  };
}

const DONE_MESSAGES: Record<string, string> = { cancel: "已作废", complete: "已完成", submit: "已提交" };

/** The purchase side of the trade order pages. */
const PURCHASE: OrderPageSide<PurchaseOrderView, SupplierOption, PurchaseOrderPageData, PurchaseOrderInput> = {
  label: "采购订单",
  partner: SUPPLIER,
  listUrl: ORDER_LIST_URL,
  createUrl: ORDER_CREATE_URL,
  docUrl: orderUrl,
  draft: PO_DRAFT,
  statusLabel: (status) => labelOf(PURCHASE_ORDER_STATUSES, status as 0),
  pick: { prices: purchasePriceHistory },
  get: getPurchaseOrder,
  partners: suppliersOf,
  headerFields: ["partnerText", "warehouseId", "paymentTerm", "expectedDate", "remark"],
  lineFields: ["productId", "qty", "price", "remark"],
  blankLine: {},
  valuesOf: (order) =>
    order
      ? { paymentTerm: order.paymentTerm === null ? "" : String(order.paymentTerm), expectedDate: order.expectedDate ?? "", remark: order.remark ?? "" }
      : { paymentTerm: "", expectedDate: "", remark: "" },
  lineValues: (l) => ({ qty: l.qty, price: l.price, remark: l.remark ?? "" }),
  pickFacts: () => true,
  schema: PurchaseOrderInputSchema,
  pageData: (ctx, order, state) => pageData(ctx, order, state),
  write: (ctx, existing, data, { submit }) => (existing ? updatePurchaseOrder(ctx, existing.id, data, { submit }) : createPurchaseOrder(ctx, data, { submit })),
  command: async (ctx, order, intent, request) => {
    if (intent === "receive") {
      // 收货: a receiving note for what the order still expects (needs 收货单, CGGL-009).
      const receiver = await requirePage(request, "/purchase/receive");
      const note = await createReceiveOrder(receiver, { purchaseOrderId: String(order.id) });
      return { to: `/purchase/receive/${note.id}`, message: `已生成收货单 ${note.no}` };
    }
    if (intent === "remove") {
      await removePurchaseOrder(ctx, order.id);
      return { to: ORDER_LIST_URL, message: `采购订单 ${order.no} 已删除` };
    }
    if (intent === "cancel") await cancelPurchaseOrder(ctx, order.id);
    else if (intent === "complete") await completePurchaseOrder(ctx, order.id);
    // A draft's 提交 saves its form first; a submitted order's (after a refused auto-flow) only submits.
    else if (intent === "submit" && order.status !== PO_DRAFT) await submitPurchaseOrder(ctx, order.id);
    else return null;
    return { message: `采购订单 ${order.no} ${DONE_MESSAGES[intent]}` };
  },
};

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

/** The order statuses a receiving note may be made in. */
const RECEIVABLE_STATUSES: number[] = [PO_WAITING, PO_RECEIVING, PO_PARTIAL, PO_RECEIVED];

async function followUpsOf(ctx: Ctx, order: PurchaseOrderView): Promise<PurchaseOrderFollowUps> {
  const time = await companyClock(ctx);
  const [notes, returns] = await Promise.all([
    documentsOfOrder(ctx, receiveOrders, receiveOrders.purchaseOrderId, order.id),
    documentsOfOrder(ctx, purchaseReturnOrders, purchaseReturnOrders.purchaseOrderId, order.id),
  ]);
  const canReceive = ctx.permissions.has("CGGL-009");
  const canReturn = ctx.permissions.has("CGGL-005");
  const open = notes.find((n) => n.status === RC_WAITING);
  const expecting = order.lines.some((l) => gt(l.qty, l.receivedQty));
  const returnable = order.lines.some((l) => gt(l.receivedQty, l.returnedQty));
  return {
    receipts: notes.map((n) => ({
      id: n.id,
      no: n.no,
      status: n.status,
      statusLabel: labelOf(RECEIVE_ORDER_STATUSES, n.status as 10),
      creationTime: time(n.creationTime),
      href: `/purchase/receive/${n.id}`,
    })),
    returns: returns.map((r) => ({
      id: r.id,
      no: r.no,
      status: r.status,
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
  const order = await orderOr404(PURCHASE, ctx, idText);
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

export const purchaseOrderCreateAction = (request: Request) => orderCreateAction(PURCHASE, request);

export const purchaseOrderPageAction = (request: Request, idText: string | undefined) => orderPageAction(PURCHASE, request, idText);

/** Option lists of the purchase pages' filters: suppliers and warehouses of the company. */
export async function purchaseFilterLookups(ctx: Ctx) {
  const [suppliers, whs] = await Promise.all([suppliersOf(ctx), warehouseOptions(ctx)]);
  return { supplier: suppliers.map((s) => ({ value: s.id, label: s.name })), warehouse: whs.map((w) => ({ value: w.id, label: w.name })) };
}

/** 打印 on the list: the selected order's print sheet (the toolbar's GET form opened in a new window). */
export const printRedirectOf = (request: Request) => listPrintRedirect(request, ORDER_LIST_URL, (id) => `/print/purchase?type=purchase&orderId=${id}`);

/** /purchase/order/line/<lineId> → the line's order page (404 for a bad or foreign line). */
export async function purchaseOrderLineRedirect(request: Request, lineIdText: string | undefined) {
  const ctx = await requirePage(request, "/purchase/execute");
  return lineOrderRedirect(PURCHASE, ctx, lineIdText ?? "", purchaseOrderLines);
}
