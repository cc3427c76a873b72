import { formatCostText, formatMoneyText, formatNumberText, formatQtyText } from "#server/lib/decimal-text";
import { cellNumber, mulText, sumText } from "./line-math";
import { columnKey, type EditorLine, type LineColumn, type LineProduct } from "./line-types";

/** Shared by the plain table and the grid: what a cell shows and what the totals are. */

export function infoText(product: LineProduct | null | undefined, c: Extract<LineColumn, { kind: "info" }>): string {
  if (!product) return "";
  if (c.field === "locations") return (product.locations ?? []).map((l) => `${l.locationName} ${formatQtyText(l.available) ?? l.available}`).join("、");
  const v = product[c.field];
  if (v === null || v === undefined) return c.field === "lastPrice" || c.field === "avgCost" ? "—" : "";
  const format: NonNullable<typeof c.format> =
    c.format ?? (c.field === "available" ? "qty" : c.field === "lastPrice" || c.field === "priceSale" ? "money" : c.field === "avgCost" ? "cost" : "text");
  if (format === "money") return formatMoneyText(v) ?? String(v);
  if (format === "qty") return formatQtyText(v) ?? String(v);
  if (format === "cost") return formatCostText(v) ?? String(v);
  return String(v);
}

export function amountOf(values: Record<string, string>, c: Extract<LineColumn, { kind: "amount" }>): string | null {
  if (!c.percent) return mulText(cellNumber(values[c.of[0]]), cellNumber(values[c.of[1]]));
  // qty × price × percent ÷ 100, rounded once (as the server computes a discounted amount).
  const gross = mulText(cellNumber(values[c.of[0]]), cellNumber(values[c.of[1]]), 10);
  return mulText(gross, percentFactor(values[c.percent]));
}

/** A percent cell as a factor: blank → 1 (100%), "95" → "0.95"; null when not a number. */
function percentFactor(raw: string | undefined): string | null {
  if (!(raw ?? "").trim()) return "1";
  const p = cellNumber(raw);
  return p === null ? null : mulText(p, "0.01", 6);
}

/** The 低于成本 warning of a price cell: net price (× percent ÷ 100) below the product's known cost. */
export function belowCostOf(
  values: Record<string, string>,
  product: LineProduct | null | undefined,
  c: Extract<LineColumn, { kind: "number" }>,
): string | null {
  if (!c.warnBelowCost || !product?.avgCost) return null;
  const price = cellNumber(values[c.name]);
  if (price === null) return null;
  const net = c.warnBelowCost.percent ? mulText(price, percentFactor(values[c.warnBelowCost.percent]), 4) : price;
  const cost = cellNumber(product.avgCost);
  if (net === null || cost === null) return null;
  return compareText(net, cost) < 0 ? "低于成本" : null;
}

/** Sign of a − b for decimal texts. */
function compareText(a: string, b: string): number {
  const d = sumText([a, b.startsWith("-") ? b.slice(1) : `-${b}`], 6);
  return d.startsWith("-") ? -1 : /[1-9]/.test(d) ? 1 : 0;
}

/** The cell's value with a picked product's defaults filled into blank cells (price ← last price, location ← default location). */
export function withDefaults(values: Record<string, string>, product: LineProduct | null | undefined, columns: readonly LineColumn[]): Record<string, string> {
  if (!product) return values;
  let out = values;
  for (const c of columns) {
    if ((c.kind === "number" || c.kind === "select") && c.defaultFrom && !(values[c.name] ?? "").trim()) {
      const fields: readonly (keyof LineProduct)[] = typeof c.defaultFrom === "string" ? [c.defaultFrom] : c.defaultFrom;
      const v = fields.map((f) => product[f]).find((x) => x !== null && x !== undefined && x !== "");
      if (v !== null && v !== undefined && v !== "") {
        if (c.kind === "select" && !c.options.some((o) => o.value === String(v))) continue;
        out = { ...out, [c.name]: String(v) };
      }
    }
  }
  return out;
}

/**
 * The lines as the editor shows them: at least one line (a blank one from `blank`), each with
 * its product's defaults in blank cells. The inputs, the amounts and the 合计 all read these,
 * so a server render (no JavaScript: after 添加行, 删除 or a refused save) totals exactly what
 * the cells show — never the posted values without the defaults the cells display.
 */
export function shownLines<T extends EditorLine>(lines: readonly T[], columns: readonly LineColumn[], blank: Record<string, string> = {}): EditorLine[] {
  const list: readonly EditorLine[] = lines.length ? lines : [{ values: { ...blank } }];
  return list.map((l) => {
    const values = withDefaults(l.values, l.product, columns);
    return values === l.values ? l : { ...l, values };
  });
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
