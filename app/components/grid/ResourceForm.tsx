import { Checkbox } from "~/components/ui/mantine/Checkbox";
import { NativeSelect } from "~/components/ui/mantine/NativeSelect";
import { Textarea } from "~/components/ui/mantine/Textarea";
import { TextInput } from "~/components/ui/mantine/TextInput";
import { useRef, useState } from "react";
import { t } from "../../../server/lib/i18n/zh-CN";
import type { FieldSpec, FormSpec } from "#server/lib/form-spec";
import { readNumberInput, ROUNDED_HINT, type NumberKind } from "#server/lib/number-text";
import { formatMoneyText } from "#server/lib/decimal-text";
import type { LookupOption, Lookups } from "#server/resource/page";
import type { FormField, OptionSource } from "./page-config";
import css from "./grid.module.css";

/**
 * The fields of a master-data form: which fields and how they are laid out come from the page
 * (`FormField`), what each field is (label, required, limits, number kind, default) from the
 * zod schema the server parses the form with (`FormSpec`). Works as a plain form post; errors
 * come back from the action per field.
 */
type SelectItem = { value: string; label: string };
type SelectData = (SelectItem | { group: string; items: SelectItem[] })[];

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

/** A lookup's options of one tree level (or all), as the cascade reads them. */
function lookupList(f: FormField, lookups: Lookups): LookupOption[] {
  const list = typeof f.options === "string" ? (lookups[f.options] ?? []) : [];
  return f.level === undefined ? list : list.filter((o) => o.level === f.level);
}

/**
 * The options of a field that depends on another (`parent`): the chosen parent's children
 * only; with no parent chosen, every option (grouped under its parent where the page asks).
 * The current value stays listed even when it does not belong, so nothing is dropped unseen;
 * the server then says why it refuses the pair.
 */
export function childOptions(f: FormField, lookups: Lookups, parentValue: string, current: string): SelectData {
  if (!parentValue) return optionsOf(f.options, lookups, f);
  const list = lookupList(f, lookups);
  const children = list.filter((o) => String(o.parentId ?? "") === parentValue);
  const stray = current && !children.some((o) => String(o.value) === current) ? list.filter((o) => String(o.value) === current) : [];
  return [...children, ...stray].map((o) => ({ value: String(o.value), label: o.label }));
}

function valueText(v: unknown): string {
  if (v === null || v === undefined) return "";
  return String(v);
}

/**
 * A money, measure or integer field. What the clerk typed is read on blur the way the server
 * reads it (`1,234.50`, `１２３`, `￥88`): understood text is shown in its plain form, rounding to
 * 2 decimals is said next to the field, and text that is not a number stays as typed with the
 * message next to it (the form does not submit until it is corrected). Nothing is undone.
 */
function NumberField({
  name,
  spec,
  value,
  error,
  readOnly,
  placeholder,
}: {
  name: string;
  spec: FieldSpec;
  value: string;
  error?: string;
  readOnly?: boolean;
  placeholder?: string;
}) {
  const kind = spec.kind as NumberKind;
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(value);
  const [note, setNote] = useState<{ error?: string; rounded?: boolean }>({});
  const unit = spec.unit ?? (kind === "int" ? "整数" : undefined);
  if (readOnly && kind === "money") {
    // A read-only amount reads as money does everywhere (￥1,234.50); the stored value is posted as it is.
    return (
      <>
        <input type="hidden" name={name} value={value} />
        <TextInput label={spec.label} value={formatMoneyText(value) ?? value} readOnly data-money-readonly={name} />
      </>
    );
  }
  return (
    <TextInput
      ref={input}
      name={name}
      label={spec.label}
      required={spec.required}
      inputMode={kind === "int" ? "numeric" : "decimal"}
      autoComplete="off"
      placeholder={placeholder ?? (kind === "int" ? "请输入整数" : undefined)}
      value={text}
      leftSection={kind === "money" ? "￥" : undefined}
      rightSection={unit ? <span className={css.muted}>{unit}</span> : undefined}
      rightSectionWidth={unit ? 44 : undefined}
      data-number-kind={kind}
      onChange={(e) => {
        setText(e.currentTarget.value);
        if (note.error || note.rounded) {
          input.current?.setCustomValidity("");
          setNote({});
        }
      }}
      onBlur={() => {
        const read = readNumberInput(text, kind);
        if (read.ok) {
          input.current?.setCustomValidity("");
          setText(read.text);
          setNote({ rounded: read.rounded });
        } else {
          input.current?.setCustomValidity(read.message);
          setNote({ error: read.message });
        }
      }}
      inputWrapperOrder={["label", "input", "description", "error"]}
      description={note.rounded ? <span data-testid={`rounded-${name}`}>{ROUNDED_HINT}</span> : spec.hint}
      error={note.error ?? error}
      readOnly={readOnly}
    />
  );
}

