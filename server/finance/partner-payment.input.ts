import * as z from "zod";
import { labelled, oneOf, optionalText, requiredId } from "../lib/input-fields";
import { normalizeNumberText } from "../lib/number-text";
import { MAX_ID, parseId } from "../lib/ids";

/**
 * A receipt (收款, kind 1, from a customer) or payment (付款, kind 2, to a supplier) as the
 * form (登记收款 / 登记付款) or the JSON API sends it. That the partner is the company's
 * customer/supplier and the method one of its payment methods is checked by the service.
 */
export const MAX_PAYMENT_AMOUNT = "10000000000";

/** "1,200.5" / 12 / "￥88" → "1200.50"; > 0, ≤ 1e10, at most 2 decimals. */
export const paymentAmount = labelled(
  z.unknown().transform((v, ctx) => {
    const text = typeof v === "number" ? (Number.isFinite(v) ? String(v) : null) : typeof v === "string" ? normalizeNumberText(v) : null;
    if (v === undefined || v === null || text === "") {
      ctx.addIssue({ code: "custom", message: "请输入金额" });
      return z.NEVER;
    }
    if (text === null || /e/i.test(text) || !/^-?\d+(\.\d+)?$/.test(text)) {
      ctx.addIssue({ code: "custom", message: "金额必须是数字" });
      return z.NEVER;
    }
    const negative = text.startsWith("-");
    const [int = "", frac = ""] = text.replace(/^-/, "").split(".");
    if (frac.length > 2) {
      ctx.addIssue({ code: "custom", message: "金额最多两位小数" });
      return z.NEVER;
    }
    if (negative || !/[1-9]/.test(text)) {
      ctx.addIssue({ code: "custom", message: "金额必须大于 0" });
      return z.NEVER;
    }
    const digits = int.replace(/^0+/, "");
    if (digits.length > 11 || (digits.length === 11 && (digits > MAX_PAYMENT_AMOUNT || (digits === MAX_PAYMENT_AMOUNT && /[1-9]/.test(frac))))) {
      ctx.addIssue({ code: "custom", message: "金额不能超过 10000000000" });
      return z.NEVER;
    }
    return `${digits || "0"}.${frac.padEnd(2, "0")}`;
  }),
  { label: "金额", kind: "money" },
);

/** yyyy-mm-dd, a real calendar day. */
export const requiredDay = (label: string) =>
  labelled(
    z
      .string({ error: `请输入${label}` })
      .trim()
      .min(1, `请输入${label}`)
      .refine((s) => {
        if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
        const d = new Date(`${s}T00:00:00Z`);
        return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && s >= "2000-01-01" && s <= "2099-12-31";
      }, `${label}不正确`),
    { label, kind: "date" },
  );

const idList = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === "") return [];
    const list = Array.isArray(v) ? v : [v];
    return list.map((x) => (typeof x === "string" ? (parseId(x) ?? x) : x));
  },
  z
    .array(z.number({ error: "所选单据不正确" }).int("所选单据不正确").positive("所选单据不正确").max(MAX_ID, "所选单据不正确"))
    .max(500, "一次最多核销 500 张单据"),
);

/** How the money moved, as each kind of document calls it: a receipt (1) is 收款, a payment (2) 付款. */
export const PAYMENT_METHOD_LABEL = { 1: "收款方式", 2: "付款方式" } as const;

export const PartnerPaymentInputSchema = z.object({
  kind: oneOf("收付类型", [1, 2] as const),
  partnerId: requiredId("往来单位"),
  paymentMethodId: requiredId("付款方式"),
  amount: paymentAmount,
  paidOn: requiredDay("日期"),
  remark: optionalText("备注", 200),
  /** A random key per rendered form: the same form posted twice makes one row. */
  requestKey: z
    .preprocess(
      (v) => (v === "" || v === undefined ? null : v),
      z
        .string({ error: "请求编号不正确" })
        .max(64, "请求编号不正确")
        .regex(/^[A-Za-z0-9_-]+$/, "请求编号不正确")
        .nullable(),
    )
    .default(null),
  /** Documents (account entry ids) to settle first; none: the oldest open ones. */
  entryIds: idList.default([]),
});
export type PartnerPaymentInput = z.infer<typeof PartnerPaymentInputSchema>;

/** The same for a receipt (kind 1): its method is a 收款方式. */
export const ReceiptInputSchema = PartnerPaymentInputSchema.extend({ paymentMethodId: requiredId(PAYMENT_METHOD_LABEL[1]) });
