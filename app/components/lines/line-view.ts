import { formatMoneyText, formatNumberText } from "#server/lib/decimal-text";
import { cellNumber, mulText, sumText } from "./line-math";
import { columnKey, type EditorLine, type LineColumn, type LineProduct } from "./line-types";

/** Shared by the plain table and the grid: what a cell shows and what the totals are. */

export function infoText(product: LineProduct | null | undefined, c: Extract<LineColumn, { kind: "info" }>): string {
  if (!product) return "";
  const v = product[c.field];
  if (v === null || v === undefined) return c.field === "lastPrice" || c.field === "avgCost" ? "—" : "";
  const format: NonNullable<typeof c.format> = c.format ?? (c.field === "available" ? "qty" : c.field === "lastPrice" || c.field === "priceSale" ? "money" : c.field === "avgCost" ? "cost" : "text");
  if (format === "money") return formatMoneyText(v) ?? String(v);
  if (format === "qty") return formatNumberText(v, 2) ?? String(v);
  if (format === "cost") return formatNumberText(v, 4) ?? String(v);
  return String(v);
}

export function amountOf(values: Record<string, string>, c: Extract<LineColumn, { kind: "amount" }>): string | null {
  return mulText(cellNumber(values[c.of[0]]), cellNumber(values[c.of[1]]));
}

/** The cell's value with a picked product's defaults filled into blank cells (price ← last price, location ← default location). */
export function withDefaults(values: Record<string, string>, product: LineProduct | null | undefined, columns: readonly LineColumn[]): Record<string, string> {
  if (!product) return values;
  let out = values;
  for (const c of columns) {
    if ((c.kind === "number" || c.kind === "select") && c.defaultFrom && !(values[c.name] ?? "").trim()) {
      const v = product[c.defaultFrom];
      if (v !== null && v !== undefined && v !== "") {
        if (c.kind === "select" && !c.options.some((o) => o.value === String(v))) continue;
        out = { ...out, [c.name]: String(v) };
      }
    }
  }
  return out;
}

/** Totals per column key (number columns with `total`, amount columns): plain decimal text. */
export function totalsOf(lines: readonly EditorLine[], columns: readonly LineColumn[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of columns) {
    if (c.kind === "number" && c.total) out[columnKey(c)] = sumText(lines.map((l) => cellNumber(l.values[c.name])));
    if (c.kind === "amount" && c.total !== false) out[columnKey(c)] = sumText(lines.map((l) => amountOf(l.values, c)));
  }
  return out;
}

export function formatTotal(c: LineColumn, text: string): string {
  return c.kind === "amount" ? (formatMoneyText(text) ?? text) : (formatNumberText(text, 2) ?? text);
}
