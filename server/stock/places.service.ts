import { and, asc, count, desc, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { inTransaction } from "../db/transaction";
import { DomainError } from "../lib/errors";
import { productResource } from "../product/product.resources";
import { products } from "../product/product.tables";
import { normalizeOE } from "../product/oe";
import { cellText, placesOf, productsByCode, type ImportRowError } from "./opening-stock.service";
import { productLocations, stockBalances, stockLocations, warehouses } from "./stock.tables";
import ExcelJS from "exceljs";

/**
 * /warehouse/manage/relation (default location per product and warehouse) and
 * /warehouse/manage/retrieve (where a product is). Company-scoped; products are found by the
 * product list's own keyword search (any OE spelling, pinyin, name).
 */
export const RELATION_PAGE = "/warehouse/manage/relation";
export const RETRIEVE_PAGE = "/warehouse/manage/retrieve";
const WRITE_CODE = "CKGL-007";

async function productCond(ctx: Ctx, keyword: string): Promise<SQL | undefined> {
  const kw = keyword.trim();
  return kw ? await productResource.keyword!(kw, ctx) : undefined;
}

export async function warehouseOptions(ctx: Ctx) {
  return db()
    .select({ id: warehouses.id, name: warehouses.name, isDefault: warehouses.isDefault })
    .from(warehouses)
    .where(eq(warehouses.companyId, ctx.companyId))
    .orderBy(desc(warehouses.isDefault), asc(warehouses.id));
}

export async function locationOptions(ctx: Ctx, warehouseId: number) {
  return db()
    .select({ id: stockLocations.id, fullName: stockLocations.fullName, kind: stockLocations.kind })
    .from(stockLocations)
    .where(and(eq(stockLocations.companyId, ctx.companyId), eq(stockLocations.warehouseId, warehouseId), eq(stockLocations.isEnabled, true)))
    .orderBy(asc(stockLocations.kind), asc(stockLocations.fullNameSort));
}

export interface RelationRow {
  productId: number;
  mainOE: string;
  name: string;
  locationId: number | null;
  locationName: string | null;
}

/** Products (filtered by keyword, optionally only those without a default) with their default location in a warehouse. */
export async function listProductLocations(ctx: Ctx, opts: { warehouseId: number; keyword?: string; unset?: boolean; page?: number; size?: number }) {
  const size = Math.min(Math.max(opts.size ?? 50, 1), 200);
  const page = Math.max(opts.page ?? 1, 1);
  const kw = await productCond(ctx, opts.keyword ?? "");
  const where = and(eq(products.companyId, ctx.companyId), kw, opts.unset ? sql`${productLocations.id} is null` : undefined);
  const join = and(
    eq(productLocations.productId, products.id),
    eq(productLocations.companyId, ctx.companyId),
    eq(productLocations.warehouseId, opts.warehouseId),
  );
  const [rows, [total]] = await Promise.all([
    db()
      .select({ productId: products.id, mainOE: products.mainOE, name: products.name, locationId: stockLocations.id, locationName: stockLocations.fullName })
      .from(products)
      .leftJoin(productLocations, join)
      .leftJoin(stockLocations, eq(stockLocations.id, productLocations.locationId))
      .where(where)
      .orderBy(asc(products.oeNorm), asc(products.id))
      .limit(size)
      .offset((page - 1) * size),
    db().select({ n: count() }).from(products).leftJoin(productLocations, join).where(where),
  ]);
  return { items: rows as RelationRow[], totalCount: Number(total?.n ?? 0), page, size };
}

async function assertLocation(ctx: Ctx, locationId: number) {
  const [loc] = await db()
    .select({ id: stockLocations.id, warehouseId: stockLocations.warehouseId, isEnabled: stockLocations.isEnabled })
    .from(stockLocations)
    .where(and(eq(stockLocations.companyId, ctx.companyId), eq(stockLocations.id, locationId)));
  if (!loc) throw new DomainError("not_found", "货位不存在");
  if (!loc.isEnabled) throw new DomainError("bad_request", "货位已停用");
  return loc;
}

async function upsertDefaults(
  ex: Parameters<Parameters<typeof inTransaction>[0]>[0],
  ctx: Ctx,
  rows: { productId: number; warehouseId: number; locationId: number }[],
) {
  for (let i = 0; i < rows.length; i += 1000) {
    await ex
      .insert(productLocations)
      .values(rows.slice(i, i + 1000).map((r) => ({ companyId: ctx.companyId, ...r })))
      .onConflictDoUpdate({
        target: [productLocations.companyId, productLocations.productId, productLocations.warehouseId],
        set: { locationId: sql`excluded.location_id` },
      });
  }
}

/** 批量设置默认货位: the chosen products, or (`keyword` given, no ids) every product the search finds (at most 5000). */
export async function assignDefaultLocation(ctx: Ctx, input: { locationId: number; productIds?: number[]; keyword?: string; all?: boolean }) {
  if (!ctx.permissions.has(WRITE_CODE)) throw new DomainError("forbidden", "没有权限设置默认货位");
  const loc = await assertLocation(ctx, input.locationId);
  let ids = [...new Set(input.productIds ?? [])].filter((n) => Number.isInteger(n) && n > 0);
  if (input.all) {
    const kw = await productCond(ctx, input.keyword ?? "");
    const rows = await db()
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.companyId, ctx.companyId), kw))
      .limit(5001);
    if (rows.length > 5000) throw new DomainError("bad_request", "一次最多设置 5000 个产品，请缩小筛选范围");
    ids = rows.map((r) => r.id);
  }
  if (ids.length === 0) throw new DomainError("bad_request", "请选择产品");
  const own = await db()
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.companyId, ctx.companyId), inArray(products.id, ids)));
  if (own.length !== ids.length) throw new DomainError("not_found", "产品不存在");
  await inTransaction((tx) =>
    upsertDefaults(
      tx,
      ctx,
      ids.map((productId) => ({ productId, warehouseId: loc.warehouseId, locationId: loc.id })),
    ),
  );
  return { count: ids.length };
}

