import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import { db, type Executor } from "../db/client";
import { inTransaction } from "../db/transaction";
import { accountSummaries, addOpenOrderAmount, creditCheck, type CreditState } from "../finance/partner-account.service";
import { add, dec, div, formatMoney, gt, lt, moneyString, mul, qtyString, roundMoney, sub, sum } from "../lib/decimal";
import { labelOf, SALES_ORDER_STATUSES } from "../lib/dictionary";
import { recordDocumentChange } from "../lib/document-audit";
import { DomainError } from "../lib/errors";
import { isId } from "../lib/ids";
import { parseInput } from "../lib/validate";
import { enterpriseRelations } from "../organization/organization.tables";
import { productBrands } from "../product/brand.tables";
import { productUnits } from "../product/catalog.tables";
import { products } from "../product/product.tables";
import { assertTransition, canTransition, lockDocument } from "../kernel/document";
import { averageCosts, cancelDemands, releaseLocks, reserveStock } from "../stock/stock-ledger.service";
import { warehouses } from "../stock/stock.tables";
import { nextDocumentNo, noTakenIn } from "../kernel/numbering";
import { companies, companyUsers, users } from "../kernel/identity.tables";
import { notify } from "../kernel/notify";
import { afterSalesOrderSubmitted, createPickingForOrder, unpickedLocks, voidOpenNotesOfOrder } from "./picking-order.service";
import { approvals, salesOrderLines, salesOrders } from "./sale.tables";
import { CreditApprovalRequestSchema, SalesOrderInputSchema, type SalesOrderInput } from "./sales-order.input";
import { lineHoldings, SALES_ORDER_DOC_TYPE } from "./sales-order.state";
import {
  SALES_ORDER_MACHINE,
  SALES_ORDER_USER_ACTIONS,
  SO_CANCELLED,
  SO_DONE,
  SO_DRAFT,
  SO_NO_DEAL,
  SO_WAITING,
  type SalesOrderAction,
} from "./sales-order.status";
import { APPROVAL_PASSED, APPROVAL_REJECTED, APPROVAL_WAITING } from "./approval.status";

/**
 * Sales orders (销售订单). Every use case is one transaction; every status change happens under
 * the order's row lock (lockDocument) after assertTransition, so a double click, two tabs or a
 * retried request moves an order once. LOCK ORDER: the order row → its picking lists / delivery
 * notes → stock balances and product costs (the ledger) → the customer's account (LAST).
 *
 * Submitting locks the order's stock first-in-first-out (a shortage is refused, or with
 * allowShortage waits as a demand for 紧急采购), then checks the customer's credit (balance +
 * open orders + this order against the credit limit) and adds the order to the open order
 * amount. Over the limit the whole submit rolls back and the order may be sent for approval
 * (/demand/approval); an approved order is submitted by the approval itself.
 */
const LABEL = SALES_ORDER_MACHINE.label;
const DOC = (order: { id: number; no: string }) => ({ docType: SALES_ORDER_DOC_TYPE, docId: order.id, docNo: order.no });
/** The order as the audit trail names it (单据过账 / 单据撤销). */
const AUDIT_DOC = (order: { id: number; no: string; totalAmount: string }) => ({
  type: SALES_ORDER_DOC_TYPE,
  id: order.id,
  no: order.no,
  total: order.totalAmount,
});

/** Credit approvals of sales orders (approvals.kind). */
export const CREDIT_APPROVAL_KIND = 1;
/** Who decides credit approvals: 需求审批 (/demand/approval). */
export const CREDIT_APPROVER_CODE = "XQGL-005";
/** Who picks what a submitted order needs (拣货单): told of each submitted order. */
const PICKING_CODE = "XSGL-006";
/** Who sees the cost price of products (产品价格). */
const COST_CODE = "CPGL-002";

type OrderRow = typeof salesOrders.$inferSelect;

interface CheckedInput extends Omit<SalesOrderInput, "paymentTerm"> {
  paymentTerm: number | null;
  salesmanId: number | null;
  listPrices: Map<number, string | null>;
}

