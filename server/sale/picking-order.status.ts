import { PICKING_ORDER_STATUSES } from "../lib/dictionary";
import { defineStatusMachine } from "../kernel/status-machine";

/** Picking list statuses (spec 000 §4; 90 for one voided before it was picked). */
export const PK_DRAFT = 0;
export const PK_WAITING = 10;
export const PK_DONE = 100;
export const PK_VOID = 90;

/**
 * 拣货单:
 *
 * | action         | from   | to                                                              |
 * |----------------|--------|-----------------------------------------------------------------|
 * | submit         | 0      | 10 待拣货                                                        |
 * | confirm        | 10     | 100 拣货完成 (picked ≤ planned per line; the order lines' pickedQty rises) |
 * | void           | 0, 10  | 90 已作废 (the locks stay with the order)                         |
 * | createDelivery | 100    | —  (a delivery note for the picked goods, when none is open or posted) |
 */
export const PICKING_ORDER_MACHINE = defineStatusMachine({
  label: "拣货单",
  statuses: PICKING_ORDER_STATUSES,
  actions: {
    submit: { label: "提交", from: [PK_DRAFT], to: PK_WAITING },
    confirm: { label: "确认拣货", from: [PK_WAITING], to: PK_DONE },
    void: { label: "作废", from: [PK_DRAFT, PK_WAITING], to: PK_VOID },
    createDelivery: { label: "生成发货单", from: [PK_DONE], to: null },
  },
});

export type PickingOrderAction = keyof typeof PICKING_ORDER_MACHINE.actions;

/** The buttons of the picking list's page, in this order. */
export const PICKING_ORDER_USER_ACTIONS = ["submit", "confirm", "createDelivery", "void"] as const satisfies readonly PickingOrderAction[];
