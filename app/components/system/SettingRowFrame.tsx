import type { ReactNode } from "react";
import css from "~/components/grid/grid.module.css";

/**
 * One setting on a settings form (系统设置, 参数设置): its label, the input, its meaning in
 * Chinese and, after a refused save, its message.
 */
export function SettingRowFrame({
  id,
  label,
  help,
  error,
  labelWidth = 240,
  children,
  ...data
}: { id: string; label: string; help: string; error?: string; labelWidth?: number; children: ReactNode } & Record<`data-${string}`, string>) {
  return (
    <div
      style={{ display: "grid", gridTemplateColumns: `${labelWidth}px 1fr`, gap: "4px 16px", padding: "8px 0", borderBottom: "1px solid #f1f3f5" }}
      {...data}
    >
      <label htmlFor={id} style={{ fontSize: 14 }}>
        {label}
      </label>
      <div>
        {children}
        <div className={css.muted}>{help}</div>
        {error ? (
          <div style={{ color: "#c92a2a", fontSize: 13 }} role="alert">
            {error}
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** A settings form as posted: each field's text (a check box posts after its hidden "false": the last value wins). */
export function postedStrings(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (typeof v === "string") values[k] = v;
  return values;
}
