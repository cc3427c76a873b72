import { RECEIVE_ORDER_STATUSES } from "../lib/dictionary";
import { defineStatusMachine } from "../stock/document";

/** 收货单: 10 待收货 → 100 收货完成 (confirm posts the goods into the 收货区); 100 → 90 已红冲 (reverse). */
export const RECEIVE_ORDER_MACHINE = defineStatusMachine({
  label: "收货单",
  statuses: RECEIVE_ORDER_STATUSES,
  actions: {
    confirm: { label: "确认收货", from: [10], to: 100 },
    reverse: { label: "红冲", from: [100], to: 90 },
    createPutaway: { label: "生成上架单", from: [100], to: null },
  },
});

export type ReceiveOrderAction = keyof typeof RECEIVE_ORDER_MACHINE.actions;
