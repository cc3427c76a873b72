import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import { db, type Executor } from "../db/client";
import { inTransaction } from "../db/transaction";
import { accountSummaries, addOpenOrderAmount, creditCheck, type CreditState } from "../finance/partner-account.service";
import { add, dec, formatMoney, gt, lt, moneyString, qtyString, sub } from "../lib/decimal";
import { labelOf, SALES_ORDER_STATUSES } from "../lib/dictionary";
import { DomainError } from "../lib/errors";
import { parseInput } from "../lib/validate";
import { enterpriseRelations } from "../organization/organization.tables";
import { assertTransition, canTransition, lockDocument } from "../kernel/document";
import { averageCosts, cancelDemands, releaseLocks, reserveStock } from "../stock/stock-ledger.service";
import { notify } from "../kernel/notify";
import {
  assertCompanyUser,
  createOrder,
  linesOfOrder,
  lineAmount,
  readOrderHead,
  readOrderLines,
  removeOrder,
  orderActionsOf,
  runOrderActionIn,
  runOrderCommand,
  updateOrder,
  type OrderCommandResult,
  type OrderLineView,
  type OrderView,
  type OrderSide,
} from "../trade/order.service";
import { afterSalesOrderSubmitted, createPickingForOrder, unpickedLocks, voidOpenNotesOfOrder } from "./picking-order.service";
import { approvals, salesOrderLines, salesOrders } from "./sale.tables";
import { CreditApprovalRequestSchema, SalesOrderInputSchema, type SalesOrderInput } from "./sales-order.input";
import { lineHoldings, SALES_ORDER_DOC_TYPE } from "./sales-order.state";
import { SALES_ORDER_MACHINE, SALES_ORDER_USER_ACTIONS, SO_DRAFT, type SalesOrderAction } from "./sales-order.status";
import { APPROVAL_PASSED, APPROVAL_REJECTED, APPROVAL_WAITING } from "./approval.status";

/**
 * Sales orders (销售订单): the sale side of the trade order (server/trade/order.service.ts, which
 * writes, numbers and moves both sides' orders through the document kernel). LOCK ORDER: the
 * order row → its picking lists / delivery notes → stock balances and product costs (the
 * ledger) → the customer's account (LAST).
 *
 * Submitting locks the order's stock first-in-first-out (a shortage is refused, or with
 * allowShortage waits as a demand for 紧急采购), then checks the customer's credit (balance +
 * open orders + this order against the credit limit) and adds the order to the open order
 * amount. Over the limit the whole submit rolls back and the order may be sent for approval
 * (/demand/approval); an approved order is submitted by the approval itself.
 */
const LABEL = SALES_ORDER_MACHINE.label;

/** Credit approvals of sales orders (approvals.kind). */
export const CREDIT_APPROVAL_KIND = 1;
/** Who decides credit approvals: 需求审批 (/demand/approval). */
export const CREDIT_APPROVER_CODE = "XQGL-005";
/** Who picks what a submitted order needs (拣货单): told of each submitted order. */
const PICKING_CODE = "XSGL-006";
/** Who sees the cost price of products (产品价格). */
const COST_CODE = "CPGL-002";

type OrderRow = typeof salesOrders.$inferSelect;

export { lineAmount };

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

/** Credit approvals of this order (optionally of one status). */
const approvalsOf = (ctx: Ctx, orderId: number, status?: number) =>
  and(
    eq(approvals.companyId, ctx.companyId),
    eq(approvals.docType, SALES_ORDER_DOC_TYPE),
    eq(approvals.docId, orderId),
    status === undefined ? undefined : eq(approvals.status, status),
  );

/** Whether a manager approved this order going over the credit limit for at least its current total. */
async function creditGranted(tx: Executor, ctx: Ctx, order: OrderRow) {
  const [hit] = await tx
    .select({ id: approvals.id })
    .from(approvals)
    .where(and(approvalsOf(ctx, order.id, APPROVAL_PASSED), eq(approvals.kind, CREDIT_APPROVAL_KIND), sql`${approvals.amount} >= ${order.totalAmount}`))
    .limit(1);
  return !!hit;
}

/** Closes the order's waiting credit approval (the order was deleted, marked 未成交 or edited). */
async function closeWaitingApproval(tx: Executor, ctx: Ctx, orderId: number, comment: string) {
  const closed = await tx
    .update(approvals)
    .set({ status: APPROVAL_REJECTED, decidedBy: ctx.userId, decidedAt: ctx.now ?? new Date(), comment })
    .where(approvalsOf(ctx, orderId, APPROVAL_WAITING))
    .returning({ id: approvals.id });
  return closed.length > 0;
}

