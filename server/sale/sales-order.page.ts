import { json, redirect } from "@remix-run/node";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import { requireDocumentPage, requirePage } from "../auth/guard";
import { visibleDocument } from "../lib/list-read";
import { salesOrderResource } from "./sales-order.resource";
import { db } from "../db/client";
import { accountSummaries } from "../finance/partner-account.service";
import { div, gt, lt, moneyString, mul, sub } from "../lib/decimal";
import { APPROVAL_STATUSES, DELIVER_ORDER_STATUSES, labelOf, PICKING_ORDER_STATUSES, SALES_ORDER_STATUSES, SALES_RETURN_STATUSES } from "../lib/dictionary";
import { setFlash } from "../lib/flash";
import { formErrorOf } from "../lib/form-reply";
import { parseId } from "../lib/ids";
import { applyLineIntent, lineErrorsOf, lineIntentOf, readLines, type RawLine } from "../lib/line-form";
import { enterpriseRelations } from "../organization/organization.tables";
import { pinyinOf } from "../product/pinyin";
import { getCompanyTimeZone } from "../setting/setting.service";
import { warehouses } from "../stock/stock.tables";
import { companyUsers, users } from "../kernel/identity.tables";
import { pickedProductsByIds, productLabelOf, resolveLines, type PickedProduct, type ResolvedLine } from "../trade/line-pick.service";
import { approvals, deliverOrders, pickingOrders, salesOrderLines, salesOrders, salesReturnOrders } from "./sale.tables";
import { SalesOrderInputSchema } from "./sales-order.input";
import { createSalesOrder, getSalesOrder, requestCreditApproval, runSalesOrderAction, updateSalesOrder, type SalesOrderView } from "./sales-order.service";
import { SALES_ORDER_DOC_TYPE } from "./sales-order.state";
import { DL_REVERSED } from "./deliver-order.status";
import { SO_CANCELLED, SO_DONE, SO_DRAFT, SO_NO_DEAL } from "./sales-order.status";
import { PK_VOID } from "./picking-order.status";

/**
 * The sales order pages' loaders and actions (/sale/orderCreate, /sale/order/<id>, the list's
 * print and row redirects): the route files only call these. Everything works as plain POST
 * forms without JavaScript; with it the line editor is a keyboard-first grid over the same form.
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

export interface CustomerOption {
  id: number;
  name: string;
  initial: string;
  paymentTerm: number | null;
  contactName: string | null;
  contactPhone: string | null;
  address: string | null;
}

/** The customer's standing, shown in the order's header: credit limit, what they owe, open orders, payment terms. */
export interface CustomerInfo {
  partnerId: number;
  name: string;
  /** null: no limit. */
  creditLimit: string | null;
  balance: string;
  openOrderAmount: string;
  /** How many submitted orders are not delivered yet (30, 40, 50). */
  openOrders: number;
  paymentTerm: number | null;
  /** What is left under the limit (limit − balance − open orders), null without a limit. */
  creditLeft: string | null;
}

export interface SaleFormLine {
  values: RawLine;
  product?: PickedProduct | null;
  choices?: PickedProduct[];
  error?: string | null;
}

/** Why the last submit was refused, so the page offers the way on. */
export type SubmitRefusal = "shortage" | "credit" | null;

export interface SalesOrderFormState {
  values: Record<string, string>;
  lines: SaleFormLine[];
  errors: Record<string, string[]>;
  message: string | null;
  refusal: SubmitRefusal;
}

export interface SalesOrderPageData extends SalesOrderFormState {
  customers: CustomerOption[];
  warehouses: { id: number; name: string; isDefault: boolean }[];
  salesmen: { id: number; name: string }[];
  customerInfo: CustomerInfo | null;
  order: SalesOrderView | null;
  /** The buttons the order's status offers (besides save/submit for a draft). */
  actions: string[];
  canEdit: boolean;
  /** The user may see costs: the cost column and the 低于成本 warning. */
  canSeeCost: boolean;
}

/** A new line: discount 100 (no discount). */
export const BLANK_SALE_LINE: RawLine = { discount: "100" };

