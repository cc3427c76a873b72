import { useEffect, useId, useRef, type ReactNode } from "react";
import css from "./confirm-dialog.module.css";

/**
 * A small modal question (取消 / 确定) on the browser's own <dialog>: focus is trapped and
 * Esc cancels natively, the button marked `autoFocus` gets the focus. No Mantine Modal: its
 * portal, overlay, transition, focus trap and scroll area cost the first load of every page
 * ~15 KB of script for one rarely shown question.
 */
export function ConfirmDialog(props: {
  opened: boolean;
  title: string;
  onCancel: () => void;
  children: ReactNode;
  /** The buttons (the one to focus carries autoFocus). */
  actions: ReactNode;
  "data-testid"?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { opened } = props;
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (opened && !d.open) {
      d.showModal();
      d.querySelector<HTMLElement>("[autofocus], [data-autofocus]")?.focus();
    } else if (!opened && d.open) d.close();
  }, [opened]);
  return (
    <dialog
      ref={ref}
      className={css.dialog}
      aria-labelledby={titleId}
      data-testid={props["data-testid"]}
      onCancel={(e) => {
        e.preventDefault();
        props.onCancel();
      }}
    >
      <h2 id={titleId} className={css.title}>
        {props.title}
      </h2>
      <div className={css.body}>{props.children}</div>
      <div className={css.actions}>{props.actions}</div>
    </dialog>
  );
}
