import * as z from "zod";
import { codesOf, PURCHASE_RETURN_REASONS } from "../lib/dictionary";
import { labelled, oneOf, optionalId, optionalMoney, optionalText, requiredId } from "../lib/input-fields";

/**
 * A purchase return as the create page, the draft page and the JSON API send it. Quantities and
 * prices arrive as text or numbers and leave as 2-decimal text (server/lib/decimal.ts).
 */
export const PurchaseReturnLineInputSchema = z.object({
  productId: requiredId("产品"),
  locationId: requiredId("货位"),
  batchNo: labelled(
    z.preprocess((v) => (v === null || v === undefined ? "" : v), z.string({ error: "批次不正确" }).trim().max(60, "批次不能超过 60 个字")),
    { label: "批次", kind: "text" },
  ),
  qty: optionalMoney("退货数量", 99999999, { kind: "decimal" }).refine((v) => v !== null && Number(v) > 0, "退货数量必须大于 0"),
  price: optionalMoney("退货单价").transform((v) => v ?? "0.00"),
  reasonCode: oneOf("退货原因", codesOf(PURCHASE_RETURN_REASONS)),
  purchaseOrderLineId: optionalId("采购单明细"),
  remark: optionalText("备注", 200),
});

export const PurchaseReturnInputSchema = z.object({
  partnerId: requiredId("供应商"),
  warehouseId: requiredId("仓库"),
  purchaseOrderId: optionalId("采购单"),
  remark: optionalText("备注", 500),
  lines: z.array(PurchaseReturnLineInputSchema, { error: "退货明细不正确" }).max(500, "退货明细不能超过 500 行").default([]),
});

export type PurchaseReturnInput = z.infer<typeof PurchaseReturnInputSchema>;
export type PurchaseReturnLineInput = z.infer<typeof PurchaseReturnLineInputSchema>;
