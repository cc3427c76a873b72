import ExcelJS from "exceljs";
import { and, eq, inArray } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import type { Executor } from "../db/client";
import { inTransaction } from "../db/transaction";
import {
  add,
  costString,
  dec,
  formatMoney,
  formatQty,
  gt,
  isNegative,
  mul,
  qtyString,
  roundCost,
  roundMoney,
  roundQty,
  tryDecimal,
  type Decimal,
} from "../lib/decimal";
import { actorOf, recordAudit } from "../lib/audit";
import { DomainError } from "../lib/errors";
import { normalizeNumberText } from "../lib/number-text";
import { normalizeOE } from "../product/oe";
import { productOes, products } from "../product/product.tables";
import { nextDocumentNo } from "../kernel/numbering";
import { postStock, type MoveLine } from "./stock-ledger.service";
import { stockLocations, warehouses } from "./stock.tables";

/**
 * 期初库存: a company moving onto the product loads its opening balances from an .xlsx. The
 * file is checked whole first; any bad row refuses the whole file (every bad row reported with
 * its row number and reason) and nothing is written. A good file is posted in ONE transaction
 * through the stock ledger (bizType StockInit, docType opening, source 0 初始化), in chunks of
 * lines so 10,000 rows post in a few seconds.
 */
export const OPENING_COLUMNS = ["产品编码(OE)", "仓库", "货位", "批次号", "数量", "单位成本"] as const;
export const OPENING_WRITE_CODE = "CKGL-006";
export const OPENING_MAX_ROWS = 20000;
/** Lines per postStock call: each call is a handful of statements whatever its size; chunks bound the statement size. */
const CHUNK = 5000;

export interface ImportRowError {
  /** The sheet's row number (the header is row 1); null for a problem with the whole file. */
  row: number | null;
  message: string;
}

export type OpeningImportResult = { ok: true; docNo: string; rows: number; totalQty: string; totalAmount: string } | { ok: false; errors: ImportRowError[] };

/** The downloadable template: the header row, and how to fill it in on a second sheet. */
export async function openingStockTemplate(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("期初库存");
  ws.addRow([...OPENING_COLUMNS]);
  ws.getRow(1).font = { bold: true };
  ws.columns = [{ width: 22 }, { width: 14 }, { width: 16 }, { width: 16 }, { width: 12 }, { width: 12 }];
  const help = wb.addWorksheet("填写说明");
  for (const line of [
    ["列", "说明"],
    ["产品编码(OE)", "本公司产品的产品编码、标准 OE 或替换 OE（任意写法，如 06J-905-320 或 06j905320）"],
    ["仓库", "仓库名称，如 主仓"],
    ["货位", "货位编码（如 A-01-01）或货位全称（如 主仓-A-01-01）"],
    ["批次号", "可不填，不填时使用期初单号"],
    ["数量", "大于 0，最多两位小数"],
    ["单位成本", "不小于 0，最多四位小数"],
    ["", "从第 2 行开始填写，每行一条；同一产品、货位、批次只能出现一次。整个文件无误才会导入。"],
  ])
    help.addRow(line);
  help.columns = [{ width: 16 }, { width: 80 }];
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A cell as the text a person sees: numbers, rich text, formula results, hyperlinks. */
export function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "number") return Number.isFinite(v) ? String(v) : "";
  if (typeof v === "string") return v.trim();
  if (typeof v === "boolean") return v ? "TRUE" : "FALSE";
  if (v instanceof Date) return v.toISOString();
  if (typeof v === "object") {
    if ("richText" in v && Array.isArray(v.richText))
      return v.richText
        .map((r) => r.text)
        .join("")
        .trim();
    if ("result" in v) return cellText((v as { result?: ExcelJS.CellValue }).result ?? null);
    if ("text" in v) return String((v as { text: unknown }).text ?? "").trim();
    if ("error" in v) return "";
  }
  return String(v).trim();
}

