import * as z from "zod";
import { flag, labelled, optionalText, requiredText } from "../lib/input-fields";

/** 物流公司 (/warehouse/logistic). Pure module: safe for the browser. */
const trackingUrl = labelled(
  z
    .preprocess(
      (v) => (typeof v === "string" ? (v.trim() === "" ? null : v.trim()) : v === undefined ? null : v),
      z
        .string({ error: "查询网址格式不正确" })
        .max(300, "查询网址不能超过 300 个字符")
        .regex(/^https?:\/\/\S+$/i, "查询网址须以 http:// 或 https:// 开头")
        .nullable(),
    )
    .default(null),
  { label: "查询网址", hint: "{no} 处替换为物流单号" },
);

export const LogisticsCompanyInputSchema = z.object({
  name: requiredText("物流公司名称", 60, { hint: "与物流档案中的承运商同名时，查询网址和电话留空即自动带出" }),
  code: optionalText("编码", 30),
  contactPhone: labelled(
    z
      .preprocess(
        (v) => (v === "" || v === undefined ? null : v),
        z
          .string()
          .trim()
          .max(30, "联系电话不能超过 30 个字符")
          .regex(/^[0-9+\-\s()]*$/, "联系电话只能包含数字、空格和 + - ( )")
          .nullable(),
      )
      .default(null),
    { label: "联系电话" },
  ),
  trackingUrl,
  remark: optionalText("备注", 500),
  isEnabled: flag(true),
});

/** The tracking page of a number: `{no}` in the company's URL replaced by the number. */
export function trackingLink(url: string | null | undefined, no: string | null | undefined): string | null {
  if (!url || !no) return null;
  return url.includes("{no}") ? url.split("{no}").join(encodeURIComponent(no)) : url;
}
