import { Checkbox, NativeSelect, Textarea, TextInput } from "@mantine/core";
import { useState } from "react";
import { t } from "../../../server/lib/i18n/zh-CN";
import type { Lookups } from "#server/master-data/page";
import type { FormField, OptionSource } from "./page-config";
import css from "./grid.module.css";

/**
 * The fields of a master-data form, rendered from the page's declaration. Works as a plain
 * form post; errors come back from the action per field.
 */
type SelectData = ({ value: string; label: string } | { group: string; items: { value: string; label: string }[] })[];

export function optionsOf(source: OptionSource | undefined, lookups: Lookups, opts: { level?: number; groupByParent?: boolean } = {}): SelectData {
  if (!source) return [];
  if (typeof source !== "string") return source.map(([v, l]) => ({ value: String(v), label: l }));
  let list = lookups[source] ?? [];
  if (opts.level !== undefined) list = list.filter((o) => o.level === opts.level);
  if (!opts.groupByParent) return list.map((o) => ({ value: String(o.value), label: o.label }));
  const all = lookups[source] ?? [];
  const groups = all.filter((o) => o.level === 0);
  return groups
    .map((g) => ({ group: g.label, items: list.filter((o) => o.parentId === g.value).map((o) => ({ value: String(o.value), label: o.label })) }))
    .filter((g) => g.items.length > 0);
}

function valueText(v: unknown): string {
  if (v === null || v === undefined) return "";
  return String(v);
}

/** Spec 000 §5: numbers only, rounded to 2 decimals; anything else reverts to the previous value. */
export function roundedOrPrevious(text: string, previous: string, decimals: number) {
  const s = text.trim();
  if (s === "") return "";
  if (!/^-?\d+(\.\d*)?$/.test(s)) return previous;
  const f = 10 ** decimals;
  return String(Math.round(Number(s) * f) / f);
}

function NumberField({ field, value, error }: { field: FormField; value: string; error?: string }) {
  const decimals = field.kind === "int" ? 0 : 2;
  const [text, setText] = useState(value);
  const [previous, setPrevious] = useState(value);
  return (
    <TextInput
      name={field.name}
      label={field.label}
      required={field.required}
      inputMode={decimals ? "decimal" : "numeric"}
      value={text}
      leftSection={field.kind === "money" ? "￥" : undefined}
      onChange={(e) => setText(e.currentTarget.value)}
      onBlur={() => {
        const next = roundedOrPrevious(text, previous, decimals);
        setText(next);
        setPrevious(next);
      }}
      error={error}
      readOnly={field.readOnly}
    />
  );
}

export function FormFields({
  fields,
  values,
  errors,
  lookups,
  columns = 2,
}: {
  fields: FormField[];
  values: Record<string, unknown>;
  errors: Record<string, string[]>;
  lookups: Lookups;
  columns?: 2 | 3;
}) {
  return (
    <div className={`${css.formGrid} ${columns === 3 ? css.formGrid3 : ""}`}>
      {fields.map((f) => {
        const value = values[f.name] === undefined ? valueText(f.defaultValue) : valueText(values[f.name]);
        const error = errors[f.name]?.[0];
        const span = f.span === "all" ? css.spanAll : f.span === 2 ? css.span2 : undefined;
        let input;
        switch (f.kind ?? "text") {
          case "textarea":
            input = <Textarea name={f.name} label={f.label} defaultValue={value} error={error} maxLength={f.maxLength} autosize minRows={2} maxRows={5} required={f.required} />;
            break;
          case "int":
          case "money":
          case "decimal":
            input = <NumberField field={f} value={value} error={error} />;
            break;
          case "select":
            input = (
              <NativeSelect
                name={f.name}
                label={f.label}
                defaultValue={value}
                error={error}
                required={f.required}
                data={[{ value: "", label: f.required ? t.grid.pleaseChoose : "—" }, ...optionsOf(f.options, lookups, f)] as never}
              />
            );
            break;
          case "bool": {
            const checked = values[f.name] === undefined ? f.defaultValue !== false : values[f.name] === true || values[f.name] === "on" || values[f.name] === "true";
            input = (
              <div style={{ paddingTop: 24 }}>
                <input type="hidden" name={f.name} value="false" />
                <Checkbox name={f.name} label={f.label} defaultChecked={checked} error={error} />
              </div>
            );
            break;
          }
          case "date":
            input = <TextInput type="date" name={f.name} label={f.label} defaultValue={value} error={error} required={f.required} />;
            break;
          default:
            input = (
              <TextInput name={f.name} label={f.label} defaultValue={value} error={error} maxLength={f.maxLength} required={f.required} placeholder={f.placeholder} readOnly={f.readOnly} />
            );
        }
        return (
          <div key={f.name} className={span} data-field={f.name}>
            {input}
          </div>
        );
      })}
    </div>
  );
}
