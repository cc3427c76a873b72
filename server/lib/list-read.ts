import { and, asc, count, desc, eq, getTableColumns, getTableName, gt, gte, ilike, inArray, is, lt, lte, or, SQL, sql } from "drizzle-orm";
import { PgColumn, type PgTable } from "drizzle-orm/pg-core";
import type { Ctx } from "./context";
import { db, type Executor } from "../db/client";
import { DomainError } from "./errors";
import { ExportRequestSchema, exportFilterParams, streamXlsx, type ExportFormat } from "./excel-export";
import { parseListQuery, type FilterKind, type ListQuery, type ListResult, type ListSpec } from "./list-query";
import { sortKeysOf } from "./sort-key";
import { escapeLike, parseInput } from "./validate";

/**
 * The read side of every list (master data now; documents and reports next): paged, sorted,
 * filtered, tenant-scoped rows and the streamed .xlsx export of the same selection.
 */
// drizzle's query builder types do not survive being passed around generically; the
// definitions stay typed, the plumbing here uses `any` on purpose.
/* eslint-disable @typescript-eslint/no-explicit-any */
export type AnyTable = PgTable & { id: PgColumn } & Record<string, any>;

/**
 * What the read side needs of a list: its table, sortable fields, filters, keyword search,
 * names from dictionaries and export formatting. Master data (resource.ts), documents and
 * reports all list and export through it.
 */
export interface ListSource<Row extends Record<string, any> = Record<string, any>> {
  /** API name, the spec's call name in camelCase (`productQuality`). */
  name: string;
  /** Chinese name of one row (品质); also the default export file name unless `pageName`. */
  label: string;
  pageName?: string;
  pageUrl: string;
  /** Menu code whose holders may write (the page's own code). */
  writeCode: string;
  /**
   * Company data is read through the JSON API only by holders of one of these menu codes
   * (default: the page's own code); `XSGL-*` stands for every code of an area. Platform data
   * is read by everyone. Pages read their own lookups on the server, under the page's own
   * permission.
   */
  readCodes?: readonly string[];
  scope: "platform" | "company";
  /**
   * Replaces the company condition of a company-scoped list for some callers (the audit trail:
   * the platform operator reads every company's entries, a company only its own).
   */
  ownerWhere?: (ctx: Ctx) => SQL | undefined;
  table: AnyTable;
  /** Extra selected values from joined tables (brandName …) and the joins that supply them. */
  extra?: Record<string, SQL.Aliased | PgColumn | SQL>;
  /**
   * Names from small dictionary tables (brandName ← product_brands by brandId): a scalar
   * subquery on pages, a lookup map in exports (one read of the dictionary per export).
   */
  names?: Record<string, { table: AnyTable; key: PgColumn }>;
  join?: (q: any) => any;
  sortable: Record<string, PgColumn | SQL>;
  defaultSort: { field: string; dir: "asc" | "desc" };
  /**
   * `default`: the value used when the request names none (a filter that is on unless turned
   * off, e.g. only balances with stock); the default alone does not make the list "filtered".
   */
  filters?: Record<string, { kind: FilterKind; default?: string | number | boolean; where: (v: any, ctx: Ctx) => SQL | undefined | Promise<SQL | undefined> }>;
  keyword?: (kw: string, ctx: Ctx) => SQL | undefined | Promise<SQL | undefined>;
  /** Export cell value for a field whose stored value is not what a person reads. */
  exportAs?: Record<string, (row: Row) => unknown>;
  /** A counter that answers the unfiltered total without counting (big tables), with its version. */
  fastCount?: (ctx: Ctx) => Promise<RowCount | undefined>;
  /**
   * Huge tables (a million stock balances): count at most this many rows (count over
   * `… limit N+1`); beyond it the result says `totalCapped` and the grid shows 共 N+ 条.
   */
  countLimit?: number;
  /**
   * Fields only holders of a permission code may read (a product's cost price: 产品价格,
   * CPGL-002): field → [code, Chinese label]. For everyone else they are absent from lists,
   * rows, exports and sorting, as if the resource did not have them.
   */
  privateFields?: Readonly<Record<string, PrivateField>>;
}