/** Releases what the order still holds: demands dropped, locks released, the freed stock goes to orders waiting for it. */
async function releaseHoldings(tx: Executor, ctx: Ctx, order: OrderRow) {
  const doc = { docType: SALES_ORDER_DOC_TYPE, docId: order.id, docNo: order.no };
  await cancelDemands(tx, ctx, doc);
  await releaseLocks(tx, ctx, doc, undefined, { fillDemands: true });
}

/** What the order has not delivered leaves the customer's open order amount. */
async function dropOpenAmount(tx: Executor, ctx: Ctx, order: OrderRow, deliveredAmount: string) {
  const rest = sub(order.totalAmount, deliveredAmount);
  if (gt(rest, 0)) await addOpenOrderAmount(tx, ctx, order.partnerId, rest.negated());
}

export interface SalesOrderCommandOpts {
  submit?: boolean;
  /** Lines short of stock wait as demands (紧急采购) instead of being refused. */
  allowShortage?: boolean;
  tx?: Executor;
}

/** What a sales order command takes besides the order: allowShortage (submit, requestApproval), reason (requestApproval), approved (by the credit approval). */
type SaleOpts = { allowShortage?: boolean; reason?: unknown; approved?: boolean };

const SALESMAN = { field: "salesmanName", column: salesOrders.salesmanId } as const;

