import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { streamXlsx, type ExportFormat } from "../lib/excel-export";
import type { GridColumn } from "../lib/grid-settings";
import { parseListQuery, type FilterKind, type ListQuery } from "../lib/list-query";
import { getCompanyTimeZone } from "../setting/setting.service";
import { productResource } from "../product/product.resources";
import { products } from "../product/product.tables";
import { rows as rowsOf } from "../lib/rows";

/**
 * The read side of the statement reports (/statements/sale/*, /statements/purchase/report,
 * /statements/view/*). A report is one SQL statement per request that already applies every
 * filter (company first) and, for the summaries, groups inside: a date range has to act before
 * the sums, which a list over one table row per row (server/lib/list-read.ts) cannot express.
 * The engine wraps that statement: sort and page in SQL, count, a totals row over the whole
 * selection, the top rows for a chart, and the .xlsx of the same selection (the page name as
 * the file name). The URL params are the lists' (page, size, sort=field.dir, q, filters), so
 * every report is bookmarkable and works without JavaScript.
 */
/** A column of a report: a grid column, and for cost/profit the permission that may read it. */
export interface ReportColumn extends GridColumn {
  /** Only holders of this menu code read the column (cost and profit: 产品价格, CPGL-002). */
  code?: string;
}

export interface ReportChart {
  /** Field naming each bar (product name, customer …). */
  label: string;
  /** Fields drawn as series, with their Chinese names. */
  series: { field: string; name: string }[];
  /** Sort of the top rows (default: the first series, descending). */
  by?: string;
  top?: number;
}

export interface ReportDef {
  name: string;
  pageUrl: string;
  /** Spec 000 §2 page name: the export's file and sheet name. */
  pageName: string;
  filters: Record<string, FilterKind>;
  /** Filter defaults the query uses when the URL names none (按产品 …). */
  defaults?: Record<string, string>;
  /** The columns for this query (a switch may change them). */
  columns: (q: ListQuery) => ReportColumn[];
  /** Sort key → column name of the report's rows. */
  sortable: Record<string, string>;
  defaultSort: { field: string; dir: "asc" | "desc" };
  /** Columns that make the order total (a unique key last). */
  tieBreak: string[];
  /** Fields summed in the totals row. */
  sums: string[];
  /** The field that says 合计 in the totals row. */
  totalLabel: string;
  chart?: (q: ListQuery) => ReportChart | undefined;
  /** Every row of the selection, filters applied, company first; the columns named as the fields. */
  source: (ctx: Ctx, q: ListQuery, f: FilterHelpers) => Promise<SQL> | SQL;
}

export interface ReportResult {
  pageUrl: string;
  pageName: string;
  query: Pick<ListQuery, "page" | "size" | "sort" | "keyword" | "filters">;
  columns: ReportColumn[];
  totalCount: number;
  items: Record<string, unknown>[];
  /** Σ of the summed fields over the whole selection (0 when it is empty): the grid's 合计 row. */
  totals: Record<string, unknown>;
  chart: { config: ReportChart; rows: Record<string, unknown>[] } | null;
}

/** Helpers every report's SQL uses for its filters. */
export interface FilterHelpers {
  tz: string;
  /** `col >= from` and `col < to + 1 day` in the company's time zone, for the given filter pair (or true). */
  dayRange: (col: SQL, name?: string) => SQL;
  /** The day `from` starts, as a timestamptz (null when no from). */
  startOf: (name?: string) => SQL | null;
  /** The product ids the keyword finds (OE spellings, pinyin, name), or null without a keyword. */
  productIds: () => Promise<SQL | null>;
}

