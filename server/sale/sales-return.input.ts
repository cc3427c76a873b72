import * as z from "zod";
import { codesOf, SALES_RETURN_REASONS } from "../lib/dictionary";
import { labelled, optionalId, optionalOneOf } from "../lib/input-fields";
import { returnInputSchema, returnLineSchema } from "../trade/return.input";

/**
 * A sales return as the create page, the draft page and the JSON API send it. A return from a
 * delivered order (`salesOrderId`) names, per line, the delivery line the goods left on
 * (`deliverOrderLineId`): its net price, batch and cost are the return's, whatever is sent. A
 * free-standing return names the customer's products and the price typed. The reason (spec 000
 * §9) may be left open in a draft; submitting needs it on every line.
 */
export const SalesReturnLineInputSchema = returnLineSchema({
  reason: optionalOneOf("退货原因", codesOf(SALES_RETURN_REASONS)),
  refs: { salesOrderLineId: optionalId("销售单明细"), deliverOrderLineId: optionalId("发货明细") },
});

export const SalesReturnInputSchema = returnInputSchema({ partner: "客户", orderKey: "salesOrderId", order: "销售单", line: SalesReturnLineInputSchema });

/** 审核通过 / 驳回 on /demand/returnOrder/approval: rejecting needs a reason. */
export const ReturnDecisionSchema = z.object({
  comment: labelled(
    z.preprocess((v) => (v === null || v === undefined ? "" : v), z.string({ error: "审批意见不正确" }).trim().max(200, "审批意见不能超过 200 个字")),
    { label: "审批意见", kind: "text" },
  ),
});

export type SalesReturnInput = z.infer<typeof SalesReturnInputSchema>;
export type SalesReturnLineInput = z.infer<typeof SalesReturnLineInputSchema>;