/**
 * A private field: the code (or any of the codes) whose holders read it, and its Chinese label.
 * A document's private fields name its header's and its lines' keys alike (price, amount …):
 * the document read (JSON API, print, a read-only view) drops them wherever they occur.
 */
export type PrivateField = readonly [code: string | readonly string[], label: string];

function holdsAny(ctx: Pick<Ctx, "permissions">, code: string | readonly string[]) {
  return typeof code === "string" ? ctx.permissions.has(code) : code.some((c) => ctx.permissions.has(c));
}

/** The private fields this caller may not read. */
export function hiddenFields(def: ListSource<any>, ctx: Pick<Ctx, "permissions">): Set<string> {
  const hidden = new Set<string>();
  for (const [field, [code]] of Object.entries(def.privateFields ?? {})) if (!holdsAny(ctx, code)) hidden.add(field);
  return hidden;
}

function withoutKeys(value: unknown, hidden: ReadonlySet<string>): unknown {
  if (Array.isArray(value)) return value.map((v) => withoutKeys(v, hidden));
  if (!value || typeof value !== "object" || value instanceof Date) return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([k]) => !hidden.has(k))
      .map(([k, v]) => [k, withoutKeys(v, hidden)]),
  );
}

/**
 * A document (header, lines, anything nested) as this caller may read it: the resource's private
 * fields they may not read are dropped at every depth, as the list drops them from its rows. The
 * one price rule of every document read: JSON API, print, the read-only view of linked documents.
 */
export function visibleDocument<T>(def: ListSource<any>, ctx: Pick<Ctx, "permissions">, doc: T): T {
  const hidden = hiddenFields(def, ctx);
  return hidden.size === 0 ? doc : (withoutKeys(doc, hidden) as T);
}

/** A row as this caller may see it: private fields they may not read are removed. */
export function visibleRow<T>(def: ListSource<any>, ctx: Pick<Ctx, "permissions">, row: T): T {
  const hidden = hiddenFields(def, ctx);
  if (hidden.size === 0 || !row || typeof row !== "object") return row;
  return Object.fromEntries(Object.entries(row as Record<string, unknown>).filter(([k]) => !hidden.has(k))) as T;
}

/** Whether `key` is one of the object's own keys: names from users never reach the prototype (`constructor`, `__proto__`). */
export function ownKey<T extends object>(obj: T | undefined | null, key: string): key is Extract<keyof T, string> {
  return !!obj && Object.hasOwn(obj, key);
}

/** Rows of a big table for one company, and a version every insert or delete statement bumps. */
export interface RowCount {
  n: number;
  version: number;
}

/** The list parser's spec for a resource (sortable fields, filters and their kinds). */
export function listSpecOf(def: ListSource<any>): ListSpec {
  return {
    sortable: Object.keys(def.sortable),
    defaultSort: def.defaultSort,
    filters: Object.fromEntries(Object.entries(def.filters ?? {}).map(([k, f]) => [k, f.kind])),
  };
}

/** Whether the JSON API may give this caller the resource's rows (the pages' permission rule). */
export function canRead(def: ListSource<any>, ctx: Ctx) {
  if (def.scope === "platform") return true;
  const codes = def.readCodes ?? [def.writeCode];
  return codes.some((c) => (c.endsWith("*") ? [...ctx.permissions].some((p) => p.startsWith(c.slice(0, -1))) : ctx.permissions.has(c)));
}

export function ownerCond(def: ListSource<any>, ctx: Ctx): SQL | undefined {
  if (def.ownerWhere) return def.ownerWhere(ctx);
  return def.scope === "company" ? eq(def.table.companyId, ctx.companyId) : undefined;
}