/** The customer, warehouse, salesman and products must be the company's own (and usable); blank header fields take the customer's. */
async function checkReferences(tx: Executor, ctx: Ctx, input: SalesOrderInput, fallbackSalesman: number | null): Promise<CheckedInput> {
  const [partner] = await tx
    .select({
      id: enterpriseRelations.id,
      rel: enterpriseRelations.rel,
      isEnabled: enterpriseRelations.isEnabled,
      paymentTerm: enterpriseRelations.paymentTerm,
      contactName: enterpriseRelations.contactName,
      contactPhone: enterpriseRelations.contactPhone,
      address: enterpriseRelations.address,
    })
    .from(enterpriseRelations)
    .where(and(eq(enterpriseRelations.id, input.partnerId), eq(enterpriseRelations.companyId, ctx.companyId)));
  if (!partner || partner.rel !== 1)
    throw new DomainError("bad_request", "客户不存在，请从本公司的客户中选择", { partnerId: ["客户不存在，请从本公司的客户中选择"] });
  if (!partner.isEnabled) throw new DomainError("bad_request", "该客户已停用", { partnerId: ["该客户已停用"] });
  const [wh] = await tx
    .select({ id: warehouses.id, isEnabled: warehouses.isEnabled })
    .from(warehouses)
    .where(and(eq(warehouses.id, input.warehouseId), eq(warehouses.companyId, ctx.companyId)));
  if (!wh) throw new DomainError("bad_request", "仓库不存在", { warehouseId: ["仓库不存在"] });
  if (!wh.isEnabled) throw new DomainError("bad_request", "该仓库已停用", { warehouseId: ["该仓库已停用"] });
  const salesmanId = input.salesmanId ?? fallbackSalesman;
  if (salesmanId !== null) {
    const [member] = await tx
      .select({ userId: companyUsers.userId })
      .from(companyUsers)
      .where(and(eq(companyUsers.companyId, ctx.companyId), eq(companyUsers.userId, salesmanId)));
    if (!member) throw new DomainError("bad_request", "业务员不存在", { salesmanId: ["业务员不存在"] });
  }
  const ids = [...new Set(input.lines.map((l) => l.productId))];
  const found = await tx
    .select({ id: products.id, priceSale: products.priceSale })
    .from(products)
    .where(and(eq(products.companyId, ctx.companyId), inArray(products.id, ids)));
  const listPrices = new Map(found.map((p) => [p.id, p.priceSale]));
  const bad = input.lines.findIndex((l) => !listPrices.has(l.productId));
  if (bad >= 0) throw new DomainError("bad_request", `第 ${bad + 1} 行：产品不存在`, { lines: [`第 ${bad + 1} 行：产品不存在`] });
  return {
    ...input,
    salesmanId,
    paymentTerm: input.paymentTerm ?? (partner.paymentTerm as number | null) ?? null,
    contactName: input.contactName ?? partner.contactName,
    contactPhone: input.contactPhone ?? partner.contactPhone,
    address: input.address ?? partner.address,
    listPrices,
  };
}

/** A line's amount: qty × price × discount ÷ 100, rounded half-up to cents. */
export function lineAmount(qty: string, price: string, discount: string): string {
  return moneyString(roundMoney(div(mul(mul(qty, price), discount), 100)));
}

async function writeLines(tx: Executor, ctx: Ctx, orderId: number, data: CheckedInput) {
  const costs = await averageCosts(
    tx,
    ctx,
    data.lines.map((l) => l.productId),
  );
  const rows = data.lines.map((l, i) => ({
    companyId: ctx.companyId,
    orderId,
    lineNo: i + 1,
    productId: l.productId,
    qty: qtyString(l.qty),
    listPrice: data.listPrices.get(l.productId) ?? null,
    price: moneyString(l.price),
    discount: moneyString(l.discount),
    amount: lineAmount(l.qty, l.price, l.discount),
    costPrice: costs.get(l.productId) ?? null,
    remark: l.remark,
  }));
  await tx.insert(salesOrderLines).values(rows);
  return { totalQty: qtyString(sum(rows.map((r) => r.qty))), totalAmount: moneyString(sum(rows.map((r) => r.amount))) };
}

function headerOf(data: CheckedInput) {
  return {
    partnerId: data.partnerId,
    warehouseId: data.warehouseId,
    salesmanId: data.salesmanId,
    paymentTerm: data.paymentTerm,
    contactName: data.contactName,
    contactPhone: data.contactPhone,
    address: data.address,
    remark: data.remark,
  };
}

/** 客户 X 信用额度 ￥L，已欠款 ￥B，未发货订单 ￥O，本单 ￥T，超出 ￥E，请提交审批 */
export function creditRefusalMessage(customer: string, credit: Pick<CreditState, "limit" | "balance" | "openOrderAmount" | "over">, total: string) {
  return `客户 ${customer} 信用额度 ${formatMoney(credit.limit ?? 0)}，已欠款 ${formatMoney(credit.balance)}，未发货订单 ${formatMoney(credit.openOrderAmount)}，本单 ${formatMoney(total)}，超出 ${formatMoney(credit.over)}，请提交审批`;
}

