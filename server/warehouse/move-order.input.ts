import * as z from "zod";
import { gt, lt, qtyString, roundQty, tryDecimal } from "../lib/decimal";
import { labelled, optionalId, optionalText, requiredId } from "../lib/input-fields";
import { normalizeNumberText } from "../lib/number-text";

/**
 * A stock quantity as a clerk types it ("1,200", "３", "2.5") or a JSON number → text with two
 * decimals (spec 000 §9: number inputs are rounded to two decimals); blank → null.
 */
function toQtyText(v: unknown) {
  if (v === undefined || v === null) return null;
  if (typeof v === "number") return Number.isFinite(v) ? v.toString() : { notANumber: v };
  if (typeof v !== "string") return { notANumber: v };
  const text = normalizeNumberText(v);
  if (text === "") return null;
  return text === null ? { notANumber: v } : text;
}

const MAX_QTY = 99999999;

function qtyText(label: string, positive: boolean) {
  return z
    .string({ error: `${label}必须是数字` })
    .transform((s) => qtyString(roundQty(tryDecimal(s) ?? 0)))
    .refine((d) => (positive ? gt(d, 0) : !lt(d, 0)), positive ? `${label}必须大于 0` : `${label}不能小于 0`)
    .refine((d) => !gt(d, MAX_QTY), `${label}不能超过 ${MAX_QTY}`);
}

/** A required quantity greater than 0. */
export function requiredQty(label = "数量") {
  return labelled(
    z.preprocess(
      toQtyText,
      qtyText(label, true)
        .nullable()
        .refine((v) => v !== null, `请输入${label}`),
    ) as z.ZodType<string>,
    { label, kind: "decimal" },
  );
}

/** A quantity ≥ 0, or blank (null). */
export function optionalQty(label = "数量") {
  return labelled(z.preprocess(toQtyText, qtyText(label, false).nullable()).default(null) as z.ZodType<string | null>, { label, kind: "decimal" });
}

const batchNo = labelled(
  z.preprocess(
    (v) => (v === undefined || v === null ? "" : typeof v === "string" ? v.trim() : v),
    z.string({ error: "批次不正确" }).max(60, "批次不能超过 60 个字"),
  ),
  { label: "批次", kind: "text" },
);

export const MoveOrderLineSchema = z.object({
  productId: requiredId("产品"),
  fromLocationId: requiredId("调出货位"),
  batchNo,
  toLocationId: requiredId("调入货位"),
  qty: requiredQty("调拨数量"),
  remark: optionalText("备注", 200),
});

export const MoveOrderInputSchema = z.object({
  fromWarehouseId: optionalId("调出仓库"),
  toWarehouseId: optionalId("调入仓库"),
  remark: optionalText("备注", 500),
  lines: z.array(MoveOrderLineSchema, { error: "请添加调拨明细" }).min(1, "请添加调拨明细").max(500, "调拨明细不能超过 500 行"),
});

export type MoveOrderInput = z.infer<typeof MoveOrderInputSchema>;
export type MoveOrderLineInput = z.infer<typeof MoveOrderLineSchema>;
