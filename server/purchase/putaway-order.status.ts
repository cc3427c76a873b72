import { PUTAWAY_ORDER_STATUSES } from "../lib/dictionary";
import { defineStatusMachine } from "../kernel/status-machine";

/** Put-away note statuses (PUTAWAY_ORDER_STATUSES). */
export const PA_WAITING = 10;
export const PA_DONE = 100;

/** 上架单: 10 待上架 → 100 上架完成 (confirm moves the goods from the 收货区 to the shelves). */
export const PUTAWAY_ORDER_MACHINE = defineStatusMachine({
  label: "上架单",
  statuses: PUTAWAY_ORDER_STATUSES,
  actions: {
    confirm: { label: "确认上架", from: [PA_WAITING], to: PA_DONE },
  },
});

export type PutawayOrderAction = keyof typeof PUTAWAY_ORDER_MACHINE.actions;
