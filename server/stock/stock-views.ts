import { and, eq, ilike, inArray, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import * as z from "zod";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { STOCK_DOC_TYPES } from "../lib/dictionary";
import { listSpecOf, qualified, whereOf, type ListSource } from "../lib/list-read";
import { parseListQuery } from "../lib/list-query";
import { dateRangeFilters } from "../kernel/date-range";
import { defineResource } from "../lib/resource";
import { escapeLike } from "../lib/validate";
import { inProductsFound } from "../product/product.resources";
import { products } from "../product/product.tables";
import { stockBalances, stockLocations, stockLocks, stockMoves, warehouses } from "./stock.tables";

/**
 * The read-only views of stock (库存余额, 锁定库存) and the ledger reports (库存流水, 成本流水,
 * 批次库存): every figure is a column of stock_balances or stock_moves, or a sum of them, so
 * each one is provable from the ledger. Nothing here writes; the stock ledger service does.
 */

/** Read-only lists: no menu code writes them through the generic list (no edit dialog, no writes over the API). */
const NOBODY = "-";
const ReadOnlyInput = z.object({});
const COST: readonly [string, string] = ["CPGL-002", "成本价"];
const AMOUNT: readonly [string, string] = ["CPGL-002", "金额"];

function productField(productId: PgColumn, field: "main_oe" | "name") {
  return sql<string | null>`(select p."${sql.raw(field)}" from "products" p where p."id" = ${qualified(productId)})`;
}
function brandOf(productId: PgColumn) {
  return sql<string | null>`(select b."name" from "products" p join "product_brands" b on b."id" = p."brand_id" where p."id" = ${qualified(productId)})`;
}
function locationName(locationId: PgColumn) {
  return sql<string | null>`(select l."full_name" from "stock_locations" l where l."id" = ${qualified(locationId)})`;
}
function warehouseName(warehouseId: PgColumn) {
  return sql<string | null>`(select w."name" from "warehouses" w where w."id" = ${qualified(warehouseId)})`;
}
function userName(userId: PgColumn) {
  return sql<string | null>`(select u."name" from "users" u where u."id" = ${qualified(userId)})`;
}

function productsOfBrand(productId: PgColumn, brandId: number, ctx: Ctx): SQL {
  return inArray(
    productId,
    db()
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.companyId, ctx.companyId), eq(products.brandId, brandId))),
  );
}

/** Whole days since a batch was received (库龄). */
const ageDays = sql<number>`floor(extract(epoch from (now() - ${stockBalances.receivedAt})) / 86400)::int`;
/** Spec 001 §4: stock received within the past 7 days shows 新. */
export const NEW_STOCK_DAYS = 7;
const isNew = sql<boolean>`(${stockBalances.receivedAt} > now() - interval '${sql.raw(String(NEW_STOCK_DAYS))} days')`;
const balanceAmount = sql<string>`round(${stockBalances.qty} * ${stockBalances.unitCost}, 2)`;
const available = sql<string>`(${stockBalances.qty} - ${stockBalances.lockedQty})`;
/** Literally the partial index's predicate (stock_balances_on_hand_idx), so the planner can use it. */
const onHand = sql`${stockBalances.qty} <> 0`;

/** Beyond this many rows a list is counted as 共 10000+ 条 (a count over a million rows is too slow for page 1). */
export const STOCK_COUNT_LIMIT = 10000;

const balanceFilters = {
  warehouseId: { kind: "int" as const, where: (v: number) => eq(stockBalances.warehouseId, v) },
  locationId: { kind: "int" as const, where: (v: number) => eq(stockBalances.locationId, v) },
  brandId: { kind: "int" as const, where: (v: number, ctx: Ctx) => productsOfBrand(stockBalances.productId, v, ctx) },
  source: { kind: "int" as const, where: (v: number) => eq(stockBalances.source, v) },
  productId: { kind: "int" as const, where: (v: number) => eq(stockBalances.productId, v) },
  batchNo: { kind: "text" as const, where: (v: string) => ilike(stockBalances.batchNo, `${escapeLike(v)}%`) },
};

const balanceExtra = {
  mainOE: productField(stockBalances.productId, "main_oe"),
  productName: productField(stockBalances.productId, "name"),
  brandName: brandOf(stockBalances.productId),
  warehouseName: warehouseName(stockBalances.warehouseId),
  fullName: locationName(stockBalances.locationId),
  available,
  priceCost: stockBalances.unitCost,
  amount: balanceAmount,
  ageDays,
  isNew,
};