async function customerName(tx: Executor, ctx: Ctx, partnerId: number) {
  const [p] = await tx
    .select({ name: enterpriseRelations.name })
    .from(enterpriseRelations)
    .where(and(eq(enterpriseRelations.id, partnerId), eq(enterpriseRelations.companyId, ctx.companyId)));
  return p?.name ?? "";
}

/** Whether a manager approved this order going over the credit limit for at least its current total. */
async function creditGranted(tx: Executor, ctx: Ctx, order: OrderRow) {
  const [hit] = await tx
    .select({ id: approvals.id })
    .from(approvals)
    .where(
      and(
        eq(approvals.companyId, ctx.companyId),
        eq(approvals.kind, CREDIT_APPROVAL_KIND),
        eq(approvals.docType, SALES_ORDER_DOC_TYPE),
        eq(approvals.docId, order.id),
        eq(approvals.status, APPROVAL_PASSED),
        sql`${approvals.amount} >= ${order.totalAmount}`,
      ),
    )
    .limit(1);
  return !!hit;
}

/**
 * Submits an order whose row the caller has locked and whose status it checked (0): locks the
 * stock, checks the credit (unless approved), adds the open order amount, sets 30 待发货, and
 * lets the warehouse side follow (automatic picking list / delivery note).
 */
export async function submitLockedSalesOrder(tx: Executor, ctx: Ctx, order: OrderRow, opts: { allowShortage: boolean; approved?: boolean }) {
  const lines = await tx
    .select({ id: salesOrderLines.id, productId: salesOrderLines.productId, qty: salesOrderLines.qty })
    .from(salesOrderLines)
    .where(and(eq(salesOrderLines.orderId, order.id), eq(salesOrderLines.companyId, ctx.companyId)))
    .orderBy(asc(salesOrderLines.lineNo), asc(salesOrderLines.id));
  if (lines.length === 0) throw new DomainError("bad_request", "请至少添加一行产品");
  await reserveStock(
    tx,
    ctx,
    DOC(order),
    lines.map((l) => ({ productId: l.productId, warehouseId: order.warehouseId, qty: l.qty, docLineId: l.id })),
    { allowShortage: opts.allowShortage },
  );
  const credit = await creditCheck(tx, ctx, order.partnerId, order.totalAmount);
  if (gt(credit.over, 0) && !opts.approved && !(await creditGranted(tx, ctx, order))) {
    throw new DomainError("conflict", creditRefusalMessage(await customerName(tx, ctx, order.partnerId), credit, order.totalAmount));
  }
  await addOpenOrderAmount(tx, ctx, order.partnerId, order.totalAmount);
  const now = ctx.now ?? new Date();
  await tx
    .update(salesOrders)
    .set({ status: SO_WAITING, postedAt: now, postedBy: ctx.userId, updatedAt: now, allowShortage: opts.allowShortage })
    .where(and(eq(salesOrders.id, order.id), eq(salesOrders.companyId, ctx.companyId)));
  await recordDocumentChange(tx, ctx, SALES_ORDER_MACHINE, "submit", {
    ...AUDIT_DOC(order),
    from: order.status,
    to: SO_WAITING,
    note: opts.approved ? "信用审批通过" : undefined,
  });
  // The warehouse side follows: with AutoCreatePickOut a picking list from the locks (and what that setting chain does next).
  await afterSalesOrderSubmitted(tx, ctx, order.id);
  await notify(
    tx,
    ctx,
    "salesOrderSubmitted",
    { orderId: order.id, orderNo: order.no, customerName: await customerName(tx, ctx, order.partnerId), amount: formatMoney(order.totalAmount) },
    { permission: PICKING_CODE },
  );
}

/** Closes the order's waiting credit approval (the order was deleted, marked 未成交 or edited). */
async function closeWaitingApproval(tx: Executor, ctx: Ctx, orderId: number, comment: string) {
  const closed = await tx
    .update(approvals)
    .set({ status: APPROVAL_REJECTED, decidedBy: ctx.userId, decidedAt: ctx.now ?? new Date(), comment })
    .where(
      and(
        eq(approvals.companyId, ctx.companyId),
        eq(approvals.docType, SALES_ORDER_DOC_TYPE),
        eq(approvals.docId, orderId),
        eq(approvals.status, APPROVAL_WAITING),
      ),
    )
    .returning({ id: approvals.id });
  return closed.length > 0;
}

