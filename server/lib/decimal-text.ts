import { roundHalfUpText } from "./number-text";

/**
 * Decimal numbers as text, for showing them: no arithmetic and no dependencies, so the grid and
 * the forms format money in the browser without shipping decimal.js (14 KB gzip) to every page.
 * Rounding is `roundHalfUpText` (half-up on the digits, a half away from zero): the same function
 * server/lib/decimal.ts rounds with, so the rule exists once.
 */
const PLAIN = /^-?\d+(\.\d+)?$/;

/** The plain decimal text of a numeric column value ("1234.50") or a JS number, or null when it is none. */
export function decimalText(v: unknown): string | null {
  if (typeof v === "bigint") return v.toString();
  if (typeof v === "number") {
    if (!Number.isFinite(v)) return null;
    const s = String(v);
    return PLAIN.test(s) ? s : null;
  }
  if (typeof v !== "string") return null;
  const s = v.trim();
  if (!PLAIN.test(s)) return null;
  const t = s.replace(/^(-?)0+(?=\d)/, "$1");
  return /[1-9]/.test(t) ? t : t.replace(/^-/, "");
}

/** Rounded half-up to exactly `scale` decimals ("1.005" → "1.01", "2" → "2.00", "-0.004" → "0.00"). */
export function fixedText(text: string, scale: number): string {
  const rounded = roundHalfUpText(text, scale);
  if (scale === 0) return rounded;
  const [int, frac = ""] = rounded.split(".");
  return `${int}.${frac.padEnd(scale, "0")}`;
}

/** "-1234567.5" → "-1,234,567.50" (rounded half-up to `scale`), or null when it is not a number. */
export function formatNumberText(v: unknown, scale = 2): string | null {
  const text = decimalText(v);
  if (text === null) return null;
  const fixed = fixedText(text, scale);
  const negative = fixed.startsWith("-");
  const [int, frac] = (negative ? fixed.slice(1) : fixed).split(".");
  return `${negative ? "-" : ""}${int!.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}${frac ? `.${frac}` : ""}`;
}

/** Money as shown everywhere (spec 000 §9 "money shown with the ￥ symbol"): ￥1,234.50, -￥12.00; null when not a number. */
export function formatMoneyText(v: unknown): string | null {
  const text = formatNumberText(v, 2);
  if (text === null) return null;
  return text.startsWith("-") ? `-￥${text.slice(1)}` : `￥${text}`;
}

/** A number as read in a cell: trailing zeros of the fraction dropped ("2.50" → "2.5", "3.00" → "3"); null when not a number. */
export function plainNumberText(v: unknown): string | null {
  const text = decimalText(v);
  if (text === null) return null;
  return text.includes(".") ? text.replace(/\.?0+$/, "") : text;
}

/**
 * One formatter per kind of number (issue 20 item 12), used by documents, lists, pickers, prints
 * and messages alike:
 *   quantity   formatQtyText   "20", "2.5", "1,200", with the product's unit "18 个"
 *   money      formatMoneyText "￥1,234.50" (always two decimals)
 *   unit cost  formatCostText  "￥27.87", "￥27.8712" (two to four decimals: a cost carries four)
 */
export const QTY_DECIMALS = 2;
export const COST_DECIMALS = 4;

/** A quantity: up to two decimals, trailing zeros dropped, thousands separated, then the unit if given ("18 个"); null when not a number. */
export function formatQtyText(v: unknown, unit?: string | null): string | null {
  const text = formatNumberText(v, QTY_DECIMALS);
  if (text === null) return null;
  const trimmed = text.includes(".") ? text.replace(/0+$/, "").replace(/\.$/, "") : text;
  return unit ? `${trimmed} ${unit}` : trimmed;
}

/** A unit cost with the ￥ sign: four decimals at most, two at least ("27.8700" → "￥27.87", "27.8712" → "￥27.8712"). */
export function formatCostText(v: unknown): string | null {
  const text = formatNumberText(v, COST_DECIMALS);
  if (text === null) return null;
  const [int, frac = ""] = text.split(".");
  const shown = `${int}.${frac.replace(/0+$/, "").padEnd(2, "0")}`;
  return shown.startsWith("-") ? `-￥${shown.slice(1)}` : `￥${shown}`;
}
