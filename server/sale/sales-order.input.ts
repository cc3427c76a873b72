import * as z from "zod";
import { codesOf, PAYMENT_TERMS } from "../lib/dictionary";
import { labelled, optionalId, optionalOneOf, optionalText, requiredId } from "../lib/input-fields";
import { normalizeNumberText } from "../lib/number-text";

/**
 * A sales order as a form or the JSON API sends it (销售订单). The schema checks the shape and
 * the numbers; that the customer is one of the company's enabled customers (rel 1), the
 * warehouse one of its enabled warehouses, the salesman one of its users and every product one
 * of its products is checked by sales-order.service.ts against the database, in the order's
 * transaction. Blank header fields (payment terms, contact, address) take the customer's.
 */
export const MAX_SALES_ORDER_LINES = 500;
const MAX_NUMBER = "99999999";

type NumberRule = { label: string; positive: boolean; max?: string };

/** "1,200.5" / 12 / "１２" → "1200.5"; refuses blanks, words, more than 2 decimals, ≤ 0 or < 0, and more than `max`. */
function decimalText({ label, positive, max = MAX_NUMBER }: NumberRule) {
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

/** 折扣 in percent: blank → 100 (no discount); 0 < d ≤ 100 with 2 decimals. */
const discountText = z
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

export const SalesOrderLineInputSchema = z.object({
  productId: requiredId("产品"),
  qty: labelled(decimalText({ label: "数量", positive: true }), { label: "数量", kind: "decimal" }) as unknown as z.ZodType<string>,
  price: labelled(decimalText({ label: "单价", positive: false }), { label: "单价", kind: "money" }) as unknown as z.ZodType<string>,
  discount: labelled(discountText, { label: "折扣(%)", kind: "decimal" }) as unknown as z.ZodType<string>,
  remark: optionalText("行备注", 200),
});
export type SalesOrderLineInput = z.infer<typeof SalesOrderLineInputSchema>;

/** Lines: at least one, at most 500; each line's message names its line (第 2 行：数量必须大于 0). */
const linesSchema = z.unknown().transform((v, ctx): SalesOrderLineInput[] => {
  if (!Array.isArray(v) || v.length === 0) {
    ctx.addIssue({ code: "custom", message: "请至少添加一行产品" });
    return z.NEVER;
  }
  if (v.length > MAX_SALES_ORDER_LINES) {
    ctx.addIssue({ code: "custom", message: `一张销售订单最多 ${MAX_SALES_ORDER_LINES} 行` });
    return z.NEVER;
  }
  const out: SalesOrderLineInput[] = [];
  v.forEach((line, i) => {
    const parsed = SalesOrderLineInputSchema.safeParse(line ?? {});
    if (parsed.success) out.push(parsed.data);
    else
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: "custom", message: `第 ${i + 1} 行：${issue.message}`, path: [i, ...issue.path] as (string | number)[] });
  });
  return out;
});

export const SalesOrderInputSchema = z.object({
  partnerId: requiredId("客户"),
  warehouseId: requiredId("仓库"),
  salesmanId: optionalId("业务员"),
  paymentTerm: optionalOneOf("结算方式", codesOf(PAYMENT_TERMS))
    .optional()
    .transform((v) => v ?? null)
    .meta({ label: "结算方式" }),
  contactName: optionalText("联系人", 50),
  contactPhone: optionalText("联系电话", 30),
  address: optionalText("收货地址", 200),
  remark: optionalText("备注", 500),
  lines: labelled(linesSchema, { label: "明细" }) as unknown as z.ZodType<SalesOrderLineInput[]>,
});
export type SalesOrderInput = z.infer<typeof SalesOrderInputSchema>;

/** 提交审批: why the order should go through although it is over the credit limit. */
export const CreditApprovalRequestSchema = z.object({ reason: optionalText("申请说明", 200) });

/** 审批 with a comment; 驳回 needs one. */
export const CreditDecisionSchema = z.object({ comment: optionalText("审批意见", 200) });