export interface SalesOrderCommandOpts {
  submit?: boolean;
  /** Lines short of stock wait as demands (紧急采购) instead of being refused. */
  allowShortage?: boolean;
  tx?: Executor;
}

export async function createSalesOrder(ctx: Ctx, input: unknown, opts: SalesOrderCommandOpts = {}): Promise<{ id: number; no: string; status: number }> {
  const parsed = parseInput(SalesOrderInputSchema, input);
  return inTransaction(
    async (tx) => {
      const data = await checkReferences(tx, ctx, parsed, ctx.userId);
      const no = await nextDocumentNo(tx, ctx, "salesOrder", { exists: noTakenIn(tx, ctx, salesOrders) });
      const now = ctx.now ?? new Date();
      const [order] = await tx
        .insert(salesOrders)
        .values({
          companyId: ctx.companyId,
          no,
          status: SO_DRAFT,
          ...headerOf(data),
          allowShortage: !!opts.allowShortage,
          createdBy: ctx.userId,
          creationTime: now,
          updatedAt: now,
        })
        .returning({ id: salesOrders.id, no: salesOrders.no });
      const totals = await writeLines(tx, ctx, order!.id, data);
      await tx.update(salesOrders).set(totals).where(eq(salesOrders.id, order!.id));
      if (opts.submit) {
        const locked = await lockDocument(tx, salesOrders, ctx, order!.id, LABEL);
        assertTransition(SALES_ORDER_MACHINE, "submit", locked.status);
        await submitLockedSalesOrder(tx, ctx, locked, { allowShortage: !!opts.allowShortage });
        return { ...order!, status: SO_WAITING };
      }
      return { ...order!, status: SO_DRAFT };
    },
    { tx: opts.tx },
  );
}

/**
 * Replaces a draft's header and lines (draft only); a credit approval waiting for the old
 * content is closed. With `submit` it is submitted in the same transaction.
 */
export async function updateSalesOrder(
  ctx: Ctx,
  id: number,
  input: unknown,
  opts: SalesOrderCommandOpts = {},
): Promise<{ id: number; no: string; status: number }> {
  const parsed = parseInput(SalesOrderInputSchema, input);
  return inTransaction(
    async (tx) => {
      const order = await lockDocument(tx, salesOrders, ctx, id, LABEL);
      assertTransition(SALES_ORDER_MACHINE, "save", order.status);
      const data = await checkReferences(tx, ctx, parsed, order.salesmanId ?? ctx.userId);
      await tx.delete(salesOrderLines).where(and(eq(salesOrderLines.orderId, id), eq(salesOrderLines.companyId, ctx.companyId)));
      const totals = await writeLines(tx, ctx, id, data);
      const closed = await closeWaitingApproval(tx, ctx, id, "订单已修改");
      const allowShortage = opts.allowShortage ?? order.allowShortage;
      await tx
        .update(salesOrders)
        .set({ ...headerOf(data), ...totals, allowShortage, updatedAt: ctx.now ?? new Date(), ...(closed ? { approvalStatus: null } : {}) })
        .where(eq(salesOrders.id, id));
      if (opts.submit) {
        const fresh = await lockDocument(tx, salesOrders, ctx, id, LABEL);
        assertTransition(SALES_ORDER_MACHINE, "submit", fresh.status);
        await submitLockedSalesOrder(tx, ctx, fresh, { allowShortage });
        return { id, no: order.no, status: SO_WAITING };
      }
      return { id, no: order.no, status: SO_DRAFT };
    },
    { tx: opts.tx },
  );
}

/** Deletes a draft (nothing was posted for it); a waiting credit approval is closed as 驳回 (订单已删除). */
export async function removeSalesOrder(ctx: Ctx, id: number): Promise<{ id: number; no: string }> {
  return inTransaction(async (tx) => {
    const order = await lockDocument(tx, salesOrders, ctx, id, LABEL);
    assertTransition(SALES_ORDER_MACHINE, "remove", order.status);
    await closeWaitingApproval(tx, ctx, id, "订单已删除");
    await tx.delete(salesOrders).where(and(eq(salesOrders.id, id), eq(salesOrders.companyId, ctx.companyId)));
    return { id, no: order.no };
  });
}

