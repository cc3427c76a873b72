import { PUTAWAY_ORDER_STATUSES } from "../lib/dictionary";
import { defineStatusMachine } from "../stock/document";

/** 上架单: 10 待上架 → 100 上架完成 (confirm moves the goods from the 收货区 to the shelves). */
export const PUTAWAY_ORDER_MACHINE = defineStatusMachine({
  label: "上架单",
  statuses: PUTAWAY_ORDER_STATUSES,
  actions: {
    confirm: { label: "确认上架", from: [10], to: 100 },
  },
});

export type PutawayOrderAction = keyof typeof PUTAWAY_ORDER_MACHINE.actions;
