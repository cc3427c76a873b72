import { and, eq, sql } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import type { Executor } from "../db/client";
import { gt, lt } from "../lib/decimal";
import { lockDocument } from "../kernel/document";
import { PO_PARTIAL, PO_RECEIVED, PO_RECEIVING, PO_WAITING, PURCHASE_ORDER_MACHINE } from "./purchase-order.status";
import { purchaseOrderLines, purchaseOrders, receiveOrders } from "./purchase.tables";
import { RC_WAITING } from "./receive-order.status";

/**
 * A purchase order's receiving status from its lines and open receiving notes. Its own module
 * below both services: receiving notes refresh their order's status, and submitting an order
 * makes its receiving note.
 */
const LABEL = PURCHASE_ORDER_MACHINE.label;

/** The receiving status that the lines and the open receiving notes say. */
export function receivingStatusOf(lines: { qty: string; receivedQty: string }[], openNotes: number): number {
  const all = lines.length > 0 && lines.every((l) => !lt(l.receivedQty, l.qty));
  if (all) return PO_RECEIVED;
  const any = lines.some((l) => gt(l.receivedQty, 0));
  if (!any) return PO_WAITING;
  return openNotes > 0 ? PO_RECEIVING : PO_PARTIAL;
}

/**
 * Recomputes 10 待收货 / 20 收货中 / 30 部分收货 / 40 收货完成 after receiving changed (a
 * receiving note confirmed, reversed, created): nothing received → 10; everything received → 40;
 * some received and a receiving note still open → 20, none open → 30. Orders in 0, 90 or 100
 * keep their status. The caller holds the order's lock (taken again here, which is a no-op).
 */
export async function refreshReceivingStatus(tx: Executor, ctx: Ctx, orderId: number): Promise<number> {
  const order = await lockDocument(tx, purchaseOrders, ctx, orderId, LABEL);
  if (!PURCHASE_ORDER_MACHINE.actions.receive.from.includes(order.status)) return order.status;
  const lines = await tx
    .select({ qty: purchaseOrderLines.qty, receivedQty: purchaseOrderLines.receivedQty })
    .from(purchaseOrderLines)
    .where(and(eq(purchaseOrderLines.orderId, orderId), eq(purchaseOrderLines.companyId, ctx.companyId)));
  const [open] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(receiveOrders)
    .where(and(eq(receiveOrders.companyId, ctx.companyId), eq(receiveOrders.purchaseOrderId, orderId), eq(receiveOrders.status, RC_WAITING)));
  const next = receivingStatusOf(lines, open?.n ?? 0);
  if (next !== order.status) {
    await tx
      .update(purchaseOrders)
      .set({ status: next, updatedAt: ctx.now ?? new Date() })
      .where(eq(purchaseOrders.id, orderId));
  }
  return next;
}
