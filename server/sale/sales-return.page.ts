import { salePriceHistory } from "./sale-price-history";
import { json } from "@remix-run/node";
import type { Ctx } from "../lib/context";
import { requireDocumentAction, requireDocumentPage, requirePage } from "../auth/guard";
import { worksStep } from "../lib/document-chain";
import { visibleDocument } from "../lib/list-read";
import { salesReturnOrderResource } from "./sales-return.resource";
import { isDomainError } from "../lib/errors";
import { formErrorOf } from "../lib/form-reply";
import { parseId } from "../lib/ids";
import { flashRedirect, listPrintRedirect, type DocumentFormState, type FormLine } from "../trade/document-form.page";
import {
  blankReturnState,
  DEFAULT_RETURN_REASON,
  returnCreateAction,
  returnDocumentPage,
  returnFormState,
  returnOr404,
  returnHeaderValues,
  returnPageAction,
  type ReturnPageBase,
  type ReturnPageSide,
} from "../trade/return.page";
import { SalesReturnInputSchema, type SalesReturnInput } from "./sales-return.input";
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
 * line editor. The form is the trade side's (server/trade/return.page.ts); this module adds the
 * order's prefill, the stock keeper's read-only view and the approval.
 */
export const SALES_RETURN_LIST_URL = "/sale/returnOrder";
export const SALES_RETURN_CREATE_URL = "/sale/returnOrderCreate";
export const SALES_RETURN_APPROVAL_URL = "/demand/returnOrder/approval";
export const salesReturnUrl = (id: number) => `/sale/returnOrder/${id}`;
export const salesReturnPrintUrl = (id: number) => `/print/saleReturn?type=saleReturn&orderId=${id}`;

export type SalesReturnFormLine = FormLine;

export type SalesReturnFormState = DocumentFormState;

export interface SalesReturnPageData extends ReturnPageBase<SalesReturnView> {
  customers: { value: number; label: string }[];
  /** A return from an order: the order's delivery lines that may still come back (the form's rows). */
  orderLines: ReturnableLine[] | null;
  /** Opened by the worker of a step (仓管 确认入库): no form, only that step's actions, no print. */
  readOnly?: boolean;
}

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

/** The sales side of the trade return pages. */
const SALES_RETURN: ReturnPageSide<SalesReturnView, SalesReturnPageData, SalesReturnInput> = {
  label: "销售退货单",
  listUrl: SALES_RETURN_LIST_URL,
  createUrl: SALES_RETURN_CREATE_URL,
  docUrl: salesReturnUrl,
  draft: SR_DRAFT,
  get: getSalesReturnOrder,
  orderField: "salesOrder",
  orderOf: (doc) => ({ id: doc.salesOrderId, no: doc.salesOrderNo }),
  linesFromOrder: true,
  lineFields: ["deliverOrderLineId"],
  pick: { prices: salePriceHistory },
  lineValues: (l) => ({ deliverOrderLineId: l.deliverOrderLineId ? String(l.deliverOrderLineId) : "" }),
  // A return from an order shows the order's lines, not the picker's.
  pickFacts: (doc) => doc.status === SR_DRAFT && !doc.salesOrderId,
  schema: SalesReturnInputSchema,
  pageData,
  write: async (ctx, existing, data) => ({
    ...(existing ? await updateSalesReturnOrder(ctx, existing.id, data) : await createSalesReturnOrder(ctx, data)),
    submitted: false,
  }),
  run: runSalesReturnAction,
  remove: removeSalesReturnOrder,
  done: {
    submit: "已提交，等待审批",
    confirm: "已确认入库",
    cancel: "已作废",
    reverse: "已红冲，退回的货物已出库，客户的退货款已冲回",
  },
  notSubmitted: (message) => `已保存为草稿，未提交：${message}`,
  // The stock keeper confirms a return in from his 退货入库 list (a step of the chain).
  access: (request, intent) => requireDocumentAction(request, SALES_RETURN_LIST_URL, "salesReturnOrder", intent),
};

/** 新建 (free-standing) or 从销售订单退货 (?orderNo=… or ?orderId=…: the order's returnable delivery lines). */
export async function loadSalesReturnCreate(request: Request) {
  const ctx = await requirePage(request, SALES_RETURN_CREATE_URL);
  const params = new URL(request.url).searchParams;
  const orderId = parseId(params.get("orderId") ?? "");
  const orderNo = (params.get("orderNo") ?? "").trim().slice(0, 60);
  const choices = await salesReturnChoices(ctx);
  const def = choices.warehouses[0];
  const blank = blankReturnState(SALES_RETURN, def ? def.value : null, { orderNo });
  if (orderId === null && !orderNo) return pageData(ctx, null, blank);
  try {
    const pre = await salesReturnPrefill(ctx, { orderId, orderNo });
    const state: SalesReturnFormState = {
      values: { ...returnHeaderValues(SALES_RETURN, { partnerId: pre.order.partnerId, warehouseId: pre.order.warehouseId }, pre.order), orderNo: pre.order.no },
      lines: pre.lines.map((l) => ({
        values: { deliverOrderLineId: String(l.deliverOrderLineId), productId: String(l.productId), qty: "", reasonCode: DEFAULT_RETURN_REASON, remark: "" },
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
  const doc = await returnOr404(SALES_RETURN, ctx, idText);
  if (readOnly) {
    const shown = visibleDocument(salesReturnOrderResource, ctx, { ...doc, actions: doc.actions.filter((a) => worksStep(ctx, "salesReturnOrder", a)) });
    return { ...(await pageData(ctx, shown, returnFormState(SALES_RETURN, shown, []))), canEdit: false, readOnly: true };
  }
  return returnDocumentPage(SALES_RETURN, ctx, doc);
}

export const salesReturnCreateAction = (request: Request) => returnCreateAction(SALES_RETURN, request);

export const salesReturnPageAction = (request: Request, idText: string | undefined) => returnPageAction(SALES_RETURN, request, idText);

/** 打印 on the list: the selected return's print sheet (opened in a new window). */
export const salesReturnPrintRedirectOf = (request: Request) => listPrintRedirect(request, SALES_RETURN_LIST_URL, salesReturnPrintUrl);

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
