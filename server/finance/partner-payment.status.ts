import { PARTNER_PAYMENT_STATUSES } from "../lib/dictionary";
import { defineStatusMachine } from "../kernel/status-machine";

/** Receipt / payment statuses (PARTNER_PAYMENT_STATUSES). */
export const PAY_DRAFT = 0;
export const PAY_VOID = 90;
export const PAY_CONFIRMED = 100;

/**
 * Receipts and payments (收款单 / 付款单): 0 草稿 → 100 已确认 (posted to the partner's account
 * and allocated to its open documents) → 90 已作废 (the posting reversed, allocations undone).
 * A draft may be deleted; a confirmed one is voided, never deleted.
 */
export type PartnerPaymentAction = "confirm" | "void" | "remove";

export const PARTNER_PAYMENT_MACHINE = defineStatusMachine<PartnerPaymentAction>({
  label: "收付款单",
  statuses: PARTNER_PAYMENT_STATUSES,
  actions: {
    confirm: { label: "确认", from: [PAY_DRAFT], to: PAY_CONFIRMED },
    void: { label: "作废", from: [PAY_CONFIRMED], to: PAY_VOID },
    remove: { label: "删除", from: [PAY_DRAFT], to: null },
  },
});
