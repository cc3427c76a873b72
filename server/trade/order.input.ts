import * as z from "zod";
import { codesOf, PAYMENT_TERMS } from "../lib/dictionary";
import { labelled, optionalOneOf, optionalText, requiredId } from "../lib/input-fields";
import { normalizeNumberText } from "../lib/number-text";

/**
 * The input of a trade order (销售订单 / 采购订单) as a form or the JSON API sends it: the part
 * both sides share. Each side's `*-order.input.ts` adds its own header fields (salesman and
 * delivery contact of a sale, expected date of a purchase) and line fields (a sale's discount).
 * The schema checks the shape and the numbers; that the partner, warehouse and products are the
 * company's own is checked by the order service against the database, in the order's transaction.
 */
export const MAX_ORDER_LINES = 500;
const MAX_NUMBER = "99999999";

type NumberRule = { label: string; positive: boolean; max?: string };

/** "1,200.5" / 12 / "１２" → "1200.5"; refuses blanks, words, more than 2 decimals, ≤ 0 or < 0, and more than `max`. */
export function decimalText({ label, positive, max = MAX_NUMBER }: NumberRule) {
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
    const digits = int!.replace(/^0+(?=\d)/, "");
    const over = digits.length > max.length || (digits.length === max.length && digits > max) || (digits === max && /[1-9]/.test(frac));
    if (over) {
      ctx.addIssue({ code: "custom", message: `${label}不能超过 ${max}` });
      return z.NEVER;
    }
    return text;
  });
}

/** A decimal field of a line with its form label and kind. */
const lineNumber = (label: string, positive: boolean, kind: "decimal" | "money") =>
  labelled(decimalText({ label, positive }), { label, kind }) as unknown as z.ZodType<string>;

/** 折扣 in percent: blank → 100 (no discount); 0 < d ≤ 100 with 2 decimals. */
export const discountText = z
  .unknown()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === null || (typeof v === "string" && v.trim() === "")) return "100";
    const parsed = decimalText({ label: "折扣", positive: true, max: "100" }).safeParse(v);
    if (!parsed.success) {
      for (const i of parsed.error.issues) ctx.addIssue({ code: "custom", message: i.message });
      return z.NEVER;
    }
    return parsed.data;
  });

/** One line: product, quantity, unit price, the side's own fields, remark. */
export function orderLineSchema<E extends z.ZodRawShape>(extra: E) {
  return z.object({
    productId: requiredId("产品"),
    qty: lineNumber("数量", true, "decimal"),
    price: lineNumber("单价", false, "money"),
    ...extra,
    remark: optionalText("行备注", 200),
  });
}

/** Lines: at least one, at most 500; each line's message names its line (第 2 行：数量必须大于 0). */
function linesSchema<L>(line: z.ZodType<L>, docLabel: string) {
  const lines = z.unknown().transform((v, ctx): L[] => {
    if (!Array.isArray(v) || v.length === 0) {
      ctx.addIssue({ code: "custom", message: "请至少添加一行产品" });
      return z.NEVER;
    }
    if (v.length > MAX_ORDER_LINES) {
      ctx.addIssue({ code: "custom", message: `一张${docLabel}最多 ${MAX_ORDER_LINES} 行` });
      return z.NEVER;
    }
    const out: L[] = [];
    v.forEach((item, i) => {
      const parsed = line.safeParse(item ?? {});
      if (parsed.success) out.push(parsed.data);
      else
        for (const issue of parsed.error.issues)
          ctx.addIssue({ code: "custom", message: `第 ${i + 1} 行：${issue.message}`, path: [i, ...issue.path] as (string | number)[] });
    });
    return out;
  });
  return labelled(lines, { label: "明细" }) as unknown as z.ZodType<L[]>;
}

export interface OrderInputShape<L, B extends z.ZodRawShape, A extends z.ZodRawShape> {
  /** The document: 销售订单. */
  docLabel: string;
  /** The partner: 客户 / 供应商. */
  partnerLabel: string;
  line: z.ZodType<L>;
  /** The side's fields between the warehouse and the payment terms (a sale's salesman). */
  before: B;
  /** The side's fields after the payment terms (a sale's contact and address, a purchase's expected date). */
  after: A;
}

/** An order's header and lines, in the form's field order: partner, warehouse, `before`, payment terms, `after`, remark, lines. */
export function orderInputSchema<L, B extends z.ZodRawShape, A extends z.ZodRawShape>({
  docLabel,
  partnerLabel,
  line,
  before,
  after,
}: OrderInputShape<L, B, A>) {
  return z.object({
    partnerId: requiredId(partnerLabel),
    warehouseId: requiredId("仓库"),
    ...before,
    paymentTerm: optionalOneOf("结算方式", codesOf(PAYMENT_TERMS))
      .optional()
      .transform((v) => v ?? null)
      .meta({ label: "结算方式" }),
    ...after,
    remark: optionalText("备注", 500),
    lines: linesSchema(line, docLabel),
  });
}

/** What the order service needs of every side's parsed input. */
export interface OrderInputBase {
  partnerId: number;
  warehouseId: number;
  paymentTerm: number | null;
  remark: string | null;
  lines: { productId: number; qty: string; price: string; discount?: string; remark: string | null }[];
}