/** The list's WHERE for this caller and query, and whether anything beyond defaults filters it (totals rows, reports). */
export async function whereOf(def: ListSource<any>, ctx: Ctx, query: ListQuery): Promise<{ cond: SQL | undefined; filtered: boolean }> {
  const parts: (SQL | undefined)[] = [ownerCond(def, ctx)];
  let filtered = false;
  if (query.keyword && def.keyword) {
    parts.push(await def.keyword(query.keyword, ctx));
    filtered = true;
  }
  for (const [name, value] of Object.entries(query.filters)) {
    const f = ownKey(def.filters, name) ? def.filters![name] : undefined;
    if (!f || value === undefined) continue;
    parts.push(await f.where(value, ctx));
    if (value !== f.default) filtered = true;
  }
  for (const [name, f] of Object.entries(def.filters ?? {})) {
    if (f.default !== undefined && !ownKey(query.filters, name)) parts.push(await f.where(f.default, ctx));
  }
  const list = parts.filter((p): p is SQL => p !== undefined);
  return { cond: list.length ? and(...list) : undefined, filtered };
}

/**
 * Everything a list row shows: the table's columns, joined values and dictionary names; given
 * the caller, without the private fields they may not read.
 */
export function selectionOf(def: ListSource<any>, ctx?: Pick<Ctx, "permissions">): Record<string, any> {
  const names = Object.fromEntries(Object.entries(def.names ?? {}).map(([k, n]) => [k, nameOf(n.table, n.key)]));
  const extra = Object.fromEntries(Object.entries(def.extra ?? {}).map(([k, v]) => [k, withQualifiedColumns(v)]));
  const all: Record<string, any> = { ...getTableColumns(def.table), ...extra, ...names };
  // Pinyin sort keys (nameSort …) order the list; they are not data to show, send or export.
  for (const [key] of sortKeysOf(def.table)) delete all[key];
  if (ctx) for (const f of hiddenFields(def, ctx)) delete all[f];
  return all;
}

/** The list's sort column for this caller: a declared sort key they may read, else the default. */
function sortOf(def: ListSource<any>, ctx: Pick<Ctx, "permissions">, query: ListQuery) {
  const ok = ownKey(def.sortable, query.sort.field) && !hiddenFields(def, ctx).has(query.sort.field);
  return ok ? { column: def.sortable[query.sort.field]!, dir: query.sort.dir } : { column: def.sortable[def.defaultSort.field]!, dir: def.defaultSort.dir };
}

export function baseQuery(def: ListSource<any>, ex: Executor, fields: Record<string, unknown>) {
  const q = (ex as any).select(fields).from(def.table);
  return def.join ? def.join(q) : q;
}

/** Deep pages are read as ids first (an index-only scan), then only the page's rows. */
const DEFERRED_JOIN_FROM = 100;

/**
 * Page anchors for deep pages of big unfiltered lists in id order: the id at every
 * ANCHOR_STEP-th position, computed once per company and table version. Page 10,000 then
 * seeks to the nearest anchor and skips fewer than ANCHOR_STEP rows. Any insert or delete
 * bumps the version (table_row_counts), so a stale anchor is never used.
 */
const ANCHOR_STEP = 5000;
const ANCHOR_CACHE_LIMIT = 500;
const anchorCache = new Map<string, { version: number; ids: number[] }>();

async function anchorsOf(def: ListSource<any>, ctx: Ctx, cond: SQL | undefined, dir: "asc" | "desc", version: number) {
  const key = `${def.name}|${def.scope === "company" ? ctx.companyId : 0}|${dir}`;
  const hit = anchorCache.get(key);
  if (hit && hit.version === version) return hit.ids;
  const inner = db()
    .select({ id: def.table.id, pos: sql<number>`(row_number() over (order by ${def.table.id} ${sql.raw(dir)}) - 1)`.as("pos") })
    .from(def.table)
    .where(cond)
    .as("ranked");
  const rows = await db()
    .select({ id: inner.id })
    .from(inner)
    .where(sql`${inner.pos} > 0 and ${inner.pos} % ${ANCHOR_STEP} = 0`)
    .orderBy(inner.pos);
  if (anchorCache.size >= ANCHOR_CACHE_LIMIT) anchorCache.clear();
  const ids = rows.map((r) => r.id as number);
  anchorCache.set(key, { version, ids });
  return ids;
}