function helpers(ctx: Ctx, q: ListQuery, tz: string): FilterHelpers {
  const startOf = (name = "date") => {
    const v = q.filters[`${name}From`];
    return typeof v === "string" ? sql`((${v}::date)::timestamp at time zone ${tz})` : null;
  };
  return {
    tz,
    startOf,
    dayRange(col, name = "date") {
      const parts: SQL[] = [];
      const from = startOf(name);
      const to = q.filters[`${name}To`];
      if (from) parts.push(sql`${col} >= ${from}`);
      if (typeof to === "string") parts.push(sql`${col} < ((${to}::date + 1)::timestamp at time zone ${tz})`);
      return parts.length ? sql.join(parts, sql` and `) : sql`true`;
    },
    async productIds() {
      if (!q.keyword) return null;
      const cond = await productResource.keyword!(q.keyword, ctx);
      return sql`(${db()
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.companyId, ctx.companyId), cond))})`;
    },
  };
}

/** The columns this caller may read. */
export function visibleColumns(ctx: Pick<Ctx, "permissions">, columns: ReportColumn[]) {
  return columns.filter((c) => !c.code || ctx.permissions.has(c.code));
}

export function parseReportQuery(def: ReportDef, params: URLSearchParams): ListQuery {
  const p = new URLSearchParams(params);
  for (const [k, v] of Object.entries(def.defaults ?? {})) if (!p.get(k)) p.set(k, v);
  return parseListQuery(p, { sortable: Object.keys(def.sortable), defaultSort: def.defaultSort, filters: def.filters });
}

function strip(row: Record<string, unknown>, allowed: Set<string>) {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) if (allowed.has(k) || k === "id") out[k] = v;
  return out;
}

function orderOf(def: ReportDef, q: ListQuery, visible: Set<string>) {
  const sort = visible.has(q.sort.field) || !def.columns(q).some((c) => c.field === q.sort.field) ? q.sort : def.defaultSort;
  const col = def.sortable[sort.field] ?? def.sortable[def.defaultSort.field]!;
  const dir = sort.dir === "desc" ? "desc nulls last" : "asc nulls first";
  return sql.raw([`"${col}" ${dir}`, ...def.tieBreak.map((c) => `"${c}" ${sort.dir === "desc" ? "desc" : "asc"}`)].join(", "));
}

/** One page of a report, its row count, totals and chart rows. */
export async function runReport(def: ReportDef, ctx: Ctx, params: URLSearchParams): Promise<ReportResult> {
  const q = parseReportQuery(def, params);
  const tz = await getCompanyTimeZone(ctx);
  const source = await def.source(ctx, q, helpers(ctx, q, tz));
  const columns = visibleColumns(ctx, def.columns(q));
  const allowed = new Set(columns.map((c) => c.field));
  const hiddenSort = def.columns(q).some((c) => c.field === q.sort.field && !allowed.has(c.field));
  const query = hiddenSort ? { ...q, sort: def.defaultSort } : q;
  const order = orderOf(def, query, allowed);
  const sums = def.sums.filter((f) => allowed.has(f));
  const chartConfig = def.chart?.(q);
  const chartOk = chartConfig && allowed.has(chartConfig.label) && chartConfig.series.every((s) => allowed.has(s.field));
  const [rows, counted, totals, chartRows] = await Promise.all([
    db().execute(sql`select * from (${source}) g order by ${order} limit ${q.size} offset ${q.skip}`),
    db().execute(sql`select count(*)::int as n from (${source}) g`),
    sums.length
      ? db().execute(sql`select ${sql.raw(sums.map((f) => `coalesce(sum("${f}"), 0)::text as "${f}"`).join(", "))} from (${source}) g`)
      : Promise.resolve(null),
    chartOk
      ? db().execute(
          sql`select * from (${source}) g order by ${sql.raw(`"${chartConfig.by ?? chartConfig.series[0]!.field}" desc nulls last`)}, ${sql.raw(def.tieBreak.map((c) => `"${c}"`).join(", "))} limit ${chartConfig.top ?? 10}`,
        )
      : Promise.resolve(null),
  ]);
  const totalCount = Number(rowsOf(counted)[0]?.n ?? 0);
  const sumRow = totals ? rowsOf(totals)[0] : undefined;
  return {
    pageUrl: def.pageUrl,
    pageName: def.pageName,
    query: { page: query.page, size: query.size, sort: query.sort, keyword: query.keyword, filters: query.filters },
    columns,
    totalCount,
    items: rowsOf(rows).map((r, i) => ({ ...strip(r, allowed), id: r.id ?? `${q.skip + i + 1}` })),
    totals: { ...(sumRow ? strip(sumRow, new Set(sums)) : {}), [def.totalLabel]: "合计", id: "total" },
    chart: chartOk && chartRows ? { config: chartConfig, rows: rowsOf(chartRows).map((r) => strip(r, allowed)) } : null,
  };
}

