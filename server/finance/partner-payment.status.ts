import { PARTNER_PAYMENT_STATUSES } from "../lib/dictionary";
import { defineStatusMachine } from "../stock/document";

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
    confirm: { label: "确认", from: [0], to: 100 },
    void: { label: "作废", from: [100], to: 90 },
    remove: { label: "删除", from: [0], to: null },
  },
});
