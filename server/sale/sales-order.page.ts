import { salePriceHistory } from "./sale-price-history";
import { json } from "@remix-run/node";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import { requireDocumentPage, requirePage } from "../auth/guard";
import { visibleDocument } from "../lib/list-read";
import { salesOrderResource } from "./sales-order.resource";
import { db } from "../db/client";
import { accountSummaries } from "../finance/partner-account.service";
import { div, gt, lt, moneyString, mul, sub } from "../lib/decimal";
import { APPROVAL_STATUSES, DELIVER_ORDER_STATUSES, labelOf, PICKING_ORDER_STATUSES, SALES_ORDER_STATUSES, SALES_RETURN_STATUSES } from "../lib/dictionary";
import { parseId } from "../lib/ids";
import type { RawLine } from "../lib/line-form";
import { companyUsers, users } from "../kernel/identity.tables";
import { enterpriseRelations } from "../organization/organization.tables";
import { companyClock, listPrintRedirect, type DocumentFormState, type FormLine } from "../trade/document-form.page";
import {
  documentsOfOrder,
  lineOrderRedirect,
  orderCreateAction,
  orderFormState,
  orderOr404,
  orderPageAction,
  partnerContactOptions,
  resolvePartner,
  warehouseOptions,
  type OrderPageBase,
  type OrderPageSide,
  type PartnerContactOption,
} from "../trade/order.page";
import { approvals, deliverOrders, pickingOrders, salesOrderLines, salesOrders, salesReturnOrders } from "./sale.tables";
import { SalesOrderInputSchema, type SalesOrderInput } from "./sales-order.input";
import { createSalesOrder, getSalesOrder, requestCreditApproval, runSalesOrderAction, updateSalesOrder, type SalesOrderView } from "./sales-order.service";
import { SALES_ORDER_DOC_TYPE } from "./sales-order.state";
import { DL_REVERSED } from "./deliver-order.status";
import { SO_CANCELLED, SO_DELIVERING, SO_DONE, SO_DRAFT, SO_NO_DEAL, SO_PARTIAL, SO_WAITING } from "./sales-order.status";
import { PK_VOID } from "./picking-order.status";

/**
 * The sales order pages' loaders and actions (/sale/orderCreate, /sale/order/<id>, the list's
 * print and row redirects): the route files only call these; the form itself is the trade
 * side's (server/trade/order.page.ts), this module adds the customer's standing, the order's
 * history and the sale's own header fields.
 *
 * Submitting can be refused twice over, and the page answers with what was typed plus a way on:
 *   - 库存不足 (stock short): the checkbox 缺货部分转紧急采购 (allowShortage) and 提交 again;
 *   - over the customer's credit limit: 提交审批 (the order is saved as a draft and waits on
 *     /demand/approval).
 */
export const SALE_ORDER_LIST_URL = "/sale/order";
export const SALE_ORDER_CREATE_URL = "/sale/orderCreate";
export const saleOrderUrl = (id: number) => `/sale/order/${id}`;
/** Who sees costs (and so the 低于成本 warning): 产品价格. */
const COST_CODE = "CPGL-002";
const CUSTOMER = { rel: 1, word: "客户" } as const;
/** Orders submitted and not delivered yet. */
const OPEN_STATUSES = [SO_WAITING, SO_DELIVERING, SO_PARTIAL];

export type CustomerOption = PartnerContactOption;

/** The customer's standing, shown in the order's header: credit limit, what they owe, open orders, payment terms. */
export interface CustomerInfo {
  partnerId: number;
  name: string;
  /** null: no limit. */
  creditLimit: string | null;
  balance: string;
  openOrderAmount: string;
  /** How many submitted orders are not delivered yet (待拣货, 发货中, 部分发货). */
  openOrders: number;
  paymentTerm: number | null;
  /** What is left under the limit (limit − balance − open orders), null without a limit. */
  creditLeft: string | null;
}

export type SaleFormLine = FormLine;

/** Why the last submit was refused, so the page offers the way on. */
export type SubmitRefusal = "shortage" | "credit" | null;

export interface SalesOrderFormState extends DocumentFormState {
  refusal: SubmitRefusal;
}