/** The sale side of the trade order (server/trade/order.service.ts). LOCK ORDER: see the module's comment. */
export const salesOrderSide: OrderSide<SalesOrderInput, OrderRow, SalesOrderAction, SaleOpts> = {
  orders: salesOrders,
  lines: salesOrderLines,
  docType: SALES_ORDER_DOC_TYPE,
  machine: SALES_ORDER_MACHINE,
  schema: SalesOrderInputSchema,
  person: SALESMAN,
  partner: { rel: 1, label: "客户" },
  /** The salesman must be the company's user (blank: the order's, else the clerk); blank contact fields take the customer's. */
  async header(tx, ctx, input, customer, current) {
    const salesmanId = input.salesmanId ?? (current ? (current.salesmanId ?? ctx.userId) : ctx.userId);
    if (salesmanId !== null) await assertCompanyUser(tx, ctx, salesmanId, "salesmanId", "业务员");
    return {
      salesmanId,
      contactName: input.contactName ?? customer.contactName,
      contactPhone: input.contactPhone ?? customer.contactPhone,
      address: input.address ?? customer.address,
    };
  },
  createColumns: (_ctx, opts) => ({ allowShortage: !!opts.allowShortage }),
  /** An edit closes a credit approval waiting for the old content. */
  async updateColumns(tx, ctx, order, opts) {
    const closed = await closeWaitingApproval(tx, ctx, order.id, "订单已修改");
    return { allowShortage: opts.allowShortage ?? order.allowShortage, ...(closed ? { approvalStatus: null } : {}) };
  },
  /** The list price and the moving average cost when the line was written. */
  async lineColumns(tx, ctx, input, listPrices) {
    const costs = await averageCosts(
      tx,
      ctx,
      input.lines.map((l) => l.productId),
    );
    return (l) => ({ listPrice: listPrices.get(l.productId) ?? null, discount: moneyString(l.discount), costPrice: costs.get(l.productId) ?? null });
  },
  beforeRemove: (tx, ctx, order) => closeWaitingApproval(tx, ctx, order.id, "订单已删除"),
  actions: {
    /**
     * 提交 (0 → 30): locks the stock first-in-first-out (a shortage is refused, or with
     * allowShortage waits as a demand), checks the credit (unless approved) and adds the open
     * order amount; then the warehouse side follows (automatic picking list / delivery note).
     */
    submit: {
      done: "已提交",
      async post(tx, ctx, order, opts) {
        const allowShortage = opts.allowShortage ?? order.allowShortage;
        const lines = await tx
          .select({ id: salesOrderLines.id, productId: salesOrderLines.productId, qty: salesOrderLines.qty })
          .from(salesOrderLines)
          .where(linesOfOrder(salesOrderLines, ctx, order.id))
          .orderBy(asc(salesOrderLines.lineNo), asc(salesOrderLines.id));
        if (lines.length === 0) throw new DomainError("bad_request", "请至少添加一行产品");
        await reserveStock(
          tx,
          ctx,
          { docType: SALES_ORDER_DOC_TYPE, docId: order.id, docNo: order.no },
          lines.map((l) => ({ productId: l.productId, warehouseId: order.warehouseId, qty: l.qty, docLineId: l.id })),
          { allowShortage },
        );
        const credit = await creditCheck(tx, ctx, order.partnerId, order.totalAmount);
        if (gt(credit.over, 0) && !opts.approved && !(await creditGranted(tx, ctx, order))) {
          throw new DomainError("conflict", creditRefusalMessage(await customerName(tx, ctx, order.partnerId), credit, order.totalAmount));
        }
        await addOpenOrderAmount(tx, ctx, order.partnerId, order.totalAmount);
        return { set: { allowShortage }, note: opts.approved ? "信用审批通过" : undefined };
      },
      async after(tx, ctx, order) {
        // With AutoCreatePickOut a picking list from the locks (and what that setting chain does next).
        await afterSalesOrderSubmitted(tx, ctx, order.id);
        await notify(
          tx,
          ctx,
          "salesOrderSubmitted",
          { orderId: order.id, orderNo: order.no, customerName: await customerName(tx, ctx, order.partnerId), amount: formatMoney(order.totalAmount) },
          { permission: PICKING_CODE },
        );
      },
    },
    /** 未成交: a quote that did not become a sale (0 → 95); a waiting credit approval is closed. */
    noDeal: {
      done: "已标记为未成交",
      async post(tx, ctx, order) {
        const closed = await closeWaitingApproval(tx, ctx, order.id, "订单未成交");
        return { set: { closedAt: ctx.now ?? new Date(), ...(closed ? { approvalStatus: APPROVAL_REJECTED } : {}) } };
      },
    },
    /**
     * 取消订单 (30/40/50 → 90 买家已取消): the open picking lists and delivery notes are voided, the
     * locks released and the demands dropped; after a partial delivery only the remainder is
     * cancelled (cancelledQty = qty − delivered) and leaves the customer's open order amount.
     */
    cancel: {
      done: "已取消",
      async post(tx, ctx, order) {
        await voidOpenNotesOfOrder(tx, ctx, order.id, order.no);
        await releaseHoldings(tx, ctx, order);
        await tx
          .update(salesOrderLines)
          .set({ cancelledQty: sql`greatest(${salesOrderLines.qty} - ${salesOrderLines.deliveredQty}, 0)`, pickedQty: "0" })
          .where(linesOfOrder(salesOrderLines, ctx, order.id));
        const [fresh] = await tx.select({ deliveredAmount: salesOrders.deliveredAmount }).from(salesOrders).where(eq(salesOrders.id, order.id));
        await dropOpenAmount(tx, ctx, order, fresh!.deliveredAmount);
        return { set: { closedAt: ctx.now ?? new Date() } };
      },
    },
    /** 完成 (60 → 100): a delivered order is closed; what is left of its open order amount (rounding) goes. */
    complete: {
      done: "已完成",
      async post(tx, ctx, order) {
        await releaseHoldings(tx, ctx, order);
        await dropOpenAmount(tx, ctx, order, order.deliveredAmount);
        return { set: { closedAt: ctx.now ?? new Date() } };
      },
    },
  },
};

/**
 * Submits an order whose row the caller has locked and whose status it checked (0), in the
 * caller's transaction: the credit approval submits the order it approves (`approved`).
 */
export async function submitLockedSalesOrder(tx: Executor, ctx: Ctx, order: OrderRow, opts: { allowShortage: boolean; approved?: boolean }) {
  await runOrderActionIn(tx, ctx, salesOrderSide, order.id, "submit", opts);
}

export function createSalesOrder(ctx: Ctx, input: unknown, opts: SalesOrderCommandOpts = {}): Promise<{ id: number; no: string; status: number }> {
  return createOrder(ctx, salesOrderSide, input, opts);
}

/**
 * Replaces a draft's header and lines (draft only); a credit approval waiting for the old
 * content is closed. With `submit` it is submitted in the same transaction.
 */
export function updateSalesOrder(ctx: Ctx, id: number, input: unknown, opts: SalesOrderCommandOpts = {}): Promise<{ id: number; no: string; status: number }> {
  return updateOrder(ctx, salesOrderSide, id, input, opts);
}

/** Deletes a draft (nothing was posted for it); a waiting credit approval is closed as 驳回 (订单已删除). */
export function removeSalesOrder(ctx: Ctx, id: number): Promise<{ id: number; no: string }> {
  return removeOrder(ctx, salesOrderSide, id);
}

