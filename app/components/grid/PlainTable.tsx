import type { ReactNode } from "react";
import css from "./grid.module.css";

/**
 * The administration pages' plain server-rendered table (用户, 在线用户, 公司档案, 附件, 消息事件,
 * 消息模板, 定时任务): a scrolling region a keyboard can reach, a caption for screen readers,
 * the header cells, the rows, and what to say when there are none.
 */
export function PlainTable({
  label,
  region = label.endsWith("列表") ? label : `${label}列表`,
  testId,
  head,
  empty,
  children,
}: {
  /** What the table lists (its caption). */
  label: string;
  /** The scrolling region's name (default "<label>列表"). */
  region?: string;
  testId?: string;
  /** Header cells: [text, width in px] each, or the page's own <th> cells (sortable headers). */
  head: readonly (readonly [string, number])[] | ReactNode;
  /** Shown below the header when the table has no rows (null: it has some). */
  empty?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={css.scroll} tabIndex={0} role="region" aria-label={region}>
      <table className={css.table} data-testid={testId}>
        <caption className="visually-hidden">{label}</caption>
        <thead>
          <tr>
            {Array.isArray(head)
              ? (head as readonly (readonly [string, number])[]).map(([text, width]) => (
                  <th key={text} style={{ width }}>
                    {text}
                  </th>
                ))
              : head}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
      {empty ? (
        <div className={css.empty}>
          <span className={css.emptyBox}>{empty}</span>
        </div>
      ) : null}
    </div>
  );
}

/**
 * A row's on/off button (启用/停用, 启动/停止): the one that turns it the other way, inside the
 * row's form. `intents` and `labels` are [turn on, turn off]; `subject` names the row for
 * screen readers.
 */
export function SwitchButton({
  on,
  intents,
  labels,
  subject,
  disabled,
}: {
  on: boolean;
  intents: readonly [string, string];
  labels: readonly [string, string];
  subject: string;
  disabled?: boolean;
}) {
  const i = on ? 1 : 0;
  return (
    <button
      type="submit"
      name="intent"
      value={intents[i]}
      className={`${css.btn} ${on ? css.danger : css.primary}`}
      disabled={disabled}
      aria-label={`${labels[i]} ${subject}`}
    >
      {labels[i]}
    </button>
  );
}