export interface SalesOrderPageData extends SalesOrderFormState, OrderPageBase {
  customers: CustomerOption[];
  salesmen: { id: number; name: string }[];
  customerInfo: CustomerInfo | null;
  order: SalesOrderView | null;
  /** The user may see costs: the cost column and the 低于成本 warning. */
  canSeeCost: boolean;
}

/** A new line: discount 100 (no discount). */
export const BLANK_SALE_LINE: RawLine = { discount: "100" };

const customersOf = (ctx: Ctx) => partnerContactOptions(ctx, CUSTOMER);

/** The company's users (a salesman is one of them). */
async function salesmenOf(ctx: Ctx) {
  return db()
    .select({ id: users.id, name: users.name })
    .from(companyUsers)
    .innerJoin(users, eq(users.id, companyUsers.userId))
    .where(and(eq(companyUsers.companyId, ctx.companyId), eq(companyUsers.isLocked, false), eq(users.isLocked, false)))
    .orderBy(asc(users.name), asc(users.id))
    .limit(500);
}

/** The customer a clerk typed: its exact name, else its pinyin initials or a part of its name when that names one customer. */
export function resolveCustomer(customers: readonly Pick<CustomerOption, "id" | "name" | "initial">[], text: string): { id: number } | { error: string } {
  return resolvePartner(customers, text, CUSTOMER.word);
}

/** The header facts of one customer of the company (null for an unknown or another company's id). */
export async function customerInfoOf(ctx: Ctx, partnerId: number | null): Promise<CustomerInfo | null> {
  if (partnerId === null) return null;
  const [p] = await db()
    .select({ id: enterpriseRelations.id, name: enterpriseRelations.name })
    .from(enterpriseRelations)
    .where(and(eq(enterpriseRelations.id, partnerId), eq(enterpriseRelations.companyId, ctx.companyId), eq(enterpriseRelations.rel, CUSTOMER.rel)));
  if (!p) return null;
  const [accounts, [open]] = await Promise.all([
    accountSummaries(db(), ctx, [p.id]),
    db()
      .select({ n: sql<number>`count(*)::int` })
      .from(salesOrders)
      .where(and(eq(salesOrders.companyId, ctx.companyId), eq(salesOrders.partnerId, p.id), inArray(salesOrders.status, OPEN_STATUSES))),
  ]);
  const a = accounts.get(p.id) ?? { balance: "0.00", openOrderAmount: "0.00", creditLimit: null, paymentTerm: null };
  const limit = a.creditLimit && gt(a.creditLimit, 0) ? a.creditLimit : null;
  const left = limit === null ? null : moneyString(sub(sub(limit, a.balance), a.openOrderAmount));
  return {
    partnerId: p.id,
    name: p.name,
    creditLimit: limit,
    balance: a.balance,
    openOrderAmount: a.openOrderAmount,
    openOrders: open?.n ?? 0,
    paymentTerm: a.paymentTerm,
    creditLeft: left,
  };
}

async function pageData(ctx: Ctx, order: SalesOrderView | null, state: DocumentFormState | null, refusal: SubmitRefusal = null): Promise<SalesOrderPageData> {
  const [customers, whs, salesmen] = await Promise.all([customersOf(ctx), warehouseOptions(ctx), salesmenOf(ctx)]);
  const base = state ?? (await orderFormState(SALE, ctx, order, whs));
  return {
    ...base,
    refusal,
    customers,
    warehouses: whs,
    salesmen,
    customerInfo: await customerInfoOf(ctx, parseId(base.values.partnerId ?? "")),
    order,
    actions: order ? [...order.actions, ...(order.status === SO_DRAFT ? ["remove"] : [])] : [],
    canEdit: !order || order.status === SO_DRAFT,
    canSeeCost: ctx.permissions.has(COST_CODE),
  };
}

/** Which refusal a submit met (the ledger's 库存不足, the credit check's 信用额度). */
export function refusalOf(message: string): SubmitRefusal {
  if (message.startsWith("库存不足")) return "shortage";
  if (message.includes("信用额度")) return "credit";
  return null;
}

/** Buttons of a submitted order's page (and a draft's: 未成交, 删除) — the service checks the status. */
const ORDER_COMMANDS = new Set(["pick", "noDeal", "cancel", "complete", "remove"]);

