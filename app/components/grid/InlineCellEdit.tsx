import { useFetcher, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import css from "./grid.module.css";

/**
 * Cells edited in place in a list grid, with JavaScript only (without it the page's edit dialog
 * does the same job): a click on a cell of one of `fields` turns it into an input; Enter posts
 * the list page's own save intent for that row (`intent=save`, `id`, `<field>=<value>`: the
 * resource merges it over the stored row), Esc or leaving the cell cancels. A refused value
 * stays in the cell with the server's message. The grid's rows are server-rendered HTML, so
 * this listens on the table instead of rendering cells; the server's next rows replace it all.
 */
export function InlineCellEdit({ gridId, fields, action }: { gridId: string; fields: readonly string[]; action: string }) {
  const fetcher = useFetcher<{ message?: string; fields?: Record<string, string[]> }>();
  const location = useLocation();
  const rows = useLoaderData();
  const editing = useRef<{ td: HTMLTableCellElement; input: HTMLInputElement; original: string } | null>(null);
  // A redirect (saved) leaves the fetcher's data as it was: only an answer to this save is a refusal.
  const sentWith = useRef<unknown>(undefined);
  const [error, setError] = useState<string | null>(null);
  const fetcherData = useRef<unknown>(undefined);
  fetcherData.current = fetcher.data;
  const submit = fetcher.submit;

  // Editable cells say so (cursor, title); redone whenever the server sends new rows.
  useEffect(() => {
    const table = document.querySelector<HTMLTableElement>(`[data-grid="${gridId}"] table`);
    if (!table) return;
    const heads = [...(table.tHead?.rows[0]?.cells ?? [])];
    const indexes = heads.map((th, i) => (fields.includes(th.dataset.field ?? "") ? i : -1)).filter((i) => i >= 0);
    for (const tr of table.tBodies[0]?.rows ?? []) {
      if (!tr.dataset.id) continue;
      for (const i of indexes) {
        const td = tr.cells[i];
        if (!td) continue;
        td.dataset.inlineEdit = heads[i]!.dataset.field!;
        td.title = "单击修改，回车保存，Esc 取消";
        td.style.cursor = "text";
      }
    }
  }, [gridId, fields, rows]);

  useEffect(() => {
    const table = document.querySelector<HTMLTableElement>(`[data-grid="${gridId}"] table`);
    if (!table) return;
    const headerOf = (td: HTMLTableCellElement) => table.tHead?.rows[0]?.cells[td.cellIndex]?.textContent ?? "";
    const cancel = () => {
      const e = editing.current;
      if (!e) return;
      editing.current = null;
      if (e.input.isConnected) e.td.textContent = e.original;
      setError(null);
    };
    const start = (td: HTMLTableCellElement) => {
      if (editing.current?.td === td) return;
      cancel();
      const id = (td.parentElement as HTMLTableRowElement).dataset.id!;
      const field = td.dataset.inlineEdit!;
      const original = td.textContent ?? "";
      const input = document.createElement("input");
      input.name = field;
      input.inputMode = "decimal";
      input.value = original.replace(/,/g, "");
      input.setAttribute("aria-label", `${headerOf(td)}（第 ${(td.parentElement as HTMLTableRowElement).sectionRowIndex + 1} 行）`);
      input.dataset.testid = "inline-edit-input";
      input.style.cssText =
        "width:100%;box-sizing:border-box;height:24px;padding:0 4px;font:inherit;text-align:right;border:1px solid #fd7e14;border-radius:3px";
      input.addEventListener("keydown", (ev) => {
        // The grid opens a row on Enter and the shell has shortcuts: the cell keeps its keys.
        ev.stopPropagation();
        if (ev.key === "Enter") {
          ev.preventDefault();
          input.setAttribute("aria-busy", "true");
          sentWith.current = fetcherData.current;
          submit({ intent: "save", id, [field]: input.value.trim(), back: location.search }, { method: "post", action: `${action}${location.search}` });
        } else if (ev.key === "Escape") {
          ev.preventDefault();
          cancel();
        }
      });
      input.addEventListener("blur", () => {
        if (input.getAttribute("aria-busy") !== "true") cancel();
      });
      input.addEventListener("click", (ev) => ev.stopPropagation());
      input.addEventListener("dblclick", (ev) => ev.stopPropagation());
      td.textContent = "";
      td.append(input);
      editing.current = { td, input, original };
      input.focus();
      input.select();
    };
    const cellOf = (ev: Event) => (ev.target as HTMLElement).closest<HTMLTableCellElement>("td[data-inline-edit]");
    const onClick = (ev: MouseEvent) => {
      const td = cellOf(ev);
      if (td) start(td);
    };
    // A double click on an editable cell edits it; elsewhere on the row it still opens the dialog.
    const onDoubleClick = (ev: MouseEvent) => {
      if (cellOf(ev)) ev.stopPropagation();
    };
    table.addEventListener("click", onClick);
    table.addEventListener("dblclick", onDoubleClick);
    return () => {
      table.removeEventListener("click", onClick);
      table.removeEventListener("dblclick", onDoubleClick);
    };
  }, [gridId, action, location.search, submit]);

  // The answer: refused → the message beside the grid and the cell stays open; saved → the new rows arrive.
  useEffect(() => {
    if (fetcher.state !== "idle") return;
    const e = editing.current;
    if (!e) return;
    e.input.removeAttribute("aria-busy");
    const data = fetcher.data;
    if (data && data !== sentWith.current && data.message !== undefined) {
      const message = Object.values(data.fields ?? {})[0]?.[0] ?? data.message ?? "保存失败";
      setError(message || "保存失败");
      e.input.setAttribute("aria-invalid", "true");
      e.input.focus();
      return;
    }
    // Saved: new rows replaced the cell; if the value did not change the HTML did not either.
    editing.current = null;
    if (e.input.isConnected) e.td.textContent = e.original;
    setError(null);
  }, [fetcher.state, fetcher.data]);

  return error ? (
    <div className={css.formError} role="alert" data-testid="inline-edit-error">
      {error}
    </div>
  ) : null;
}
