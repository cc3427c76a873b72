import { and, eq } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import type { Executor } from "../db/client";
import { inTransaction } from "../db/transaction";
import { recordDocumentChange } from "../lib/document-audit";
import { lockDocument } from "../kernel/document";
import { purchaseOrders, purchasePlans } from "./purchase.tables";
import { PURCHASE_PLAN_MACHINE, PP_DONE, PP_EXECUTING } from "./purchase-plan.status";
import { PO_DRAFT, PO_VOID } from "./purchase-order.status";

/**
 * A purchase plan's status following its orders. Its own module below both services: the order
 * service calls it when an order of a plan is submitted or voided, and the plan service makes
 * orders through the order service.
 */
export const LABEL = "采购计划";
export const PURCHASE_PLAN_DOC_TYPE = "purchasePlan";
export const auditDoc = (plan: { id: number; no: string }) => ({ type: PURCHASE_PLAN_DOC_TYPE, id: plan.id, no: plan.no });

/**
 * An executing plan becomes 已完成 once every purchase order made from it that still counts (not
 * 90 已作废) is submitted or later (not 0 草稿), and at least one does. Callers: submitting or
 * voiding a plan's order (`syncPlanOfOrder`, in the order's transaction, after its status
 * update: lock order order row → plan row).
 */
export async function syncPurchasePlanStatus(ctx: Ctx, id: number, tx?: Executor) {
  return inTransaction(
    async (t2) => {
      const plan = await lockDocument(t2, purchasePlans, ctx, id, LABEL);
      if (plan.status !== PP_EXECUTING) return plan.status;
      const orders = await t2
        .select({ status: purchaseOrders.status })
        .from(purchaseOrders)
        .where(and(eq(purchaseOrders.companyId, ctx.companyId), eq(purchaseOrders.planId, id)));
      const live = orders.filter((o) => o.status !== PO_VOID);
      if (live.length && live.every((o) => o.status !== PO_DRAFT)) {
        await t2.update(purchasePlans).set({ status: PP_DONE, updatedAt: ctx.now }).where(eq(purchasePlans.id, id));
        await recordDocumentChange(t2, ctx, PURCHASE_PLAN_MACHINE, "complete", {
          ...auditDoc(plan),
          from: plan.status,
          to: PP_DONE,
          note: "计划的采购订单均已提交",
        });
        return PP_DONE;
      }
      return PP_EXECUTING;
    },
    { tx },
  );
}

/** The plan of a purchase order (if it was made from one) brought up to date; `tx` holds the order's row lock. */
/**
 * Locks the plan an order was made from (if any), in the document phase: before the order's
 * posting, so that `syncPlanOfOrder` after it finds the plan held already.
 */
export async function lockPlanOfOrder(tx: Executor, ctx: Ctx, orderId: number): Promise<void> {
  const [order] = await tx
    .select({ planId: purchaseOrders.planId })
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.id, orderId), eq(purchaseOrders.companyId, ctx.companyId)));
  if (order?.planId) await lockDocument(tx, purchasePlans, ctx, order.planId, LABEL);
}

export async function syncPlanOfOrder(tx: Executor, ctx: Ctx, orderId: number): Promise<number | null> {
  const [order] = await tx
    .select({ planId: purchaseOrders.planId })
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.id, orderId), eq(purchaseOrders.companyId, ctx.companyId)));
  if (!order?.planId) return null;
  return syncPurchasePlanStatus(ctx, order.planId, tx);
}
