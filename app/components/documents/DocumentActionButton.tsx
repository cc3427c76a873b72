import { plainNumberText } from "#server/lib/decimal-text";
import css from "~/components/grid/grid.module.css";

/** How a document page shows one status action (提交, 确认, 作废, 红冲 …). */
export interface DocumentActionSpec {
  label: string;
  danger?: boolean;
  primary?: boolean;
  /** Asked before the action is posted (JavaScript only; without it the post goes straight). */
  confirm?: string;
}

/**
 * A status action of a document page: a submit button of the page's form with
 * `name="intent" value={action}`, so it works as a plain POST without JavaScript.
 */
export function DocumentActionButton({ action, spec, testId }: { action: string; spec: DocumentActionSpec | undefined; testId: string }) {
  if (!spec) return null;
  return (
    <button
      type="submit"
      name="intent"
      value={action}
      formNoValidate
      className={`${css.btn} ${spec.danger ? css.danger : ""} ${spec.primary ? css.primary : ""}`}
      data-testid={testId}
      onClick={(e) => {
        if (spec.confirm && !window.confirm(spec.confirm)) e.preventDefault();
      }}
    >
      {spec.label}
    </button>
  );
}

/** A quantity as a document page shows it: "12.00" → "12", "2.50" → "2.5". */
export const qtyText = (v: string | null | undefined) => (v === null || v === undefined ? "" : (plainNumberText(v) ?? v));
