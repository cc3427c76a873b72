import * as z from "zod";
import { codesOf, PURCHASE_RETURN_REASONS } from "../lib/dictionary";
import { labelled, oneOf, optionalId, requiredId } from "../lib/input-fields";
import { returnInputSchema, returnLineSchema } from "../trade/return.input";

/**
 * A purchase return as the create page, the draft page and the JSON API send it: each line takes
 * its goods from one batch on one location of the return's warehouse, and needs its reason.
 */
export const PurchaseReturnLineInputSchema = returnLineSchema({
  where: {
    locationId: requiredId("货位"),
    batchNo: labelled(
      z.preprocess((v) => (v === null || v === undefined ? "" : v), z.string({ error: "批次不正确" }).trim().max(60, "批次不能超过 60 个字")),
      { label: "批次", kind: "text" },
    ),
  },
  reason: oneOf("退货原因", codesOf(PURCHASE_RETURN_REASONS)),
  refs: { purchaseOrderLineId: optionalId("采购单明细") },
});

export const PurchaseReturnInputSchema = returnInputSchema({
  partner: "供应商",
  orderKey: "purchaseOrderId",
  order: "采购单",
  line: PurchaseReturnLineInputSchema,
});

export type PurchaseReturnInput = z.infer<typeof PurchaseReturnInputSchema>;
export type PurchaseReturnLineInput = z.infer<typeof PurchaseReturnLineInputSchema>;