/** The sales side of the trade order pages. */
const SALE: OrderPageSide<SalesOrderView, CustomerOption, SalesOrderPageData, SalesOrderInput, "shortage" | "credit"> = {
  label: "销售订单",
  partner: CUSTOMER,
  listUrl: SALE_ORDER_LIST_URL,
  createUrl: SALE_ORDER_CREATE_URL,
  docUrl: saleOrderUrl,
  draft: SO_DRAFT,
  statusLabel: (status) => labelOf(SALES_ORDER_STATUSES, status as 0),
  pick: { prices: salePriceHistory },
  get: getSalesOrder,
  partners: customersOf,
  headerFields: ["partnerText", "warehouseId", "salesmanId", "paymentTerm", "contactName", "contactPhone", "address", "remark"],
  lineFields: ["productId", "qty", "price", "discount", "remark"],
  blankLine: BLANK_SALE_LINE,
  valuesOf: (order, ctx): Record<string, string> =>
    order
      ? {
          salesmanId: order.salesmanId === null ? "" : String(order.salesmanId),
          paymentTerm: order.paymentTerm === null ? "" : String(order.paymentTerm),
          contactName: order.contactName ?? "",
          contactPhone: order.contactPhone ?? "",
          address: order.address ?? "",
          remark: order.remark ?? "",
          allowShortage: order.allowShortage ? "1" : "",
        }
      : { partnerId: "", salesmanId: String(ctx.userId), paymentTerm: "", contactName: "", contactPhone: "", address: "", remark: "", allowShortage: "" },
  lineValues: (l) => ({ qty: l.qty, price: l.price, discount: l.discount, remark: l.remark ?? "" }),
  // A submitted order's lines are read, not picked again.
  pickFacts: (order) => order.status === SO_DRAFT,
  schema: SalesOrderInputSchema,
  pageData,
  readForm: (form, values) => {
    const v = form.get("allowShortage");
    values.allowShortage = v === "1" || v === "on" || v === "true" ? "1" : "";
  },
  // A round trip also fills the contact fields left blank from the (new) customer.
  onRoundTrip: (values, c) => {
    if (!c) return;
    if (!values.contactName) values.contactName = c.contactName ?? "";
    if (!values.contactPhone) values.contactPhone = c.contactPhone ?? "";
    if (!values.address) values.address = c.address ?? "";
  },
  write: (ctx, existing, data, { submit, values }) => {
    const opts = { submit, allowShortage: values.allowShortage === "1" };
    return existing ? updateSalesOrder(ctx, existing.id, data, opts) : createSalesOrder(ctx, data, opts);
  },
  afterWrite: async (ctx, saved, intent, form, values) => {
    if (intent !== "requestApproval") return null;
    await requestCreditApproval(ctx, saved.id, { reason: form.get("approvalReason") ?? undefined, allowShortage: values.allowShortage === "1" });
    return `销售订单 ${saved.no} 已提交审批，请等待审批结果`;
  },
  refusalOf: (message, values) => {
    const refusal = refusalOf(message);
    if (refusal === "shortage") values.allowShortage = "";
    return refusal;
  },
  formIntents: ["requestApproval"],
  command: async (ctx, order, intent) => {
    if (!ORDER_COMMANDS.has(intent)) return null;
    const done = await runSalesOrderAction(ctx, order.id, intent);
    return { to: intent === "remove" ? SALE_ORDER_LIST_URL : undefined, message: done.message };
  },
};

/**
 * GET <page>?customerInfo=<id>: the header facts of that customer as JSON (the form asks when the
 * customer changes, with JavaScript); null when the request is something else.
 */
async function customerInfoAnswer(request: Request, page: string): Promise<Response | null> {
  const raw = new URL(request.url).searchParams.get("customerInfo");
  if (raw === null) return null;
  const ctx = await requirePage(request, page);
  return json({ customerInfo: await customerInfoOf(ctx, parseId(raw)) }, { headers: { "Cache-Control": "no-store" } });
}

export async function loadSalesOrderCreate(request: Request): Promise<SalesOrderPageData | Response> {
  const info = await customerInfoAnswer(request, SALE_ORDER_CREATE_URL);
  if (info) return info;
  const ctx = await requirePage(request, SALE_ORDER_CREATE_URL);
  return pageData(ctx, null, null);
}