/** A number cell: numbers as stored (shortest spelling), text as a clerk types it (1,200 · １２). */
function numberOf(v: ExcelJS.CellValue): Decimal | null {
  if (typeof v === "number") return Number.isFinite(v) ? tryDecimal(String(v)) : null;
  const raw = cellText(v);
  if (raw === "") return null;
  const text = normalizeNumberText(raw);
  return text === null ? null : tryDecimal(text);
}

interface ParsedRow {
  row: number;
  oe: string;
  warehouse: string;
  location: string;
  batchNo: string;
  qty: Decimal;
  unitCost: Decimal;
}

/** Reads the sheet into rows; a cell that cannot be read is an error of its row. */
export async function readOpeningSheet(buffer: Buffer | ArrayBuffer | Uint8Array): Promise<{ rows: ParsedRow[]; errors: ImportRowError[] }> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buffer as ArrayBuffer);
  } catch {
    return { rows: [], errors: [{ row: null, message: "文件不是有效的 .xlsx 文件，请使用下载的模板" }] };
  }
  const ws = wb.worksheets[0];
  if (!ws) return { rows: [], errors: [{ row: null, message: "文件中没有工作表" }] };
  const header = (ws.getRow(1).values as ExcelJS.CellValue[]).slice(1).map((v) => cellText(v).replace(/\s/g, "").replace(/（/g, "(").replace(/）/g, ")"));
  const want = OPENING_COLUMNS.map((c) => c.replace(/\s/g, ""));
  const col: number[] = [];
  const missing: string[] = [];
  for (const name of want) {
    const base = name.replace(/\(.*\)$/, "");
    const i = header.findIndex((h) => h === name || h === base);
    if (i < 0) missing.push(name);
    col.push(i + 1);
  }
  if (missing.length) return { rows: [], errors: [{ row: 1, message: `表头缺少列：${missing.join("、")}（请使用下载的模板）` }] };
  if (ws.rowCount - 1 > OPENING_MAX_ROWS) return { rows: [], errors: [{ row: null, message: `一次最多导入 ${OPENING_MAX_ROWS} 行，请分批导入` }] };

  const rows: ParsedRow[] = [];
  const errors: ImportRowError[] = [];
  ws.eachRow({ includeEmpty: false }, (r, n) => {
    if (n === 1) return;
    const cells = col.map((c) => r.getCell(c).value);
    const texts = cells.map(cellText);
    if (texts.every((t) => t === "")) return;
    const [oe, warehouse, location, batchNo] = texts as [string, string, string, string];
    const reasons: string[] = [];
    if (!oe) reasons.push("产品编码不能为空");
    if (!warehouse) reasons.push("仓库不能为空");
    if (!location) reasons.push("货位不能为空");
    if (batchNo.length > 50) reasons.push("批次号不能超过 50 个字");
    const qty = numberOf(cells[4]!);
    if (!qty || !qty.isFinite()) reasons.push(texts[4] ? `数量“${texts[4]}”不是数字` : "数量不能为空");
    else if (!gt(qty, 0)) reasons.push("数量必须大于 0");
    else if (!roundQty(qty).eq(qty)) reasons.push("数量最多两位小数");
    else if (qty.gte("1e10")) reasons.push("数量过大");
    const cost = numberOf(cells[5]!);
    if (!cost || !cost.isFinite()) reasons.push(texts[5] ? `单位成本“${texts[5]}”不是数字` : "单位成本不能为空");
    else if (isNegative(cost)) reasons.push("单位成本不能小于 0");
    else if (!roundCost(cost).eq(cost)) reasons.push("单位成本最多四位小数");
    else if (cost.gte("1e10")) reasons.push("单位成本过大");
    if (reasons.length) errors.push({ row: n, message: reasons.join("；") });
    else rows.push({ row: n, oe, warehouse, location, batchNo, qty: qty!, unitCost: cost! });
  });
  if (rows.length === 0 && errors.length === 0) errors.push({ row: null, message: "文件中没有数据行" });
  return { rows, errors };
}

const lower = (s: string) => s.normalize("NFKC").trim().toLowerCase();

