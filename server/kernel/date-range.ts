import { gte, lt, lte, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Ctx } from "../lib/context";
import { getCompanyTimeZone } from "../setting/setting.service";

/**
 * A date range filter of a list (创建日期 从…至…): the two filters `<name>From` and `<name>To`
 * (kind "date", parsed by server/lib/list-query.ts `parseDay`), for a ListSource's `filters`:
 *
 *   filters: { status: equals(t.status), ...dateRangeFilters(t.creationTime, "date") }
 *   page config: { name: "date", label: "创建日期", kind: "dateRange" }
 *
 * Both ends are inclusive days. A timestamp column is cut at midnight in the company's time
 * zone (setting TimeZone, Asia/Shanghai by default), not the database session's; a `date`
 * column (expectedDate) is compared as it is.
 */
type FilterDef = { kind: "date"; where: (v: string, ctx: Ctx) => Promise<SQL | undefined> };

export function dateRangeFilters<N extends string = "date">(
  column: PgColumn,
  name: N = "date" as N,
  opts: { plainDate?: boolean } = {},
): Record<`${N}From` | `${N}To`, FilterDef> {
  const plain = opts.plainDate ?? column.columnType === "PgDateString";
  const from: FilterDef = {
    kind: "date",
    where: async (v, ctx) => (plain ? gte(column, sql`${v}::date`) : gte(column, sql`(${v}::date)::timestamp at time zone ${await getCompanyTimeZone(ctx)}`)),
  };
  const to: FilterDef = {
    kind: "date",
    where: async (v, ctx) =>
      plain ? lte(column, sql`${v}::date`) : lt(column, sql`(${v}::date + 1)::timestamp at time zone ${await getCompanyTimeZone(ctx)}`),
  };
  return { [`${name}From`]: from, [`${name}To`]: to } as Record<`${N}From` | `${N}To`, FilterDef>;
}
