import { RECEIVE_ORDER_STATUSES } from "../lib/dictionary";
import { defineStatusMachine } from "../kernel/status-machine";

/** Receiving note statuses (RECEIVE_ORDER_STATUSES). */
export const RC_WAITING = 10;
export const RC_REVERSED = 90;
export const RC_DONE = 100;

/** 收货单: 10 待收货 → 100 收货完成 (confirm posts the goods into the 收货区); 100 → 90 已红冲 (reverse). */
export const RECEIVE_ORDER_MACHINE = defineStatusMachine({
  label: "收货单",
  statuses: RECEIVE_ORDER_STATUSES,
  actions: {
    confirm: { label: "确认收货", from: [RC_WAITING], to: RC_DONE },
    reverse: { label: "红冲", from: [RC_DONE], to: RC_REVERSED },
    createPutaway: { label: "生成上架单", from: [RC_DONE], to: null },
  },
});

export type ReceiveOrderAction = keyof typeof RECEIVE_ORDER_MACHINE.actions;
