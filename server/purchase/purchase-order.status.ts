import { PURCHASE_ORDER_STATUSES } from "../lib/dictionary";
import { defineStatusMachine } from "../kernel/status-machine";

/** Purchase order statuses (spec 000 §4). */
export const PO_DRAFT = 0;
export const PO_WAITING = 10;
export const PO_RECEIVING = 20;
export const PO_PARTIAL = 30;
export const PO_RECEIVED = 40;
export const PO_VOID = 90;
export const PO_DONE = 100;

/**
 * The one table of what moves a purchase order (采购订单):
 *
 * | action  | from            | to                                   |
 * |---------|-----------------|--------------------------------------|
 * | save    | 0               | 0  (a draft's header and lines)      |
 * | remove  | 0               | —  (a draft is deleted)              |
 * | submit  | 0               | 10 待收货                             |
 * | cancel  | 0, 10           | 90 已作废 (refused once anything was received) |
 * | complete| 30, 40          | 100 订单已完成 (the open rest is cancelled) |
 * | receive | 10, 20, 30, 40  | 10/20/30/40 from the lines and open receiving notes (refreshReceivingStatus) |
 *
 * Every other (status, action) pair is refused: 20 收货中 cannot be cancelled or completed while
 * a receiving note is open; 90 and 100 are final.
 */
export const PURCHASE_ORDER_MACHINE = defineStatusMachine({
  label: "采购订单",
  statuses: PURCHASE_ORDER_STATUSES,
  actions: {
    save: { label: "保存", from: [PO_DRAFT], to: PO_DRAFT },
    remove: { label: "删除", from: [PO_DRAFT], to: null },
    submit: { label: "提交", from: [PO_DRAFT], to: PO_WAITING },
    cancel: { label: "作废", from: [PO_DRAFT, PO_WAITING], to: PO_VOID },
    complete: { label: "完成", from: [PO_PARTIAL, PO_RECEIVED], to: PO_DONE },
    receive: { label: "收货", from: [PO_WAITING, PO_RECEIVING, PO_PARTIAL, PO_RECEIVED], to: null },
  },
});
export type PurchaseOrderAction = keyof typeof PURCHASE_ORDER_MACHINE.actions;

/** The actions a user starts from the order's page (its buttons), in this order. */
export const PURCHASE_ORDER_USER_ACTIONS = ["submit", "cancel", "complete"] as const satisfies readonly PurchaseOrderAction[];
