import * as z from "zod";
import { flag, labelled, requiredText, sortOrder } from "../lib/input-fields";

/** 物流档案 (/system/archives/logistics): the platform's carriers. Pure module: safe for the browser. */
const webAddress = (label: string, hint?: string) =>
  labelled(
    z
      .preprocess(
        (v) => (typeof v === "string" ? (v.trim() === "" ? null : v.trim()) : v === undefined ? null : v),
        z
          .string({ error: `${label}格式不正确` })
          .max(300, `${label}不能超过 300 个字符`)
          .regex(/^https?:\/\/\S+$/i, `${label}须以 http:// 或 https:// 开头`)
          .nullable(),
      )
      .default(null),
    { label, hint },
  );

export const LogisticsCarrierInputSchema = z.object({
  name: requiredText("承运商名称", 60),
  code: labelled(
    z
      .preprocess(
        (v) => (typeof v === "string" ? (v.trim() === "" ? null : v.trim().toUpperCase()) : v === undefined ? null : v),
        z
          .string({ error: "承运商编码不正确" })
          .max(20, "承运商编码不能超过 20 个字符")
          .regex(/^[A-Z0-9_-]+$/, "承运商编码只能包含字母、数字、- 和 _")
          .nullable(),
      )
      .default(null),
    { label: "承运商编码", kind: "text", hint: "如 SF，可留空" },
  ),
  servicePhone: labelled(
    z
      .preprocess(
        (v) => (v === "" || v === undefined ? null : v),
        z
          .string()
          .trim()
          .max(30, "客服电话不能超过 30 个字符")
          .regex(/^[0-9+\-\s()]*$/, "客服电话只能包含数字、空格和 + - ( )")
          .nullable(),
      )
      .default(null),
    { label: "客服电话" },
  ),
  website: webAddress("官网"),
  trackingUrl: webAddress("查询网址", "{no} 处替换为物流单号"),
  sortOrder,
  isEnabled: flag(true),
});
export type LogisticsCarrierInput = z.infer<typeof LogisticsCarrierInputSchema>;
