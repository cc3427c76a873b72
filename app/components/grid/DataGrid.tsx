import { Form, Link, useFetcher, useNavigate, useNavigation } from "@remix-run/react";
import { escapeHtml } from "#server/lib/html";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { t } from "../../../server/lib/i18n/zh-CN";
import { cellText, toSettings, type EffectiveColumn } from "../../../server/lib/grid-settings";
import { useTimeZone } from "~/hooks/useTimeZone";
import css from "./grid.module.css";

/**
 * The list grid of every list page (spec 000 §2 "Data grids", §5, §9). It renders server-side
 * as plain HTML: sorting and paging are links, page size and go-to-page are GET forms, the
 * selected row is a radio button of the toolbar's GET form. JavaScript adds single-click
 * selection, double-click / Enter to open, arrow keys, and column resize and move (saved to
 * the user's grid settings).
 */
export const PAGE_SIZES = [20, 50, 100, 200, 400, 800] as const;

export interface GridQuery {
  page: number;
  size: number;
  sort: { field: string; dir: "asc" | "desc" };
}

/** `?…` with some params changed (null removes), keeping the rest of the list's state. */
export function hrefWith(search: string, changes: Record<string, string | number | null>) {
  const p = new URLSearchParams(search);
  for (const [k, v] of Object.entries(changes)) {
    if (v === null) p.delete(k);
    else p.set(k, String(v));
  }
  const s = p.toString();
  return s ? `?${s}` : "?";
}

/**
 * Where a list page's action sends the browser back to: the page with the query string its form
 * carried (`back`, "?…"), without the params in `drop` (a confirmation step); the bare page for
 * anything else, so a posted value can never lead off the page.
 */
export function listHref(page: string, back: string, drop: readonly string[] = []) {
  if (!back.startsWith("?")) return page;
  const p = new URLSearchParams(back);
  for (const name of drop) p.delete(name);
  const rest = p.toString();
  return rest ? `${page}?${rest}` : page;
}

/** Hidden inputs carrying the current params into a GET form, except the ones the form sets. */
export function HiddenParams({ search, except }: { search: string; except: readonly string[] }) {
  const p = new URLSearchParams(search);
  return (
    <>
      {[...p]
        .filter(([k]) => !except.includes(k))
        .map(([k, v], i) => (
          <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
        ))}
    </>
  );
}

