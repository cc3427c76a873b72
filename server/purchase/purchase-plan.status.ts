import { PURCHASE_PLAN_STATUSES } from "../lib/dictionary";
import { defineStatusMachine } from "../stock/document";

/**
 * 采购计划: 0 草稿 (lines edited by hand) → execute → 10 执行中 (draft purchase orders made, one per
 * supplier) → complete → 100 已完成 (also when every order of the plan is submitted or later);
 * void 0 → 90 已作废.
 */
export const PURCHASE_PLAN_MACHINE = defineStatusMachine({
  label: "采购计划",
  statuses: PURCHASE_PLAN_STATUSES,
  actions: {
    update: { label: "修改", from: [0], to: null },
    execute: { label: "执行", from: [0], to: 10 },
    complete: { label: "完成", from: [10], to: 100 },
    void: { label: "作废", from: [0], to: 90 },
  },
});
