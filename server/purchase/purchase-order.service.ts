import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import { db, type Executor } from "../db/client";
import { gt, lt, qtyString, sub } from "../lib/decimal";
import { DomainError } from "../lib/errors";
import {
  createOrder,
  linesOfOrder,
  readOrderHead,
  readOrderLines,
  removeOrder,
  orderActionsOf,
  runOrderCommand,
  updateOrder,
  type OrderCommandResult,
  type OrderLineView,
  type OrderView,
  type OrderSide,
} from "../trade/order.service";
import { PurchaseOrderInputSchema, type PurchaseOrderInput } from "./purchase-order.input";
import {
  PO_DONE,
  PO_DRAFT,
  PO_PARTIAL,
  PO_RECEIVED,
  PO_RECEIVING,
  PO_VOID,
  PO_WAITING,
  PURCHASE_ORDER_MACHINE,
  type PurchaseOrderAction,
} from "./purchase-order.status";
import { purchaseOrderLines, purchaseOrders, receiveOrders } from "./purchase.tables";
import { afterPurchaseOrderSubmitted } from "./receive-order.service";
import { refreshReceivingStatus } from "./purchase-order.receiving";
import { lockPlanOfOrder, syncPlanOfOrder } from "./purchase-plan.sync";
import { RC_WAITING } from "./receive-order.status";

export { receivingStatusOf, refreshReceivingStatus } from "./purchase-order.receiving";

/**
 * Purchase orders (采购订单): the purchase side of the trade order (server/trade/order.service.ts,
 * which writes, numbers and moves both sides' orders through the document kernel). What is the
 * purchase's own: the expected date, the buyer and the plan an order came from, the receiving
 * that follows a submit, and the plan kept in step. Lock order: order row → its plan → its
 * receiving notes → stock.
 */
const LABEL = PURCHASE_ORDER_MACHINE.label;

type OrderRow = typeof purchaseOrders.$inferSelect;

/** What a purchase order command takes besides the order: the plan a new order comes from. */
type PurchaseOpts = { planId?: number };

/**
 * Receiving notes of the order that were never confirmed (nothing of them was posted): they go
 * with the open rest of a voided or completed order. The caller holds the order's lock; the
 * notes are locked next (order → note).
 */
async function dropOpenReceiveOrders(tx: Executor, ctx: Ctx, order: OrderRow) {
  const open = await tx
    .select({ id: receiveOrders.id })
    .from(receiveOrders)
    .where(and(eq(receiveOrders.companyId, ctx.companyId), eq(receiveOrders.purchaseOrderId, order.id), eq(receiveOrders.status, RC_WAITING)))
    .orderBy(asc(receiveOrders.id))
    .for("update");
  if (open.length)
    await tx.delete(receiveOrders).where(
      inArray(
        receiveOrders.id,
        open.map((n) => n.id),
      ),
    );
}

const BUYER = { field: "buyerName", column: purchaseOrders.buyerId } as const;

