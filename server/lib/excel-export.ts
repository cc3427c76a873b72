import { PassThrough, Readable } from "node:stream";
import ExcelJS from "exceljs";
import * as z from "zod";

/** Spec 000 §7 export payload column: displayName, fieldName, width (default 4000), hide, exportable. */
const ColumnSchema = z.object({
  displayName: z.string().max(100).default(""),
  fieldName: z.string().regex(/^[A-Za-z][A-Za-z0-9_.]*$/, "导出列不正确").max(100),
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
 * Streams an .xlsx: header row, then each row as it comes, committed at once so memory stays
 * flat whatever the row count. No shared strings, no styles (the fast path of exceljs).
 */
export function streamXlsx(opts: {
  sheetName: string;
  columns: { displayName: string; fieldName: string; width?: number }[];
  rows: AsyncIterable<Record<string, unknown>>;
}): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(opts.sheetName.replace(/[\\/?*[\]:]/g, " ").slice(0, 31) || "Sheet1");
  sheet.columns = opts.columns.map((c) => ({ header: c.displayName || c.fieldName, key: c.fieldName, width: Math.max(4, Math.round((c.width ?? DEFAULT_WIDTH) / 256)) }));
  (async () => {
    for await (const row of opts.rows) {
      sheet.addRow(opts.columns.map((c) => cellValue(row[c.fieldName]))).commit();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((e) => out.destroy(e as Error));
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}

/** attachment; filename (ASCII fallback) and filename* (UTF-8) for Chinese names. */
export function xlsxDisposition(name: string) {
  const clean = (name.replace(/\.xlsx$/i, "").replace(/[\u0000-\u001f"\\/:*?<>|]/g, "").trim() || "export") + ".xlsx";
  return `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(clean)}`;
}