/** 未成交: a quote that did not become a sale (0 → 95); a waiting credit approval is closed. */
export async function markNoDeal(ctx: Ctx, id: number): Promise<{ id: number; no: string; status: number }> {
  return inTransaction(async (tx) => {
    const order = await lockDocument(tx, salesOrders, ctx, id, LABEL);
    assertTransition(SALES_ORDER_MACHINE, "noDeal", order.status);
    const closed = await closeWaitingApproval(tx, ctx, id, "订单未成交");
    const now = ctx.now ?? new Date();
    await tx
      .update(salesOrders)
      .set({ status: SO_NO_DEAL, closedAt: now, updatedAt: now, ...(closed ? { approvalStatus: APPROVAL_REJECTED } : {}) })
      .where(eq(salesOrders.id, id));
    await recordDocumentChange(tx, ctx, SALES_ORDER_MACHINE, "noDeal", { ...AUDIT_DOC(order), from: order.status, to: SO_NO_DEAL });
    return { id, no: order.no, status: SO_NO_DEAL };
  });
}

/** 提交 (0 → 30): stock locked, credit checked; over the limit it is refused (提交审批 instead). */
export async function submitSalesOrder(ctx: Ctx, id: number, opts: { allowShortage?: boolean } = {}): Promise<{ id: number; no: string; status: number }> {
  return inTransaction(async (tx) => {
    const order = await lockDocument(tx, salesOrders, ctx, id, LABEL);
    assertTransition(SALES_ORDER_MACHINE, "submit", order.status);
    await submitLockedSalesOrder(tx, ctx, order, { allowShortage: opts.allowShortage ?? order.allowShortage });
    const [after] = await tx.select({ status: salesOrders.status }).from(salesOrders).where(eq(salesOrders.id, id));
    return { id, no: order.no, status: after!.status };
  });
}

/**
 * 提交审批: a draft over the customer's credit limit waits for a manager on /demand/approval
 * (approvals kind 1, status 0); approving it submits the order. Refused when the order is within
 * the limit, and while an approval of it already waits.
 */
export async function requestCreditApproval(
  ctx: Ctx,
  id: number,
  opts: { reason?: unknown; allowShortage?: boolean } = {},
): Promise<{ id: number; no: string; status: number; approvalId: number }> {
  const { reason } = parseInput(CreditApprovalRequestSchema, { reason: opts.reason });
  return inTransaction(async (tx) => {
    const order = await lockDocument(tx, salesOrders, ctx, id, LABEL);
    assertTransition(SALES_ORDER_MACHINE, "requestApproval", order.status);
    const waitingMessage = `销售订单 ${order.no} 已提交审批，请等待审批结果`;
    const [waiting] = await tx
      .select({ id: approvals.id })
      .from(approvals)
      .where(
        and(
          eq(approvals.companyId, ctx.companyId),
          eq(approvals.docType, SALES_ORDER_DOC_TYPE),
          eq(approvals.docId, id),
          eq(approvals.status, APPROVAL_WAITING),
        ),
      );
    if (waiting) throw new DomainError("conflict", waitingMessage);
    const credit = await creditCheck(tx, ctx, order.partnerId, order.totalAmount);
    if (!gt(credit.over, 0)) throw new DomainError("conflict", "未超出信用额度，可直接提交");
    const now = ctx.now ?? new Date();
    const [approval] = await tx
      .insert(approvals)
      .values({
        companyId: ctx.companyId,
        kind: CREDIT_APPROVAL_KIND,
        docType: SALES_ORDER_DOC_TYPE,
        docId: id,
        docNo: order.no,
        partnerId: order.partnerId,
        amount: order.totalAmount,
        reason: `超出信用额度 ${formatMoney(credit.over)}${reason ? `；${reason}` : ""}`,
        status: APPROVAL_WAITING,
        requestedBy: ctx.userId,
        requestedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: approvals.id, reason: approvals.reason });
    if (!approval) throw new DomainError("conflict", waitingMessage);
    await tx
      .update(salesOrders)
      .set({ approvalStatus: APPROVAL_WAITING, allowShortage: opts.allowShortage ?? order.allowShortage, updatedAt: now })
      .where(eq(salesOrders.id, id));
    await notify(
      tx,
      ctx,
      "creditApprovalRequested",
      {
        approvalId: approval.id,
        orderNo: order.no,
        customerName: await customerName(tx, ctx, order.partnerId),
        amount: formatMoney(order.totalAmount),
        reason: approval.reason ?? "",
      },
      { permission: CREDIT_APPROVER_CODE },
    );
    return { id, no: order.no, status: order.status, approvalId: approval.id };
  });
}

