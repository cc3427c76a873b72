import * as z from "zod";
import { codesOf, SALES_RETURN_REASONS } from "../lib/dictionary";
import { labelled, optionalId, optionalMoney, optionalOneOf, optionalText, requiredId } from "../lib/input-fields";

/**
 * A sales return as the create page, the draft page and the JSON API send it. A return from a
 * delivered order (`salesOrderId`) names, per line, the delivery line the goods left on
 * (`deliverOrderLineId`): its net price, batch and cost are the return's, whatever is sent. A
 * free-standing return names the customer's products and the price typed. The reason (spec 000
 * §9) may be left open in a draft; submitting needs it on every line.
 */
export const SalesReturnLineInputSchema = z.object({
  productId: requiredId("产品"),
  qty: optionalMoney("退货数量", 99999999, { kind: "decimal" }).refine((v) => v !== null && Number(v) > 0, "退货数量必须大于 0"),
  price: optionalMoney("退货单价").transform((v) => v ?? "0.00"),
  reasonCode: optionalOneOf("退货原因", codesOf(SALES_RETURN_REASONS)),
  salesOrderLineId: optionalId("销售单明细"),
  deliverOrderLineId: optionalId("发货明细"),
  remark: optionalText("备注", 200),
});

export const SalesReturnInputSchema = z.object({
  partnerId: requiredId("客户"),
  warehouseId: requiredId("仓库"),
  salesOrderId: optionalId("销售单"),
  remark: optionalText("备注", 500),
  lines: z.array(SalesReturnLineInputSchema, { error: "退货明细不正确" }).max(500, "退货明细不能超过 500 行").default([]),
});

/** 审核通过 / 驳回 on /demand/returnOrder/approval: rejecting needs a reason. */
export const ReturnDecisionSchema = z.object({
  comment: labelled(
    z.preprocess((v) => (v === null || v === undefined ? "" : v), z.string({ error: "审批意见不正确" }).trim().max(200, "审批意见不能超过 200 个字")),
    { label: "审批意见", kind: "text" },
  ),
});

export type SalesReturnInput = z.infer<typeof SalesReturnInputSchema>;
export type SalesReturnLineInput = z.infer<typeof SalesReturnLineInputSchema>;
