import * as z from "zod";
import { labelled } from "../lib/input-fields";
import { MAX_ORDER_LINES, orderInputSchema, orderLineSchema } from "../trade/order.input";

/**
 * A purchase order as a form or the JSON API sends it (采购订单): the trade order's input
 * (server/trade/order.input.ts) with the expected arrival date.
 */
export const MAX_PURCHASE_ORDER_LINES = MAX_ORDER_LINES;

export const PurchaseOrderLineInputSchema = orderLineSchema({});
export type PurchaseOrderLineInput = z.infer<typeof PurchaseOrderLineInputSchema>;

export const PurchaseOrderInputSchema = orderInputSchema({
  docLabel: "采购订单",
  partnerLabel: "供应商",
  line: PurchaseOrderLineInputSchema,
  before: {},
  after: {
    expectedDate: labelled(
      z.preprocess((v) => (v === "" || v === undefined ? null : v), z.iso.date({ error: "预计到货日期格式应为 YYYY-MM-DD" }).nullable()).default(null),
      { label: "预计到货日期", kind: "date" },
    ),
  },
});
export type PurchaseOrderInput = z.infer<typeof PurchaseOrderInputSchema>;