/** A position in a sorted list to continue after (the export reads the list this way). */
export interface Cursor {
  value: unknown;
  id: number;
}

function seekCond(column: PgColumn | SQL, dir: "asc" | "desc", idCol: PgColumn, after: Cursor): SQL {
  const cmp = dir === "asc" ? gt : lt;
  return or(cmp(column as PgColumn, after.value), and(eq(column as PgColumn, after.value), cmp(idCol, after.id)))!;
}

/** Paged, sorted, filtered rows of one resource, only the caller's company's for company data. */
export async function listRows<Row>(
  def: ListSource<any>,
  ctx: Ctx,
  query: ListQuery,
  opts: { after?: Cursor; withCount?: boolean; fields?: Record<string, unknown> } = {},
): Promise<ListResult<Row>> {
  const hidden = hiddenFields(def, ctx);
  const fields = opts.fields ? Object.fromEntries(Object.entries(opts.fields).filter(([k]) => !hidden.has(k))) : selectionOf(def, ctx);
  const { cond, filtered } = await whereOf(def, ctx, query);
  const { column, dir } = sortOf(def, ctx, query);
  const orderBy = dir === "desc" ? [desc(column), desc(def.table.id)] : [asc(column), asc(def.table.id)];
  let where = opts.after ? and(cond, seekCond(column, dir, def.table.id, opts.after)) : cond;
  let offset = opts.after ? 0 : query.skip;

  const fast = !filtered && def.fastCount ? await def.fastCount(ctx) : undefined;
  if (fast && offset >= ANCHOR_STEP && column === def.table.id && !opts.after) {
    const anchors = await anchorsOf(def, ctx, cond, dir, fast.version);
    const k = Math.min(Math.floor(offset / ANCHOR_STEP), anchors.length);
    if (k > 0) {
      where = and(cond, (dir === "desc" ? lte : gte)(def.table.id, anchors[k - 1]!));
      offset -= k * ANCHOR_STEP;
    }
  }

  const rowsPromise = (async (): Promise<Row[]> => {
    if (offset < DEFERRED_JOIN_FROM) {
      return baseQuery(def, db(), fields)
        .where(where)
        .orderBy(...orderBy)
        .limit(query.take)
        .offset(offset);
    }
    const ids = (
      await baseQuery(def, db(), { id: def.table.id })
        .where(where)
        .orderBy(...orderBy)
        .limit(query.take)
        .offset(offset)
    ).map((r: { id: number }) => r.id);
    if (ids.length === 0) return [];
    return baseQuery(def, db(), fields)
      .where(inArray(def.table.id, ids))
      .orderBy(...orderBy);
  })();
  if (opts.withCount === false) return { totalCount: -1, items: await rowsPromise };
  const countPromise = (async () => {
    if (fast) return fast.n;
    if (def.countLimit) {
      const capped = baseQuery(def, db(), { one: sql`1` })
        .where(cond)
        .limit(def.countLimit + 1)
        .as("capped");
      const [row] = await db().select({ n: count() }).from(capped);
      return Number(row?.n ?? 0);
    }
    const [row] = await baseQuery(def, db(), { n: count() }).where(cond);
    return Number(row?.n ?? 0);
  })();
  const [items, n] = await Promise.all([rowsPromise, countPromise]);
  if (def.countLimit && n > def.countLimit) return { totalCount: def.countLimit, totalCapped: true, items };
  return { totalCount: n, items };
}

