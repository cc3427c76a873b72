import { and, eq, sql } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import { db, type Executor } from "../db/client";
import { inTransaction } from "../db/transaction";
import { APPROVAL_STATUSES, labelOf, SALES_ORDER_STATUSES } from "../lib/dictionary";
import { DomainError } from "../lib/errors";
import { isId } from "../lib/ids";
import { enterpriseRelations } from "../organization/organization.tables";
import { partnerNameOf } from "../organization/partner-name";
import { formatMoney } from "../lib/decimal";
import { notify } from "../kernel/notify";
import { assertTransition, lockDocument } from "../kernel/document";
import { approvals, salesOrders } from "./sale.tables";
import { SALES_ORDER_DOC_TYPE } from "./sales-order.state";
import { CREDIT_APPROVAL_KIND, CREDIT_APPROVER_CODE, submitLockedSalesOrder } from "./sales-order.service";
import { SALES_ORDER_MACHINE } from "./sales-order.status";
import { APPROVAL_PASSED, APPROVAL_REJECTED, APPROVAL_WAITING } from "./approval.status";

/**
 * Credit approvals (需求审批, /demand/approval): a sales order over its customer's credit limit
 * waits here (approvals kind 1, 0 待审核) after 提交审批 (sales-order.service.ts
 * requestCreditApproval). A manager (XQGL-005) approves — the order is submitted in the same
 * transaction — or rejects with a comment — the order stays a draft. LOCK ORDER: the order row
 * first, then the approval row, then (submitting) stock and the customer's account.
 */
const LABEL = SALES_ORDER_MACHINE.label;

function requireApprover(ctx: Ctx) {
  if (!ctx.permissions.has(CREDIT_APPROVER_CODE)) throw new DomainError("forbidden", "没有审批权限");
}

const missing = () => new DomainError("not_found", "审批单不存在");

/** The approval and its order, locked in the lock order: the order row first, then the approval. */
async function lockApproval(tx: Executor, ctx: Ctx, approvalId: number) {
  if (!isId(approvalId)) throw missing();
  const [head] = await tx
    .select({ docId: approvals.docId })
    .from(approvals)
    .where(
      and(
        eq(approvals.id, approvalId),
        eq(approvals.companyId, ctx.companyId),
        eq(approvals.kind, CREDIT_APPROVAL_KIND),
        eq(approvals.docType, SALES_ORDER_DOC_TYPE),
      ),
    );
  if (!head) throw missing();
  const order = await lockDocument(tx, salesOrders, ctx, head.docId, LABEL);
  const [approval] = await tx
    .select()
    .from(approvals)
    .where(and(eq(approvals.id, approvalId), eq(approvals.companyId, ctx.companyId)))
    .for("update");
  if (!approval) throw missing();
  if (approval.status !== APPROVAL_WAITING) throw new DomainError("conflict", `该审批已${labelOf(APPROVAL_STATUSES, approval.status as 0)}，不能再次审批`);
  return { order, approval };
}

function commentOf(comment: unknown) {
  const text = typeof comment === "string" ? comment.trim() : "";
  if (text.length > 200) throw new DomainError("bad_request", "审批意见不能超过 200 个字", { comment: ["审批意见不能超过 200 个字"] });
  return text;
}

/** 审批结果: the requester learns the decision (in the decision's transaction). */
async function notifyDecision(
  tx: Executor,
  ctx: Ctx,
  order: { id: number; no: string },
  approval: typeof approvals.$inferSelect,
  result: "通过" | "驳回",
  comment: string,
) {
  const customerName = await partnerNameOf(tx, ctx, approval.partnerId);
  await notify(
    tx,
    ctx,
    "approvalResult",
    { orderId: order.id, orderNo: order.no, customerName, amount: formatMoney(approval.amount), result, comment: comment || "无" },
    { userId: approval.requestedBy },
  );
}

export interface CreditDecision {
  /** The approval. */
  id: number;
  status: number;
  orderId: number;
  /** The order's number. */
  no: string;
  message: string;
}

/**
 * 通过: the manager lets the order go over the credit limit; the order is submitted in the same
 * transaction (stock locked with the order's allowShortage wish). When the stock cannot be
 * locked the approval fails with the stock message and nothing changes.
 */