/** One step of an order's history (created, submitted, approvals, picking / delivery / return, closed). */
export interface OrderHistoryEntry {
  at: string;
  /** Sort key (ISO). */
  sortAt: string;
  event: string;
  by: string | null;
  /** The document it concerns (picking list, delivery note, return), with its status and page. */
  doc: { no: string; statusLabel: string; href: string } | null;
  detail: string | null;
}

/** The order's history, oldest first, read from the sale tables (company-scoped, read only). */
export async function salesOrderHistory(ctx: Ctx, order: SalesOrderView): Promise<OrderHistoryEntry[]> {
  const time = await companyClock(ctx);
  const nameOf = (col: unknown) => sql<string | null>`(select u.name from users u where u.id = ${col})`;
  const [pickings, deliveries, returns, approvalRows, [posted]] = await Promise.all([
    documentsOfOrder(ctx, pickingOrders, pickingOrders.salesOrderId, order.id),
    db()
      .select({
        id: deliverOrders.id,
        no: deliverOrders.no,
        status: deliverOrders.status,
        at: deliverOrders.creationTime,
        by: nameOf(deliverOrders.createdBy),
        shippedAt: deliverOrders.shippedAt,
        trackingNo: deliverOrders.trackingNo,
        updatedAt: deliverOrders.updatedAt,
      })
      .from(deliverOrders)
      .where(and(eq(deliverOrders.companyId, ctx.companyId), eq(deliverOrders.salesOrderId, order.id)))
      .orderBy(asc(deliverOrders.id)),
    documentsOfOrder(ctx, salesReturnOrders, salesReturnOrders.salesOrderId, order.id),
    db()
      .select({
        status: approvals.status,
        reason: approvals.reason,
        comment: approvals.comment,
        requestedAt: approvals.requestedAt,
        requestedBy: nameOf(approvals.requestedBy),
        decidedAt: approvals.decidedAt,
        decidedBy: nameOf(approvals.decidedBy),
      })
      .from(approvals)
      .where(and(eq(approvals.companyId, ctx.companyId), eq(approvals.docType, SALES_ORDER_DOC_TYPE), eq(approvals.docId, order.id)))
      .orderBy(asc(approvals.id)),
    db()
      .select({ by: nameOf(salesOrders.postedBy) })
      .from(salesOrders)
      .where(and(eq(salesOrders.id, order.id), eq(salesOrders.companyId, ctx.companyId))),
  ]);
  const out: OrderHistoryEntry[] = [];
  const put = (at: Date | string | null, event: string, by: string | null, doc: OrderHistoryEntry["doc"] = null, detail: string | null = null) => {
    if (!at) return;
    const d = new Date(at);
    out.push({ at: time(d), sortAt: d.toISOString(), event, by, doc, detail });
  };
  put(order.creationTime, "创建订单", order.creatorName);
  for (const a of approvalRows) {
    put(a.requestedAt, "提交信用审批", a.requestedBy, null, a.reason);
    if (a.decidedAt) put(a.decidedAt, `审批${labelOf(APPROVAL_STATUSES, a.status as 1)}`, a.decidedBy, null, a.comment);
  }
  if (order.postedAt) put(order.postedAt, "提交订单", posted?.by ?? null, null, order.allowShortage ? "缺货部分转紧急采购" : null);
  for (const p of pickings)
    put(p.creationTime, "生成拣货单", p.createdByName, {
      no: p.no,
      statusLabel: labelOf(PICKING_ORDER_STATUSES, p.status as 0) || (p.status === PK_VOID ? "已作废" : String(p.status)),
      href: `/sale/picking/${p.id}`,
    });
  for (const d of deliveries) {
    put(
      d.at,
      "生成发货单",
      d.by,
      { no: d.no, statusLabel: labelOf(DELIVER_ORDER_STATUSES, d.status as 20), href: `/sale/deliver/${d.id}` },
      d.trackingNo ? `运单号 ${d.trackingNo}` : null,
    );
    if (d.shippedAt)
      put(d.shippedAt, "发货完成", null, { no: d.no, statusLabel: labelOf(DELIVER_ORDER_STATUSES, d.status as 20), href: `/sale/deliver/${d.id}` });
    if (d.status === DL_REVERSED)
      put(
        d.updatedAt,
        "红冲发货单",
        null,
        { no: d.no, statusLabel: labelOf(DELIVER_ORDER_STATUSES, d.status), href: `/sale/deliver/${d.id}` },
        "货物已回到原库位并重新锁定",
      );
  }
  for (const r of returns)
    put(r.creationTime, "销售退货", r.createdByName, {
      no: r.no,
      statusLabel: labelOf(SALES_RETURN_STATUSES, r.status as 0),
      href: `/sale/returnOrder/${r.id}`,
    });
  if (order.closedAt)
    put(
      order.closedAt,
      order.status === SO_CANCELLED ? "取消订单" : order.status === SO_NO_DEAL ? "标记为未成交" : order.status === SO_DONE ? "完成订单" : "关闭订单",
      null,
    );
  return out.sort((a, b) => (a.sortAt < b.sortAt ? -1 : a.sortAt > b.sortAt ? 1 : 0));
}

