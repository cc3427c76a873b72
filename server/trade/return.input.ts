import * as z from "zod";
import { optionalId, optionalMoney, optionalText, requiredId } from "../lib/input-fields";

/**
 * What a sales return and a purchase return send alike (the create page, the draft page, the JSON
 * API): the partner, the warehouse, the order it comes from, a remark and at most 500 lines of a
 * product, a quantity, a price, a reason and a remark. Each side adds what is its own: where the
 * line's goods are (the purchase return's location and batch) and what the line refers to on the
 * order (the sales return's delivery line, the purchase return's order line). Quantities and
 * prices arrive as text or numbers and leave as 2-decimal text (server/lib/decimal.ts).
 */

/**
 * One return line: the product, `where` (the side's columns before the quantity), the quantity,
 * the price, the reason, `refs` (the side's references to the order) and a remark.
 */
export function returnLineSchema<C extends z.ZodType, R extends z.ZodRawShape, W extends z.ZodRawShape = Record<never, never>>(side: {
  where?: W;
  reason: C;
  refs: R;
}) {
  return z.object({
    productId: requiredId("产品"),
    ...(side.where ?? ({} as W)),
    qty: optionalMoney("退货数量", 99999999, { kind: "decimal" }).refine((v) => v !== null && Number(v) > 0, "退货数量必须大于 0"),
    price: optionalMoney("退货单价").transform((v) => v ?? "0.00"),
    reasonCode: side.reason,
    ...side.refs,
    remark: optionalText("备注", 200),
  });
}

/** A return's header and lines; `orderKey` names the order it comes from (salesOrderId, purchaseOrderId). */
export function returnInputSchema<K extends string, L extends z.ZodType>(side: { partner: string; orderKey: K; order: string; line: L }) {
  const order = { [side.orderKey]: optionalId(side.order) } as { [k in K]: ReturnType<typeof optionalId> };
  return z.object({
    partnerId: requiredId(side.partner),
    warehouseId: requiredId("仓库"),
    ...order,
    remark: optionalText("备注", 500),
    lines: z.array(side.line, { error: "退货明细不正确" }).max(500, "退货明细不能超过 500 行").default([]),
  });
}

/** The fields of a return's input the shared service reads (server/trade/return.service.ts). */
export interface ReturnInputBase {
  partnerId: number;
  warehouseId: number;
  remark: string | null;
  lines: { productId: number; qty: string | null; reasonCode: number | null; remark: string | null }[];
}
