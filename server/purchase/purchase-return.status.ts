import { PURCHASE_RETURN_STATUSES } from "../lib/dictionary";
import { defineStatusMachine } from "../kernel/status-machine";

/** Purchase return statuses (PURCHASE_RETURN_STATUSES). */
export const PR_DRAFT = 0;
export const PR_WAITING = 10;
export const PR_VOID = 90;
export const PR_DONE = 100;

/**
 * 采购退货 (purchase return): 0 草稿 → submit → 10 待出库 (the chosen batches locked) → confirm →
 * 100 已完成 (outflow posted); cancel 0/10 → 90 (locks released); reverse 100 → 90 (the outflow
 * posted back as PurchaseReturnOrderBack). `update` and `remove` change no status: a draft only.
 */
export const PURCHASE_RETURN_MACHINE = defineStatusMachine({
  label: "采购退货单",
  statuses: PURCHASE_RETURN_STATUSES,
  actions: {
    update: { label: "修改", from: [PR_DRAFT], to: null },
    remove: { label: "删除", from: [PR_DRAFT], to: null },
    submit: { label: "提交", from: [PR_DRAFT], to: PR_WAITING },
    confirm: { label: "确认出库", from: [PR_WAITING], to: PR_DONE },
    cancel: { label: "作废", from: [PR_DRAFT, PR_WAITING], to: PR_VOID },
    reverse: { label: "红冲", from: [PR_DONE], to: PR_VOID },
  },
});

export type PurchaseReturnAction = keyof typeof PURCHASE_RETURN_MACHINE.actions;

/** The actions offered as buttons on the document page (update/remove are the draft form's own). */
export const PURCHASE_RETURN_BUTTONS: readonly PurchaseReturnAction[] = ["submit", "confirm", "cancel", "reverse"];
