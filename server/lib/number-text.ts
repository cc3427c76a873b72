/**
 * What a clerk types into a number field, read the same way in the browser (on blur) and on the
 * server (zod preprocess in input-fields.ts, so a form posted without JavaScript is understood
 * identically). Pure string work, no dependencies: it runs in every form page's bundle.
 *
 * Understood: `1,234.50` (thousands separators in their places), full-width digits and signs
 * `１２３．５`, the currency sign `¥88` / `￥88` and a trailing 元, blanks anywhere, the Chinese
 * full stop `。` typed as a decimal point by a Chinese input method. Anything else is refused
 * with a message; nothing is silently changed except rounding, which the caller shows.
 */
export type NumberKind = "int" | "money" | "decimal";

/** Spec 000 §5: number inputs are rounded to 2 decimals. */
export const NUMBER_DECIMALS = 2;
export const ROUNDED_HINT = "已按两位小数四舍五入";
export const INT_MESSAGE = "请输入整数";
export const NUMBER_MESSAGE = "请输入数字，如 1,234.50";

const FULL_WIDTH: Record<string, string> = { "．": ".", "。": ".", "，": ",", "－": "-", "＋": "+", "−": "-" };

/**
 * The canonical decimal text of what was typed ("-1234.50", "0.5", "7"), "" for a blank field,
 * or null when it is not a number. Digits after the point are kept as typed (no rounding here).
 */
export function normalizeNumberText(raw: string): string | null {
  let s = raw
    .replace(/[\uFF10-\uFF19]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xff10 + 48))
    .replace(/[．。，－＋−]/g, (c) => FULL_WIDTH[c]!)
    .replace(/[\s\u00A0\u2000-\u200B\u202F\u3000]/g, "");
  if (s === "") return "";
  let sign = "";
  if (s[0] === "+" || s[0] === "-") {
    sign = s[0] === "-" ? "-" : "";
    s = s.slice(1);
  }
  s = s.replace(/^[¥￥]/, "").replace(/元$/, "");
  if (sign === "" && (s[0] === "+" || s[0] === "-")) {
    sign = s[0] === "-" ? "-" : "";
    s = s.slice(1);
  }
  const m = /^(\d{1,3}(?:,\d{3})+|\d*)(?:\.(\d*))?$/.exec(s);
  if (!m || (m[1] === "" && !m[2])) return null;
  const int = m[1]!.replace(/,/g, "").replace(/^0+(?=\d)/, "") || "0";
  const frac = m[2] ?? "";
  const text = frac ? `${int}.${frac}` : int;
  return sign && /[1-9]/.test(text) ? `-${text}` : text;
}

/** Adds one to a string of digits ("199" → "200"). */
function increment(digits: string): string {
  const out = digits.split("");
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== "9") {
      out[i] = String(Number(out[i]) + 1);
      return out.join("");
    }
    out[i] = "0";
  }
  return "1" + out.join("");
}

/**
 * Canonical decimal text rounded half-up (a half goes away from zero, as server/lib/decimal.ts
 * rounds) to `places` decimals, on the digits themselves: no binary floating point, so
 * 1.005 → 1.01. Text with fewer decimals is returned unchanged.
 */
export function roundHalfUpText(text: string, places: number): string {
  const negative = text.startsWith("-");
  const [int, frac = ""] = (negative ? text.slice(1) : text).split(".");
  if (frac.length <= places) return text;
  let digits = int! + frac.slice(0, places);
  if (Number(frac[places]) >= 5) digits = increment(digits);
  const newInt = digits.slice(0, digits.length - places) || "0";
  const newFrac = digits.slice(digits.length - places);
  const result = places > 0 ? `${newInt}.${newFrac}` : newInt;
  return negative && /[1-9]/.test(result) ? `-${result}` : result;
}

export type NumberReading =
  /** `text` is what the field should show and the server stores ("" for blank); `rounded` says rounding changed the value. */
  { ok: true; text: string; rounded: boolean } | { ok: false; message: string };

/** Reads a number field's text for a field of `kind`: integers refuse fractions, others round to 2 decimals. */
export function readNumberInput(raw: string, kind: NumberKind): NumberReading {
  const text = normalizeNumberText(raw);
  if (text === null) return { ok: false, message: kind === "int" ? INT_MESSAGE : NUMBER_MESSAGE };
  if (text === "") return { ok: true, text, rounded: false };
  const [int, frac = ""] = text.split(".");
  if (kind === "int") {
    return /^0*$/.test(frac) ? { ok: true, text: int!, rounded: false } : { ok: false, message: INT_MESSAGE };
  }
  const significant = frac.replace(/0+$/, "");
  if (significant.length <= NUMBER_DECIMALS) return { ok: true, text, rounded: false };
  return { ok: true, text: roundHalfUpText(text, NUMBER_DECIMALS), rounded: true };
}
