import { and, asc, eq, inArray } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import type { Executor } from "../db/client";
import { DomainError } from "../lib/errors";
import { pinyinSortKey } from "../lib/sort-key";
import { productLocations, stockLocations, warehouses } from "./stock.tables";

/**
 * Where stock lives: the special locations of a warehouse and the default location of a
 * product in a warehouse (/warehouse/manage/relation). Company-scoped throughout.
 */

export const LOCATION_KIND_SHELF = 0;
export const LOCATION_KIND_RECEIVING = 1;
export const LOCATION_KIND_RETURNS = 2;

/** The code (and name suffix) of the special locations every warehouse has. */
export const SPECIAL_LOCATION_CODES: Record<number, string> = {
  [LOCATION_KIND_RECEIVING]: "收货区",
  [LOCATION_KIND_RETURNS]: "退货区",
};

export const locationFullName = (warehouseName: string, code: string) => `${warehouseName}-${code}`;

async function warehouseOf(ex: Executor, ctx: Ctx, warehouseId: number) {
  const [wh] = await ex
    .select({ id: warehouses.id, name: warehouses.name })
    .from(warehouses)
    .where(and(eq(warehouses.companyId, ctx.companyId), eq(warehouses.id, warehouseId)));
  if (!wh) throw new DomainError("not_found", "仓库不存在");
  return wh;
}

/**
 * The id of a warehouse's special location of `kind` (1 收货区, 2 退货区): the first enabled one
 * (lowest sort order, then id), else the first at all; created when the warehouse has none.
 */
export async function specialLocationOf(tx: Executor, ctx: Ctx, warehouseId: number, kind: number): Promise<number> {
  const wh = await warehouseOf(tx, ctx, warehouseId);
  const rows = await tx
    .select({ id: stockLocations.id, isEnabled: stockLocations.isEnabled })
    .from(stockLocations)
    .where(and(eq(stockLocations.companyId, ctx.companyId), eq(stockLocations.warehouseId, warehouseId), eq(stockLocations.kind, kind)))
    .orderBy(asc(stockLocations.sortOrder), asc(stockLocations.id));
  const found = rows.find((r) => r.isEnabled) ?? rows[0];
  if (found) return found.id;
  const base = SPECIAL_LOCATION_CODES[kind] ?? "货位";
  // The plain code may be taken by a shelf of that name: add a number then.
  for (let n = 0; n < 100; n++) {
    const code = n === 0 ? base : `${base}${n + 1}`;
    const fullName = locationFullName(wh.name, code);
    const [row] = await tx
      .insert(stockLocations)
      .values({ companyId: ctx.companyId, warehouseId, code, fullName, fullNameSort: pinyinSortKey(fullName), kind, sortOrder: -10 + kind })
      .onConflictDoNothing()
      .returning({ id: stockLocations.id });
    if (row) return row.id;
  }
  throw new DomainError("conflict", "无法创建收货区");
}

/** The id of the warehouse's 收货区 (kind 1) location, created when missing. */
export function receivingLocationOf(tx: Executor, ctx: Ctx, warehouseId: number): Promise<number> {
  return specialLocationOf(tx, ctx, warehouseId, LOCATION_KIND_RECEIVING);
}

/** The id of the warehouse's 退货区 (kind 2) location, created when missing. */
export function returnsLocationOf(tx: Executor, ctx: Ctx, warehouseId: number): Promise<number> {
  return specialLocationOf(tx, ctx, warehouseId, LOCATION_KIND_RETURNS);
}

/** The default location (product_locations) of each product in a warehouse; products without one are absent. */
export async function defaultLocationsOf(
  ex: Executor,
  ctx: Ctx,
  warehouseId: number,
  productIds: number[],
): Promise<Map<number, { id: number; fullName: string }>> {
  const out = new Map<number, { id: number; fullName: string }>();
  const ids = [...new Set(productIds.filter((n) => Number.isInteger(n)))];
  if (ids.length === 0) return out;
  for (let i = 0; i < ids.length; i += 5000) {
    const rows = await ex
      .select({ productId: productLocations.productId, id: stockLocations.id, fullName: stockLocations.fullName })
      .from(productLocations)
      .innerJoin(stockLocations, eq(stockLocations.id, productLocations.locationId))
      .where(
        and(
          eq(productLocations.companyId, ctx.companyId),
          eq(productLocations.warehouseId, warehouseId),
          inArray(productLocations.productId, ids.slice(i, i + 5000)),
          eq(stockLocations.companyId, ctx.companyId),
        ),
      );
    for (const r of rows) out.set(r.productId, { id: r.id, fullName: r.fullName });
  }
  return out;
}