/**
 * The order as the worker of a step of its chain sees it (a stock keeper from his picking note):
 * read only, no actions, no customer's credit, prices only if the order's price rule allows.
 */
async function readOnlyOrderPage(ctx: Ctx, idText: string | undefined) {
  const order = visibleDocument(salesOrderResource, ctx, await orderOr404(SALE, ctx, idText));
  return { readOnly: true as const, order, actions: [], customerInfo: null, canSeeCost: false, canPrint: false, history: [], belowCostLineIds: [] };
}

export async function loadSalesOrderPage(request: Request, idText: string | undefined) {
  const access = await requireDocumentPage(request, SALE_ORDER_LIST_URL, "salesOrder");
  if (access.readOnly) return readOnlyOrderPage(access.ctx, idText);
  const info = await customerInfoAnswer(request, SALE_ORDER_LIST_URL);
  if (info) return info;
  const ctx = await requirePage(request, SALE_ORDER_LIST_URL);
  const order = await orderOr404(SALE, ctx, idText);
  const [data, history] = await Promise.all([pageData(ctx, order, null), salesOrderHistory(ctx, order)]);
  return {
    ...data,
    canPrint: order.status !== SO_DRAFT && order.status !== SO_NO_DEAL,
    history,
    belowCostLineIds: order.lines.filter(isBelowCost).map((l) => l.id),
  };
}

export const salesOrderCreateAction = (request: Request) => orderCreateAction(SALE, request);

export const salesOrderPageAction = (request: Request, idText: string | undefined) => orderPageAction(SALE, request, idText);

/** Option lists of the sale pages' filters: customers, warehouses and salesmen of the company. */
export async function saleFilterLookups(ctx: Ctx) {
  const [customers, whs, salesmen] = await Promise.all([customersOf(ctx), warehouseOptions(ctx), salesmenOf(ctx)]);
  return {
    customer: customers.map((s) => ({ value: s.id, label: s.name })),
    warehouse: whs.map((w) => ({ value: w.id, label: w.name })),
    salesman: salesmen.map((u) => ({ value: u.id, label: u.name })),
  };
}

/** 打印 on the list: the selected order's print sheet (the toolbar's GET form opened in a new window). */
export const salePrintRedirectOf = (request: Request) => listPrintRedirect(request, SALE_ORDER_LIST_URL, (id) => `/print/sale?type=sale&orderId=${id}`);

/** A net unit price (price × discount ÷ 100) below the cost written on the line: the 低于成本 warning of a shown order. */
export function isBelowCost(line: { price: string; discount: string; costPrice: string | null }): boolean {
  if (line.costPrice === null) return false;
  return lt(div(mul(line.price, line.discount), 100), line.costPrice);
}

/** /sale/execute?line=<lineId> (a row of 销售执行) → the line's order page (404 for a bad or foreign line); null without `line`. */
export async function saleExecuteRowHref(request: Request): Promise<Response | null> {
  const raw = new URL(request.url).searchParams.get("line");
  if (raw === null) return null;
  const ctx = await requirePage(request, "/sale/execute");
  return lineOrderRedirect(SALE, ctx, raw, salesOrderLines);
}