async function customersOf(ctx: Ctx): Promise<CustomerOption[]> {
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
    .where(and(eq(enterpriseRelations.companyId, ctx.companyId), eq(enterpriseRelations.rel, 1), eq(enterpriseRelations.isEnabled, true)))
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
  const typed = text.trim();
  if (!typed) return { error: "请选择客户" };
  const lower = typed.toLowerCase();
  const exact = customers.filter((s) => s.name.toLowerCase() === lower);
  if (exact.length === 1) return { id: exact[0]!.id };
  const byInitial = customers.filter((s) => s.initial === typed.toUpperCase());
  if (byInitial.length === 1) return { id: byInitial[0]!.id };
  const partial = customers.filter((s) => s.name.toLowerCase().includes(lower) || s.initial.startsWith(typed.toUpperCase()));
  if (partial.length === 1) return { id: partial[0]!.id };
  if (partial.length > 1 || byInitial.length > 1) return { error: `“${typed}”对应多个客户，请输入完整名称` };
  return { error: `未找到客户“${typed}”` };
}

/** The header facts of one customer of the company (null for an unknown or another company's id). */
export async function customerInfoOf(ctx: Ctx, partnerId: number | null): Promise<CustomerInfo | null> {
  if (partnerId === null) return null;
  const [p] = await db()
    .select({ id: enterpriseRelations.id, name: enterpriseRelations.name })
    .from(enterpriseRelations)
    .where(and(eq(enterpriseRelations.id, partnerId), eq(enterpriseRelations.companyId, ctx.companyId), eq(enterpriseRelations.rel, 1)));
  if (!p) return null;
  const [accounts, [open]] = await Promise.all([
    accountSummaries(db(), ctx, [p.id]),
    db()
      .select({ n: sql<number>`count(*)::int` })
      .from(salesOrders)
      .where(and(eq(salesOrders.companyId, ctx.companyId), eq(salesOrders.partnerId, p.id), sql`${salesOrders.status} in (30, 40, 50)`)),
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

function linesOfOrder(order: SalesOrderView, facts: PickedProduct[]): SaleFormLine[] {
  const byId = new Map(facts.map((f) => [f.productId, f]));
  return order.lines.map((l) => {
    const label = productLabelOf({ mainOE: l.mainOE, name: l.productName });
    return {
      values: {
        productId: String(l.productId),
        productText: label,
        productPicked: label,
        qty: l.qty,
        price: l.price,
        discount: l.discount,
        remark: l.remark ?? "",
      },
      product: byId.get(l.productId) ?? null,
    };
  });
}

async function pageData(ctx: Ctx, order: SalesOrderView | null, state: SalesOrderFormState | null): Promise<SalesOrderPageData> {
  const [customers, whs, salesmen] = await Promise.all([customersOf(ctx), warehousesOf(ctx), salesmenOf(ctx)]);
  let base: SalesOrderFormState;
  if (state) base = state;
  else if (order) {
    const facts =
      order.status === SO_DRAFT
        ? await pickedProductsByIds(ctx, [...new Set(order.lines.map((l) => l.productId))], {
            partnerId: order.partnerId,
            warehouseId: order.warehouseId,
            side: "sale",
          })
        : [];
    base = {
      values: {
        partnerText: order.partnerName,
        partnerId: String(order.partnerId),
        warehouseId: String(order.warehouseId),
        salesmanId: order.salesmanId === null ? "" : String(order.salesmanId),
        paymentTerm: order.paymentTerm === null ? "" : String(order.paymentTerm),
        contactName: order.contactName ?? "",
        contactPhone: order.contactPhone ?? "",
        address: order.address ?? "",
        remark: order.remark ?? "",
        allowShortage: order.allowShortage ? "1" : "",
      },
      lines: linesOfOrder(order, facts),
      errors: {},
      message: null,
      refusal: null,
    };
  } else {
    const def = whs.find((w) => w.isDefault) ?? whs[0];
    base = {
      values: {
        partnerText: "",
        partnerId: "",
        warehouseId: def ? String(def.id) : "",
        salesmanId: String(ctx.userId),
        paymentTerm: "",
        contactName: "",
        contactPhone: "",
        address: "",
        remark: "",
        allowShortage: "",
      },
      lines: [{ values: { ...BLANK_SALE_LINE } }],
      errors: {},
      message: null,
      refusal: null,
    };
  }
  const canEdit = !order || order.status === SO_DRAFT;
  return {
    ...base,
    customers,
    warehouses: whs,
    salesmen,
    customerInfo: await customerInfoOf(ctx, parseId(base.values.partnerId ?? "")),
    order,
    actions: order ? [...order.actions, ...(order.status === SO_DRAFT ? ["remove"] : [])] : [],
    canEdit,
    canSeeCost: ctx.permissions.has(COST_CODE),
  };
}

function notFound(): never {
  throw json({ message: "销售订单不存在" }, { status: 404 });
}

async function orderOr404(ctx: Ctx, idText: string | undefined) {
  const id = parseId(idText ?? "");
  if (id === null) notFound();
  try {
    return await getSalesOrder(ctx, id);
  } catch (e) {
    if ((e as { code?: string }).code === "not_found") notFound();
    throw e;
  }
}

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
  const tz = await getCompanyTimeZone(ctx);
  const fmt = new Intl.DateTimeFormat("sv-SE", { timeZone: tz, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" });
  const nameOf = (col: unknown) => sql<string | null>`(select u.name from users u where u.id = ${col})`;
  const [pickings, deliveries, returns, approvalRows, [posted]] = await Promise.all([
    db()
      .select({ id: pickingOrders.id, no: pickingOrders.no, status: pickingOrders.status, at: pickingOrders.creationTime, by: nameOf(pickingOrders.createdBy) })
      .from(pickingOrders)
      .where(and(eq(pickingOrders.companyId, ctx.companyId), eq(pickingOrders.salesOrderId, order.id)))
      .orderBy(asc(pickingOrders.id)),
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
    db()
      .select({
        id: salesReturnOrders.id,
        no: salesReturnOrders.no,
        status: salesReturnOrders.status,
        at: salesReturnOrders.creationTime,
        by: nameOf(salesReturnOrders.createdBy),
      })
      .from(salesReturnOrders)
      .where(and(eq(salesReturnOrders.companyId, ctx.companyId), eq(salesReturnOrders.salesOrderId, order.id)))
      .orderBy(asc(salesReturnOrders.id)),
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
    out.push({ at: fmt.format(d), sortAt: d.toISOString(), event, by, doc, detail });
  };
  put(order.creationTime, "创建订单", order.creatorName);
  for (const a of approvalRows) {
    put(a.requestedAt, "提交信用审批", a.requestedBy, null, a.reason);
    if (a.decidedAt) put(a.decidedAt, `审批${labelOf(APPROVAL_STATUSES, a.status as 1)}`, a.decidedBy, null, a.comment);
  }
  if (order.postedAt) put(order.postedAt, "提交订单", posted?.by ?? null, null, order.allowShortage ? "缺货部分转紧急采购" : null);
  for (const p of pickings)
    put(p.at, "生成拣货单", p.by, {
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
    put(r.at, "销售退货", r.by, { no: r.no, statusLabel: labelOf(SALES_RETURN_STATUSES, r.status as 0), href: `/sale/returnOrder/${r.id}` });
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
  const order = visibleDocument(salesOrderResource, ctx, await orderOr404(ctx, idText));
  return { readOnly: true as const, order, actions: [], customerInfo: null, canSeeCost: false, canPrint: false, history: [], belowCostLineIds: [] };
}

export async function loadSalesOrderPage(request: Request, idText: string | undefined) {
  const access = await requireDocumentPage(request, SALE_ORDER_LIST_URL, "salesOrder");
  if (access.readOnly) return readOnlyOrderPage(access.ctx, idText);
  const info = await customerInfoAnswer(request, SALE_ORDER_LIST_URL);
  if (info) return info;
  const ctx = await requirePage(request, SALE_ORDER_LIST_URL);
  const order = await orderOr404(ctx, idText);
  const [data, history] = await Promise.all([pageData(ctx, order, null), salesOrderHistory(ctx, order)]);
  return {
    ...data,
    canPrint: order.status !== SO_DRAFT && order.status !== SO_NO_DEAL,
    history,
    belowCostLineIds: order.lines.filter(isBelowCost).map((l) => l.id),
  };
}

async function flashRedirect(to: string, message: string, type: "success" | "error" = "success") {
  return redirect(to, { headers: await setFlash({ type, message }) });
}

/** Fields a line is "used" by: a blank line (whatever its discount) is left out. */
const USED_FIELDS = ["productId", "productText", "qty", "price", "remark"] as const;
const isUsed = (l: RawLine) => USED_FIELDS.some((f) => (l[f] ?? "").trim() !== "");

/** Which refusal a submit met (the ledger's 库存不足, the credit check's 信用额度). */
export function refusalOf(message: string): SubmitRefusal {
  if (message.startsWith("库存不足")) return "shortage";
  if (message.includes("信用额度")) return "credit";
  return null;
}

const HEADER_FIELDS = ["partnerText", "warehouseId", "salesmanId", "paymentTerm", "contactName", "contactPhone", "address", "remark"] as const;

/**
 * Reads the header and lines of the posted form; answers add/remove-line and refused saves with
 * the same form. intent: save | submit | requestApproval | addLine | removeLine:<i>.
 */
async function saveFromForm(ctx: Ctx, form: FormData, intent: string, existing: SalesOrderView | null) {
  const values: Record<string, string> = {};
  for (const k of HEADER_FIELDS) values[k] = String(form.get(k) ?? "");
  const allowShortage = form.get("allowShortage") === "1" || form.get("allowShortage") === "on" || form.get("allowShortage") === "true";
  values.allowShortage = allowShortage ? "1" : "";
  const customers = await customersOf(ctx);
  const customer = resolveCustomer(customers, values.partnerText!);
  const partnerId = "id" in customer ? customer.id : null;
  values.partnerId = partnerId === null ? "" : String(partnerId);
  if (partnerId !== null) values.partnerText = customers.find((c) => c.id === partnerId)!.name;
  const warehouseId = parseId(values.warehouseId!);
  const resolved: ResolvedLine[] = await resolveLines(ctx, readLines(form), { partnerId, warehouseId, side: "sale" });
  const toForm = (r: ResolvedLine): SaleFormLine => ({ values: r.values, product: r.product, choices: r.choices, error: r.error });
  const answer = async (state: Omit<SalesOrderFormState, "values">, status: number) => json(await pageData(ctx, existing, { values, ...state }), { status });

  const lineIntent = lineIntentOf(intent);
  if (lineIntent) {
    // A round trip also fills the contact fields left blank from the (new) customer.
    const c = customers.find((x) => x.id === partnerId);
    if (c) {
      if (!values.contactName) values.contactName = c.contactName ?? "";
      if (!values.contactPhone) values.contactPhone = c.contactPhone ?? "";
      if (!values.address) values.address = c.address ?? "";
    }
    const byValues = new Map(resolved.map((r) => [r.values, r]));
    const next = applyLineIntent(
      resolved.map((r) => r.values),
      lineIntent,
      { ...BLANK_SALE_LINE },
    ).map((v) => (byValues.has(v) ? toForm(byValues.get(v)!) : { values: v }));
    return answer({ lines: next, errors: {}, message: null, refusal: null }, 200);
  }
  const lines = resolved.map(toForm);
  const errors: Record<string, string[]> = {};
  if ("error" in customer) errors.partnerText = [customer.error];
  const used = resolved.filter((r) => isUsed(r.values));
  const badLine = resolved.findIndex((r) => r.error && isUsed(r.values));
  if (badLine >= 0) errors[`lines[${badLine}].productText`] = [resolved[badLine]!.error!];
  if (Object.keys(errors).length) {
    const first = errors.partnerText?.[0] ?? `第 ${badLine + 1} 行：${resolved[badLine]!.error}`;
    return answer({ lines, errors, message: first, refusal: null }, 400);
  }
  const input = {
    partnerId,
    warehouseId: values.warehouseId,
    salesmanId: values.salesmanId,
    paymentTerm: values.paymentTerm,
    contactName: values.contactName,
    contactPhone: values.contactPhone,
    address: values.address,
    remark: values.remark,
    lines: used.map((r) => ({
      productId: r.values.productId,
      qty: r.values.qty ?? "",
      price: r.values.price ?? "",
      discount: r.values.discount ?? "",
      remark: r.values.remark ?? "",
    })),
  };
  const parsed = SalesOrderInputSchema.safeParse(input);
  if (!parsed.success) {
    const formIndex = used.map((u) => resolved.indexOf(u));
    const issues = parsed.error.issues.map((i) =>
      i.path[0] === "lines" && typeof i.path[1] === "number" ? { ...i, path: ["lines", formIndex[i.path[1]] ?? i.path[1], ...i.path.slice(2)] } : i,
    );
    const lineErrors = lineErrorsOf(undefined, issues);
    const headerErrors: Record<string, string[]> = {};
    for (const i of issues) if (i.path[0] !== "lines") (headerErrors[String(i.path[0] === "partnerId" ? "partnerText" : i.path[0])] ??= []).push(i.message);
    return answer({ lines, errors: { ...headerErrors, ...lineErrors }, message: issues[0]?.message ?? "请检查输入", refusal: null }, 400);
  }
  const submit = intent === "submit";
  let saved: { id: number; no: string } | null = null;
  try {
    saved = existing
      ? await updateSalesOrder(ctx, existing.id, parsed.data, { submit, allowShortage })
      : await createSalesOrder(ctx, parsed.data, { submit, allowShortage });
    if (intent === "requestApproval") {
      await requestCreditApproval(ctx, saved.id, { reason: form.get("approvalReason") ?? undefined, allowShortage });
      return flashRedirect(saleOrderUrl(saved.id), `销售订单 ${saved.no} 已提交审批，请等待审批结果`);
    }
    return flashRedirect(saleOrderUrl(saved.id), submit ? `销售订单 ${saved.no} 已提交` : `销售订单 ${saved.no} 已保存为草稿`);
  } catch (e) {
    const f = formErrorOf(e);
    if (!f) throw e;
    // The draft was saved, the approval request refused: its page says why.
    if (saved) return flashRedirect(saleOrderUrl(saved.id), f.message, "error");
    const refusal = submit ? refusalOf(f.message) : null;
    if (refusal === "shortage") values.allowShortage = "";
    const fields = { ...f.fields };
    if (fields.partnerId) fields.partnerText = fields.partnerId;
    return answer({ lines, errors: { ...fields, ...lineErrorsOf(f.fields) }, message: f.message, refusal }, f.status);
  }
}

export async function salesOrderCreateAction(request: Request) {
  const ctx = await requirePage(request, SALE_ORDER_CREATE_URL);
  const form = await request.formData();
  return saveFromForm(ctx, form, String(form.get("intent") ?? ""), null);
}

/** Buttons of a submitted order's page (and a draft's: 未成交, 删除) — the service checks the status. */
const ORDER_COMMANDS = new Set(["pick", "noDeal", "cancel", "complete", "remove"]);

export async function salesOrderPageAction(request: Request, idText: string | undefined) {
  const ctx = await requirePage(request, SALE_ORDER_LIST_URL);
  const order = await orderOr404(ctx, idText);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  try {
    if (ORDER_COMMANDS.has(intent)) {
      const done = await runSalesOrderAction(ctx, order.id, intent);
      if (intent === "remove") return flashRedirect(SALE_ORDER_LIST_URL, done.message);
      return flashRedirect(saleOrderUrl(order.id), done.message);
    }
    if (intent === "save" || intent === "submit" || intent === "requestApproval" || lineIntentOf(intent)) {
      if (order.status !== SO_DRAFT)
        return flashRedirect(saleOrderUrl(order.id), `销售订单当前状态为“${labelOf(SALES_ORDER_STATUSES, order.status as 0)}”，不能修改`, "error");
      return await saveFromForm(ctx, form, intent, order);
    }
    return flashRedirect(saleOrderUrl(order.id), "未知的操作", "error");
  } catch (e) {
    const f = formErrorOf(e);
    if (!f) throw e;
    return flashRedirect(saleOrderUrl(order.id), f.message, "error");
  }
}

/** Option lists of the sale pages' filters: customers, warehouses and salesmen of the company. */
export async function saleFilterLookups(ctx: Ctx) {
  const [customers, whs, salesmen] = await Promise.all([customersOf(ctx), warehousesOf(ctx), salesmenOf(ctx)]);
  return {
    customer: customers.map((s) => ({ value: s.id, label: s.name })),
    warehouse: whs.map((w) => ({ value: w.id, label: w.name })),
    salesman: salesmen.map((u) => ({ value: u.id, label: u.name })),
  };
}

/** 打印 on the list: the selected order's print sheet (the toolbar's GET form opened in a new window). */
export async function salePrintRedirectOf(request: Request): Promise<Response | null> {
  const params = new URL(request.url).searchParams;
  if (params.get("do") !== "print") return null;
  const id = parseId(params.get("sel") ?? "");
  if (id === null) return null;
  await requirePage(request, SALE_ORDER_LIST_URL);
  return redirect(`/print/sale?type=sale&orderId=${id}`);
}

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
  const lineId = parseId(raw);
  if (lineId === null) notFound();
  const [line] = await db()
    .select({ orderId: salesOrderLines.orderId })
    .from(salesOrderLines)
    .where(and(eq(salesOrderLines.id, lineId), eq(salesOrderLines.companyId, ctx.companyId)));
  if (!line) notFound();
  return redirect(saleOrderUrl(line.orderId));
}
