import { Link } from "@remix-run/react";
import { useRef, useState } from "react";
import type { AutoFlow } from "#server/setting/auto-flow";
import css from "~/components/grid/grid.module.css";
import { ConfirmDialog } from "~/components/ui/ConfirmDialog";

/**
 * A document's main button (提交, 确认拣货) when the company's automatic-flow settings make it
 * do more (server/setting/auto-flow.ts): the label says it (提交并收货入库), a line next to it
 * says what happens and links to the setting, and — with JavaScript — a click (or Ctrl+Enter,
 * which clicks it) asks first in a dialog that says it again with the link. Without JavaScript
 * it is a plain submit button with that label. With the settings off: the plain label.
 */
export function AutoFlowButton({
  intent,
  plainLabel,
  flow,
  disabled,
  testId,
  className,
}: {
  intent: string;
  plainLabel: string;
  flow: AutoFlow | null;
  disabled?: boolean;
  testId: string;
  className?: string;
}) {
  const button = useRef<HTMLButtonElement>(null);
  const [asking, setAsking] = useState(false);
  const label = flow?.label ?? plainLabel;
  return (
    <>
      <button
        ref={button}
        type="submit"
        name="intent"
        value={intent}
        className={className ?? `${css.btn} ${css.primary}`}
        disabled={disabled}
        title={flow ? `${flow.note}（Ctrl+Enter）` : "Ctrl+Enter"}
        data-testid={testId}
        onClick={(e) => {
          if (!flow?.confirm) return;
          e.preventDefault();
          setAsking(true);
        }}
      >
        {label}
      </button>
      {flow ? (
        <span className={css.muted} data-testid={`${testId}-note`}>
          {flow.note}
          {flow.settingHref ? (
            <Link to={flow.settingHref} prefetch="none">
              更改设置
            </Link>
          ) : null}
        </span>
      ) : null}
      {flow?.confirm ? (
        <ConfirmDialog
          opened={asking}
          title={label}
          onCancel={() => setAsking(false)}
          data-testid={`${testId}-confirm`}
          actions={
            <>
              <button type="button" className={css.btn} onClick={() => setAsking(false)}>
                取消
              </button>
              <button
                type="button"
                className={`${css.btn} ${css.primary}`}
                data-autofocus
                onClick={() => {
                  setAsking(false);
                  const b = button.current;
                  b?.form?.requestSubmit(b);
                }}
              >
                {label}
              </button>
            </>
          }
        >
          <p style={{ margin: 0 }}>{flow.confirm}</p>
          {flow.settingHref ? (
            <p style={{ margin: "8px 0 0" }}>
              <Link to={flow.settingHref} prefetch="none" data-testid={`${testId}-setting`}>
                到系统设置修改这项设置
              </Link>
            </p>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </>
  );
}
