import { and, eq, ne, sql } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import type { Executor } from "../db/client";
import { labelOf, LOCATION_KINDS } from "../lib/dictionary";
import { DomainError } from "../lib/errors";
import { equals, keywordOn } from "../lib/list-read";
import { defineResource } from "../lib/resource";
import { pinyinSortKey } from "../lib/sort-key";
import { locationFullName, LOCATION_KIND_RECEIVING, LOCATION_KIND_RETURNS, specialLocationOf } from "./location.service";
import { productLocations, stockBalances, stockLocations, stockMoves, warehouses } from "./stock.tables";
import { LocationInputSchema, WarehouseInputSchema } from "./warehouse.input";
import { rows as rowsOf } from "../lib/rows";

/**
 * Where stock lives (/warehouse/manage/stock): a company's warehouses (仓库) and their
 * locations (货位). A location's `fullName` is "<warehouse name>-<code>" (主仓-A-01-02); renaming
 * either rewrites it in the same transaction. Nothing that holds or ever held stock is deleted:
 * it is disabled instead.
 */
export const PLACES_PAGE = "/warehouse/manage/stock";

/** Rewrites the full name (and its sort key) of every location of a warehouse from the warehouse's current name. */
export async function rewriteFullNames(ex: Executor, ctx: Ctx, warehouseId: number) {
  const [wh] = await ex
    .select({ name: warehouses.name })
    .from(warehouses)
    .where(and(eq(warehouses.companyId, ctx.companyId), eq(warehouses.id, warehouseId)));
  if (!wh) return;
  const locs = await ex
    .select({ id: stockLocations.id, code: stockLocations.code, fullName: stockLocations.fullName })
    .from(stockLocations)
    .where(and(eq(stockLocations.companyId, ctx.companyId), eq(stockLocations.warehouseId, warehouseId)));
  const changed = locs.map((l) => ({ id: l.id, fullName: locationFullName(wh.name, l.code) })).filter((l, i) => l.fullName !== locs[i]!.fullName);
  for (let i = 0; i < changed.length; i += 500) {
    const pairs = sql.join(
      changed.slice(i, i + 500).map((l) => sql`(${l.id}::int, ${l.fullName}::text, ${pinyinSortKey(l.fullName)}::text)`),
      sql`, `,
    );
    await ex.execute(
      sql`update stock_locations set full_name = v.f, full_name_sort = v.s from (values ${pairs}) as v(id, f, s) where stock_locations.id = v.id and stock_locations.company_id = ${ctx.companyId}`,
    );
  }
}

async function hasStockHistory(ex: Executor, ctx: Ctx, column: "location_id" | "warehouse_id", id: number) {
  const res = await ex.execute(
    sql`select (exists (select 1 from stock_moves where company_id = ${ctx.companyId} and ${sql.identifier(column)} = ${id})
          or exists (select 1 from stock_balances where company_id = ${ctx.companyId} and ${sql.identifier(column)} = ${id})) as used`,
  );
  return rowsOf(res)[0]?.used === true;
}