/** 库存余额 (/warehouse/goods), API `stock`: one row per (product, location, batch). */
export const stockResource = defineResource({
  name: "stock",
  label: "库存",
  pageName: "库存余额",
  pageUrl: "/warehouse/goods",
  writeCode: NOBODY,
  readCodes: ["CKGL-001"],
  readOnly: { create: true, update: true, delete: true },
  scope: "company",
  table: stockBalances,
  extra: balanceExtra,
  sortable: {
    id: stockBalances.id,
    qty: stockBalances.qty,
    receivedAt: stockBalances.receivedAt,
    batchNo: stockBalances.batchNo,
    priceCost: stockBalances.unitCost,
  },
  defaultSort: { field: "id", dir: "desc" },
  filters: {
    ...balanceFilters,
    // On unless turned off: balances that are down to zero stay as rows but are not stock.
    onHand: { kind: "bool", default: true, where: (v: boolean) => (v ? onHand : undefined) },
  },
  keyword: (kw, ctx) => inProductsFound(stockBalances.productId, ctx, kw),
  exportAs: { isNew: (r) => (r.isNew ? "新" : "") },
  countLimit: STOCK_COUNT_LIMIT,
  privateFields: { priceCost: COST, unitCost: COST, amount: AMOUNT },
  input: ReadOnlyInput,
});

/** 批次库存 (/statements/stock/batch): the batches on hand with their own cost, source and received time. */
export const stockBatchResource = defineResource({
  ...stockResource,
  name: "stockBatch",
  label: "批次库存",
  pageName: "批次库存",
  pageUrl: "/statements/stock/batch",
  readCodes: ["TJBB-009"],
  sortable: { ...stockResource.sortable, batchNo: stockBalances.batchNo },
  defaultSort: { field: "receivedAt", dir: "asc" },
  filters: { ...balanceFilters, onHand: { kind: "bool", default: true, where: () => onHand } },
});

/**
 * Document types of the ledger and of locks, with the page a document opens on (when it has
 * one). A number links to its document only where that page exists.
 */
export const DOC_TYPES = STOCK_DOC_TYPES;

const DOC_PAGES: Record<string, string> = {
  purchaseOrder: "/purchase/order",
  receiveOrder: "/purchase/receive",
  putawayOrder: "/purchase/pickingIn",
  purchaseReturnOrder: "/purchase/returnOrder",
  moveOrder: "/warehouse/allocation",
  inventoryOrder: "/warehouse/inventory",
  salesOrder: "/sale/order",
};

/** The page of a document, or null when its kind has no page of its own. */
export function documentHref(docType: string, docId: number | null | undefined): string | null {
  const base = Object.hasOwn(DOC_PAGES, docType) ? DOC_PAGES[docType] : undefined;
  return base && docId ? `${base}/${docId}` : null;
}

/** 锁定库存 (/warehouse/locked), API `stockLock`: what each document holds of which balance. */
export const stockLockResource = defineResource({
  name: "stockLock",
  label: "锁定库存",
  pageName: "锁定库存",
  pageUrl: "/warehouse/locked",
  writeCode: NOBODY,
  readCodes: ["CKGL-002"],
  readOnly: { create: true, update: true, delete: true },
  scope: "company",
  table: stockLocks,
  extra: {
    mainOE: productField(stockLocks.productId, "main_oe"),
    productName: productField(stockLocks.productId, "name"),
    brandName: brandOf(stockLocks.productId),
    warehouseName: warehouseName(stockLocks.warehouseId),
    fullName: locationName(stockLocks.locationId),
    userName: userName(stockLocks.userId),
  },
  sortable: { id: stockLocks.id, createdAt: stockLocks.createdAt, qty: stockLocks.qty, docNo: stockLocks.docNo },
  defaultSort: { field: "id", dir: "desc" },
  filters: {
    warehouseId: { kind: "int", where: (v: number) => eq(stockLocks.warehouseId, v) },
    locationId: { kind: "int", where: (v: number) => eq(stockLocks.locationId, v) },
    productId: { kind: "int", where: (v: number) => eq(stockLocks.productId, v) },
    docType: { kind: "text", where: (v: string) => eq(stockLocks.docType, v) },
    docNo: { kind: "text", where: (v: string) => ilike(stockLocks.docNo, `%${escapeLike(v)}%`) },
  },
  keyword: (kw, ctx) => inProductsFound(stockLocks.productId, ctx, kw),
  countLimit: STOCK_COUNT_LIMIT,
  input: ReadOnlyInput,
});

/** The lock row's document page, or null (another company's lock is not found either). */
export async function lockedDocumentHref(ctx: Ctx, lockId: number): Promise<string | null> {
  const [row] = await db()
    .select({ docType: stockLocks.docType, docId: stockLocks.docId })
    .from(stockLocks)
    .where(and(eq(stockLocks.id, lockId), eq(stockLocks.companyId, ctx.companyId)));
  return row ? documentHref(row.docType, row.docId) : null;
}

/** A yyyy-mm-dd day that exists, else undefined (a bad date filter is ignored, never an error). */
export function dayOf(v: string): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v.trim());
  if (!m) return undefined;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]) ? v.trim() : undefined;
}

