import * as z from "zod";
import { codesOf, PAYMENT_TERMS } from "../lib/dictionary";
import { labelled, optionalOneOf, optionalText, requiredId } from "../lib/input-fields";
import { normalizeNumberText } from "../lib/number-text";

/**
 * A purchase order as a form or the JSON API sends it (采购订单). The schema checks the shape
 * and the numbers; that the supplier is one of the company's suppliers (rel 0), the warehouse
 * one of its enabled warehouses and every product one of its products is checked by
 * purchase-order.service.ts against the database, in the order's transaction.
 */
export const MAX_PURCHASE_ORDER_LINES = 500;
const MAX_NUMBER = "99999999";

type NumberRule = { label: string; positive: boolean };

/** "1,200.5" / 12 / "１２" → "1200.5"; refuses blanks, words, more than 2 decimals, ≤ 0 or < 0. */
function decimalText({ label, positive }: NumberRule) {
  return z.unknown().transform((v, ctx) => {
    const text = typeof v === "number" ? (Number.isFinite(v) ? String(v) : null) : typeof v === "string" ? normalizeNumberText(v) : null;
    if (v === undefined || v === null || text === "") {
      ctx.addIssue({ code: "custom", message: `请输入${label}` });
      return z.NEVER;
    }
    if (text === null || /e/i.test(text)) {
      ctx.addIssue({ code: "custom", message: `${label}必须是数字` });
      return z.NEVER;
    }
    const [int, frac = ""] = text.replace(/^-/, "").split(".");
    const negative = text.startsWith("-");
    const zero = !/[1-9]/.test(text);
    if (frac.length > 2) {
      ctx.addIssue({ code: "custom", message: `${label}最多两位小数` });
      return z.NEVER;
    }
    if (positive ? negative || zero : negative) {
      ctx.addIssue({ code: "custom", message: positive ? `${label}必须大于 0` : `${label}不能小于 0` });
      return z.NEVER;
    }
    if (int!.length > MAX_NUMBER.length || (int!.length === MAX_NUMBER.length && int! > MAX_NUMBER)) {
      ctx.addIssue({ code: "custom", message: `${label}不能超过 ${MAX_NUMBER}` });
      return z.NEVER;
    }
    return text;
  });
}

export const PurchaseOrderLineInputSchema = z.object({
  productId: requiredId("产品"),
  qty: labelled(decimalText({ label: "数量", positive: true }), { label: "数量", kind: "decimal" }) as unknown as z.ZodType<string>,
  price: labelled(decimalText({ label: "单价", positive: false }), { label: "单价", kind: "money" }) as unknown as z.ZodType<string>,
  remark: optionalText("行备注", 200),
});
export type PurchaseOrderLineInput = z.infer<typeof PurchaseOrderLineInputSchema>;

/** Lines: at least one, at most 500; each line's message names its line (第 2 行：数量必须大于 0). */
const linesSchema = z.unknown().transform((v, ctx): PurchaseOrderLineInput[] => {
  if (!Array.isArray(v) || v.length === 0) {
    ctx.addIssue({ code: "custom", message: "请至少添加一行产品" });
    return z.NEVER;
  }
  if (v.length > MAX_PURCHASE_ORDER_LINES) {
    ctx.addIssue({ code: "custom", message: `一张采购订单最多 ${MAX_PURCHASE_ORDER_LINES} 行` });
    return z.NEVER;
  }
  const out: PurchaseOrderLineInput[] = [];
  v.forEach((line, i) => {
    const parsed = PurchaseOrderLineInputSchema.safeParse(line ?? {});
    if (parsed.success) out.push(parsed.data);
    else
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: "custom", message: `第 ${i + 1} 行：${issue.message}`, path: [i, ...issue.path] as (string | number)[] });
  });
  return out;
});

export const PurchaseOrderInputSchema = z.object({
  partnerId: requiredId("供应商"),
  warehouseId: requiredId("仓库"),
  paymentTerm: optionalOneOf("结算方式", codesOf(PAYMENT_TERMS))
    .optional()
    .transform((v) => v ?? null)
    .meta({ label: "结算方式" }),
  expectedDate: labelled(
    z.preprocess((v) => (v === "" || v === undefined ? null : v), z.iso.date({ error: "预计到货日期格式应为 YYYY-MM-DD" }).nullable()).default(null),
    { label: "预计到货日期", kind: "date" },
  ),
  remark: optionalText("备注", 500),
  lines: labelled(linesSchema, { label: "明细" }) as unknown as z.ZodType<PurchaseOrderLineInput[]>,
});
export type PurchaseOrderInput = z.infer<typeof PurchaseOrderInputSchema>;