/** Releases what the order still holds: demands dropped, locks released, the freed stock goes to orders waiting for it. */
async function releaseHoldings(tx: Executor, ctx: Ctx, order: OrderRow) {
  const doc = DOC(order);
  await cancelDemands(tx, ctx, doc);
  await releaseLocks(tx, ctx, doc, undefined, { fillDemands: true });
}

/**
 * 取消订单 (30/40/50 → 90 买家已取消): the open picking lists and delivery notes are voided, the
 * locks released and the demands dropped; after a partial delivery only the remainder is
 * cancelled (cancelledQty = qty − delivered) and leaves the customer's open order amount.
 */
export async function cancelSalesOrder(ctx: Ctx, id: number): Promise<{ id: number; no: string; status: number }> {
  return inTransaction(async (tx) => {
    const order = await lockDocument(tx, salesOrders, ctx, id, LABEL);
    assertTransition(SALES_ORDER_MACHINE, "cancel", order.status);
    await voidOpenNotesOfOrder(tx, ctx, id, order.no);
    await releaseHoldings(tx, ctx, order);
    await tx
      .update(salesOrderLines)
      .set({ cancelledQty: sql`greatest(${salesOrderLines.qty} - ${salesOrderLines.deliveredQty}, 0)`, pickedQty: "0" })
      .where(and(eq(salesOrderLines.orderId, id), eq(salesOrderLines.companyId, ctx.companyId)));
    const [fresh] = await tx.select({ deliveredAmount: salesOrders.deliveredAmount }).from(salesOrders).where(eq(salesOrders.id, id));
    const rest = sub(order.totalAmount, fresh!.deliveredAmount);
    if (gt(rest, 0)) await addOpenOrderAmount(tx, ctx, order.partnerId, rest.negated());
    const now = ctx.now ?? new Date();
    await tx.update(salesOrders).set({ status: SO_CANCELLED, closedAt: now, updatedAt: now }).where(eq(salesOrders.id, id));
    await recordDocumentChange(tx, ctx, SALES_ORDER_MACHINE, "cancel", { ...AUDIT_DOC(order), from: order.status, to: SO_CANCELLED });
    return { id, no: order.no, status: SO_CANCELLED };
  });
}

/** 完成 (60 → 100): a delivered order is closed; what is left of its open order amount (rounding) goes. */
export async function completeSalesOrder(ctx: Ctx, id: number): Promise<{ id: number; no: string; status: number }> {
  return inTransaction(async (tx) => {
    const order = await lockDocument(tx, salesOrders, ctx, id, LABEL);
    assertTransition(SALES_ORDER_MACHINE, "complete", order.status);
    await releaseHoldings(tx, ctx, order);
    const rest = sub(order.totalAmount, order.deliveredAmount);
    if (gt(rest, 0)) await addOpenOrderAmount(tx, ctx, order.partnerId, rest.negated());
    const now = ctx.now ?? new Date();
    await tx.update(salesOrders).set({ status: SO_DONE, closedAt: now, updatedAt: now }).where(eq(salesOrders.id, id));
    await recordDocumentChange(tx, ctx, SALES_ORDER_MACHINE, "complete", { ...AUDIT_DOC(order), from: order.status, to: SO_DONE });
    return { id, no: order.no, status: SO_DONE };
  });
}

export type SalesOrderCommand = (typeof SALES_ORDER_USER_ACTIONS)[number] | "remove";

const DONE_WORDS: Record<SalesOrderCommand, string> = {
  submit: "已提交",
  requestApproval: "已提交审批",
  pick: "已生成拣货单",
  noDeal: "已标记为未成交",
  cancel: "已取消",
  complete: "已完成",
  remove: "已删除",
};

/**
 * One button of the order's page or one action of the JSON API (POST /api/app/salesOrder/{id}/{action}).
 * `opts`: allowShortage (submit, requestApproval), reason (requestApproval).
 */