/** Up to 7 page numbers around the current page. */
export function pageWindow(page: number, count: number, visible = 7): number[] {
  const half = Math.floor(visible / 2);
  let start = Math.max(1, page - half);
  const end = Math.min(count, start + visible - 1);
  start = Math.max(1, end - visible + 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

const NUMERIC = new Set(["money", "cost", "number"]);

/** The grid's body rows as HTML, every value escaped. */
export function rowsHtml(rows: Record<string, unknown>[], columns: EffectiveColumn[], commandForm?: string, timeZone?: string | null) {
  const numClass = escapeHtml(css.num ?? "");
  const selClass = escapeHtml(css.sel ?? "");
  const radio = commandForm
    ? `<td class="${selClass}"><input type="radio" name="sel" form="${escapeHtml(commandForm)}" aria-label="${escapeHtml(t.grid.selectRow)}" value="`
    : "";
  let html = "";
  for (const r of rows) {
    const id = escapeHtml(String(r.id));
    html += `<tr data-id="${id}">`;
    if (radio) html += `${radio}${id}"></td>`;
    for (const c of columns) {
      const text = escapeHtml(cellText(c, r[c.field], timeZone));
      const cls = NUMERIC.has(c.kind ?? "") ? ` class="${numClass}"` : "";
      const title = text.length > 12 ? ` title="${text}"` : "";
      html += `<td${cls}${title}>${text}</td>`;
    }
    html += "</tr>";
  }
  return html;
}
/** Params a dialog or command adds; a page link drops them. */
const TRANSIENT = { edit: null, confirmDelete: null, dialog: null, notice: null, do: null, sel: null } as const;

interface DataGridProps {
  gridId: string;
  columns: EffectiveColumn[];
  rows: Record<string, unknown>[];
  total: number;
  /** The total is a lower bound: the list counted only up to it (共 10000+ 条). */
  totalCapped?: boolean;
  query: GridQuery;
  search: string;
  /** The toolbar's GET form id: row radios belong to it. */
  commandForm?: string;
  /** Url opened by double-click or Enter on a row. */
  openHref?: (id: number) => string;
  /** Saves settings after a resize or move (JavaScript only). */
  saveAction?: string;
  caption?: ReactNode;
}

export function DataGrid({ gridId, columns, rows, total, totalCapped, query, search, commandForm, openHref, saveAction, caption }: DataGridProps) {
  const timeZone = useTimeZone();
  const visible = columns.filter((c) => !c.hide);
  const pages = Math.max(1, Math.ceil(total / query.size));
  const loading = useNavigation().state === "loading";
  const [widths, setWidths] = useState<Record<string, number | null>>({});
  const [order, setOrder] = useState<string[] | null>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const navigate = useNavigate();
  const fetcher = useFetcher();

  // The server's columns win after every load (the user's saved settings).
  useEffect(() => {
    setWidths({});
    setOrder(null);
  }, [columns]);

  const ordered = order ? (order.map((f) => visible.find((c) => c.field === f)).filter(Boolean) as EffectiveColumn[]) : visible;
  const widthOf = (c: EffectiveColumn) => (c.field in widths ? widths[c.field] : c.px);

  function persist(nextOrder: string[], nextWidths: Record<string, number | null>) {
    if (!saveAction) return;
    const all = [...nextOrder.map((f) => columns.find((c) => c.field === f)!), ...columns.filter((c) => !nextOrder.includes(c.field))];
    // Without a page size: the server keeps the saved one (a size in the URL is not a choice to save).
    const settings = toSettings(all.map((c) => ({ ...c, px: c.field in nextWidths ? nextWidths[c.field]! : c.px })));
    fetcher.submit({ intent: "saveColumns", quiet: "1", settings: JSON.stringify(settings) }, { method: "post", action: saveAction });
  }

  function startResize(e: React.PointerEvent, col: EffectiveColumn) {
    e.preventDefault();
    e.stopPropagation();
    const th = (e.target as HTMLElement).parentElement!;
    const startX = e.clientX;
    const startW = th.getBoundingClientRect().width;
    let w = startW;
    const move = (ev: PointerEvent) => {
      w = Math.max(40, Math.round(startW + ev.clientX - startX));
      th.style.width = `${w}px`;
      const colEl = tableRef.current?.querySelector<HTMLElement>(`col[data-field="${col.field}"]`);
      if (colEl) colEl.style.width = `${w}px`;
    };
    const up = () => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      const next = { ...widths, [col.field]: w };
      setWidths(next);
      persist(
        ordered.map((c) => c.field),
        next,
      );
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
  }

  function drop(target: string, source: string) {
    if (!source || source === target) return;
    const fields = ordered.map((c) => c.field).filter((f) => f !== source);
    fields.splice(fields.indexOf(target), 0, source);
    setOrder(fields);
    persist(fields, widths);
  }

  function select(tr: HTMLTableRowElement | null | undefined) {
    if (!tr) return;
    tableRef.current?.querySelectorAll("tr.selected").forEach((r) => r.classList.remove(css.selected!, "selected"));
    tr.classList.add(css.selected!, "selected");
    const radio = tr.querySelector<HTMLInputElement>("input[type=radio]");
    if (radio) radio.checked = true;
    tr.scrollIntoView({ block: "nearest" });
  }

  function open(tr: HTMLTableRowElement | null | undefined) {
    const id = Number(tr?.dataset.id);
    if (openHref && id) navigate(openHref(id));
  }

  function onKeyDown(e: React.KeyboardEvent<HTMLTableElement>) {
    const rowsEl = [...(tableRef.current?.tBodies[0]?.rows ?? [])].filter((r) => r.dataset.id);
    if (!rowsEl.length) return;
    const current = rowsEl.findIndex((r) => r.classList.contains("selected"));
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      const next = current < 0 ? 0 : Math.min(rowsEl.length - 1, Math.max(0, current + (e.key === "ArrowDown" ? 1 : -1)));
      select(rowsEl[next]);
    } else if (e.key === "Enter" && current >= 0) {
      e.preventDefault();
      open(rowsEl[current]);
    }
  }

  const sortHref = (field: string) =>
    hrefWith(search, { ...TRANSIENT, page: null, sort: `${field}.${query.sort.field === field && query.sort.dir === "asc" ? "desc" : "asc"}` });

  return (
    <div className={css.card} data-grid={gridId}>
      {caption}
      <div className={css.scroll}>
        <table
          ref={tableRef}
          className={css.table}
          tabIndex={0}
          aria-label={t.grid.table}
          aria-busy={loading}
          onKeyDown={onKeyDown}
          onClick={(e) => {
            const tr = (e.target as HTMLElement).closest<HTMLTableRowElement>("tbody tr");
            if (tr?.dataset.id) select(tr);
          }}
          onDoubleClick={(e) => open((e.target as HTMLElement).closest<HTMLTableRowElement>("tbody tr"))}
        >
          <colgroup>
            {commandForm ? <col style={{ width: 36 }} /> : null}
            {ordered.map((c) => {
              const w = widthOf(c);
              return <col key={c.field} data-field={c.field} style={w ? { width: w } : { width: 140 }} />;
            })}
            {/* A column without cells takes the room the columns leave, so each keeps the width it was given. */}
            <col />
          </colgroup>
          <thead>
            <tr>
              {commandForm ? (
                <th className={css.sel}>
                  <span className="visually-hidden">{t.grid.select}</span>
                </th>
              ) : null}
              {ordered.map((c) => (
                <th
                  key={c.field}
                  className={`${css.th} ${NUMERIC.has(c.kind ?? "") ? css.num : ""}`}
                  data-field={c.field}
                  draggable={!!saveAction}
                  onDragStart={(e) => e.dataTransfer.setData("text/x-grid-column", c.field)}
                  onDragOver={(e) => e.preventDefault()}
                  onDrop={(e) => drop(c.field, e.dataTransfer.getData("text/x-grid-column"))}
                  aria-sort={query.sort.field === c.sort ? (query.sort.dir === "asc" ? "ascending" : "descending") : undefined}
                >
                  {c.sort ? (
                    <Link to={sortHref(c.sort)} prefetch="none" preventScrollReset title={t.grid.sortBy(c.header)}>
                      {c.header}
                      {query.sort.field === c.sort ? <span className={css.sortMark}>{query.sort.dir === "asc" ? "▲" : "▼"}</span> : null}
                    </Link>
                  ) : (
                    c.header
                  )}
                  {saveAction ? <span className={css.resize} onPointerDown={(e) => startResize(e, c)} aria-hidden /> : null}
                </th>
              ))}
            </tr>
          </thead>
          {/* Rows as one HTML string: a 50-row page is ~1,000 cells, which React would build as elements one by one. */}
          <tbody dangerouslySetInnerHTML={{ __html: rowsHtml(rows, ordered, commandForm, timeZone) }} />
        </table>
        {rows.length === 0 ? (
          <div className={css.empty} data-testid="grid-empty">
            {loading ? (
              t.grid.loading
            ) : (
              <>
                <div className={css.emptyBox}>{t.grid.emptyBox}</div>
                <div className={css.muted} style={{ marginTop: 8 }}>
                  {t.grid.noData}
                </div>
              </>
            )}
          </div>
        ) : null}
      </div>
      <GridFooter
        total={total}
        totalCapped={totalCapped}
        pages={pages}
        query={query}
        search={search}
        onPickSize={
          saveAction ? (size) => fetcher.submit({ intent: "savePageSize", quiet: "1", size: String(size) }, { method: "post", action: saveAction }) : undefined
        }
      />
    </div>
  );
}

/**
 * The pager. Page size is a GET form (the URL is the state, a bookmark keeps it, nothing is
 * saved); with JavaScript, picking a size is also saved for the grid by an explicit POST
 * (`onPickSize`). Without JavaScript the custom-columns dialog saves it.
 */
function GridFooter({
  total,
  totalCapped,
  pages,
  query,
  search,
  onPickSize,
}: {
  total: number;
  totalCapped?: boolean;
  pages: number;
  query: GridQuery;
  search: string;
  onPickSize?: (size: number) => void;
}) {
  const page = Math.min(query.page, Math.max(pages, query.page));
  const link = (p: number) => hrefWith(search, { ...TRANSIENT, page: p === 1 ? null : p });
  const [jump, setJump] = useState(String(page));
  useEffect(() => setJump(String(page)), [page]);
  return (
    <div className={css.footer} data-testid="grid-footer">
      <span data-testid="grid-total">{totalCapped ? t.grid.totalCapped(total) : t.grid.total(total)}</span>
      <Form method="get" preventScrollReset>
        <HiddenParams search={search} except={["size", "page", "edit", "confirmDelete", "dialog", "notice"]} />
        <label>
          <select
            name="size"
            defaultValue={query.size}
            key={query.size}
            onChange={(e) => {
              onPickSize?.(Number(e.currentTarget.value));
              e.currentTarget.form?.requestSubmit();
            }}
            aria-label={t.grid.pageSize}
          >
            <PageSizeOptions />
          </select>
        </label>
        <noscript>
          <button type="submit" className={css.btn}>
            {t.grid.apply}
          </button>
        </noscript>
      </Form>
      <nav className={css.pages} aria-label={t.grid.pages}>
        {page > 1 ? (
          <Link to={link(page - 1)} prefetch="none" preventScrollReset rel="prev" aria-label={t.grid.prev}>
            ‹
          </Link>
        ) : (
          <span className={css.disabled}>‹</span>
        )}
        {pageWindow(page, pages).map((p) =>
          p === page ? (
            <span key={p} className={css.current} aria-current="page">
              {p}
            </span>
          ) : (
            <Link key={p} to={link(p)} prefetch="none" preventScrollReset>
              {p}
            </Link>
          ),
        )}
        {page < pages ? (
          <Link to={link(page + 1)} prefetch="none" preventScrollReset rel="next" aria-label={t.grid.next}>
            ›
          </Link>
        ) : (
          <span className={css.disabled}>›</span>
        )}
      </nav>
      <Form
        method="get"
        preventScrollReset
        onSubmit={(e) => {
          // Spec 000 §5: a page above the page count or ≤ 0 is ignored and reset to the current page.
          const n = Number(jump);
          if (!Number.isInteger(n) || n < 1 || n > pages) {
            e.preventDefault();
            setJump(String(page));
          }
        }}
      >
        <HiddenParams search={search} except={["page", "edit", "confirmDelete", "dialog", "notice"]} />
        <label>
          {t.grid.goTo}
          <input name="page" inputMode="numeric" value={jump} onChange={(e) => setJump(e.target.value)} aria-label={t.grid.goToPage} />
          {t.grid.pageUnit}
        </label>
        <button type="submit" className={css.btn}>
          {t.grid.go}
        </button>
      </Form>
      <span className={css.muted}>{t.grid.pageOf(page, pages)}</span>
    </div>
  );
}

/** The page sizes of spec 000 §5 as options: the pager's select and the custom-columns dialog's. */
export function PageSizeOptions() {
  return (
    <>
      {PAGE_SIZES.map((s) => (
        <option key={s} value={s}>
          {t.grid.perPage(s)}
        </option>
      ))}
    </>
  );
}
