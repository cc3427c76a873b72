import DecimalJs from "decimal.js";
import { fixedText, formatMoneyText, formatNumberText, formatQtyText } from "./decimal-text";

/**
 * The one decimal helper for money and quantities (issue 7 item 23). PostgreSQL `numeric`
 * columns are read as strings and stay strings until they come here; arithmetic happens on
 * decimal.js values, never on JavaScript floats, and every rounding rule lives in this file.
 *
 * Server code computes here. Showing a number needs no arithmetic: the grid and the forms use
 * ./decimal-text.ts (no decimal.js in the browser bundle), whose half-up rounding on the digits
 * (roundHalfUpText) is also the rounding used here, so the rule exists once.
 *
 * Rounding (spec 000 §5 "rounded to 2 decimals", 四舍五入): half-up, i.e. a half goes away
 * from zero, on the exact decimal value — 1.005 → 1.01, 2.675 → 2.68, -1.005 → -1.01.
 */
const D = DecimalJs.clone({ precision: 40, rounding: DecimalJs.ROUND_HALF_UP, toExpNeg: -30, toExpPos: 40 });
export type Decimal = InstanceType<typeof D>;
export type DecimalInput = Decimal | string | number | bigint;

/** Money (prices, amounts, credit limits): 2 decimals. */
export const MONEY_SCALE = 2;
/** Unit costs (moving average cost of stock): 4 decimals, so averaging does not drift. */
export const COST_SCALE = 4;
/** Quantities (stock, order lines): 2 decimals, like every number input (spec 000 §9). */
export const QTY_SCALE = 2;

/** Plain decimal text: optional sign, digits with an optional fraction, optional exponent. No hex, no blanks, no NaN/Infinity. */
const DECIMAL_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d{1,2})?$/;

/** The value as a Decimal, or null when it is not a finite number (bad text, NaN, Infinity, null, objects). */
export function tryDecimal(v: unknown): Decimal | null {
  if (v instanceof D) return v;
  if (DecimalJs.isDecimal(v)) return new D(v as DecimalJs);
  if (typeof v === "number") return Number.isFinite(v) ? new D(v) : null;
  if (typeof v === "bigint") return new D(v.toString());
  if (typeof v === "string") {
    const s = v.trim();
    return DECIMAL_TEXT.test(s) ? new D(s) : null;
  }
  return null;
}

/** The value as a Decimal; throws on anything that is not a finite number (a programming error, not user input). */
export function dec(v: DecimalInput): Decimal {
  const d = tryDecimal(v);
  if (!d) throw new TypeError(`not a decimal number: ${String(v)}`);
  return d;
}

export const add = (a: DecimalInput, b: DecimalInput) => dec(a).plus(dec(b));
export const sub = (a: DecimalInput, b: DecimalInput) => dec(a).minus(dec(b));
export const mul = (a: DecimalInput, b: DecimalInput) => dec(a).times(dec(b));
/** Division to 40 significant digits; round the result with the rule of what it is (money, cost, quantity). */
export function div(a: DecimalInput, b: DecimalInput): Decimal {
  const d = dec(b);
  if (d.isZero()) throw new RangeError("division by zero");
  return dec(a).dividedBy(d);
}
export function sum(values: Iterable<DecimalInput | null | undefined>): Decimal {
  let total = new D(0);
  for (const v of values) if (v !== null && v !== undefined) total = total.plus(dec(v));
  return total;
}

/** -1, 0 or 1. */
export function compare(a: DecimalInput, b: DecimalInput): -1 | 0 | 1 {
  return dec(a).comparedTo(dec(b)) as -1 | 0 | 1;
}
export const eq = (a: DecimalInput, b: DecimalInput) => compare(a, b) === 0;
export const lt = (a: DecimalInput, b: DecimalInput) => compare(a, b) < 0;
export const gt = (a: DecimalInput, b: DecimalInput) => compare(a, b) > 0;
export const isZero = (a: DecimalInput) => dec(a).isZero();
export const isNegative = (a: DecimalInput) => dec(a).isNegative() && !dec(a).isZero();

/** Rounded half-up to `scale` decimals (the one rule: roundHalfUpText, on the exact digits). */
export function roundTo(v: DecimalInput, scale: number): Decimal {
  return new D(fixedText(dec(v).toFixed(), scale));
}
export const roundMoney = (v: DecimalInput) => roundTo(v, MONEY_SCALE);
export const roundCost = (v: DecimalInput) => roundTo(v, COST_SCALE);
export const roundQty = (v: DecimalInput) => roundTo(v, QTY_SCALE);

/** Whether rounding to `scale` changes the value (a form says so next to the field rather than rounding silently). */
export function hasMoreDecimals(v: DecimalInput, scale: number): boolean {
  return dec(v).decimalPlaces() > scale;
}

/** The text stored in a `numeric` column: fixed decimals, no exponent, no "-0". */
function fixed(d: Decimal, scale: number): string {
  return fixedText(d.toFixed(), scale);
}
export const moneyString = (v: DecimalInput) => fixed(dec(v), MONEY_SCALE);
export const costString = (v: DecimalInput) => fixed(dec(v), COST_SCALE);
export const qtyString = (v: DecimalInput) => fixed(dec(v), QTY_SCALE);

/** 1234.5 → "1,234.50" (rounded half-up to `scale`, thousands separated). */
export function formatNumber(v: DecimalInput, scale = MONEY_SCALE): string {
  return formatNumberText(dec(v).toFixed(), scale)!;
}

/** Money as shown everywhere (spec 000 §9 "money shown with the ￥ symbol"): ￥1,234.50, -￥12.00. */
export function formatMoney(v: DecimalInput): string {
  return formatMoneyText(dec(v).toFixed())!;
}

/** A quantity as shown: up to QTY_SCALE decimals, trailing zeros dropped (3, 2.5, 1,200). */
export function formatQty(v: DecimalInput, unit?: string | null): string {
  return formatQtyText(dec(v).toFixed(), unit)!;
}
