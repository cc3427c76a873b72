import * as z from "zod";
import { MAX_ID, parseId } from "./ids";

/**
 * Field schemas shared by every master-data form. Forms send strings (an empty field is "");
 * the JSON API sends numbers, booleans and null. Both arrive at the same values.
 */
const blankToNull = (v: unknown) => (v === "" || v === undefined ? null : typeof v === "string" ? v.trim() || null : v);

export function requiredText(label: string, max = 50) {
  return z
    .string({ error: `请输入${label}` })
    .trim()
    .min(1, `请输入${label}`)
    .max(max, `${label}不能超过 ${max} 个字`);
}

export function optionalText(label: string, max = 200) {
  return z.preprocess(blankToNull, z.string({ error: `${label}不正确` }).max(max, `${label}不能超过 ${max} 个字`).nullable()).default(null);
}

/**
 * An id (a foreign key): a JSON number, or text in the one canonical spelling of a positive int4
 * (server/lib/ids.ts). "0x10", " 1", "01", "1e3" stay text, so the number schema refuses them
 * instead of reading them as another row's id.
 */
function toId(v: unknown) {
  if (v === "" || v === undefined || v === null) return null;
  return typeof v === "string" ? (parseId(v) ?? v) : v;
}

function toNumber(v: unknown) {
  const b = blankToNull(v);
  if (typeof b === "string") return /^-?\d+(\.\d+)?$/.test(b) ? Number(b) : b;
  return b;
}

export function optionalId(label: string) {
  return z.preprocess(toId, z.number({ error: `请选择${label}` }).int(`请选择${label}`).positive(`请选择${label}`).max(MAX_ID, `请选择${label}`).nullable()).default(null);
}

export function requiredId(label: string) {
  return z.preprocess(toId, z.number({ error: `请选择${label}` }).int(`请选择${label}`).positive(`请选择${label}`).max(MAX_ID, `请选择${label}`));
}

export function optionalInt(label: string, min = 0, max = 999999) {
  return z
    .preprocess(toNumber, z.number({ error: `${label}必须是整数` }).int(`${label}必须是整数`).min(min, `${label}不能小于 ${min}`).max(max, `${label}不能超过 ${max}`).nullable())
    .default(null);
}

export function intWithDefault(label: string, fallback: number, min = 0, max = 999999) {
  return z
    .preprocess((v) => toNumber(v) ?? fallback, z.number({ error: `${label}必须是整数` }).int(`${label}必须是整数`).min(min, `${label}不能小于 ${min}`).max(max, `${label}不能超过 ${max}`))
    .default(fallback);
}

export const sortOrder = intWithDefault("排序", 0);

/** Money and quantities with two decimals (spec 000 §9: number inputs rounded to 2 decimals). */
export function optionalMoney(label: string, max = 99999999) {
  return z
    .preprocess(
      toNumber,
      z
        .number({ error: `${label}必须是数字` })
        .min(0, `${label}不能小于 0`)
        .max(max, `${label}不能超过 ${max}`)
        // toPrecision drops the binary error first: 1.005 * 100 is 100.49999…, which would round down.
        .transform((n) => Math.round(Number((n * 100).toPrecision(15))) / 100)
        .nullable(),
    )
    .default(null);
}

/** A checkbox ("on"), a select ("true"/"false") or a JSON boolean. A missing checkbox is false. */
export function flag(fallback: boolean) {
  return z
    .preprocess((v) => (v === "true" || v === "on" || v === "1" ? true : v === "false" || v === "0" || v === "" ? false : v), z.boolean({ error: "状态不正确" }))
    .default(fallback);
}

export function oneOf<T extends number>(label: string, values: readonly T[]) {
  return z.preprocess(toNumber, z.number({ error: `请选择${label}` }).refine((n) => (values as readonly number[]).includes(n), `请选择${label}`)) as unknown as z.ZodType<T>;
}

export function optionalOneOf<T extends number>(label: string, values: readonly T[]) {
  return z
    .preprocess(toNumber, z.number({ error: `请选择${label}` }).refine((n) => (values as readonly number[]).includes(n), `请选择${label}`).nullable())
    .default(null) as unknown as z.ZodType<T | null>;
}