/**
 * A name from a small dictionary table, as a scalar subquery: no join for the planner to weigh.
 * Both sides are spelled out with their table names, so a dictionary column that happens to
 * share the key's name can never capture it.
 */
export function nameOf(table: AnyTable, key: PgColumn) {
  return sql<string | null>`(select d."name" from ${table} d where d."id" = ${qualified(key)})`;
}

/**
 * A column with its table's name ("receive_orders"."id"). drizzle writes the columns inside a
 * selected SQL expression bare when the select has no join, so in a correlated subquery
 * (`select … from lines l where l.doc_id = ${docs.id}`) the bare "id" binds to the subquery's
 * own table: every row then showed one document's figures.
 */
export function qualified(col: PgColumn): SQL {
  return sql`${sql.identifier(getTableName(col.table))}.${sql.identifier(col.name)}`;
}

/**
 * Aggregates over the rows that belong to a list row (a document's lines, a plan's orders), the
 * one way lists write them: a scalar subquery over the child table, aliased `l`, bound to the
 * outer row through its qualified key. `perDocument(receiveOrderLines.receiveOrderId,
 * receiveOrders.id)(sql\`coalesce(sum(l.received_qty), 0)::text\`)`.
 */
export function perDocument(childKey: PgColumn, parentKey: PgColumn) {
  const from = sql`${sql.identifier(getTableName(childKey.table))} l`;
  const bound = sql`l.${sql.identifier(childKey.name)} = ${qualified(parentKey)}`;
  return <T = string>(aggregate: SQL, where?: SQL) => sql<T>`(select ${aggregate} from ${from} where ${bound}${where ? sql` and ${where}` : sql``})`;
}

/**
 * The expression with its outermost columns qualified (see `qualified`): every extra a list
 * selects goes through it, so a correlated subquery written with a bare column still binds to
 * the list's own row.
 */
function withQualifiedColumns(field: SQL.Aliased | PgColumn | SQL): SQL.Aliased | PgColumn | SQL {
  if (is(field, SQL.Aliased)) return qualifyChunks(field.sql).as(field.fieldAlias);
  return is(field, SQL) ? qualifyChunks(field) : field;
}

function qualifyChunks(expr: SQL): SQL {
  return new SQL(expr.queryChunks.map((c) => (is(c, PgColumn) ? qualified(c) : c)));
}

export function listFromParams<Row>(def: ListSource<any>, ctx: Ctx, params: URLSearchParams) {
  return listRows<Row>(def, ctx, parseListQuery(params, listSpecOf(def)));
}

const EXPORT_BATCH = 2000;

/**
 * POST {resource}/export (spec 000 §7): the chosen columns of every row the screen's filter and
 * sort select, streamed as .xlsx. Rows are read in batches after the previous batch's last
 * row (keyset) when the sort column allows it, so the 100,000th row costs what the first did.
 */
/**
 * How the file writes a field: numeric columns (money, read as exact decimal text) as numbers
 * shown `#,##0.00`, timestamps as date and time in the company's time zone; `exportAs` fields
 * and everything else as they come.
 */
function exportFormatOf(def: ListSource<any>, all: Record<string, any>, field: string): ExportFormat | undefined {
  if (ownKey(def.exportAs, field) || !ownKey(all, field)) return undefined;
  const type = (all[field] as { columnType?: string })?.columnType;
  if (type === "PgNumeric" || type === "PgNumericNumber" || type === "PgNumericBigInt") return "decimal";
  if (type === "PgTimestamp" || type === "PgTimestampString") return "datetime";
  return undefined;
}

