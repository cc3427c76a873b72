import * as z from "zod";
import { lt } from "../lib/decimal";
import { optionalDecimal, requiredId } from "../lib/input-fields";

/** 安全库存: a product's minimum and maximum (a purchase plan suggests up to the maximum when below the minimum). */
export const SafeStockInputSchema = z
  .object({
    productId: requiredId("产品"),
    minQty: optionalDecimal("库存下限")
      .transform((v) => v ?? "0.00")
      .meta({ label: "库存下限" }),
    maxQty: optionalDecimal("库存上限")
      .transform((v) => v ?? "0.00")
      .meta({ label: "库存上限" }),
  })
  .refine((v) => !lt(v.maxQty, v.minQty), { message: "库存上限不能小于库存下限", path: ["maxQty"] });
