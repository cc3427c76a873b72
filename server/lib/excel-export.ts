import { PassThrough, Readable } from "node:stream";
import ExcelJS from "exceljs";
import * as z from "zod";
import { tryDecimal } from "./decimal";

/** Spec 000 §7 export payload column: displayName, fieldName, width (default 4000), hide, exportable. */
const ColumnSchema = z.object({
  displayName: z.string().max(100).default(""),
  fieldName: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_.]*$/, "导出列不正确")
    .max(100),
  width: z.coerce.number().min(0).max(65280).optional(),
  hide: z.boolean().optional(),
  exportable: z.boolean().optional(),
});

export const ExportRequestSchema = z.object({
  sheetName: z.string().max(100).optional(),
  outPutFileName: z.string().max(100).optional(),
  filter: z.record(z.string(), z.unknown()).optional(),
  excelColumes: z.array(ColumnSchema).min(1, "请选择要导出的列").max(100),
});
export type ExportRequest = z.infer<typeof ExportRequestSchema>;

/** Export column width in the spec's units (1/256 of a character, as 4000 default) → Excel characters. */
const DEFAULT_WIDTH = 4000;

/** The export's filter object as URL search params, so the list parser reads it like a page URL. */
export function exportFilterParams(filter: Record<string, unknown> | undefined) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filter ?? {})) {
    if (v === null || v === undefined || typeof v === "object") continue;
    params.set(k, String(v));
  }
  return params;
}

function cellValue(v: unknown): string | number | boolean | Date | null {
  if (v === null || v === undefined) return null;
  if (typeof v === "number" || typeof v === "boolean" || v instanceof Date) return v;
  // Always a plain string cell: text such as "=1+1" or "@SUM(…)" stays literal text, never a formula.
  return String(v);
}

/**
 * How a column's values are written: `decimal` (money and other numeric columns, read as exact
 * decimal text) as number cells shown `#,##0.00`; `datetime` as the date and time in the
 * company's time zone ("2026-11-21 00:30:00"); anything else as it comes.
 */
export type ExportFormat = "decimal" | "datetime";
export const DECIMAL_NUMFMT = "#,##0.00";
/** The company time zone when it has none (or an unknown one): spec 000 is a China product. */
export const DEFAULT_TIME_ZONE = "Asia/Shanghai";

/**
 * A formatter of instants as "YYYY-MM-DD HH:mm:ss" in the time zone (Asia/Shanghai when
 * unknown). Intl is slow per call (~15 µs), so the zone's offset is asked once per quarter hour
 * of time (every offset change in the tz database falls on a quarter hour) and the text is
 * built from the shifted instant: 100,000 rows of one export mostly share a few offsets.
 */
export function dateTimeFormatter(timeZone: string | undefined): (v: unknown) => string | null {
  const options: Intl.DateTimeFormatOptions = {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  };
  let fmt: Intl.DateTimeFormat;
  try {
    fmt = new Intl.DateTimeFormat("en-US", { ...options, timeZone: timeZone || DEFAULT_TIME_ZONE });
  } catch {
    fmt = new Intl.DateTimeFormat("en-US", { ...options, timeZone: DEFAULT_TIME_ZONE });
  }
  const QUARTER = 15 * 60_000;
  const offsets = new Map<number, number>();
  const offsetAt = (ms: number) => {
    const bucket = Math.floor(ms / QUARTER);
    let offset = offsets.get(bucket);
    if (offset === undefined) {
      const at = bucket * QUARTER;
      const p: Record<string, number> = {};
      for (const part of fmt.formatToParts(at)) if (part.type !== "literal") p[part.type] = Number(part.value);
      offset = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour! % 24, p.minute!, p.second!) - at;
      if (offsets.size > 10_000) offsets.clear();
      offsets.set(bucket, offset);
    }
    return offset;
  };
  return (v) => {
    if (v === null || v === undefined || v === "") return null;
    const ms = (v instanceof Date ? v : new Date(String(v))).getTime();
    if (Number.isNaN(ms)) return String(v);
    const iso = new Date(ms + offsetAt(ms)).toISOString();
    return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
  };
}

// Shared style objects: exceljs remembers a style object it has seen (a WeakMap), so every cell
// of a kind costs a lookup, not a new style record.
const HEADER_STYLE = Object.freeze({ font: { bold: true } });
const DECIMAL_STYLE = Object.freeze({ numFmt: DECIMAL_NUMFMT });
const PLAIN_DECIMAL = /^-?\d{1,15}(\.\d{1,6})?$/;

/**
 * Streams an .xlsx: a bold header row frozen at the top, then each row as it comes, committed
 * at once so memory stays flat whatever the row count. No shared strings; the few styles are
 * shared objects (the header, decimals), so styling costs next to nothing per cell.
 */
export function streamXlsx(opts: {
  sheetName: string;
  columns: { displayName: string; fieldName: string; width?: number; format?: ExportFormat }[];
  rows: AsyncIterable<Record<string, unknown>>;
  /** IANA time zone of the company (setting TimeZone) for datetime columns. */
  timeZone?: string;
}): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(opts.sheetName.replace(/[\\/?*[\]:]/g, " ").slice(0, 31) || "Sheet1", {
    views: [{ state: "frozen", xSplit: 0, ySplit: 1, topLeftCell: "A2", activeCell: "A2" }],
  });
  sheet.columns = opts.columns.map((c) => ({
    header: c.displayName || c.fieldName,
    key: c.fieldName,
    width: Math.max(4, Math.round((c.width ?? DEFAULT_WIDTH) / 256)),
  }));
  const header = sheet.getRow(1);
  for (let i = 1; i <= opts.columns.length; i++) header.getCell(i).style = HEADER_STYLE as ExcelJS.Style;
  const dateTime = dateTimeFormatter(opts.timeZone);
  const writers = opts.columns.map((c): ((v: unknown) => string | number | boolean | Date | null) => {
    if (c.format === "decimal")
      return (v) => {
        // A spreadsheet number is a double: exact enough for the 14-digit, 2-decimal amounts
        // stored. Plain decimal text converts directly (nothing is computed here); anything else
        // goes through the decimal helper's parser.
        if (typeof v === "string" && PLAIN_DECIMAL.test(v)) return Number(v);
        const d = tryDecimal(v);
        return d ? d.toNumber() : cellValue(v);
      };
    if (c.format === "datetime") return dateTime;
    return cellValue;
  });
  // Only number columns carry a style; a plain cell needs none (setting one costs per cell).
  const styled = opts.columns.flatMap((c, i) => (c.format === "decimal" ? [i + 1] : []));
  (async () => {
    header.commit();
    for await (const row of opts.rows) {
      const r = sheet.addRow(opts.columns.map((c, i) => writers[i]!(row[c.fieldName])));
      for (const i of styled) r.getCell(i).style = DECIMAL_STYLE as ExcelJS.Style;
      r.commit();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((e) => out.destroy(e as Error));
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}

/** attachment; filename (ASCII fallback) and filename* (UTF-8) for Chinese names. */
export function xlsxDisposition(name: string) {
  const clean =
    (name
      .replace(/\.xlsx$/i, "")
      .replace(/[\u0000-\u001f"\\/:*?<>|]/g, "")
      .trim() || "export") + ".xlsx";
  return `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(clean)}`;
}