/** The purchase side of the trade order. */
export const purchaseOrderSide: OrderSide<PurchaseOrderInput, OrderRow, PurchaseOrderAction, PurchaseOpts> = {
  orders: purchaseOrders,
  lines: purchaseOrderLines,
  docType: "purchaseOrder",
  machine: PURCHASE_ORDER_MACHINE,
  schema: PurchaseOrderInputSchema,
  person: BUYER,
  partner: { rel: 0, label: "供应商" },
  header: async (_tx, _ctx, input) => ({ expectedDate: input.expectedDate }),
  createColumns: (ctx, opts) => ({ buyerId: ctx.userId, planId: opts.planId ?? null }),
  actions: {
    submit: {
      done: "已提交",
      async after(tx, ctx, order) {
        // Its plan (order row → plan row) before the receiving posts stock and the payable.
        await lockPlanOfOrder(tx, ctx, order.id);
        await afterPurchaseOrderSubmitted(tx, ctx, order.id);
        await refreshReceivingStatus(tx, ctx, order.id);
        // A plan's order: the plan (locked after this order) is done once all its orders are submitted.
        await syncPlanOfOrder(tx, ctx, order.id);
      },
    },
    /** 作废: a draft or an order nothing of which was received; its open receiving notes go with it. */
    cancel: {
      done: "已作废",
      async check(tx, ctx, order) {
        const [row] = await tx
          .select({ received: sql<string>`coalesce(sum(${purchaseOrderLines.receivedQty}), 0)::text` })
          .from(purchaseOrderLines)
          .where(linesOfOrder(purchaseOrderLines, ctx, order.id));
        if (gt(row!.received, 0)) throw new DomainError("conflict", `${LABEL}已有收货，不能作废；不再收货请点“完成”`);
      },
      post: (tx, ctx, order) => dropOpenReceiveOrders(tx, ctx, order),
      after: (tx, ctx, order) => syncPlanOfOrder(tx, ctx, order.id).then(() => undefined),
    },
    /** 完成: closes an order that will receive no more; what is still open is cancelled (its open receiving notes go). */
    complete: { done: "已完成", post: (tx, ctx, order) => dropOpenReceiveOrders(tx, ctx, order) },
  },
};

export function createPurchaseOrder(
  ctx: Ctx,
  input: unknown,
  opts: { submit?: boolean; tx?: Executor; planId?: number } = {},
): Promise<{ id: number; no: string; status: number }> {
  return createOrder(ctx, purchaseOrderSide, input, opts);
}

/** Replaces a draft's header and lines (draft only); with `submit` it is submitted in the same transaction. */
export function updatePurchaseOrder(
  ctx: Ctx,
  id: number,
  input: unknown,
  opts: { submit?: boolean } = {},
): Promise<{ id: number; no: string; status: number }> {
  return updateOrder(ctx, purchaseOrderSide, id, input, opts);
}

/** Deletes a draft (nothing was posted for it). */
export async function removePurchaseOrder(ctx: Ctx, id: number): Promise<void> {
  await removeOrder(ctx, purchaseOrderSide, id);
}

/**
 * The order's status actions, each in its own transaction: 提交 (0 → 10, then what the receiving
 * of a submitted order gives), 作废 (0/10 → 90, refused once anything was received), 完成 (30/40 → 100).
 */
export const { submit: submitPurchaseOrder, cancel: cancelPurchaseOrder, complete: completePurchaseOrder } = orderActionsOf(purchaseOrderSide);

/** One button of the order's page or one action of the JSON API (POST /api/app/purchaseOrder/{id}/{action}). */
export function runPurchaseOrderAction(ctx: Ctx, id: number, action: string): Promise<OrderCommandResult> {
  return runOrderCommand(ctx, purchaseOrderSide, id, action, {});
}

export interface PurchaseOrderLineView extends OrderLineView {
  receivedQty: string;
  putawayQty: string;
}

export type PurchaseOrderView = OrderView<OrderRow, PurchaseOrderLineView> & { buyerName: string | null };

/** The order with its names and lines; another company's order is 不存在. */
export async function getPurchaseOrder(ctx: Ctx, id: number, ex?: Executor): Promise<PurchaseOrderView> {
  const tx = ex ?? db();
  const head = await readOrderHead(tx, ctx, purchaseOrderSide, id, BUYER);
  const lines = await readOrderLines<Omit<PurchaseOrderLineView, "openQty">>(tx, ctx, purchaseOrderLines, id, {
    receivedQty: purchaseOrderLines.receivedQty,
    putawayQty: purchaseOrderLines.putawayQty,
  });
  // Open: ordered − received, not below 0 (what the order still expects).
  return { ...head, lines: lines.map((l) => ({ ...l, openQty: qtyString(lt(l.receivedQty, l.qty) ? sub(l.qty, l.receivedQty) : 0) })) };
}

export const PURCHASE_ORDER_STATUS_CODES = { PO_DRAFT, PO_WAITING, PO_RECEIVING, PO_PARTIAL, PO_RECEIVED, PO_VOID, PO_DONE };
