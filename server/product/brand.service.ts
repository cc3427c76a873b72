import { and, asc, count, desc, eq, ilike, ne, or, sql, type SQL } from "drizzle-orm";
import { t } from "../../app/i18n/zh-CN";
import type { Ctx } from "../auth/context";
import { db } from "../db/client";
import { DomainError } from "../lib/errors";
import { escapeLike, parseInput } from "../lib/validate";
import { ExportRequestSchema, exportFilterParams, streamXlsx } from "../lib/excel-export";
import { parseListQuery, type ListQuery, type ListResult, type ListSpec } from "../lib/list-query";
import { BrandInputSchema } from "./brand.input";
import { productBrands } from "./brand.tables";

/** The platform operator's menu entry 品牌: only its holders change brands. */
export const BRAND_WRITE_CODE = "XTGL-031";

export const BRAND_LIST = {
  sortable: ["name", "code", "sortOrder", "creationTime"],
  defaultSort: { field: "sortOrder", dir: "asc" },
  filters: { isEnabled: "bool" },
} as const satisfies ListSpec<"name" | "code" | "sortOrder" | "creationTime", "isEnabled">;

type BrandQuery = ListQuery<(typeof BRAND_LIST.sortable)[number], keyof typeof BRAND_LIST.filters>;
export type Brand = typeof productBrands.$inferSelect;

const SORT_COLUMNS = {
  name: productBrands.name,
  code: productBrands.code,
  sortOrder: productBrands.sortOrder,
  creationTime: productBrands.creationTime,
};

/** Brands, paged, sorted and filtered; readable by every signed-in user. */
export async function listBrands(_ctx: Ctx, query: BrandQuery): Promise<ListResult<Brand>> {
  const where: SQL[] = [];
  if (query.keyword) {
    const like = `%${escapeLike(query.keyword)}%`;
    where.push(or(ilike(productBrands.name, like), ilike(productBrands.code, like))!);
  }
  if (query.filters.isEnabled !== undefined) where.push(eq(productBrands.isEnabled, query.filters.isEnabled as boolean));
  const cond = where.length ? and(...where) : undefined;
  const column = SORT_COLUMNS[query.sort.field];
  const order = query.sort.dir === "desc" ? desc(column) : asc(column);
  const [items, [total]] = await Promise.all([
    db().select().from(productBrands).where(cond).orderBy(order, asc(productBrands.id)).limit(query.take).offset(query.skip),
    db().select({ n: count() }).from(productBrands).where(cond),
  ]);
  return { totalCount: Number(total?.n ?? 0), items };
}

export async function getBrand(_ctx: Ctx, id: number): Promise<Brand> {
  const [row] = Number.isSafeInteger(id) && id > 0 ? await db().select().from(productBrands).where(eq(productBrands.id, id)) : [];
  if (!row) throw new DomainError("not_found", "品牌不存在");
  return row;
}

function requireWrite(ctx: Ctx) {
  if (!ctx.permissions.has(BRAND_WRITE_CODE)) throw new DomainError("forbidden", t.errors.pages[403]!.message);
}

function brandValues(input: unknown) {
  const data = parseInput(BrandInputSchema, input);
  return { ...data, code: data.code || null, description: data.description || null };
}

async function assertNameFree(name: string, exceptId?: number) {
  const same = sql`lower(${productBrands.name}) = ${name.toLowerCase()}`;
  const [dup] = await db()
    .select({ id: productBrands.id })
    .from(productBrands)
    .where(exceptId ? and(same, ne(productBrands.id, exceptId)) : same);
  if (dup) throw new DomainError("conflict", "品牌名称已存在", { name: ["品牌名称已存在"] });
}

export async function createBrand(ctx: Ctx, input: unknown): Promise<Brand> {
  requireWrite(ctx);
  const values = brandValues(input);
  await assertNameFree(values.name);
  const [row] = await db().insert(productBrands).values(values).returning();
  return row!;
}

export async function updateBrand(ctx: Ctx, id: number, input: unknown): Promise<Brand> {
  requireWrite(ctx);
  await getBrand(ctx, id);
  const values = brandValues(input);
  await assertNameFree(values.name, id);
  const [row] = await db().update(productBrands).set(values).where(eq(productBrands.id, id)).returning();
  return row!;
}

export async function deleteBrand(ctx: Ctx, id: number): Promise<void> {
  requireWrite(ctx);
  await getBrand(ctx, id);
  await db().delete(productBrands).where(eq(productBrands.id, id));
}

const BRAND_EXPORT_FIELDS: Record<string, (b: Brand) => unknown> = {
  id: (b) => b.id,
  name: (b) => b.name,
  code: (b) => b.code,
  description: (b) => b.description,
  sortOrder: (b) => b.sortOrder,
  isEnabled: (b) => (b.isEnabled ? "启用" : "停用"),
  creationTime: (b) => b.creationTime,
};

/**
 * POST …/productBrand/export: the same filter and sort as the screen, the chosen columns,
 * streamed as .xlsx (spec 000 §7). Unknown columns are dropped.
 */
export function exportBrands(ctx: Ctx, input: unknown) {
  const req = parseInput(ExportRequestSchema, input);
  const columns = req.excelColumes.filter((c) => c.exportable !== false && BRAND_EXPORT_FIELDS[c.fieldName]);
  if (columns.length === 0) throw new DomainError("bad_request", "请选择要导出的列");
  const query = parseListQuery(exportFilterParams(req.filter), BRAND_LIST);
  async function* rows() {
    for (let skip = 0; ; skip += 1000) {
      const page = await listBrands(ctx, { ...query, skip, take: 1000 });
      for (const b of page.items) yield Object.fromEntries(columns.map((c) => [c.fieldName, BRAND_EXPORT_FIELDS[c.fieldName]!(b)]));
      if (page.items.length < 1000) return;
    }
  }
  const name = req.outPutFileName || "品牌";
  return { fileName: name, stream: streamXlsx({ sheetName: req.sheetName || name, columns, rows: rows() }) };
}
