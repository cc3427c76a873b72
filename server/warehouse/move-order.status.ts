import { MOVE_ORDER_STATUSES } from "../lib/dictionary";
import { defineStatusMachine } from "../kernel/status-machine";

/** 库存调拨: 0 草稿 → 100 已完成 (posted) → 90 已作废 (reversed); a draft can be voided too. */
export const MOVE_ORDER_DRAFT = 0;
export const MOVE_ORDER_DONE = 100;
export const MOVE_ORDER_VOID = 90;

export const MOVE_ORDER_MACHINE = defineStatusMachine({
  label: "调拨单",
  statuses: MOVE_ORDER_STATUSES,
  actions: {
    update: { label: "修改", from: [MOVE_ORDER_DRAFT], to: null },
    remove: { label: "删除", from: [MOVE_ORDER_DRAFT], to: null },
    confirm: { label: "确认调拨", from: [MOVE_ORDER_DRAFT], to: MOVE_ORDER_DONE },
    void: { label: "作废", from: [MOVE_ORDER_DRAFT], to: MOVE_ORDER_VOID },
    reverse: { label: "红冲", from: [MOVE_ORDER_DONE], to: MOVE_ORDER_VOID },
  },
});

export type MoveOrderAction = keyof typeof MOVE_ORDER_MACHINE.actions;