/** `opts.timeZone`: the company's time zone (setting TimeZone) for date-and-time columns. */
export function exportRows(def: ListSource<any>, ctx: Ctx, input: unknown, opts: { timeZone?: string } = {}) {
  const req = parseInput(ExportRequestSchema, input);
  const all = selectionOf(def, ctx);
  const columns = req.excelColumes.filter((c) => c.exportable !== false);
  if (columns.length === 0) throw new DomainError("bad_request", "请选择要导出的列");
  // Only columns the list declares, looked up as own keys: `constructor` or `toString` are not
  // columns; a private field is refused by name to whoever may not read it.
  const privateField = columns.find((c) => hiddenFields(def, ctx).has(c.fieldName));
  if (privateField) throw new DomainError("forbidden", `没有权限导出${def.privateFields![privateField.fieldName]![1]}`);
  const unknown = columns.filter((c) => !ownKey(all, c.fieldName) && !ownKey(def.exportAs, c.fieldName)).map((c) => c.fieldName);
  if (unknown.length) throw new DomainError("bad_request", `导出列不存在: ${[...new Set(unknown)].join(", ")}`);
  const query = parseListQuery(exportFilterParams(req.filter), listSpecOf(def));
  const { column: sortColumn } = sortOf(def, ctx, query);
  const keyset = !!sortColumn && "notNull" in (sortColumn as object) && (sortColumn as PgColumn).notNull && (sortColumn as PgColumn).table === def.table;
  const sortKey = Object.entries(all).find(([, v]) => v === sortColumn)?.[0];

  // Only what the file needs: the chosen columns, the keyset's keys, and dictionary keys
  // instead of per-row name subqueries.
  const fields: Record<string, unknown> = { id: def.table.id };
  if (sortKey) fields[sortKey] = all[sortKey];
  const nameFields = columns.map((c) => c.fieldName).filter((f) => ownKey(def.names, f));
  for (const c of columns) {
    const name = ownKey(def.names, c.fieldName) ? def.names![c.fieldName] : undefined;
    if (name) fields[`__key_${c.fieldName}`] = name.key;
    else if (ownKey(all, c.fieldName)) fields[c.fieldName] = all[c.fieldName];
  }
  async function dictionaries() {
    const maps: Record<string, Map<number, string>> = {};
    for (const f of nameFields) {
      const { table } = def.names![f]!;
      const rows = (await db().select({ id: table.id, name: table.name }).from(table)) as { id: number; name: string }[];
      maps[f] = new Map(rows.map((r) => [r.id, r.name]));
    }
    return maps;
  }

  async function* rows() {
    const maps = await dictionaries();
    let after: Cursor | undefined;
    for (let skip = 0; ; skip += EXPORT_BATCH) {
      const page = await listRows<Record<string, unknown>>(
        def,
        ctx,
        { ...query, skip: keyset ? 0 : skip, take: EXPORT_BATCH },
        { after, withCount: false, fields },
      );
      for (const row of page.items) {
        for (const f of nameFields) row[f] = maps[f]!.get(row[`__key_${f}`] as number) ?? null;
        yield Object.fromEntries(columns.map((c) => [c.fieldName, ownKey(def.exportAs, c.fieldName) ? def.exportAs![c.fieldName]!(row) : row[c.fieldName]]));
      }
      if (page.items.length < EXPORT_BATCH) return;
      const last = page.items[page.items.length - 1]!;
      if (keyset && sortKey) after = { value: last[sortKey], id: last.id as number };
    }
  }
  const name = req.outPutFileName || def.pageName || def.label;
  const formatted = columns.map((c) => ({ ...c, format: exportFormatOf(def, all, c.fieldName) }));
  return { fileName: name, stream: streamXlsx({ sheetName: req.sheetName || name, columns: formatted, rows: rows(), timeZone: opts.timeZone }) };
}

/** Keyword search over text columns: any of them contains the keyword, case-insensitively. */
export function keywordOn(...columns: (PgColumn | SQL)[]) {
  return (kw: string) => {
    const like = `%${escapeLike(kw)}%`;
    return or(...columns.map((c) => ilike(c as PgColumn, like)));
  };
}

/** A filter that keeps rows whose column equals the given value. */
export function equals(column: PgColumn, kind: FilterKind = "int") {
  return { kind, where: (v: unknown) => eq(column, v) };
}
