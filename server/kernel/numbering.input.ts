import * as z from "zod";

/** Choices of a numbering rule (/system/businessCode), with their Chinese labels: an example, never the raw yyyyMMdd token. */
export const DATE_PARTS = [
  ["yyyyMMdd", "年月日（如 20261127）"],
  ["yyyyMM", "年月（如 202611）"],
  ["yyyy", "年（如 2026）"],
  ["", "无"],
] as const;
export const RESETS = [
  ["day", "每日"],
  ["month", "每月"],
  ["year", "每年"],
  ["never", "从不"],
] as const;
export const SEQ_MIN = 3;
export const SEQ_MAX = 9;

/** One rule as the page posts it. The date part must name the period a reset restarts in, or numbers would repeat. */
export const BusinessCodeRuleInputSchema = z
  .object({
    docType: z.string({ error: "请选择单据类型" }).min(1, "请选择单据类型"),
    prefix: z
      .string()
      .trim()
      .max(8, "前缀最多 8 个字符")
      .regex(/^[A-Za-z0-9-]*$/, "前缀只能包含字母、数字和 -")
      .transform((s) => s.toUpperCase())
      .default(""),
    datePart: z.enum(["yyyyMMdd", "yyyyMM", "yyyy", ""], { error: "请选择日期部分" }).default(""),
    seqLength: z.coerce
      .number({ error: `流水号长度须为 ${SEQ_MIN}–${SEQ_MAX} 位` })
      .int(`流水号长度须为 ${SEQ_MIN}–${SEQ_MAX} 位`)
      .min(SEQ_MIN, `流水号长度须为 ${SEQ_MIN}–${SEQ_MAX} 位`)
      .max(SEQ_MAX, `流水号长度须为 ${SEQ_MIN}–${SEQ_MAX} 位`),
    reset: z.enum(["day", "month", "year", "never"], { error: "请选择重置周期" }),
  })
  .superRefine((v, c) => {
    const need = { day: "yyyyMMdd", month: "yyyyMM", year: "yyyy", never: "" }[v.reset];
    // The date part must contain the reset period: yyyyMMdd ⊇ yyyyMM ⊇ yyyy ⊇ "".
    if (!v.datePart.startsWith(need)) {
      const label = { day: "每日", month: "每月", year: "每年", never: "" }[v.reset];
      c.addIssue({
        code: "custom",
        path: ["reset"],
        message: `${label}重置时，日期部分须包含${need === "yyyyMMdd" ? "年月日" : need === "yyyyMM" ? "年月" : "年"}，否则编号会重复`,
      });
    }
  });
export type BusinessCodeRuleInput = z.infer<typeof BusinessCodeRuleInputSchema>;
