import { PURCHASE_RETURN_STATUSES } from "../lib/dictionary";
import { defineStatusMachine } from "../stock/document";

/**
 * 采购退货 (purchase return): 0 草稿 → submit → 10 待出库 (the chosen batches locked) → confirm →
 * 100 已完成 (outflow posted); cancel 0/10 → 90 (locks released); reverse 100 → 90 (the outflow
 * posted back as PurchaseReturnOrderBack). `update` and `remove` change no status: a draft only.
 */
export const PURCHASE_RETURN_MACHINE = defineStatusMachine({
  label: "采购退货单",
  statuses: PURCHASE_RETURN_STATUSES,
  actions: {
    update: { label: "修改", from: [0], to: null },
    remove: { label: "删除", from: [0], to: null },
    submit: { label: "提交", from: [0], to: 10 },
    confirm: { label: "确认出库", from: [10], to: 100 },
    cancel: { label: "作废", from: [0, 10], to: 90 },
    reverse: { label: "红冲", from: [100], to: 90 },
  },
});

export type PurchaseReturnAction = keyof typeof PURCHASE_RETURN_MACHINE.actions;

/** The actions offered as buttons on the document page (update/remove are the draft form's own). */
export const PURCHASE_RETURN_BUTTONS: readonly PurchaseReturnAction[] = ["submit", "confirm", "cancel", "reverse"];
