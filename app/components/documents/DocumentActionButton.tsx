import { formatQtyText } from "#server/lib/decimal-text";
import css from "~/components/grid/grid.module.css";
import { ConfirmSubmitButton } from "~/components/ui/ConfirmSubmitButton";

/** How a document page shows one status action (提交, 确认, 作废, 红冲 …). */
export interface DocumentActionSpec {
  label: string;
  danger?: boolean;
  primary?: boolean;
  /** Asked in the kit's dialog before the action is posted (JavaScript only; without it the post goes straight). */
  confirm?: string;
}

/**
 * A status action of a document page: a submit button of the page's form with
 * `name="intent" value={action}`, so it works as a plain POST without JavaScript.
 */
export function DocumentActionButton({ action, spec, testId }: { action: string; spec: DocumentActionSpec | undefined; testId: string }) {
  if (!spec) return null;
  return (
    <ConfirmSubmitButton
      name="intent"
      value={action}
      formNoValidate
      className={`${css.btn} ${spec.danger ? css.danger : ""} ${spec.primary ? css.primary : ""}`}
      data-testid={testId}
      question={spec.confirm}
      danger={spec.danger}
    >
      {spec.label}
    </ConfirmSubmitButton>
  );
}

/** A quantity as a document page shows it, as everywhere (formatQtyText): "12.00" → "12", "2.50" → "2.5", "1200" → "1,200". */
export const qtyText = (v: string | null | undefined) => (v === null || v === undefined ? "" : (formatQtyText(v) ?? v));