export async function runSalesOrderAction(
  ctx: Ctx,
  id: number,
  action: string,
  opts: { allowShortage?: boolean; reason?: unknown } = {},
): Promise<{ id: number; no: string; status: number | null; message: string }> {
  const done = (r: { no: string; status?: number }, a: SalesOrderCommand) => ({
    id,
    no: r.no,
    status: r.status ?? null,
    message: `${LABEL} ${r.no} ${DONE_WORDS[a]}`,
  });
  switch (action) {
    case "submit":
      return done(await submitSalesOrder(ctx, id, { allowShortage: opts.allowShortage }), action);
    case "requestApproval":
      return done(await requestCreditApproval(ctx, id, { reason: opts.reason, allowShortage: opts.allowShortage }), action);
    case "noDeal":
      return done(await markNoDeal(ctx, id), action);
    case "cancel":
      return done(await cancelSalesOrder(ctx, id), action);
    case "complete":
      return done(await completeSalesOrder(ctx, id), action);
    case "remove":
      return done(await removeSalesOrder(ctx, id), action);
    case "pick": {
      const picking = await createPickingForOrder(ctx, id);
      const [o] = await db()
        .select({ no: salesOrders.no, status: salesOrders.status })
        .from(salesOrders)
        .where(and(eq(salesOrders.id, id), eq(salesOrders.companyId, ctx.companyId)));
      return { id, no: o?.no ?? "", status: o?.status ?? null, message: `已生成拣货单 ${picking.no}` };
    }
    default:
      throw new DomainError("bad_request", "未知的操作");
  }
}

// ─── Reading ───

export interface SalesOrderLineView {
  id: number;
  lineNo: number;
  productId: number;
  mainOE: string;
  productName: string;
  brandName: string | null;
  unitName: string | null;
  qty: string;
  listPrice: string | null;
  price: string;
  discount: string;
  amount: string;
  /** Moving average cost when written: only for holders of 产品价格 (CPGL-002), else null. */
  costPrice: string | null;
  lockedQty: string;
  shortQty: string;
  pickedQty: string;
  deliveredQty: string;
  returnedQty: string;
  cancelledQty: string;
  /** Ordered − delivered − cancelled, not below 0 (what the order still has to ship). */
  openQty: string;
  remark: string | null;
}

export interface SalesOrderCredit {
  /** null: no limit. */
  creditLimit: string | null;
  balance: string;
  openOrderAmount: string;
  /** balance + open orders (+ this order's total while it is a draft). */
  exposure: string;
  /** How far the exposure goes over the limit; "0.00" within it. */
  over: string;
}

export interface SalesOrderApprovalView {
  id: number;
  status: number;
  amount: string;
  reason: string | null;
  comment: string | null;
  requestedAt: Date;
  requesterName: string | null;
  decidedAt: Date | null;
  deciderName: string | null;
}

export type SalesOrderView = OrderRow & {
  statusLabel: string;
  partnerName: string;
  warehouseName: string;
  salesmanName: string | null;
  creatorName: string | null;
  companyName: string;
  customer: { contactName: string | null; contactPhone: string | null; address: string | null; paymentTerm: number | null };
  credit: SalesOrderCredit;
  approvals: SalesOrderApprovalView[];
  lines: SalesOrderLineView[];
  /** The buttons the order offers now (SALES_ORDER_USER_ACTIONS that its status and credit allow). */
  actions: SalesOrderCommand[];
};