function formatOf(c: ReportColumn): ExportFormat | undefined {
  if (c.kind === "money" || c.kind === "cost" || c.kind === "number") return "decimal";
  if (c.kind === "datetime") return "datetime";
  return undefined;
}

const EXPORT_BATCH = 2000;

/** The whole selection as .xlsx (the columns this caller may read, then the totals row). */
export async function exportReport(def: ReportDef, ctx: Ctx, params: URLSearchParams) {
  const q = parseReportQuery(def, params);
  const tz = await getCompanyTimeZone(ctx);
  const source = await def.source(ctx, q, helpers(ctx, q, tz));
  const columns = visibleColumns(ctx, def.columns(q));
  const allowed = new Set(columns.map((c) => c.field));
  const order = orderOf(def, q, allowed);
  const sums = def.sums.filter((f) => allowed.has(f));
  const label = (c: ReportColumn, v: unknown) => (c.kind === "enum" && c.labels ? (c.labels.find(([k]) => String(k) === String(v))?.[1] ?? v) : v);
  async function* rows() {
    for (let skip = 0; ; skip += EXPORT_BATCH) {
      const page = rowsOf(await db().execute(sql`select * from (${source}) g order by ${order} limit ${EXPORT_BATCH} offset ${skip}`));
      for (const r of page) yield Object.fromEntries(columns.map((c) => [c.field, label(c, r[c.field])]));
      if (page.length < EXPORT_BATCH) break;
    }
    if (sums.length) {
      const [t] = rowsOf(await db().execute(sql`select ${sql.raw(sums.map((f) => `coalesce(sum("${f}"), 0)::text as "${f}"`).join(", "))} from (${source}) g`));
      yield { ...t, [def.totalLabel]: "合计" };
    }
  }
  return {
    fileName: def.pageName,
    stream: streamXlsx({
      sheetName: def.pageName,
      columns: columns.map((c) => ({ displayName: c.header, fieldName: c.field, format: formatOf(c), width: Math.round(((c.width ?? 120) * 256) / 8) })),
      rows: rows(),
      timeZone: tz,
    }),
  };
}

/** Id/name options for report filters (customers, suppliers, salesmen, warehouses), max 500 each. */
export async function reportOptions(ctx: Ctx, names: readonly ("customer" | "supplier" | "salesman" | "warehouse")[]) {
  const out: Record<string, { value: number; label: string }[]> = {};
  await Promise.all(
    names.map(async (n) => {
      const q =
        n === "warehouse"
          ? sql`select id as value, name as label from warehouses where company_id = ${ctx.companyId} order by name_sort, id limit 500`
          : n === "salesman"
            ? sql`select u.id as value, u.name as label from company_users cu join users u on u.id = cu.user_id where cu.company_id = ${ctx.companyId} order by u.name, u.id limit 500`
            : sql`select id as value, name as label from enterprise_relations where company_id = ${ctx.companyId} and rel = ${n === "customer" ? 1 : 0} order by name_sort, id limit 500`;
      out[n] = rowsOf(await db().execute(q)).map((r) => ({ value: Number(r.value), label: String(r.label) }));
    }),
  );
  return out;
}