export function FormFields({
  fields,
  spec,
  values,
  errors,
  lookups,
  columns = 2,
  saveIntent = "save",
  refreshIntent = "refresh",
}: {
  fields: FormField[];
  spec: FormSpec;
  values: Record<string, unknown>;
  errors: Record<string, string[]>;
  lookups: Lookups;
  columns?: 2 | 3;
  /** The intent of the form's save button (Enter in a field saves, also without JavaScript). */
  saveIntent?: string;
  /** The intent that posts the form back unchanged to redraw dependent options (no JavaScript). */
  refreshIntent?: string;
}) {
  const initial = (f: FormField) => (values[f.name] === undefined ? valueText(spec[f.name]?.defaultValue) : valueText(values[f.name]));
  const children = fields.filter((f) => f.parent);
  const linked = new Set([...children.map((f) => f.name), ...children.map((f) => f.parent!)]);
  // Parent and child selects are controlled, so a child can follow its parent at once.
  const [chosen, setChosen] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.filter((f) => linked.has(f.name)).map((f) => [f.name, initial(f)])),
  );

  function choose(f: FormField, value: string) {
    const next = { ...chosen, [f.name]: value };
    for (const child of children.filter((c) => c.parent === f.name)) {
      const ok = childOptions(child, lookups, value, "").some((o) => "value" in o && o.value === next[child.name]);
      if (!ok) next[child.name] = "";
    }
    if (f.parent && value && !next[f.parent]) {
      // A child picked with no parent chosen (from the grouped list) fills its parent in.
      const picked = lookupList(f, lookups).find((o) => String(o.value) === value);
      if (picked?.parentId) next[f.parent] = String(picked.parentId);
    }
    setChosen(next);
  }

  return (
    <div className={`${css.formGrid} ${columns === 3 ? css.formGrid3 : ""}`}>
      {children.length ? (
        // Without JavaScript, Enter in a field presses the first submit button: make that 保存, not 刷新选项.
        <noscript>
          <button
            type="submit"
            name="intent"
            value={saveIntent}
            tabIndex={-1}
            aria-hidden="true"
            style={{ position: "absolute", left: -9999, width: 1, height: 1, overflow: "hidden" }}
          >
            {t.grid.save}
          </button>
        </noscript>
      ) : null}
      {fields.map((f) => {
        const s: FieldSpec = spec[f.name] ?? { label: f.displayLabel ?? f.name, kind: "text", required: false };
        const value = initial(f);
        const error = errors[f.name]?.[0];
        const span = f.span === "all" ? css.spanAll : f.span === 2 ? css.span2 : undefined;
        const widget = f.widget ?? (f.options ? "select" : undefined);
        let input;
        if (widget === "textarea") {
          input = (
            <Textarea
              name={f.name}
              label={s.label}
              description={s.hint}
              defaultValue={value}
              error={error}
              maxLength={s.maxLength}
              autosize
              minRows={2}
              maxRows={5}
              required={s.required}
            />
          );
        } else if (widget === "select") {
          const data = f.parent ? childOptions(f, lookups, chosen[f.parent] ?? "", chosen[f.name] ?? "") : optionsOf(f.options, lookups, f);
          const options = [{ value: "", label: s.required ? t.grid.pleaseChoose : "—" }, ...data] as never;
          input = linked.has(f.name) ? (
            <NativeSelect
              name={f.name}
              label={s.label}
              description={s.hint}
              value={chosen[f.name] ?? ""}
              onChange={(e) => choose(f, e.currentTarget.value)}
              error={error}
              required={s.required}
              data={options}
            />
          ) : (
            <NativeSelect name={f.name} label={s.label} description={s.hint} defaultValue={value} error={error} required={s.required} data={options} />
          );
        } else if (s.kind === "int" || s.kind === "money" || s.kind === "decimal") {
          input = <NumberField name={f.name} spec={s} value={value} error={error} readOnly={f.readOnly} placeholder={f.placeholder} />;
        } else if (s.kind === "bool") {
          const checked =
            values[f.name] === undefined ? s.defaultValue !== false : values[f.name] === true || values[f.name] === "on" || values[f.name] === "true";
          input = (
            <div style={{ paddingTop: 24 }}>
              <input type="hidden" name={f.name} value="false" />
              <Checkbox name={f.name} label={s.label} defaultChecked={checked} error={error} />
            </div>
          );
        } else if (s.kind === "date") {
          input = <TextInput type="date" name={f.name} label={s.label} defaultValue={value} error={error} required={s.required} />;
        } else {
          const listId = f.suggest ? `${f.name}-suggestions` : undefined;
          input = (
            <>
              <TextInput
                name={f.name}
                label={s.label}
                description={s.hint}
                defaultValue={value}
                error={error}
                maxLength={s.maxLength}
                required={s.required}
                placeholder={f.placeholder}
                readOnly={f.readOnly}
                list={listId}
                autoComplete={listId ? "off" : undefined}
              />
              {listId ? (
                <datalist id={listId}>
                  {(lookups[f.suggest!] ?? []).map((o) => (
                    <option key={o.value} value={o.label} />
                  ))}
                </datalist>
              ) : null}
            </>
          );
        }
        return (
          <div key={f.name} className={span} data-field={f.name}>
            {input}
            {f.parent ? (
              <noscript>
                <button
                  type="submit"
                  name="intent"
                  value={refreshIntent}
                  formNoValidate
                  className={css.btn}
                  style={{ marginTop: 4 }}
                  data-testid={`refresh-${f.name}`}
                >
                  按所选{spec[f.parent]?.label ?? ""}刷新选项
                </button>
              </noscript>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
