import { and, eq, ilike, inArray, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Ctx } from "./context";
import { db } from "../db/client";
import { escapeLike } from "./validate";

/**
 * How list searches find documents by number or by what they refer to, so that each part is an
 * index lookup on a million rows:
 * - a number matches any part of it (`500000` finds BXS00500000) through the table's pg_trgm
 *   index on `no` (`<table>_no_trgm_idx`);
 * - "the partner named …" or "the sales order numbered …" becomes `partner_id in (ids)`, the ids
 *   read first. Written as `exists (select … where p.id = row.partner_id and p.name ilike …)`
 *   instead, PostgreSQL tests every row of the company, and one OR-ed branch like that turns the
 *   whole search into a scan (450 ms over a million orders).
 */

/** `column ilike '%text%'`: any part of a document number; nothing when the text is blank. */
export function noLike(column: PgColumn, text: string): SQL | undefined {
  const t = text.trim();
  return t ? ilike(column, `%${escapeLike(t)}%`) : undefined;
}

/** A list's document-number filter (`no=`): any part of the number. */
export const docNoFilter = (column: PgColumn) => ({ kind: "text" as const, where: (v: string) => noLike(column, v) });

/** Up to this many ids are read first and given as a list; more, and the lookup is a subquery. */
export const IDS_FIRST_MAX = 1000;

/** A query for `{ id }` rows, made anew for each use (a query builder's limit() changes it). */
export type IdQuery = () => SQLWrapper & { limit(n: number): PromiseLike<{ id: unknown }[]> };

/**
 * `column in (the ids the query finds)`, the ids read first so the outer query is a plain index
 * lookup; over IDS_FIRST_MAX of them, the query itself as a subquery. Nothing when none is found
 * (an OR leaves the branch out).
 */
export async function inIdsOf(column: PgColumn, query: IdQuery, max = IDS_FIRST_MAX): Promise<SQL | undefined> {
  const hits = await query().limit(max + 1);
  if (hits.length > max) return inArray(column, query());
  return hits.length ? inArray(column, [...new Set(hits.map((h) => Number(h.id)))]) : undefined;
}

/** A company's document table as the number lookup needs it. */
interface NumberedTable extends PgTable {
  id: PgColumn;
  companyId: PgColumn;
  no: PgColumn;
}

/** `column in (the company's documents of table whose number has the text)`: "this picking list's sales order is …". */
export function inDocsNumbered(column: PgColumn, table: NumberedTable, ctx: Ctx, text: string): Promise<SQL | undefined> {
  const like = noLike(table.no, text);
  if (!like) return Promise.resolve(undefined);
  return inIdsOf(column, () =>
    db()
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.companyId, ctx.companyId), like)),
  );
}

/** Rows matching any of the conditions; none when every condition is left out (a search that found nothing finds no row). */
export const anyOf = (...conditions: (SQL | undefined)[]): SQL => or(...conditions) ?? sql`false`;
