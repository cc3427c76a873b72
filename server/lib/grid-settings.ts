/**
 * Grid columns and the per-user grid settings of spec 000 §3 ("Grid settings per grid id:
 * autoFit, columnDefs (field, headerName, hide, width), perPageNum", stored under the user
 * setting summaryDefs). Client-safe: the server applies saved settings when it renders the
 * page, the browser when a column is resized or moved.
 */
import { formatDateTimeText } from "./date-time-text";
import { formatCostText, formatMoneyText, formatQtyText } from "./decimal-text";

/** `cost`: a unit cost with its 4 decimals (1,234.5678), the moving average's precision. */
export type CellKind = "text" | "money" | "cost" | "number" | "bool" | "date" | "datetime" | "enum";

export interface GridColumn {
  field: string;
  header: string;
  /** Default width in px; undefined lets the browser size it (auto width). */
  width?: number;
  kind?: CellKind;
  /** Code → label for enum columns. */
  labels?: readonly (readonly [number | string, string])[];
  /** The list's sort key for this column, when it can be sorted. */
  sort?: string;
  /** Hidden by default (shown through the custom-columns dialog). */
  hidden?: boolean;
  /** Labels for a boolean column, [true, false]. */
  yesNo?: readonly [string, string];
}

export interface ColumnDef {
  field: string;
  headerName: string;
  hide: boolean;
  width: number | null;
}

export interface GridSettings {
  autoFit: boolean;
  columnDefs: ColumnDef[];
  perPageNum?: number;
}

export interface EffectiveColumn extends GridColumn {
  hide: boolean;
  /** Width in px, or null for auto width. */
  px: number | null;
}

export const MIN_COLUMN_WIDTH = 40;
export const MAX_COLUMN_WIDTH = 1000;

/** The grid's columns in the user's order, visibility and widths; unknown saved fields are dropped, new columns appended. */
export function applyGridSettings(columns: readonly GridColumn[], saved: GridSettings | null | undefined): EffectiveColumn[] {
  const byField = new Map(columns.map((c) => [c.field, c]));
  const out: EffectiveColumn[] = [];
  const seen = new Set<string>();
  for (const d of saved?.columnDefs ?? []) {
    const c = byField.get(d.field);
    if (!c || seen.has(d.field)) continue;
    seen.add(d.field);
    out.push({ ...c, hide: !!d.hide, px: d.width === null ? null : clampWidth(d.width) });
  }
  for (const c of columns) if (!seen.has(c.field)) out.push({ ...c, hide: !!c.hidden, px: c.width ?? null });
  return out;
}

export function clampWidth(w: unknown): number | null {
  const n = Number(w);
  if (!Number.isFinite(n) || n <= 0) return null;
  return Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, Math.round(n)));
}

export function toSettings(columns: readonly EffectiveColumn[], perPageNum?: number): GridSettings {
  return {
    autoFit: columns.every((c) => c.px === null),
    columnDefs: columns.map((c) => ({ field: c.field, headerName: c.header, hide: c.hide, width: c.px })),
    ...(perPageNum ? { perPageNum } : {}),
  };
}

/** A timestamp as the grid shows it (China time, to the minute); `empty` when there is none. */
export const dateTimeText = (value: unknown, empty = "", timeZone?: string | null): string =>
  value ? cellText({ field: "t", header: "", kind: "datetime" }, value, timeZone) : empty;

/** Cell text as the grid and print show it: money as ￥1,234.50, codes as labels. */
export function cellText(col: GridColumn, value: unknown, timeZone?: string | null): string {
  if (value === null || value === undefined || value === "") return "";
  switch (col.kind) {
    case "money": {
      // numeric arrives as a string: format the exact decimal (￥1,234.50), never through a float.
      return formatMoneyText(value) ?? String(value);
    }
    case "cost":
      return formatCostText(value) ?? String(value);
    case "number":
      return formatQtyText(value) ?? String(value);
    case "bool":
      return value ? (col.yesNo?.[0] ?? "是") : (col.yesNo?.[1] ?? "否");
    case "enum":
      return col.labels?.find(([k]) => k === value)?.[1] ?? String(value);
    case "date":
      return String(value).slice(0, 10);
    case "datetime":
      // The company's time zone (Asia/Shanghai when not given), on server and browser alike.
      return formatDateTimeText(value, timeZone) ?? String(value);
    default:
      return String(value);
  }
}