/**
 * The order's status actions, each in its own transaction: 提交 (0 → 30: stock locked, credit
 * checked; over the limit it is refused, 提交审批 instead), 未成交 (0 → 95), 取消订单 (30/40/50 → 90),
 * 完成 (60 → 100).
 */
export const { submit: submitSalesOrder, noDeal: markNoDeal, cancel: cancelSalesOrder, complete: completeSalesOrder } = orderActionsOf(salesOrderSide);

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
      .where(approvalsOf(ctx, id, APPROVAL_WAITING));
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

export type SalesOrderCommand = (typeof SALES_ORDER_USER_ACTIONS)[number] | "remove";

/**
 * One button of the order's page or one action of the JSON API (POST /api/app/salesOrder/{id}/{action}).
 * `opts`: allowShortage (submit, requestApproval), reason (requestApproval).
 */
export function runSalesOrderAction(
  ctx: Ctx,
  id: number,
  action: string,
  opts: { allowShortage?: boolean; reason?: unknown } = {},
): Promise<OrderCommandResult> {
  return runOrderCommand(ctx, salesOrderSide, id, action, opts, {
    requestApproval: { done: "已提交审批", run: (c, i, o) => requestCreditApproval(c, i, o) },
    pick: {
      done: "已生成拣货单",
      async run(c, i) {
        const picking = await createPickingForOrder(c, i);
        const [o] = await db()
          .select({ no: salesOrders.no, status: salesOrders.status })
          .from(salesOrders)
          .where(and(eq(salesOrders.id, i), eq(salesOrders.companyId, c.companyId)));
        return { no: o?.no ?? "", status: o?.status ?? null, message: `已生成拣货单 ${picking.no}` };
      },
    },
  });
}

// ─── Reading ───

export interface SalesOrderLineView extends OrderLineView {
  listPrice: string | null;
  discount: string;
  /** Moving average cost when written: only for holders of 产品价格 (CPGL-002), else null. */
  costPrice: string | null;
  lockedQty: string;
  shortQty: string;
  pickedQty: string;
  deliveredQty: string;
  cancelledQty: string;
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

export type SalesOrderView = OrderView<OrderRow, SalesOrderLineView> & {
  statusLabel: string;
  salesmanName: string | null;
  creatorName: string | null;
  customer: { contactName: string | null; contactPhone: string | null; address: string | null; paymentTerm: number | null };
  credit: SalesOrderCredit;
  approvals: SalesOrderApprovalView[];
  /** The buttons the order offers now (SALES_ORDER_USER_ACTIONS that its status and credit allow). */
  actions: SalesOrderCommand[];
};

/** The order with its names, customer, credit, approvals and lines; another company's order is 不存在. */
export async function getSalesOrder(ctx: Ctx, id: number, ex?: Executor): Promise<SalesOrderView> {
  const tx = ex ?? db();
  const head = await readOrderHead(tx, ctx, salesOrderSide, id, SALESMAN, {
    partnerContactName: enterpriseRelations.contactName,
    partnerContactPhone: enterpriseRelations.contactPhone,
    partnerAddress: enterpriseRelations.address,
    partnerPaymentTerm: enterpriseRelations.paymentTerm,
    creatorName: sql<string | null>`(select u.name from users u where u.id = ${salesOrders.createdBy})`,
  });
  const { partnerContactName, partnerContactPhone, partnerAddress, partnerPaymentTerm, ...order } = head;
  const [lines, holdings, accounts, approvalRows] = await Promise.all([
    readOrderLines<Omit<SalesOrderLineView, "lockedQty" | "shortQty" | "openQty">>(tx, ctx, salesOrderLines, id, {
      listPrice: salesOrderLines.listPrice,
      discount: salesOrderLines.discount,
      costPrice: salesOrderLines.costPrice,
      pickedQty: salesOrderLines.pickedQty,
      deliveredQty: salesOrderLines.deliveredQty,
      cancelledQty: salesOrderLines.cancelledQty,
    }),
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
      .where(and(approvalsOf(ctx, id), eq(approvals.kind, CREDIT_APPROVAL_KIND)))
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
    customer: { contactName: partnerContactName, contactPhone: partnerContactPhone, address: partnerAddress, paymentTerm: partnerPaymentTerm },
    credit,
    approvals: approvalRows,
    lines: lineViews,
    actions,
  };
}
