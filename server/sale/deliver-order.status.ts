import { DELIVER_ORDER_STATUSES } from "../lib/dictionary";
import { defineStatusMachine } from "../kernel/status-machine";

/** Delivery note statuses (spec 000 §4). */
export const DL_WAITING = 20;
export const DL_DONE = 30;
export const DL_VOID = 90;
export const DL_REVERSED = 95;

/**
 * 发货单:
 *
 * | action    | from   | to                                                                       |
 * |-----------|--------|--------------------------------------------------------------------------|
 * | confirm   | 20     | 30 发货完成 (locks released, outflow posted at the moving average, the customer's account +amount) |
 * | void      | 20     | 90 已作废 (nothing posted; the picked goods wait for a new delivery note) |
 * | reverse   | 30     | 95 已红冲 (the outflow posted back at its cost, the goods locked for the order again, the order's delivered quantities and the customer's account taken back) |
 * | logistics | 20, 30 | —  (logistics company, tracking number, packages, receiver)             |
 */
export const DELIVER_ORDER_MACHINE = defineStatusMachine({
  label: "发货单",
  statuses: DELIVER_ORDER_STATUSES,
  actions: {
    confirm: { label: "确认发货", from: [DL_WAITING], to: DL_DONE },
    void: { label: "作废", from: [DL_WAITING], to: DL_VOID },
    reverse: { label: "红冲", from: [DL_DONE], to: DL_REVERSED },
    logistics: { label: "修改物流信息", from: [DL_WAITING, DL_DONE], to: null },
  },
});

export type DeliverOrderAction = keyof typeof DELIVER_ORDER_MACHINE.actions;

export const DELIVER_ORDER_USER_ACTIONS = ["confirm", "void", "reverse"] as const satisfies readonly DeliverOrderAction[];
