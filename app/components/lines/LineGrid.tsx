import { useMantineReactTable, type MRT_ColumnDef, type MRT_TableInstance } from "mantine-react-table";
import { MRT_Localization_ZH_HANS } from "mantine-react-table/locales/zh-Hans/index.esm.mjs";
import { createContext, memo, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { readNumberInput, ROUNDED_HINT } from "#server/lib/number-text";
import { amountOf, belowCostOf, formatTotal, infoText, shownLines, totalsOf, withDefaults } from "./line-view";
import {
  columnKey,
  isEditable,
  lineName,
  selectOptionsOf,
  PRODUCT_FIELDS,
  productLabel,
  type EditorLine,
  type LineColumn,
  type LineProduct,
} from "./line-types";
import type { LineEditorProps } from "./line-types";
import { ProductPicker } from "./ProductPicker";
import css from "./lines.module.css";

/**
 * The line editor with JavaScript: a grid driven by mantine-react-table's table instance
 * (useMantineReactTable: the columns, their sizes and resizing, the row model), drawn as the
 * same light <table> as the plain form rather than through <MantineReactTable>, whose toolbars,
 * filters and menus (with @mantine/dates and dayjs) a line editor never shows: that halves the
 * chunk and the work of each keystroke on a slow PC. This module is a lazy chunk, fetched only
 * by pages that render a LineEditor. Rows are memoized on their line: typing in one line or
 * adding a line renders that line only. The lines live in React state and are
 * written as the same hidden inputs the plain form posts (lines[i].field), so the page's
 * action cannot tell the two apart. Keyboard-first: Enter → next cell, at the end of the last
 * line a new line; ArrowUp/ArrowDown → same cell of the line above/below; Ctrl+Enter → the
 * page's submit button; Esc → leaves the product picker.
 */
interface GridLine extends EditorLine {
  key: string;
  /** Messages of number cells typed in the grid (not a number). */
  notes?: Record<string, string>;
}

interface GridApi {
  prefix: string;
  errors: Record<string, string[]>;
  editable: LineColumn[];
  setValue: (row: number, field: string, value: string) => void;
  setNote: (row: number, field: string, note: string | null) => void;
  pick: (row: number, product: LineProduct) => void;
  remove: (row: number) => void;
  params: () => { partnerId?: string; warehouseId?: string; side?: "sale" | "purchase" };
}

const Api = createContext<GridApi | null>(null);
const useApi = () => useContext(Api)!;

let keySeq = 0;
const newKey = () => `l${++keySeq}`;

/** The lines as the plain table shows them (defaults of picked products in blank cells), keyed. */
function toGridLines(lines: readonly EditorLine[], blank: Record<string, string>, columns: readonly LineColumn[]): GridLine[] {
  return shownLines(lines, columns, blank).map((l) => ({ ...l, key: newKey() }));
}

/** Data attributes of a cell's input: keyboard navigation finds cells by them. */
const cellAttrs = (row: number, col: string) => ({ "data-line-row": row, "data-line-col": col });

function NumberCell({ row, line, column }: { row: number; line: GridLine; column: Extract<LineColumn, { kind: "number" }> }) {
  const api = useApi();
  const value = line.values[column.name] ?? "";
  const note = line.notes?.[column.name];
  const serverError = api.errors[lineName(api.prefix, row, column.name)]?.[0];
  const error = note && note !== ROUNDED_HINT ? note : serverError;
  const warning = belowCostOf(line.values, line.product, column);
  return (
    <div>
      <input
        {...cellAttrs(row, column.name)}
        className={`${css.input} ${css.numInput} ${error ? css.invalid : ""}`}
        value={value}
        inputMode="decimal"
        autoComplete="off"
        maxLength={30}
        aria-label={`第${row + 1}行 ${column.label}`}
        aria-invalid={error ? true : undefined}
        onChange={(e) => {
          api.setValue(row, column.name, e.currentTarget.value);
          api.setNote(row, column.name, null);
        }}
        onBlur={(e) => {
          const r = readNumberInput(e.currentTarget.value, "decimal");
          if (!r.ok) api.setNote(row, column.name, r.message);
          else {
            if (r.text !== e.currentTarget.value) api.setValue(row, column.name, r.text);
            api.setNote(row, column.name, r.rounded ? ROUNDED_HINT : null);
          }
        }}
      />
      {error ? <div className={css.error}>{error}</div> : note === ROUNDED_HINT ? <div className={css.hint}>{note}</div> : null}
      {warning ? (
        <div className={css.warning} data-warning="belowCost">
          {warning}
        </div>
      ) : null}
    </div>
  );
}

function ProductCell({ row, line, label }: { row: number; line: GridLine; label: string }) {
  const api = useApi();
  const error = line.error ?? api.errors[lineName(api.prefix, row, PRODUCT_FIELDS.id)]?.[0] ?? api.errors[`${api.prefix}[${row}]`]?.[0];
  return (
    <div>
      <ProductPicker
        text={line.values[PRODUCT_FIELDS.text] ?? ""}
        picked={line.values[PRODUCT_FIELDS.picked] ?? ""}
        label={`第${row + 1}行 ${label}`}
        invalid={!!error}
        params={api.params}
        onText={(t) => api.setValue(row, PRODUCT_FIELDS.text, t)}
        onPick={(p) => api.pick(row, p)}
        inputProps={cellAttrs(row, PRODUCT_FIELDS.text)}
      />
      {error ? <div className={css.error}>{error}</div> : null}
    </div>
  );
}

function SelectCell({ row, line, column }: { row: number; line: GridLine; column: Extract<LineColumn, { kind: "select" }> }) {
  const api = useApi();
  const error = api.errors[lineName(api.prefix, row, column.name)]?.[0];
  return (
    <div>
      <select
        {...cellAttrs(row, column.name)}
        className={`${css.select} ${error ? css.invalid : ""}`}
        value={line.values[column.name] ?? ""}
        aria-label={`第${row + 1}行 ${column.label}`}
        onChange={(e) => api.setValue(row, column.name, e.currentTarget.value)}
      >
        <option value="">{column.placeholder ?? "请选择"}</option>
        {selectOptionsOf(column, line.values).map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error ? <div className={css.error}>{error}</div> : null}
    </div>
  );
}

function TextCell({ row, line, column }: { row: number; line: GridLine; column: Extract<LineColumn, { kind: "text" }> }) {
  const api = useApi();
  const error = api.errors[lineName(api.prefix, row, column.name)]?.[0];
  return (
    <div>
      <input
        {...cellAttrs(row, column.name)}
        className={`${css.input} ${error ? css.invalid : ""}`}
        value={line.values[column.name] ?? ""}
        maxLength={column.maxLength ?? 200}
        autoComplete="off"
        aria-label={`第${row + 1}行 ${column.label}`}
        onChange={(e) => api.setValue(row, column.name, e.currentTarget.value)}
      />
      {error ? <div className={css.error}>{error}</div> : null}
    </div>
  );
}

function RemoveCell({ row }: { row: number }) {
  const api = useApi();
  return (
    <button type="button" className={`${css.btn} ${css.small}`} aria-label={`删除第${row + 1}行`} onClick={() => api.remove(row)} tabIndex={-1}>
      删除
    </button>
  );
}

export default function LineGrid(props: LineEditorProps) {
  const { columns, errors = {}, submitIntent } = props;
  const prefix = props.prefix ?? "lines";
  const blank = props.blankLine ?? {};
  const [lines, setLines] = useState<GridLine[]>(() => toGridLines(props.lines, blank, columns));
  const wrap = useRef<HTMLDivElement>(null);
  /** A cell to focus once the next render is on screen (after adding a line or picking a product). */
  const focusNext = useRef<{ row: number; col: string } | null>(null);

  // A new answer from the action (errors, settled products) replaces what the grid holds.
  const firstProps = useRef(true);
  useEffect(() => {
    if (firstProps.current) {
      firstProps.current = false;
      return;
    }
    setLines(toGridLines(props.lines, blank, columns));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.lines]);

  const editable = useMemo(() => columns.filter(isEditable), [columns]);
  const editableKeys = useMemo(() => editable.map(columnKey), [editable]);

  const focusCell = useCallback((row: number, col: string) => {
    const el = wrap.current?.querySelector<HTMLInputElement | HTMLSelectElement>(`[data-line-row="${row}"][data-line-col="${col}"]`);
    if (!el) return false;
    el.focus();
    if (el instanceof HTMLInputElement) el.select();
    return true;
  }, []);

  useLayoutEffect(() => {
    const f = focusNext.current;
    if (f && focusCell(f.row, f.col)) focusNext.current = null;
  });

  const formField = useCallback((name?: string) => {
    if (!name) return undefined;
    const form = wrap.current?.closest("form");
    const el = form?.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;
    return el && "value" in el ? el.value || undefined : undefined;
  }, []);

  const api = useMemo<GridApi>(
    () => ({
      prefix,
      errors,
      editable,
      setValue: (row, field, value) => setLines((ls) => ls.map((l, i) => (i === row ? { ...l, values: { ...l.values, [field]: value } } : l))),
      setNote: (row, field, note) =>
        setLines((ls) =>
          ls.map((l, i) => {
            if (i !== row) return l;
            const notes = { ...(l.notes ?? {}) };
            if (note) notes[field] = note;
            else delete notes[field];
            return { ...l, notes };
          }),
        ),
      pick: (row, product) => {
        setLines((ls) =>
          ls.map((l, i) => {
            if (i !== row) return l;
            const label = productLabel(product);
            const values = withDefaults(
              { ...l.values, [PRODUCT_FIELDS.id]: String(product.productId), [PRODUCT_FIELDS.text]: label, [PRODUCT_FIELDS.picked]: label },
              product,
              columns,
            );
            return { ...l, values, product, choices: [], error: null };
          }),
        );
        const next = editableKeys[editableKeys.indexOf(PRODUCT_FIELDS.text) + 1];
        focusNext.current = next ? { row, col: next } : { row: row + 1, col: editableKeys[0]! };
      },
      remove: (row) => {
        setLines((ls) => {
          const rest = ls.filter((_, i) => i !== row);
          return rest.length ? rest : toGridLines([], blank, columns);
        });
        focusNext.current = { row: Math.max(0, row - 1), col: editableKeys[0]! };
      },
      params: () => ({ partnerId: formField(props.partnerField), warehouseId: formField(props.warehouseField), side: props.pickerSide }),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [prefix, errors, editable, editableKeys, columns, props.partnerField, props.warehouseField, props.pickerSide],
  );

  const addLine = useCallback(() => {
    setLines((ls) => [...ls, { values: { ...blank }, key: newKey() }]);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function submitForm() {
    const form = wrap.current?.closest("form");
    if (!form) return;
    const buttons = [...form.querySelectorAll<HTMLButtonElement>('button[type="submit"], button:not([type])')].filter((b) => !wrap.current!.contains(b));
    const button = (submitIntent && buttons.find((b) => b.name === "intent" && b.value === submitIntent)) || buttons[buttons.length - 1];
    form.requestSubmit(button);
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    // A page that handles Ctrl+Enter itself (on its form) has already prevented the default.
    if (e.nativeEvent.isComposing || e.defaultPrevented) return;
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      submitForm();
      return;
    }
    const target = e.target as HTMLElement;
    const rowAttr = target.getAttribute("data-line-row");
    const col = target.getAttribute("data-line-col");
    if (rowAttr === null || col === null || e.defaultPrevented || e.altKey || e.shiftKey) return;
    const row = Number(rowAttr);
    const at = editableKeys.indexOf(col);
    if (e.key === "Enter") {
      e.preventDefault();
      if (at < editableKeys.length - 1) focusCell(row, editableKeys[at + 1]!);
      else if (row < lines.length - 1) focusCell(row + 1, editableKeys[0]!);
      else {
        addLine();
        focusNext.current = { row: row + 1, col: editableKeys[0]! };
      }
    } else if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      const to = e.key === "ArrowDown" ? row + 1 : row - 1;
      if (to < 0 || to >= lines.length) return;
      e.preventDefault();
      focusCell(to, col);
    }
  }

  const totals = totalsOf(lines, columns);

  const tableColumns = useMemo<MRT_ColumnDef<GridLine>[]>(() => {
    const defs: MRT_ColumnDef<GridLine>[] = [
      {
        id: "no",
        header: "序号",
        size: 44,
        enableResizing: false,
        Cell: ({ row }) => row.index + 1,
        Footer: () => (Object.keys(totals).length ? "合计" : null),
      },
    ];
    for (const c of columns) {
      const id = columnKey(c);
      const base = {
        id,
        header: c.kind === "product" ? (c.label ?? "产品") : c.label,
        size: c.width ?? (c.kind === "product" ? 300 : c.kind === "info" ? 110 : c.kind === "select" ? 160 : 110),
      };
      switch (c.kind) {
        case "product":
          defs.push({ ...base, Cell: ({ row }) => <ProductCell row={row.index} line={row.original} label={base.header} /> });
          break;
        case "number":
          defs.push({
            ...base,
            Cell: ({ row }) => <NumberCell row={row.index} line={row.original} column={c} />,
            Footer: ({ table }) => <TotalCell column={c} table={table} />,
          });
          break;
        case "amount":
          defs.push({
            ...base,
            mantineTableBodyCellProps: { className: css.num },
            Cell: ({ row }) => {
              const a = amountOf(row.original.values, c);
              return <span data-amount={row.index}>{a === null ? "" : formatTotal(c, a)}</span>;
            },
            Footer: ({ table }) => <TotalCell column={c} table={table} />,
          });
          break;
        case "select":
          defs.push({ ...base, Cell: ({ row }) => <SelectCell row={row.index} line={row.original} column={c} /> });
          break;
        case "text":
          defs.push({ ...base, Cell: ({ row }) => <TextCell row={row.index} line={row.original} column={c} /> });
          break;
        case "info":
          defs.push({ ...base, Cell: ({ row }) => <span data-info={c.field}>{infoText(row.original.product, c)}</span> });
          break;
      }
    }
    defs.push({ id: "actions", header: "操作", size: 56, enableResizing: false, Cell: ({ row }) => <RemoveCell row={row.index} /> });
    return defs;
    // Totals are read from the table's data in TotalCell; the definitions depend on the columns only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [columns]);

  const table = useMantineReactTable({
    columns: tableColumns,
    data: lines,
    getRowId: (l) => l.key,
    localization: MRT_Localization_ZH_HANS,
    enablePagination: false,
    enableSorting: false,
    enableColumnActions: false,
    enableColumnFilters: false,
    enableGlobalFilter: false,
    enableHiding: false,
    enableColumnResizing: true,
    columnResizeMode: "onChange",
  });
  // No display columns are enabled, so the leaf columns are tableColumns in their order.
  const leafColumns = table.getVisibleLeafColumns().filter((c) => !c.id.startsWith("mrt-"));

  return (
    <Api.Provider value={api}>
      <div className={css.wrap} ref={wrap} onKeyDown={onKeyDown} data-line-editor={prefix} data-line-mode="grid">
        <div className={css.scroll}>
          {/* As wide as the columns shown: the table's total size also counts display columns that are off. */}
          <table
            className={`${css.table} ${css.grid}`}
            style={{ width: leafColumns.reduce((w, c) => w + c.getSize(), 0) }}
            aria-label={props.caption ?? "明细"}
          >
            <colgroup>
              {leafColumns.map((c) => (
                <col key={c.id} style={{ width: c.getSize() }} />
              ))}
            </colgroup>
            <thead>
              <tr>
                {table
                  .getFlatHeaders()
                  .filter((h) => !h.column.id.startsWith("mrt-"))
                  .map((h) => (
                    <th key={h.id} scope="col" className={h.column.columnDef.mantineTableBodyCellProps ? css.num : undefined}>
                      {String(h.column.columnDef.header ?? "")}
                      {h.column.getCanResize() ? (
                        <span
                          className={`${css.resizer} ${h.column.getIsResizing() ? css.resizing : ""}`}
                          onMouseDown={h.getResizeHandler()}
                          onTouchStart={h.getResizeHandler()}
                          onDoubleClick={() => h.column.resetSize()}
                          aria-hidden="true"
                        />
                      ) : null}
                    </th>
                  ))}
              </tr>
            </thead>
            <tbody>
              {table.getRowModel().rows.map((row) => (
                <GridRow key={row.id} line={row.original} index={row.index} columns={tableColumns} table={table} />
              ))}
            </tbody>
            {Object.keys(totals).length ? (
              <tfoot>
                <tr>
                  {tableColumns.map((c) => (
                    <td key={c.id ?? ""} className={c.mantineTableBodyCellProps ? css.num : undefined}>
                      {renderPart(c.Footer, { table })}
                    </td>
                  ))}
                </tr>
              </tfoot>
            ) : null}
          </table>
        </div>
        <div className={css.actions}>
          <button
            type="button"
            className={css.btn}
            onClick={() => {
              addLine();
              focusNext.current = { row: lines.length, col: editableKeys[0]! };
            }}
          >
            添加行
          </button>
          <span className={css.keys}>Enter 下一格 · ↑↓ 换行 · Ctrl+Enter 提交 · Esc 关闭产品列表</span>
        </div>
        <div hidden>
          {lines.map((l, i) =>
            Object.entries(l.values).map(([field, value]) => <input key={`${l.key}:${field}`} type="hidden" name={lineName(prefix, i, field)} value={value} />),
          )}
        </div>
      </div>
    </Api.Provider>
  );
}

/** A column definition's Cell or Footer, called with the props this grid's definitions read. */
function renderPart(part: unknown, props: Record<string, unknown>): ReactNode {
  if (typeof part === "function") return (part as (p: Record<string, unknown>) => ReactNode)(props);
  return (part as ReactNode) ?? null;
}

/**
 * One line of the grid. Memoized on the line object, its index and the column definitions
 * (widths live on the <col>s): the grid's state updates replace only the line that changed,
 * so a keystroke or a new line renders one row, not the whole table.
 */
const GridRow = memo(
  function GridRow({ line, index, columns, table }: { line: GridLine; index: number; columns: MRT_ColumnDef<GridLine>[]; table: MRT_TableInstance<GridLine> }) {
    const row = { index, original: line };
    return (
      <tr className={css.row} data-line-index={index}>
        {columns.map((c) => (
          <td key={c.id ?? ""} className={c.mantineTableBodyCellProps ? css.num : c.id === "no" ? css.no : undefined}>
            {renderPart(c.Cell, { row, table })}
          </td>
        ))}
      </tr>
    );
  },
  (a, b) => a.line === b.line && a.index === b.index && a.columns === b.columns,
);

function TotalCell({ column, table }: { column: LineColumn; table: { options: { data: GridLine[] } } }) {
  const totals = totalsOf(table.options.data, [column]);
  const v = totals[columnKey(column)];
  return v === undefined ? null : <span data-total={columnKey(column)}>{formatTotal(column, v)}</span>;
}