const flowExtra = {
  mainOE: productField(stockMoves.productId, "main_oe"),
  productName: productField(stockMoves.productId, "name"),
  brandName: brandOf(stockMoves.productId),
  warehouseName: warehouseName(stockMoves.warehouseId),
  fullName: locationName(stockMoves.locationId),
  userName: userName(stockMoves.userId),
  qtyIn: sql<string | null>`case when ${stockMoves.qty} > 0 then ${stockMoves.qty} end`,
  qtyOut: sql<string | null>`case when ${stockMoves.qty} < 0 then -${stockMoves.qty} end`,
};

/** 库存流水 (/statements/stock/flow), API `stockFlow`: the ledger lines with their running balances. */
export const stockFlowResource = defineResource({
  name: "stockFlow",
  label: "库存流水",
  pageName: "库存流水",
  pageUrl: "/statements/stock/flow",
  writeCode: NOBODY,
  readCodes: ["TJBB-010", "TJBB-011"],
  readOnly: { create: true, update: true, delete: true },
  scope: "company",
  table: stockMoves,
  extra: flowExtra,
  sortable: { id: stockMoves.id, createdAt: stockMoves.id, docNo: stockMoves.docNo },
  defaultSort: { field: "id", dir: "desc" },
  filters: {
    bizType: { kind: "text", where: (v: string) => eq(stockMoves.bizType, v) },
    docType: { kind: "text", where: (v: string) => eq(stockMoves.docType, v) },
    docNo: { kind: "text", where: (v: string) => ilike(stockMoves.docNo, `%${escapeLike(v)}%`) },
    ...dateRangeFilters(stockMoves.createdAt, "date"),
    warehouseId: { kind: "int", where: (v: number) => eq(stockMoves.warehouseId, v) },
    locationId: { kind: "int", where: (v: number) => eq(stockMoves.locationId, v) },
    productId: { kind: "int", where: (v: number) => eq(stockMoves.productId, v) },
  },
  keyword: (kw, ctx) => inProductsFound(stockMoves.productId, ctx, kw),
  countLimit: STOCK_COUNT_LIMIT,
  privateFields: { unitCost: COST, amount: AMOUNT, avgCostAfter: ["CPGL-002", "平均成本"] },
  input: ReadOnlyInput,
});

/** 成本流水 (/statements/stock/flow/cost): the same ledger with unit cost, amount and the average after. */
export const stockFlowCostResource = defineResource({
  ...stockFlowResource,
  name: "stockFlowCost",
  label: "成本流水",
  pageName: "成本流水",
  pageUrl: "/statements/stock/flow/cost",
  readCodes: ["TJBB-011"],
});

export interface StockTotals {
  /** False when the selection is too big to sum on every page view (filter first). */
  computed: boolean;
  qty?: string;
  lockedQty?: string;
  available?: string;
  /** Only for holders of CPGL-002. */
  amount?: string;
}

/**
 * The totals row of a balance list: Σ qty, Σ locked, Σ available and Σ amount over the whole
 * filtered selection (not only the page). An unfiltered selection beyond the count limit is
 * not summed on every page view; the page asks to filter first.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the balance lists' sources differ in their row type
export async function stockTotals(ctx: Ctx, def: ListSource<any>, params: URLSearchParams, capped: boolean): Promise<StockTotals> {
  const query = parseListQuery(params, listSpecOf(def));
  const { cond, filtered } = await whereOf(def, ctx, query);
  if (capped && !filtered) return { computed: false };
  const [row] = await db()
    .select({
      qty: sql<string>`coalesce(sum(${stockBalances.qty}), 0)::text`,
      lockedQty: sql<string>`coalesce(sum(${stockBalances.lockedQty}), 0)::text`,
      available: sql<string>`coalesce(sum(${available}), 0)::text`,
      amount: sql<string>`coalesce(sum(${balanceAmount}), 0)::text`,
    })
    .from(stockBalances)
    .where(cond);
  const out: StockTotals = { computed: true, qty: row!.qty, lockedQty: row!.lockedQty, available: row!.available };
  if (ctx.permissions.has(AMOUNT[0])) out.amount = row!.amount;
  return out;
}

/** Warehouses and locations of the caller's company, for the stock pages' filters. */
export async function stockPlaceOptions(ctx: Ctx) {
  const [ws, ls] = await Promise.all([
    db()
      .select({ value: warehouses.id, label: warehouses.name })
      .from(warehouses)
      .where(eq(warehouses.companyId, ctx.companyId))
      .orderBy(warehouses.nameSort, warehouses.id)
      .limit(500),
    db()
      .select({ value: stockLocations.id, label: stockLocations.fullName, parentId: stockLocations.warehouseId })
      .from(stockLocations)
      .where(eq(stockLocations.companyId, ctx.companyId))
      .orderBy(stockLocations.fullNameSort, stockLocations.id)
      .limit(500),
  ]);
  return { warehouse: ws, stockLocation: ls };
}