/** The company's products by every normalised code the file names (main code first, then any other code when unambiguous). */
export async function productsByCode(ex: Executor, ctx: Ctx, norms: string[]): Promise<Map<string, number | "many">> {
  const out = new Map<string, number | "many">();
  const unique = [...new Set(norms.filter(Boolean))];
  for (let i = 0; i < unique.length; i += 5000) {
    const part = unique.slice(i, i + 5000);
    const rows = await ex
      .select({ id: products.id, oeNorm: products.oeNorm })
      .from(products)
      .where(and(eq(products.companyId, ctx.companyId), inArray(products.oeNorm, part)));
    for (const r of rows) out.set(r.oeNorm, r.id);
  }
  const rest = unique.filter((n) => !out.has(n));
  for (let i = 0; i < rest.length; i += 5000) {
    const rows = await ex
      .select({ id: productOes.productId, oeNorm: productOes.oeNorm })
      .from(productOes)
      .where(and(eq(productOes.companyId, ctx.companyId), inArray(productOes.oeNorm, rest.slice(i, i + 5000))));
    for (const r of rows) {
      const had = out.get(r.oeNorm);
      out.set(r.oeNorm, had === undefined || had === r.id ? r.id : "many");
    }
  }
  return out;
}

interface PlaceRow {
  id: number;
  warehouseName: string;
  warehouseEnabled: boolean;
  code: string;
  fullName: string;
  isEnabled: boolean;
}

export async function placesOf(ex: Executor, ctx: Ctx) {
  const rows: PlaceRow[] = await ex
    .select({
      id: stockLocations.id,
      warehouseName: warehouses.name,
      warehouseEnabled: warehouses.isEnabled,
      code: stockLocations.code,
      fullName: stockLocations.fullName,
      isEnabled: stockLocations.isEnabled,
    })
    .from(stockLocations)
    .innerJoin(warehouses, eq(warehouses.id, stockLocations.warehouseId))
    .where(and(eq(stockLocations.companyId, ctx.companyId), eq(warehouses.companyId, ctx.companyId)));
  const warehouseNames = new Set(rows.map((r) => lower(r.warehouseName)));
  const byCode = new Map<string, PlaceRow>();
  const byFull = new Map<string, PlaceRow>();
  for (const r of rows) {
    byCode.set(`${lower(r.warehouseName)}|${lower(r.code)}`, r);
    byFull.set(`${lower(r.warehouseName)}|${lower(r.fullName)}`, r);
  }
  // Warehouses without any location still count as known warehouses.
  const whs = await ex.select({ name: warehouses.name }).from(warehouses).where(eq(warehouses.companyId, ctx.companyId));
  for (const w of whs) warehouseNames.add(lower(w.name));
  return { warehouseNames, byCode, byFull };
}

export interface OpeningLine {
  row: number;
  productId: number;
  locationId: number;
  batchNo: string;
  qty: Decimal;
  unitCost: Decimal;
}

/** Resolves and checks the parsed rows against the company's products and locations. */
export async function resolveOpeningRows(ex: Executor, ctx: Ctx, rows: ParsedRow[]): Promise<{ lines: OpeningLine[]; errors: ImportRowError[] }> {
  const codes = await productsByCode(
    ex,
    ctx,
    rows.map((r) => normalizeOE(r.oe)),
  );
  const places = await placesOf(ex, ctx);
  const lines: OpeningLine[] = [];
  const errors: ImportRowError[] = [];
  const seen = new Map<string, number>();
  for (const r of rows) {
    const reasons: string[] = [];
    const hit = codes.get(normalizeOE(r.oe));
    if (hit === undefined) reasons.push(`产品编码“${r.oe}”不存在`);
    else if (hit === "many") reasons.push(`产品编码“${r.oe}”对应多个产品，请填写产品的主编码`);
    const wh = lower(r.warehouse);
    let place: PlaceRow | undefined;
    if (!places.warehouseNames.has(wh)) reasons.push(`仓库“${r.warehouse}”不存在`);
    else {
      place = places.byCode.get(`${wh}|${lower(r.location)}`) ?? places.byFull.get(`${wh}|${lower(r.location)}`);
      if (!place) reasons.push(`货位“${r.location}”在仓库“${r.warehouse}”中不存在`);
      else if (!place.warehouseEnabled) reasons.push(`仓库“${place.warehouseName}”已停用`);
      else if (!place.isEnabled) reasons.push(`货位“${place.fullName}”已停用`);
    }
    if (typeof hit === "number" && place) {
      const key = `${hit}|${place.id}|${r.batchNo}`;
      const first = seen.get(key);
      if (first !== undefined) reasons.push(`与第 ${first} 行重复（同一产品、货位、批次）`);
      else seen.set(key, r.row);
    }
    if (reasons.length) errors.push({ row: r.row, message: reasons.join("；") });
    else lines.push({ row: r.row, productId: hit as number, locationId: place!.id, batchNo: r.batchNo, qty: r.qty, unitCost: r.unitCost });
  }
  return { lines, errors };
}

