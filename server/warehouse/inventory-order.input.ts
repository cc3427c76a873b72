import * as z from "zod";
import { labelled, optionalText, requiredId } from "../lib/input-fields";
import { optionalQty, requiredQty } from "./move-order.input";

const idList = (label: string) =>
  labelled(
    z.preprocess(
      (v) =>
        v === undefined || v === null || v === ""
          ? []
          : Array.isArray(v)
            ? v.map((x) => (typeof x === "string" ? Number(x) : x))
            : [typeof v === "string" ? Number(v) : v],
      z
        .array(
          z
            .number({ error: `请选择${label}` })
            .int(`请选择${label}`)
            .positive(`请选择${label}`)
            .max(2147483647, `请选择${label}`),
        )
        .max(2000, `${label}过多`),
    ),
    { label, kind: "id" },
  );

/**
 * A new stocktake: the warehouse, and its scope: some locations, some products and/or a
 * keyword (OE, name); nothing more means the whole warehouse. Its lines are the balances
 * (product, location, batch) in that scope when it is created.
 */
export const InventoryOrderInputSchema = z.object({
  warehouseId: requiredId("仓库"),
  locationIds: idList("货位"),
  productIds: idList("产品"),
  keyword: optionalText("产品关键字", 60),
  remark: optionalText("备注", 500),
});

/** Counted quantities: line id → counted (blank = not counted this time). */
export const InventoryCountSchema = z.object({
  counts: z.array(z.object({ lineId: requiredId("盘点行"), countedQty: optionalQty("实盘数") }), { error: "请录入实盘数" }).max(5000, "一次最多录入 5000 行"),
});

/** A product found at a location where the system has none (a counted surplus). */
export const InventoryExtraLineSchema = z.object({
  productId: requiredId("产品"),
  locationId: requiredId("货位"),
  batchNo: labelled(
    z.preprocess((v) => (v === undefined || v === null ? "" : typeof v === "string" ? v.trim() : v), z.string().max(60, "批次不能超过 60 个字")),
    { label: "批次", kind: "text" },
  ),
  countedQty: requiredQty("实盘数"),
});

export type InventoryOrderInput = z.infer<typeof InventoryOrderInputSchema>;
export type InventoryCountInput = z.infer<typeof InventoryCountSchema>;