export const warehouseResource = defineResource({
  name: "warehouse",
  label: "仓库",
  pageName: "库位管理",
  pageUrl: PLACES_PAGE,
  writeCode: "CKGL-006",
  // Warehouses are picked on every purchase, stock and sales page.
  readCodes: ["CKGL-*", "CGGL-*", "XSGL-*", "TJBB-*"],
  scope: "company",
  table: warehouses,
  sortable: { name: warehouses.nameSort, code: warehouses.code, creationTime: warehouses.id },
  defaultSort: { field: "creationTime", dir: "asc" },
  filters: { isEnabled: equals(warehouses.isEnabled, "bool"), isDefault: equals(warehouses.isDefault, "bool") },
  keyword: keywordOn(warehouses.name, warehouses.code, warehouses.contactName, warehouses.address),
  input: WarehouseInputSchema,
  beforeSave: async (ex, values, ctx, id) => {
    const [other] = await ex
      .select({ id: warehouses.id })
      .from(warehouses)
      .where(and(eq(warehouses.companyId, ctx.companyId), eq(warehouses.isDefault, true), id ? ne(warehouses.id, id) : undefined))
      .limit(1);
    // The company's first warehouse is its default; a new default replaces the old one.
    if (!id && !other) values.isDefault = true;
    if (values.isDefault && other) {
      await ex
        .update(warehouses)
        .set({ isDefault: false })
        .where(and(eq(warehouses.companyId, ctx.companyId), eq(warehouses.isDefault, true), id ? ne(warehouses.id, id) : undefined));
    }
  },
  afterSave: async (ex, row, ctx) => {
    const id = row.id as number;
    await rewriteFullNames(ex, ctx, id);
    // Every warehouse has a receiving area (goods that arrived are never invisible) and a returns area.
    await specialLocationOf(ex, ctx, id, LOCATION_KIND_RECEIVING);
    await specialLocationOf(ex, ctx, id, LOCATION_KIND_RETURNS);
  },
  beforeDelete: async (ex, id, ctx) => {
    const [shelf] = await ex
      .select({ id: stockLocations.id })
      .from(stockLocations)
      .where(and(eq(stockLocations.companyId, ctx.companyId), eq(stockLocations.warehouseId, id), eq(stockLocations.kind, 0)))
      .limit(1);
    if (shelf) throw new DomainError("conflict", "该仓库下还有货位，不能删除（可停用）");
    if (await hasStockHistory(ex, ctx, "warehouse_id", id)) throw new DomainError("conflict", "该仓库有过库存，不能删除（可停用）");
    // Only its own empty receiving and returns areas are left: they go with it.
    await ex.delete(productLocations).where(and(eq(productLocations.companyId, ctx.companyId), eq(productLocations.warehouseId, id)));
    await ex.delete(stockLocations).where(and(eq(stockLocations.companyId, ctx.companyId), eq(stockLocations.warehouseId, id)));
  },
  unique: { warehouses_company_name_uq: ["name", "仓库名称已存在"] },
  exportAs: { isDefault: (r) => (r.isDefault ? "是" : "否"), isEnabled: (r) => (r.isEnabled ? "启用" : "停用") },
});

export const locationResource = defineResource({
  name: "location",
  label: "货位",
  pageName: "库位管理",
  pageUrl: PLACES_PAGE,
  writeCode: "CKGL-006",
  readCodes: ["CKGL-*", "CGGL-*", "XSGL-*", "TJBB-*"],
  scope: "company",
  table: stockLocations,
  extra: { warehouseName: warehouses.name },
  join: (q) => q.leftJoin(warehouses, eq(warehouses.id, stockLocations.warehouseId)),
  sortable: { fullName: stockLocations.fullNameSort, code: stockLocations.code, sortOrder: stockLocations.sortOrder, creationTime: stockLocations.id },
  defaultSort: { field: "fullName", dir: "asc" },
  filters: {
    warehouseId: equals(stockLocations.warehouseId),
    kind: equals(stockLocations.kind),
    isEnabled: equals(stockLocations.isEnabled, "bool"),
  },
  keyword: keywordOn(stockLocations.fullName, stockLocations.code, stockLocations.remark),
  input: LocationInputSchema,
  toValues: async (data, ctx, ex, id, current) => {
    if (id && current && current.warehouseId !== data.warehouseId) {
      throw new DomainError("bad_request", "货位不能改到其他仓库", { warehouseId: ["货位不能改到其他仓库"] });
    }
    const [wh] = await ex
      .select({ name: warehouses.name })
      .from(warehouses)
      .where(and(eq(warehouses.companyId, ctx.companyId), eq(warehouses.id, data.warehouseId)));
    if (!wh) throw new DomainError("bad_request", "所选仓库不存在", { warehouseId: ["所选仓库不存在"] });
    return { ...data, fullName: locationFullName(wh.name, data.code) };
  },
  beforeDelete: async (ex, id, ctx) => {
    if (await hasStockHistory(ex, ctx, "location_id", id)) throw new DomainError("conflict", "该货位有过库存，不能删除（可停用）");
    // A default location is a preference: it goes with the location.
    await ex.delete(productLocations).where(and(eq(productLocations.companyId, ctx.companyId), eq(productLocations.locationId, id)));
  },
  refs: { warehouseId: { table: warehouses, label: "仓库", companyOwned: true } },
  unique: { stock_locations_wh_code_uq: ["code", "该仓库已有同名货位"] },
  exportAs: { kind: (r) => labelOf(LOCATION_KINDS, r.kind as 0 | 1 | 2), isEnabled: (r) => (r.isEnabled ? "启用" : "停用") },
});

// Balances and moves are read above by SQL; the tables are named here so a rename breaks the build.
void stockBalances;
void stockMoves;
