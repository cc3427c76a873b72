import { getZodConstraint } from "@conform-to/zod/v4";
import * as z from "zod";
import type { FieldKind, FieldMeta } from "./input-fields";

/**
 * What a form needs to draw one field, read from the zod schema the server parses the form
 * with: the label, kind and hints from the field's `.meta` (input-fields.ts), `required` from
 * conform's `getZodConstraint`, and the limits (maxLength, min, max, integer step, default)
 * from zod's own JSON Schema of the field. Computed on the server and sent with the page, so
 * list pages do not ship zod to the browser.
 *
 * Why not only getZodConstraint: with zod 4.6 the checks no longer record their limits where
 * conform 1.21 reads them (`_zod.bag`), so it reports `required` but no min/max/maxLength;
 * `z.toJSONSchema` reads the checks themselves.
 */
export interface FieldSpec {
  label: string;
  kind: FieldKind;
  required: boolean;
  maxLength?: number;
  min?: number;
  max?: number;
  /** 1 for integer fields, so the browser's own validation says "integer" too. */
  step?: number;
  defaultValue?: string | number | boolean;
  hint?: string;
  unit?: string;
}
export type FormSpec = Record<string, FieldSpec>;

type JsonSchema = {
  type?: string | string[];
  anyOf?: JsonSchema[];
  maxLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  default?: unknown;
} & Partial<FieldMeta>;

/** The branch of `anyOf` that is not `null` (nullable fields), or the schema itself. */
function valueBranch(s: JsonSchema): JsonSchema {
  const branch = s.anyOf?.find((b) => b.type !== "null");
  return branch ? { ...branch, ...s, anyOf: undefined } : s;
}

const cache = new WeakMap<z.ZodType, FormSpec>();

export function formSpecOf(schema: z.ZodType): FormSpec {
  const hit = cache.get(schema);
  if (hit) return hit;
  const constraint = getZodConstraint(schema) as Record<string, { required?: boolean } | undefined>;
  const json = z.toJSONSchema(schema, { io: "output", unrepresentable: "any" }) as { properties?: Record<string, JsonSchema> };
  const spec: FormSpec = {};
  for (const [name, prop] of Object.entries(json.properties ?? {})) {
    const s = valueBranch(prop);
    const isInt = s.type === "integer";
    const kind: FieldKind = s.kind ?? (isInt ? "int" : s.type === "boolean" ? "bool" : "text");
    const field: FieldSpec = { label: s.label ?? name, kind, required: constraint[name]?.required ?? false };
    if (s.maxLength !== undefined) field.maxLength = s.maxLength;
    if (kind === "int") {
      field.step = 1;
      if (s.minimum !== undefined) field.min = s.minimum;
      if (s.maximum !== undefined) field.max = s.maximum;
    }
    if (typeof prop.default === "string" || typeof prop.default === "number" || typeof prop.default === "boolean") field.defaultValue = prop.default;
    if (s.hint) field.hint = s.hint;
    if (s.unit) field.unit = s.unit;
    spec[name] = field;
  }
  cache.set(schema, spec);
  return spec;
}
