import * as z from "zod";
import { labelled, optionalId, optionalText } from "../lib/input-fields";
import { discountText, MAX_ORDER_LINES, orderInputSchema, orderLineSchema } from "../trade/order.input";

/**
 * A sales order as a form or the JSON API sends it (销售订单): the trade order's input
 * (server/trade/order.input.ts) with a line discount, the salesman and the delivery contact.
 * That the salesman is one of the company's users is checked by sales-order.service.ts against
 * the database. Blank header fields (payment terms, contact, address) take the customer's.
 */
export const MAX_SALES_ORDER_LINES = MAX_ORDER_LINES;

export const SalesOrderLineInputSchema = orderLineSchema({
  discount: labelled(discountText, { label: "折扣(%)", kind: "decimal" }) as unknown as z.ZodType<string>,
});
export type SalesOrderLineInput = z.infer<typeof SalesOrderLineInputSchema>;

export const SalesOrderInputSchema = orderInputSchema({
  docLabel: "销售订单",
  partnerLabel: "客户",
  line: SalesOrderLineInputSchema,
  before: { salesmanId: optionalId("业务员") },
  after: {
    contactName: optionalText("联系人", 50),
    contactPhone: optionalText("联系电话", 30),
    address: optionalText("收货地址", 200),
  },
});
export type SalesOrderInput = z.infer<typeof SalesOrderInputSchema>;

/** 提交审批: why the order should go through although it is over the credit limit. */
export const CreditApprovalRequestSchema = z.object({ reason: optionalText("申请说明", 200) });

/** 审批 with a comment; 驳回 needs one. */
export const CreditDecisionSchema = z.object({ comment: optionalText("审批意见", 200) });
