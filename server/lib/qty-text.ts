import * as z from "zod";
import { normalizeNumberText } from "./number-text";

const MAX_QTY = 99999999;

/** "1,200.5" / 12 / "１２" → "1200.5"; refuses blanks, words, more than 2 decimals, < 0. */
export function qtyText(label: string) {
  return z.unknown().transform((v, ctx): string => {
    const text = typeof v === "number" ? (Number.isFinite(v) ? String(v) : null) : typeof v === "string" ? normalizeNumberText(v) : null;
    if (v === undefined || v === null || text === "") {
      ctx.addIssue({ code: "custom", message: `请输入${label}` });
      return z.NEVER;
    }
    if (text === null || /e/i.test(text)) {
      ctx.addIssue({ code: "custom", message: `${label}必须是数字` });
      return z.NEVER;
    }
    if (text.startsWith("-")) {
      ctx.addIssue({ code: "custom", message: `${label}不能小于 0` });
      return z.NEVER;
    }
    const [int, frac = ""] = text.split(".");
    if (frac.length > 2) {
      ctx.addIssue({ code: "custom", message: `${label}最多两位小数` });
      return z.NEVER;
    }
    if (Number(int) > MAX_QTY) {
      ctx.addIssue({ code: "custom", message: `${label}不能超过 ${MAX_QTY}` });
      return z.NEVER;
    }
    return text;
  });
}
