import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { parseId } from "../lib/ids";
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from "../lib/list-query";
import { streamXlsx } from "../lib/excel-export";
import { AGE_BUCKET_LABELS } from "./stock-age.labels";
import { productResource } from "../product/product.resources";
import { products } from "../product/product.tables";
import { rows as rowsOf } from "../lib/rows";

/**
 * 库龄报表 (/statements/stock/age): per product (and, when asked, per warehouse) the quantity
 * and amount on hand in age buckets by received time. Every figure is a sum of stock_balances
 * rows (qty, and qty × the batch's own unit cost rounded to the cent), so Σ buckets = Σ balances.
 */
const RANGES = { b0: [0, 30], b1: [31, 60], b2: [61, 90], b3: [91, 180], b4: [181, null] } as const;
export const AGE_BUCKETS = AGE_BUCKET_LABELS.map(([key, label]) => ({ key, label, min: RANGES[key][0], max: RANGES[key][1] as number | null }));

export type AgeBucketKey = (typeof AGE_BUCKET_LABELS)[number][0];

export interface StockAgeRow {
  productId: number;
  mainOE: string;
  productName: string;
  brandName: string | null;
  warehouseId: number | null;
  warehouseName: string | null;
  qty: string;
  amount?: string;
  /** Quantity per bucket, and amount per bucket (amounts only for holders of CPGL-002). */
  buckets: Record<AgeBucketKey, { qty: string; amount?: string }>;
}

export interface StockAgeQuery {
  keyword: string;
  warehouseId: number | null;
  byWarehouse: boolean;
  page: number;
  size: number;
}

export interface StockAgeReport {
  query: StockAgeQuery;
  totalCount: number;
  items: StockAgeRow[];
  totals: Omit<StockAgeRow, "productId" | "mainOE" | "productName" | "brandName" | "warehouseId" | "warehouseName">;
  showAmount: boolean;
}

export function parseStockAgeQuery(params: URLSearchParams): StockAgeQuery {
  const size = Number(params.get("size"));
  const page = Number(params.get("page"));
  return {
    keyword: (params.get("q") ?? "").trim().slice(0, 100),
    warehouseId: parseId(params.get("warehouseId")),
    byWarehouse: params.get("byWarehouse") === "1" || params.get("byWarehouse") === "true",
    page: Number.isInteger(page) && page >= 1 && page < 1e6 ? page : 1,
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

const AGE = sql`floor(extract(epoch from (now() - b.received_at)) / 86400)`;
const AMOUNT = sql`round(b.qty * b.unit_cost, 2)`;

function inBucket(b: (typeof AGE_BUCKETS)[number]) {
  return b.max === null ? sql`${AGE} >= ${sql.raw(String(b.min))}` : sql`${AGE} between ${sql.raw(String(b.min))} and ${sql.raw(String(b.max))}`;
}

/** Σ qty and Σ amount, overall and per bucket, as text (exact decimals). */
function sums(): SQL {
  const parts: SQL[] = [sql`coalesce(sum(b.qty), 0)::text as "qty"`, sql`coalesce(sum(${AMOUNT}), 0)::text as "amount"`];
  for (const b of AGE_BUCKETS) {
    parts.push(sql`coalesce(sum(b.qty) filter (where ${inBucket(b)}), 0)::text as ${sql.raw(`"${b.key}Qty"`)}`);
    parts.push(sql`coalesce(sum(${AMOUNT}) filter (where ${inBucket(b)}), 0)::text as ${sql.raw(`"${b.key}Amount"`)}`);
  }
  return sql.join(parts, sql`, `);
}

function shape(r: Record<string, unknown>, showAmount: boolean) {
  const buckets = Object.fromEntries(
    AGE_BUCKETS.map((b) => [b.key, showAmount ? { qty: String(r[`${b.key}Qty`]), amount: String(r[`${b.key}Amount`]) } : { qty: String(r[`${b.key}Qty`]) }]),
  ) as StockAgeRow["buckets"];
  return { qty: String(r.qty), ...(showAmount ? { amount: String(r.amount) } : {}), buckets };
}

async function whereOf(ctx: Ctx, q: StockAgeQuery): Promise<SQL> {
  const parts: SQL[] = [sql`b.company_id = ${ctx.companyId}`, sql`b.qty <> 0`];
  if (q.warehouseId) parts.push(sql`b.warehouse_id = ${q.warehouseId}`);
  if (q.keyword) {
    const cond = await productResource.keyword!(q.keyword, ctx);
    const ids = db()
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.companyId, ctx.companyId), cond));
    parts.push(sql`b.product_id in (${ids})`);
  }
  return sql.join(parts, sql` and `);
}

