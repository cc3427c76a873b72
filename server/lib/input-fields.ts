import * as z from "zod";
import { gt, lt, moneyString } from "./decimal";
import { MAX_ID, parseId } from "./ids";
import { INT_MESSAGE, normalizeNumberText, type NumberKind } from "./number-text";

/**
 * Field schemas shared by every master-data form. Forms send strings (an empty field is "");
 * the JSON API sends numbers, booleans and null. Both arrive at the same values.
 *
 * Each field carries its form metadata (`.meta`): the Chinese label and the kind of input. The
 * page forms are rendered from these schemas (server/lib/form-spec.ts), so a label, a required
 * mark or a limit is written once, here or in the area's `*.input.ts`.
 */
export type FieldKind = "text" | "int" | NumberKind | "bool" | "date" | "id" | "choice";
export interface FieldMeta {
  label: string;
  kind?: FieldKind;
  /** A short help text shown with the field ("留空为一级分类"). */
  hint?: string;
  /** The unit shown at the field's end ("天"). */
  unit?: string;
}
export const labelled = <S extends z.ZodType>(schema: S, meta: FieldMeta): S => schema.meta({ ...meta }) as S;

const blankToNull = (v: unknown) => (v === "" || v === undefined ? null : typeof v === "string" ? v.trim() || null : v);

export function requiredText(label: string, max = 50, meta: Omit<FieldMeta, "label"> = {}) {
  return labelled(
    z
      .string({ error: `请输入${label}` })
      .trim()
      .min(1, `请输入${label}`)
      .max(max, `${label}不能超过 ${max} 个字`),
    { label, kind: "text", ...meta },
  );
}

export function optionalText(label: string, max = 200, meta: Omit<FieldMeta, "label"> = {}) {
  return labelled(
    z
      .preprocess(
        blankToNull,
        z
          .string({ error: `${label}不正确` })
          .max(max, `${label}不能超过 ${max} 个字`)
          .nullable(),
      )
      .default(null),
    { label, kind: "text", ...meta },
  );
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

export function optionalId(label: string, meta: Omit<FieldMeta, "label"> = {}) {
  return labelled(
    z
      .preprocess(
        toId,
        z
          .number({ error: `请选择${label}` })
          .int(`请选择${label}`)
          .positive(`请选择${label}`)
          .max(MAX_ID, `请选择${label}`)
          .nullable(),
      )
      .default(null),
    { label, kind: "id", ...meta },
  );
}

export function requiredId(label: string, meta: Omit<FieldMeta, "label"> = {}) {
  return labelled(
    z.preprocess(
      toId,
      z
        .number({ error: `请选择${label}` })
        .int(`请选择${label}`)
        .positive(`请选择${label}`)
        .max(MAX_ID, `请选择${label}`),
    ),
    {
      label,
      kind: "id",
      ...meta,
    },
  );
}

/**
 * Integer text as a clerk types it (`1,200`, `１２`, `3.0`) → a number; blank → null. Text that
 * is not an integer (`3.5`, `abc`) stays text, and the number schema refuses it with its message.
 */
function toInteger(v: unknown) {
  if (typeof v !== "string") return v === undefined ? null : v;
  const text = normalizeNumberText(v);
  if (text === "") return null;
  return text !== null && /^-?\d+(\.0*)?$/.test(text) ? Number(text.split(".")[0]) : v;
}

const intMessage = (label: string) => `${label}：${INT_MESSAGE}`;

export function optionalInt(label: string, min = 0, max = 999999, meta: Omit<FieldMeta, "label"> = {}) {
  return labelled(
    z
      .preprocess(
        toInteger,
        z
          .number({ error: intMessage(label) })
          .int(intMessage(label))
          .min(min, `${label}不能小于 ${min}`)
          .max(max, `${label}不能超过 ${max}`)
          .nullable(),
      )
      .default(null),
    { label, kind: "int", ...meta },
  );
}

export function intWithDefault(label: string, fallback: number, min = 0, max = 999999, meta: Omit<FieldMeta, "label"> = {}) {
  return labelled(
    z
      .preprocess(
        (v) => toInteger(v) ?? fallback,
        z
          .number({ error: intMessage(label) })
          .int(intMessage(label))
          .min(min, `${label}不能小于 ${min}`)
          .max(max, `${label}不能超过 ${max}`),
      )
      .default(fallback),
    { label, kind: "int", ...meta },
  );
}

export const sortOrder = intWithDefault("排序", 0);

/**
 * Money typed as a clerk types it (`1,234.50`, `￥88`, `１２３`) or sent as a JSON number →
 * the numeric column's text, rounded half-up to 2 decimals by the one decimal helper
 * (1.005 → "1.01"); blank → null. Anything else is refused, never guessed.
 */
function toMoneyText(v: unknown) {
  if (v === undefined || v === null) return null;
  if (typeof v === "number") return Number.isFinite(v) ? moneyString(v) : { notANumber: v };
  if (typeof v !== "string") return { notANumber: v };
  const text = normalizeNumberText(v);
  if (text === "") return null;
  return text === null ? { notANumber: v } : moneyString(text);
}

/** Money and quantities with two decimals (spec 000 §9: number inputs rounded to 2 decimals). */
export function optionalMoney(label: string, max = 99999999, meta: Omit<FieldMeta, "label"> = {}) {
  return labelled(
    z
      .preprocess(
        toMoneyText,
        z
          .string({ error: `${label}必须是数字` })
          .refine((d) => !lt(d, 0), `${label}不能小于 0`)
          .refine((d) => !gt(d, max), `${label}不能超过 ${max}`)
          .nullable(),
      )
      .default(null),
    { label, kind: "money", ...meta },
  );
}

/** A measure with two decimals (体积, 重量): read and rounded like money, shown without ￥. */
export const optionalDecimal = (label: string, max = 99999999, meta: Omit<FieldMeta, "label"> = {}) => optionalMoney(label, max, { kind: "decimal", ...meta });

/** A checkbox ("on"), a select ("true"/"false") or a JSON boolean. A missing checkbox is false. */
export function flag(fallback: boolean, label = "启用") {
  return labelled(
    z
      .preprocess(
        (v) => (v === "true" || v === "on" || v === "1" ? true : v === "false" || v === "0" || v === "" ? false : v),
        z.boolean({ error: `${label}状态不正确` }),
      )
      .default(fallback),
    { label, kind: "bool" },
  );
}

export function oneOf<T extends number>(label: string, values: readonly T[]) {
  return labelled(
    z.preprocess(
      toNumber,
      z.number({ error: `请选择${label}` }).refine((n) => (values as readonly number[]).includes(n), `请选择${label}`),
    ),
    {
      label,
      kind: "choice",
    },
  ) as unknown as z.ZodType<T>;
}

export function optionalOneOf<T extends number>(label: string, values: readonly T[]) {
  return labelled(
    z
      .preprocess(
        toNumber,
        z
          .number({ error: `请选择${label}` })
          .refine((n) => (values as readonly number[]).includes(n), `请选择${label}`)
          .nullable(),
      )
      .default(null),
    { label, kind: "choice" },
  ) as unknown as z.ZodType<T | null>;
}
