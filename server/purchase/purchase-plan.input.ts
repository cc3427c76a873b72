import * as z from "zod";
import { optionalDecimal, optionalId, optionalMoney, optionalText, requiredId } from "../lib/input-fields";

/** A plan's lines as edited by hand while it is a draft. */
export const PurchasePlanLineInputSchema = z.object({
  productId: requiredId("产品"),
  partnerId: optionalId("供应商"),
  qty: optionalDecimal("采购数量").refine((v) => v !== null && Number(v) > 0, "采购数量必须大于 0"),
  price: optionalMoney("单价").transform((v) => v ?? "0.00"),
  remark: optionalText("备注", 200),
});

export const PurchasePlanInputSchema = z.object({
  warehouseId: requiredId("仓库"),
  remark: optionalText("备注", 500),
  lines: z.array(PurchasePlanLineInputSchema).max(2000, "计划明细不能超过 2000 行").default([]),
});