/** The order with its names, customer, credit, approvals and lines; another company's order is 不存在. */
export async function getSalesOrder(ctx: Ctx, id: number, ex?: Executor): Promise<SalesOrderView> {
  const tx = ex ?? db();
  if (!isId(id)) throw new DomainError("not_found", `${LABEL}不存在`);
  const creator = sql<string | null>`(select u.name from users u where u.id = ${salesOrders.createdBy})`;
  const [head] = await tx
    .select({
      order: salesOrders,
      partnerName: enterpriseRelations.name,
      partnerContactName: enterpriseRelations.contactName,
      partnerContactPhone: enterpriseRelations.contactPhone,
      partnerAddress: enterpriseRelations.address,
      partnerPaymentTerm: enterpriseRelations.paymentTerm,
      warehouseName: warehouses.name,
      salesmanName: users.name,
      creatorName: creator,
      companyName: companies.name,
    })
    .from(salesOrders)
    .innerJoin(enterpriseRelations, eq(enterpriseRelations.id, salesOrders.partnerId))
    .innerJoin(warehouses, eq(warehouses.id, salesOrders.warehouseId))
    .innerJoin(companies, eq(companies.id, salesOrders.companyId))
    .leftJoin(users, eq(users.id, salesOrders.salesmanId))
    .where(and(eq(salesOrders.id, id), eq(salesOrders.companyId, ctx.companyId)));
  if (!head) throw new DomainError("not_found", `${LABEL}不存在`);
  const order = head.order;
  const [lines, holdings, accounts, approvalRows] = await Promise.all([
    tx
      .select({
        id: salesOrderLines.id,
        lineNo: salesOrderLines.lineNo,
        productId: salesOrderLines.productId,
        mainOE: products.mainOE,
        productName: products.name,
        brandName: productBrands.name,
        unitName: productUnits.name,
        qty: salesOrderLines.qty,
        listPrice: salesOrderLines.listPrice,
        price: salesOrderLines.price,
        discount: salesOrderLines.discount,
        amount: salesOrderLines.amount,
        costPrice: salesOrderLines.costPrice,
        pickedQty: salesOrderLines.pickedQty,
        deliveredQty: salesOrderLines.deliveredQty,
        returnedQty: salesOrderLines.returnedQty,
        cancelledQty: salesOrderLines.cancelledQty,
        remark: salesOrderLines.remark,
      })
      .from(salesOrderLines)
      .innerJoin(products, eq(products.id, salesOrderLines.productId))
      .leftJoin(productBrands, eq(productBrands.id, products.brandId))
      .leftJoin(productUnits, eq(productUnits.id, products.unitId))
      .where(and(eq(salesOrderLines.orderId, id), eq(salesOrderLines.companyId, ctx.companyId)))
      .orderBy(asc(salesOrderLines.lineNo), asc(salesOrderLines.id)),
    lineHoldings(tx, ctx, [id]),
    accountSummaries(tx, ctx, [order.partnerId]),
    tx
      .select({
        id: approvals.id,
        status: approvals.status,
        amount: approvals.amount,
        reason: approvals.reason,
        comment: approvals.comment,
        requestedAt: approvals.requestedAt,
        requesterName: sql<string | null>`(select u.name from users u where u.id = ${approvals.requestedBy})`,
        decidedAt: approvals.decidedAt,
        deciderName: sql<string | null>`(select u.name from users u where u.id = ${approvals.decidedBy})`,
      })
      .from(approvals)
      .where(
        and(
          eq(approvals.companyId, ctx.companyId),
          eq(approvals.docType, SALES_ORDER_DOC_TYPE),
          eq(approvals.docId, id),
          eq(approvals.kind, CREDIT_APPROVAL_KIND),
        ),
      )
      .orderBy(desc(approvals.id)),
  ]);
  const seesCost = ctx.permissions.has(COST_CODE);
  const lineViews: SalesOrderLineView[] = lines.map((l) => {
    const h = holdings.get(l.id);
    const open = sub(sub(l.qty, l.deliveredQty), l.cancelledQty);
    return {
      ...l,
      costPrice: seesCost ? l.costPrice : null,
      lockedQty: qtyString(h?.lockedQty ?? 0),
      shortQty: qtyString(h?.shortQty ?? 0),
      openQty: qtyString(lt(open, 0) ? 0 : open),
    };
  });
  const acct = accounts.get(order.partnerId) ?? { balance: "0.00", openOrderAmount: "0.00", creditLimit: null, paymentTerm: null };
  const limit = acct.creditLimit && gt(acct.creditLimit, 0) ? acct.creditLimit : null;
  const exposure = add(add(acct.balance, acct.openOrderAmount), order.status === SO_DRAFT ? order.totalAmount : 0);
  const over = limit && gt(exposure, limit) ? sub(exposure, limit) : dec(0);
  const credit: SalesOrderCredit = {
    creditLimit: limit,
    balance: acct.balance,
    openOrderAmount: acct.openOrderAmount,
    exposure: moneyString(exposure),
    over: moneyString(over),
  };
  const waiting = approvalRows.some((a) => a.status === APPROVAL_WAITING);
  const rejected = order.approvalStatus === APPROVAL_REJECTED;
  // 生成拣货单 only while some locked stock is not on a picking list yet.
  const pickable = canTransition(SALES_ORDER_MACHINE, "pick", order.status) && (await unpickedLocks(tx, ctx, id)).length > 0;
  const actions = SALES_ORDER_USER_ACTIONS.filter((a: SalesOrderAction) => {
    if (!canTransition(SALES_ORDER_MACHINE, a, order.status)) return false;
    if (a === "pick") return pickable;
    if (a === "requestApproval") return !waiting && (gt(over, 0) || rejected);
    return true;
  });
  return {
    ...order,
    statusLabel: labelOf(SALES_ORDER_STATUSES, order.status as 0),
    partnerName: head.partnerName,
    warehouseName: head.warehouseName,
    salesmanName: head.salesmanName,
    creatorName: head.creatorName,
    companyName: head.companyName,
    customer: {
      contactName: head.partnerContactName,
      contactPhone: head.partnerContactPhone,
      address: head.partnerAddress,
      paymentTerm: head.partnerPaymentTerm,
    },
    credit,
    approvals: approvalRows,
    lines: lineViews,
    actions,
  };
}
