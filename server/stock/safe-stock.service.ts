import ExcelJS from "exceljs";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { inTransaction } from "../db/transaction";
import { dec, lt, qtyString, roundQty, tryDecimal } from "../lib/decimal";
import { equals } from "../lib/list-read";
import { normalizeNumberText } from "../lib/number-text";
import { defineResource } from "../lib/resource";
import { escapeLike } from "../lib/validate";
import { DomainError } from "../lib/errors";
import { t } from "../lib/i18n/zh-CN";
import { normalizeOE } from "../product/oe";
import { products } from "../product/product.tables";
import { cellText } from "./opening-stock.service";
import { SafeStockInputSchema } from "./safe-stock.input";
import { safeStocks } from "./stock.tables";

/**
 * 安全库存 (/warehouse/safe, CKGL-003): min/max per product, the quantity on hand beside them
 * (product_costs, kept by the stock ledger), rows below the minimum flagged (`below`, filter
 * 低于下限), edited in the standard dialog and imported from .xlsx (all-or-nothing).
 */
const onHand = sql<string>`coalesce((select c.qty_on_hand from product_costs c where c.company_id = ${safeStocks.companyId} and c.product_id = ${safeStocks.productId}), 0)`;
const belowCond = sql`${onHand} < ${safeStocks.minQty}`;

export const safeStockResource = defineResource({
  name: "safeStock",
  label: "安全库存",
  pageName: "安全库存",
  pageUrl: "/warehouse/safe",
  writeCode: "CKGL-003",
  readCodes: ["CKGL-003", "CGGL-007", "CGGL-008"],
  scope: "company",
  table: safeStocks,
  extra: {
    mainOE: sql<string>`(select p.main_oe from products p where p.id = ${safeStocks.productId})`,
    productName: sql<string>`(select p.name from products p where p.id = ${safeStocks.productId})`,
    qtyOnHand: sql<string>`${onHand}::numeric(16,2)::text`,
    below: sql<boolean>`(${belowCond})`,
  },
  sortable: { creationTime: safeStocks.id, minQty: safeStocks.minQty, maxQty: safeStocks.maxQty },
  defaultSort: { field: "creationTime", dir: "desc" },
  filters: {
    below: { kind: "bool", where: (v: boolean) => (v ? belowCond : sql`not (${belowCond})`) },
    productId: equals(safeStocks.productId),
  },
  keyword: (kw) => {
    const like = `%${escapeLike(kw)}%`;
    const norm = normalizeOE(kw);
    return sql`exists (select 1 from products p where p.id = ${safeStocks.productId} and (p.name ilike ${like} or p.main_oe ilike ${like}${norm ? sql` or p.oe_norm like ${`%${escapeLike(norm)}%`}` : sql``} or p.pin_yin ilike ${`${escapeLike(kw)}%`}))`;
  },
  input: SafeStockInputSchema,
  refs: { productId: { table: products, label: "产品", companyOwned: true } },
  unique: { safe_stocks_uq: ["productId", "该产品已设置安全库存"] },
  exportAs: { below: (r) => (r.below ? "低于下限" : "") },
});

export const SAFE_STOCK_COLUMNS = ["产品编码", "下限", "上限"] as const;

export interface SafeStockRowError {
  row: number | null;
  message: string;
}

/** The import template: the header row and a note how to fill it in. */
export async function safeStockTemplate(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("安全库存");
  ws.addRow([...SAFE_STOCK_COLUMNS]);
  ws.getRow(1).font = { bold: true };
  ws.columns = [{ width: 24 }, { width: 12 }, { width: 12 }];
  const help = wb.addWorksheet("填写说明");
  for (const line of [
    ["列", "说明"],
    ["产品编码", "本公司产品的产品编码（任意写法，如 06J-905-320 或 06j905320）"],
    ["下限", "不小于 0，最多两位小数"],
    ["上限", "不小于下限，最多两位小数"],
    ["", "从第 2 行开始，每个产品一行；已设置的产品会被更新。整个文件无误才会导入。"],
  ])
    help.addRow(line);
  help.columns = [{ width: 12 }, { width: 70 }];
  return Buffer.from(await wb.xlsx.writeBuffer());
}

function qtyCell(v: ExcelJS.CellValue) {
  if (typeof v === "number") return Number.isFinite(v) ? tryDecimal(String(v)) : null;
  const raw = cellText(v);
  if (raw === "") return null;
  const text = normalizeNumberText(raw);
  return text === null ? null : tryDecimal(text);
}

