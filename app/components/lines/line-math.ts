import { decimalText, fixedText } from "#server/lib/decimal-text";
import { readNumberInput } from "#server/lib/number-text";

/**
 * Exact decimal arithmetic for the line editor's live amounts and totals, on BigInt scaled
 * integers: no floats and no decimal.js in the browser. Rounding is decimal-text's `fixedText`
 * (half-up, a half away from zero), the rule server/lib/decimal.ts rounds money with, so the
 * totals shown while typing are the ones the server saves.
 */
function scaled(text: string): { n: bigint; scale: number } {
  const negative = text.startsWith("-");
  const [int, frac = ""] = (negative ? text.slice(1) : text).split(".");
  const n = BigInt(`${int}${frac}` || "0");
  return { n: negative ? -n : n, scale: frac.length };
}

function unscaled(n: bigint, scale: number): string {
  const negative = n < 0n;
  const digits = (negative ? -n : n).toString().padStart(scale + 1, "0");
  const text = scale ? `${digits.slice(0, digits.length - scale)}.${digits.slice(digits.length - scale)}` : digits;
  return negative ? `-${text}` : text;
}

/** What a number cell holds as plain decimal text (number-text rules: `1,234.50`, `１２`, `￥8`), or null when blank or not a number. */
export function cellNumber(raw: string | undefined): string | null {
  const r = readNumberInput(raw ?? "", "decimal");
  return r.ok && r.text !== "" ? r.text : null;
}

/** a × b rounded half-up to `places` (2 for money), or null when either is missing. */
export function mulText(a: string | null, b: string | null, places = 2): string | null {
  const x = a === null ? null : decimalText(a);
  const y = b === null ? null : decimalText(b);
  if (x === null || y === null) return null;
  const p = scaled(x);
  const q = scaled(y);
  return fixedText(unscaled(p.n * q.n, p.scale + q.scale), places);
}

/** The sum of the given decimal texts (nulls skipped) with `places` decimals. */
export function sumText(values: readonly (string | null)[], places = 2): string {
  let scale = 0;
  const parts = values.flatMap((v) => {
    const t = v === null ? null : decimalText(v);
    if (t === null) return [];
    const s = scaled(t);
    scale = Math.max(scale, s.scale);
    return [s];
  });
  const total = parts.reduce((acc, s) => acc + s.n * 10n ** BigInt(scale - s.scale), 0n);
  return fixedText(unscaled(total, scale), places);
}