/** 清除默认货位 of the chosen products in a warehouse. */
export async function clearDefaultLocation(ctx: Ctx, warehouseId: number, productIds: number[]) {
  if (!ctx.permissions.has(WRITE_CODE)) throw new DomainError("forbidden", "没有权限设置默认货位");
  if (productIds.length === 0) throw new DomainError("bad_request", "请选择产品");
  await db()
    .delete(productLocations)
    .where(and(eq(productLocations.companyId, ctx.companyId), eq(productLocations.warehouseId, warehouseId), inArray(productLocations.productId, productIds)));
}

export const RELATION_COLUMNS = ["产品编码(OE)", "仓库", "货位"] as const;

export async function relationTemplate(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("默认货位");
  ws.addRow([...RELATION_COLUMNS]);
  ws.getRow(1).font = { bold: true };
  ws.columns = [{ width: 22 }, { width: 14 }, { width: 18 }];
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** 导入默认货位: all rows or none; every bad row with its number and reason. */
export async function importDefaultLocations(
  ctx: Ctx,
  buffer: Buffer | ArrayBuffer | Uint8Array,
): Promise<{ ok: true; rows: number } | { ok: false; errors: ImportRowError[] }> {
  if (!ctx.permissions.has(WRITE_CODE)) throw new DomainError("forbidden", "没有权限设置默认货位");
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(buffer as ArrayBuffer);
  } catch {
    return { ok: false, errors: [{ row: null, message: "文件不是有效的 .xlsx 文件，请使用下载的模板" }] };
  }
  const ws = wb.worksheets[0];
  if (!ws) return { ok: false, errors: [{ row: null, message: "文件中没有工作表" }] };
  const header = (ws.getRow(1).values as ExcelJS.CellValue[]).slice(1).map((v) => cellText(v).replace(/\s/g, "").replace(/（/g, "(").replace(/）/g, ")"));
  const col = RELATION_COLUMNS.map((c) => header.findIndex((h) => h === c || h === c.replace(/\(.*\)$/, "")) + 1);
  if (col.some((c) => c === 0)) return { ok: false, errors: [{ row: 1, message: `表头应为：${RELATION_COLUMNS.join("、")}（请使用下载的模板）` }] };
  const raw: { row: number; oe: string; warehouse: string; location: string }[] = [];
  const errors: ImportRowError[] = [];
  ws.eachRow({ includeEmpty: false }, (r, n) => {
    if (n === 1) return;
    const [oe, warehouse, location] = col.map((c) => cellText(r.getCell(c).value)) as [string, string, string];
    if (!oe && !warehouse && !location) return;
    const reasons = [!oe && "产品编码不能为空", !warehouse && "仓库不能为空", !location && "货位不能为空"].filter(Boolean) as string[];
    if (reasons.length) errors.push({ row: n, message: reasons.join("；") });
    else raw.push({ row: n, oe, warehouse, location });
  });
  if (raw.length === 0 && errors.length === 0) return { ok: false, errors: [{ row: null, message: "文件中没有数据行" }] };
  const codes = await productsByCode(
    db(),
    ctx,
    raw.map((r) => normalizeOE(r.oe)),
  );
  const places = await placesOf(db(), ctx);
  const seen = new Map<string, number>();
  const good: { productId: number; warehouseId: number; locationId: number }[] = [];
  const whIds = new Map((await warehouseOptions(ctx)).map((w) => [w.name.normalize("NFKC").trim().toLowerCase(), w.id]));
  for (const r of raw) {
    const reasons: string[] = [];
    const hit = codes.get(normalizeOE(r.oe));
    if (hit === undefined) reasons.push(`产品编码“${r.oe}”不存在`);
    else if (hit === "many") reasons.push(`产品编码“${r.oe}”对应多个产品，请填写产品的主编码`);
    const wh = r.warehouse.normalize("NFKC").trim().toLowerCase();
    const loc = r.location.normalize("NFKC").trim().toLowerCase();
    const place = places.byCode.get(`${wh}|${loc}`) ?? places.byFull.get(`${wh}|${loc}`);
    if (!places.warehouseNames.has(wh)) reasons.push(`仓库“${r.warehouse}”不存在`);
    else if (!place) reasons.push(`货位“${r.location}”在仓库“${r.warehouse}”中不存在`);
    else if (!place.isEnabled) reasons.push(`货位“${place.fullName}”已停用`);
    if (typeof hit === "number" && place) {
      const key = `${hit}|${wh}`;
      if (seen.has(key)) reasons.push(`与第 ${seen.get(key)} 行重复（同一产品、仓库）`);
      else seen.set(key, r.row);
    }
    if (reasons.length) errors.push({ row: r.row, message: reasons.join("；") });
    else good.push({ productId: hit as number, warehouseId: whIds.get(wh)!, locationId: place!.id });
  }
  if (errors.length) return { ok: false, errors: errors.sort((a, b) => (a.row ?? 0) - (b.row ?? 0)) };
  await inTransaction((tx) => upsertDefaults(tx, ctx, good));
  return { ok: true, rows: good.length };
}

