import { PURCHASE_PLAN_STATUSES } from "../lib/dictionary";
import { defineStatusMachine } from "../kernel/status-machine";

/** Purchase plan statuses (PURCHASE_PLAN_STATUSES). */
export const PP_DRAFT = 0;
export const PP_EXECUTING = 10;
export const PP_VOID = 90;
export const PP_DONE = 100;

/**
 * 采购计划: 0 草稿 (lines edited by hand) → execute → 10 执行中 (draft purchase orders made, one per
 * supplier) → complete → 100 已完成 (also when every order of the plan is submitted or later);
 * void 0 → 90 已作废.
 */
export const PURCHASE_PLAN_MACHINE = defineStatusMachine({
  label: "采购计划",
  statuses: PURCHASE_PLAN_STATUSES,
  actions: {
    update: { label: "修改", from: [PP_DRAFT], to: null },
    execute: { label: "执行", from: [PP_DRAFT], to: PP_EXECUTING },
    complete: { label: "完成", from: [PP_EXECUTING], to: PP_DONE },
    void: { label: "作废", from: [PP_DRAFT], to: PP_VOID },
  },
});