/** One page of the report, its row count and the totals over the whole selection. */
export async function stockAgeReport(ctx: Ctx, q: StockAgeQuery, opts: { all?: boolean } = {}): Promise<StockAgeReport> {
  const showAmount = ctx.permissions.has("CPGL-002");
  const where = await whereOf(ctx, q);
  const keys = q.byWarehouse ? sql`b.product_id, b.warehouse_id` : sql`b.product_id`;
  const wh = q.byWarehouse ? sql`b.warehouse_id` : sql`null::int`;
  const grouped = sql`select b.product_id, ${wh} as warehouse_id, ${sums()} from stock_balances b where ${where} group by ${keys}`;
  const page = opts.all ? sql`` : sql` limit ${q.size} offset ${(q.page - 1) * q.size}`;
  const [rows, counted, totals] = await Promise.all([
    db().execute(sql`select g.*, p.main_oe as "mainOE", p.name as "productName",
        (select pb.name from product_brands pb where pb.id = p.brand_id) as "brandName",
        (select w.name from warehouses w where w.id = g.warehouse_id) as "warehouseName"
      from (${grouped}) g join products p on p.id = g.product_id
      order by p.oe_norm, g.product_id, g.warehouse_id${page}`),
    db().execute(sql`select count(*)::int as n from (${grouped}) g`),
    db().execute(sql`select ${sums()} from stock_balances b where ${where}`),
  ]);
  const items = rowsOf(rows).map((r) => ({
    productId: Number(r.product_id),
    mainOE: String(r.mainOE),
    productName: String(r.productName),
    brandName: (r.brandName as string | null) ?? null,
    warehouseId: r.warehouse_id === null ? null : Number(r.warehouse_id),
    warehouseName: (r.warehouseName as string | null) ?? null,
    ...shape(r, showAmount),
  }));
  return { query: q, totalCount: Number(rowsOf(counted)[0]?.n ?? 0), items, totals: shape(rowsOf(totals)[0] ?? {}, showAmount), showAmount };
}

/** The whole report as .xlsx (the same selection as the page, every row). */
export async function exportStockAge(ctx: Ctx, q: StockAgeQuery, timeZone?: string) {
  const report = await stockAgeReport(ctx, q, { all: true });
  const columns: { displayName: string; fieldName: string; format?: "decimal" }[] = [
    { displayName: "产品编码", fieldName: "mainOE" },
    { displayName: "产品名称", fieldName: "productName" },
    { displayName: "品牌", fieldName: "brandName" },
  ];
  if (q.byWarehouse) columns.push({ displayName: "仓库", fieldName: "warehouseName" });
  for (const b of AGE_BUCKETS) {
    columns.push({ displayName: `${b.label}数量`, fieldName: `${b.key}Qty`, format: "decimal" });
    if (report.showAmount) columns.push({ displayName: `${b.label}金额`, fieldName: `${b.key}Amount`, format: "decimal" });
  }
  columns.push({ displayName: "合计数量", fieldName: "qty", format: "decimal" });
  if (report.showAmount) columns.push({ displayName: "合计金额", fieldName: "amount", format: "decimal" });
  const flat = (r: Omit<StockAgeRow, "productId" | "warehouseId"> | StockAgeReport["totals"]) => {
    const out: Record<string, unknown> = { ...r };
    for (const b of AGE_BUCKETS) {
      out[`${b.key}Qty`] = r.buckets[b.key].qty;
      out[`${b.key}Amount`] = r.buckets[b.key].amount;
    }
    return out;
  };
  async function* rows() {
    for (const r of report.items) yield flat(r);
    yield { ...flat(report.totals), mainOE: "合计" };
  }
  return { fileName: "库龄报表", stream: streamXlsx({ sheetName: "库龄报表", columns, rows: rows(), timeZone }) };
}