/**
 * Posts opening lines in the caller's transaction under one 期初 number (bizType StockInit,
 * source 0). Lines without a batch take the document number as their batch. Used by the import
 * and by the demo seed.
 */
export async function postOpeningLines(
  tx: Executor,
  ctx: Ctx,
  lines: (Omit<OpeningLine, "row"> & { receivedAt?: Date })[],
  opts: { receivedAt?: Date; remark?: string; docNo?: string } = {},
) {
  const docNo = opts.docNo ?? (await nextDocumentNo(tx, ctx, "opening"));
  const moves: MoveLine[] = lines.map((l) => ({
    productId: l.productId,
    locationId: l.locationId,
    batchNo: l.batchNo || docNo,
    qty: qtyString(l.qty),
    unitCost: costString(l.unitCost),
    source: 0,
    receivedAt: l.receivedAt ?? opts.receivedAt,
    remark: opts.remark ?? null,
  }));
  const chunk = CHUNK;
  for (let i = 0; i < moves.length; i += chunk) {
    await postStock(tx, ctx, { bizType: "StockInit", docType: "opening", docId: null, docNo, lines: moves.slice(i, i + chunk) });
  }
  let totalQty = dec(0);
  let totalAmount = dec(0);
  for (const l of lines) {
    totalQty = add(totalQty, l.qty);
    totalAmount = add(totalAmount, roundMoney(mul(l.qty, l.unitCost)));
  }
  return { docNo, totalQty: qtyString(totalQty), totalAmount: totalAmount.toFixed(2) };
}

/**
 * 导入期初库存: the whole file or nothing. Row errors (unknown code, unknown location, bad
 * number, duplicate row …) come back all at once with their row numbers; nothing is written then.
 */
export async function importOpeningStock(ctx: Ctx, buffer: Buffer | ArrayBuffer | Uint8Array): Promise<OpeningImportResult> {
  if (!ctx.permissions.has(OPENING_WRITE_CODE)) throw new DomainError("forbidden", "没有权限导入期初库存");
  const read = await readOpeningSheet(buffer);
  if (read.errors.some((e) => e.row === null || e.row === 1)) return { ok: false, errors: read.errors };
  return inTransaction(async (tx) => {
    const resolved = await resolveOpeningRows(tx, ctx, read.rows);
    const errors = [...read.errors, ...resolved.errors].sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
    if (errors.length) return { ok: false as const, errors };
    const posted = await postOpeningLines(tx, ctx, resolved.lines);
    // A stock posting without a status machine: the import is its one 过账.
    await recordAudit(
      {
        ...actorOf(ctx),
        action: "documentPost",
        targetType: "opening",
        targetId: posted.docNo,
        summary: `期初库存 ${posted.docNo} 导入：${resolved.lines.length} 行，数量 ${formatQty(posted.totalQty)}，金额 ${formatMoney(posted.totalAmount)}`,
        after: { no: posted.docNo, rows: resolved.lines.length, totalQty: posted.totalQty, totalAmount: posted.totalAmount },
      },
      tx,
    );
    return { ok: true as const, docNo: posted.docNo, rows: resolved.lines.length, totalQty: posted.totalQty, totalAmount: posted.totalAmount };
  });
}
