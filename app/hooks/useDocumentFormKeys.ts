import { useEffect, type RefObject } from "react";

/** Input types Enter moves on from (a text-like field, a date, a check box). */
const FIELD_TYPES = new Set([
  "text",
  "search",
  "tel",
  "email",
  "url",
  "number",
  "date",
  "datetime-local",
  "month",
  "week",
  "time",
  "password",
  "checkbox",
  "radio",
  "",
]);

/** A field whose Enter this hook handles (a read-only one too: its Enter would post the form). */
function isField(el: Element): el is HTMLInputElement | HTMLSelectElement {
  return el instanceof HTMLSelectElement || (el instanceof HTMLInputElement && FIELD_TYPES.has(el.type));
}

/** A field Enter may move to. */
const isStop = (el: Element): el is HTMLInputElement | HTMLSelectElement => isField(el) && !el.disabled && !(el instanceof HTMLInputElement && el.readOnly);

const shown = (el: HTMLElement) => el.getClientRects().length > 0 && el.tabIndex >= 0;

/**
 * The stops Enter moves between, in the form's order: every header field, and the line editor
 * once (its first cell: inside it, the editor's own keys move from cell to cell).
 */
function stopsOf(form: HTMLFormElement): HTMLElement[] {
  const stops: HTMLElement[] = [];
  const editors = new Set<Element>();
  for (const el of Array.from(form.elements)) {
    if (!isStop(el) || !shown(el)) continue;
    const editor = el.closest("[data-line-editor]");
    if (editor) {
      if (editors.has(editor)) continue;
      editors.add(editor);
    }
    stops.push(el);
  }
  return stops;
}

/**
 * The keyboard of every document form (sales and purchase orders, returns, transfers, plans:
 * each renders the shared line editor, which calls this on its form), so they all behave alike:
 *   - Enter in a header field moves to the next field (after the last one, into the first
 *     line) and never posts the form — no draft saved by a stray Enter, no refused submit;
 *     a combobox whose list is open (aria-expanded) keeps its Enter to pick from the list;
 *   - Ctrl+Enter (⌘+Enter) presses the form's button `intent=<submitIntent>` as a click, so
 *     the button's own confirmation (提交并收货入库 …) is asked as if it were clicked.
 * Without JavaScript the browser's Enter presses the form's first submit button: the line
 * editor's hidden 添加行, which only draws the form again.
 */
export function useDocumentFormKeys(inside: RefObject<HTMLElement | null>, submitIntent?: string) {
  useEffect(() => {
    const form = inside.current?.closest("form");
    if (!form) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Enter" || e.isComposing || e.altKey || e.defaultPrevented) return;
      if (e.ctrlKey || e.metaKey) {
        const buttons = [...form.querySelectorAll<HTMLButtonElement>('button[type="submit"], button:not([type])')].filter(
          (b) => !b.closest("[data-line-editor]"),
        );
        const button = (submitIntent && buttons.find((b) => b.name === "intent" && b.value === submitIntent)) || buttons[buttons.length - 1];
        if (!button) return;
        e.preventDefault();
        button.click();
        return;
      }
      const target = e.target;
      if (e.shiftKey || !(target instanceof HTMLElement) || !isField(target)) return;
      if (target.closest("[data-line-editor]") || target.getAttribute("aria-expanded") === "true") return;
      e.preventDefault();
      const stops = stopsOf(form);
      // A field that is no stop itself (read only) moves on from where it stands in the form.
      const at = stops.indexOf(target);
      const next = at >= 0 ? stops[at + 1] : stops.find((s) => target.compareDocumentPosition(s) & Node.DOCUMENT_POSITION_FOLLOWING);
      if (!next) return;
      next.focus();
      if (next instanceof HTMLInputElement && next.type !== "checkbox" && next.type !== "radio" && next.type !== "date") next.select();
    };
    form.addEventListener("keydown", onKey);
    return () => form.removeEventListener("keydown", onKey);
  }, [inside, submitIntent]);
}