export async function approveCredit(ctx: Ctx, approvalId: number, comment?: unknown): Promise<CreditDecision> {
  requireApprover(ctx);
  const text = commentOf(comment);
  return inTransaction(async (tx) => {
    const { order, approval } = await lockApproval(tx, ctx, approvalId);
    assertTransition(SALES_ORDER_MACHINE, "submit", order.status);
    const now = ctx.now ?? new Date();
    await tx
      .update(approvals)
      .set({ status: APPROVAL_PASSED, decidedBy: ctx.userId, decidedAt: now, comment: text || null })
      .where(eq(approvals.id, approval.id));
    await tx.update(salesOrders).set({ approvalStatus: APPROVAL_PASSED }).where(eq(salesOrders.id, order.id));
    await submitLockedSalesOrder(tx, ctx, order, { allowShortage: order.allowShortage, approved: true });
    await notifyDecision(tx, ctx, order, approval, "通过", text);
    return { id: approval.id, status: APPROVAL_PASSED, orderId: order.id, no: order.no, message: `已通过，销售订单 ${order.no} 已提交` };
  });
}

/** 驳回 (a comment is required): the order stays a draft with approvalStatus 2. */
export async function rejectCredit(ctx: Ctx, approvalId: number, comment: unknown): Promise<CreditDecision> {
  requireApprover(ctx);
  const text = commentOf(comment);
  if (!text) throw new DomainError("bad_request", "请填写驳回理由", { comment: ["请填写驳回理由"] });
  return inTransaction(async (tx) => {
    const { order, approval } = await lockApproval(tx, ctx, approvalId);
    const now = ctx.now ?? new Date();
    await tx.update(approvals).set({ status: APPROVAL_REJECTED, decidedBy: ctx.userId, decidedAt: now, comment: text }).where(eq(approvals.id, approval.id));
    await tx.update(salesOrders).set({ approvalStatus: APPROVAL_REJECTED, updatedAt: now }).where(eq(salesOrders.id, order.id));
    await notifyDecision(tx, ctx, order, approval, "驳回", text);
    return { id: approval.id, status: APPROVAL_REJECTED, orderId: order.id, no: order.no, message: `已驳回销售订单 ${order.no} 的信用审批` };
  });
}

export interface CreditApprovalView {
  id: number;
  status: number;
  statusLabel: string;
  orderId: number;
  docNo: string;
  orderStatus: number | null;
  orderStatusLabel: string | null;
  partnerId: number | null;
  partnerName: string | null;
  amount: string;
  reason: string | null;
  requesterName: string | null;
  requestedAt: Date;
  comment: string | null;
  deciderName: string | null;
  decidedAt: Date | null;
}

/** One credit approval with its order and names; another company's (or a return approval) is 不存在. */
export async function getCreditApproval(ctx: Ctx, id: number, ex?: Executor): Promise<CreditApprovalView> {
  if (!isId(id)) throw missing();
  const [row] = await (ex ?? db())
    .select({
      id: approvals.id,
      status: approvals.status,
      orderId: approvals.docId,
      docNo: approvals.docNo,
      orderStatus: salesOrders.status,
      partnerId: approvals.partnerId,
      partnerName: enterpriseRelations.name,
      amount: approvals.amount,
      reason: approvals.reason,
      requesterName: sql<string | null>`(select u.name from users u where u.id = ${approvals.requestedBy})`,
      requestedAt: approvals.requestedAt,
      comment: approvals.comment,
      deciderName: sql<string | null>`(select u.name from users u where u.id = ${approvals.decidedBy})`,
      decidedAt: approvals.decidedAt,
    })
    .from(approvals)
    .leftJoin(salesOrders, and(eq(salesOrders.id, approvals.docId), eq(salesOrders.companyId, approvals.companyId)))
    .leftJoin(enterpriseRelations, eq(enterpriseRelations.id, approvals.partnerId))
    .where(
      and(eq(approvals.id, id), eq(approvals.companyId, ctx.companyId), eq(approvals.kind, CREDIT_APPROVAL_KIND), eq(approvals.docType, SALES_ORDER_DOC_TYPE)),
    );
  if (!row) throw missing();
  return {
    ...row,
    statusLabel: labelOf(APPROVAL_STATUSES, row.status as 0),
    orderStatusLabel: row.orderStatus === null ? null : labelOf(SALES_ORDER_STATUSES, row.orderStatus as 0),
  };
}