export interface StockWhereRow {
  productId: number;
  mainOE: string;
  name: string;
  locationName: string;
  warehouseName: string;
  batchNo: string;
  qty: string;
  lockedQty: string;
  available: string;
  receivedAt: string;
  ageDays: number;
}

/** 库存查找: where the products a keyword finds are, per location and batch (stock on hand only). */
export async function findStock(ctx: Ctx, keyword: string, opts: { warehouseId?: number | null; limit?: number } = {}): Promise<StockWhereRow[]> {
  const kw = keyword.trim();
  if (!kw) return [];
  const cond = await productCond(ctx, kw);
  const rows = await db()
    .select({
      productId: products.id,
      mainOE: products.mainOE,
      name: products.name,
      locationName: stockLocations.fullName,
      warehouseName: warehouses.name,
      batchNo: stockBalances.batchNo,
      qty: stockBalances.qty,
      lockedQty: stockBalances.lockedQty,
      available: sql<string>`(${stockBalances.qty} - ${stockBalances.lockedQty})::numeric(16,2)::text`,
      receivedAt: stockBalances.receivedAt,
      ageDays: sql<number>`greatest(0, floor(extract(epoch from (now() - ${stockBalances.receivedAt})) / 86400))::int`,
    })
    .from(stockBalances)
    .innerJoin(products, eq(products.id, stockBalances.productId))
    .innerJoin(stockLocations, eq(stockLocations.id, stockBalances.locationId))
    .innerJoin(warehouses, eq(warehouses.id, stockBalances.warehouseId))
    .where(
      and(
        eq(stockBalances.companyId, ctx.companyId),
        ne(stockBalances.qty, "0"),
        cond,
        opts.warehouseId ? eq(stockBalances.warehouseId, opts.warehouseId) : undefined,
      ),
    )
    .orderBy(asc(products.oeNorm), asc(stockLocations.fullNameSort), asc(stockBalances.receivedAt))
    .limit(Math.min(opts.limit ?? 500, 1000));
  return rows.map((r) => ({ ...r, receivedAt: r.receivedAt.toISOString(), ageDays: Number(r.ageDays) }));
}
