import { useRef, useState, type ButtonHTMLAttributes, type ReactNode } from "react";
import css from "~/components/grid/grid.module.css";
import { t } from "../../../server/lib/i18n/zh-CN";
import { ConfirmDialog } from "./ConfirmDialog";

/**
 * A submit button that asks first, in the kit's dialog (not the browser's confirm()): 确定 posts
 * the form with this button as the submitter (its name/value, e.g. intent=confirm), 取消 or Esc
 * posts nothing. Without JavaScript the button posts straight away, as every form here does.
 */
export function ConfirmSubmitButton({
  question,
  title = t.common.tip,
  danger,
  children,
  ...button
}: ButtonHTMLAttributes<HTMLButtonElement> & { question?: string | null; title?: string; danger?: boolean; children: ReactNode }) {
  const ref = useRef<HTMLButtonElement>(null);
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button
        type="submit"
        {...button}
        ref={ref}
        onClick={(e) => {
          if (question) {
            e.preventDefault();
            setAsking(true);
          }
        }}
      >
        {children}
      </button>
      {question ? (
        <ConfirmDialog
          opened={asking}
          title={title}
          onCancel={() => setAsking(false)}
          data-testid="confirm-dialog"
          actions={
            <>
              <button type="button" className={css.btn} onClick={() => setAsking(false)} data-testid="confirm-cancel">
                {t.common.cancel}
              </button>
              <button
                type="button"
                className={`${css.btn} ${danger ? css.danger : css.primary}`}
                autoFocus
                data-testid="confirm-ok"
                onClick={() => {
                  setAsking(false);
                  const b = ref.current;
                  b?.form?.requestSubmit(b);
                }}
              >
                {t.common.ok}
              </button>
            </>
          }
        >
          {question}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