const MAX_ROWS = 20000;

/**
 * Imports min/max from an .xlsx: every row checked first (product known, numbers ≥ 0 with at most
 * two decimals, max ≥ min, a product once); any bad row → nothing written and every bad row
 * reported with its row number; else all rows upserted in one transaction.
 */
export async function importSafeStocks(
  ctx: Ctx,
  buffer: Buffer | ArrayBuffer | Uint8Array,
): Promise<{ ok: true; rows: number } | { ok: false; errors: SafeStockRowError[] }> {
  if (!ctx.permissions.has("CKGL-003")) throw new DomainError("forbidden", t.errors.pages[403]!.message);
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buffer as ArrayBuffer);
  } catch {
    return { ok: false, errors: [{ row: null, message: "文件不是有效的 .xlsx 表格" }] };
  }
  const ws = wb.worksheets[0];
  if (!ws) return { ok: false, errors: [{ row: null, message: "文件中没有工作表" }] };
  const header = [1, 2, 3].map((c) => cellText(ws.getRow(1).getCell(c).value));
  if (header.join("|") !== SAFE_STOCK_COLUMNS.join("|"))
    return { ok: false, errors: [{ row: 1, message: `表头应为：${SAFE_STOCK_COLUMNS.join("、")}（请使用下载的模板）` }] };
  const rows: { row: number; oe: string; min: ReturnType<typeof dec>; max: ReturnType<typeof dec> }[] = [];
  const errors: SafeStockRowError[] = [];
  const seen = new Map<string, number>();
  for (let r = 2; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    const oe = cellText(row.getCell(1).value);
    const minCell = row.getCell(2).value;
    const maxCell = row.getCell(3).value;
    if (!oe && cellText(minCell) === "" && cellText(maxCell) === "") continue;
    if (rows.length + errors.length >= MAX_ROWS) return { ok: false, errors: [{ row: null, message: `一次最多导入 ${MAX_ROWS} 行` }] };
    const problems: string[] = [];
    if (!oe) problems.push("产品编码不能为空");
    const min = qtyCell(minCell);
    const max = qtyCell(maxCell);
    if (min === null || !min.isFinite()) problems.push("下限必须是数字");
    else if (min.isNegative()) problems.push("下限不能小于 0");
    else if (!roundQty(min).eq(min)) problems.push("下限最多两位小数");
    if (max === null || !max.isFinite()) problems.push("上限必须是数字");
    else if (max.isNegative()) problems.push("上限不能小于 0");
    else if (!roundQty(max).eq(max)) problems.push("上限最多两位小数");
    if (min && max && min.isFinite() && max.isFinite() && lt(max, min)) problems.push("上限不能小于下限");
    const norm = normalizeOE(oe);
    if (oe && seen.has(norm)) problems.push(`产品编码与第 ${seen.get(norm)} 行重复`);
    else if (oe) seen.set(norm, r);
    if (problems.length) errors.push({ row: r, message: problems.join("；") });
    else rows.push({ row: r, oe: norm, min: min!, max: max! });
  }
  // Products by normalised code (the company's own).
  const codes = [...new Set(rows.map((r) => r.oe))];
  const found = new Map<string, number>();
  for (let i = 0; i < codes.length; i += 1000) {
    const part = codes.slice(i, i + 1000);
    const ps = await db()
      .select({ id: products.id, oeNorm: products.oeNorm })
      .from(products)
      .where(and(eq(products.companyId, ctx.companyId), inArray(products.oeNorm, part)));
    for (const p of ps) found.set(p.oeNorm, p.id);
  }
  for (const r of rows) if (!found.has(r.oe)) errors.push({ row: r.row, message: "产品不存在（请填写本公司产品的产品编码）" });
  if (errors.length) return { ok: false, errors: errors.sort((a, b) => (a.row ?? 0) - (b.row ?? 0)) };
  if (rows.length === 0) return { ok: false, errors: [{ row: null, message: "文件中没有数据行" }] };
  await inTransaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 1000) {
      await tx
        .insert(safeStocks)
        .values(
          rows.slice(i, i + 1000).map((r) => ({ companyId: ctx.companyId, productId: found.get(r.oe)!, minQty: qtyString(r.min), maxQty: qtyString(r.max) })),
        )
        .onConflictDoUpdate({ target: [safeStocks.companyId, safeStocks.productId], set: { minQty: sql`excluded.min_qty`, maxQty: sql`excluded.max_qty` } });
    }
  });
  return { ok: true, rows: rows.length };
}
