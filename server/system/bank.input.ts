import * as z from "zod";
import { flag, labelled, requiredText, sortOrder } from "../lib/input-fields";

/** 银行设置 (/system/setting/bank): the banks of the platform. Pure module: safe for the browser. */
export const BankInputSchema = z.object({
  name: requiredText("银行名称", 60),
  code: labelled(
    z
      .preprocess(
        (v) => (typeof v === "string" ? (v.trim() === "" ? null : v.trim().toUpperCase()) : v === undefined ? null : v),
        z
          .string({ error: "银行编码不正确" })
          .max(20, "银行编码不能超过 20 个字符")
          .regex(/^[A-Z0-9_-]+$/, "银行编码只能包含字母、数字、- 和 _")
          .nullable(),
      )
      .default(null),
    { label: "银行编码", kind: "text", hint: "如 ICBC，可留空" },
  ),
  sortOrder,
  isEnabled: flag(true),
});
export type BankInput = z.infer<typeof BankInputSchema>;
