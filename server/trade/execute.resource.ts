import { sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import * as z from "zod";
import type { Ctx } from "../lib/context";
import { labelOf, type Dict } from "../lib/dictionary";
import { defineResource, type ResourceDef } from "../lib/resource";
import { codeLikePattern, normalizeOE } from "../product/oe";
import { getCompanyTimeZone } from "../setting/setting.service";
import type { OrderLineTable, OrderTable } from "./order.service";

export interface ExecuteResourceSide {
  /** The JSON API's name (saleExecute) and the page's Chinese name (销售执行). */
  name: string;
  label: string;
  pageUrl: string;
  writeCode: string;
  readCodes: string[];
  /** Statuses of orders that are not being executed (drafts, voided or lost quotes): left out unless a status is asked for. */
  notExecuting: readonly number[];
  /** What the line still has to deliver or receive, not below 0 (numeric). */
  openQty: SQL;
  /** The side's own columns, sorts and filters. */
  extra: ResourceDef["extra"];
  sortable: Record<string, PgColumn | SQL>;
  filters: (order: (cond: SQL) => SQL) => ResourceDef["filters"];
  keyword: ResourceDef["keyword"];
}

/**
 * 销售执行 / 采购执行: one row per order line with its progress (ordered, moved, returned, still
 * open) and its order's number, status, partner, warehouse and day. Read only; a row opens its
 * order. Drafts and orders that will not be executed are left out unless a status is asked for.
 */
export function executeResource(executed: { orders: OrderTable; lines: OrderLineTable; machine: { statuses: Dict } }, side: ExecuteResourceSide): ResourceDef {
  const { orders, lines } = executed;
  const { openQty } = side;
  /** The line's order meets `cond` (its alias is `o`). */
  const order = (cond: SQL) => sql`exists (select 1 from ${orders} o where o.id = ${lines.orderId} and ${cond})`;
  /** One column of the line's order. */
  const ofOrder = <T>(column: SQL) => sql<T>`(select ${column} from ${orders} o where o.id = ${lines.orderId})`;
  const skipped = sql.join(
    side.notExecuting.map((s) => sql`${s}`),
    sql`, `,
  );
  return defineResource({
    name: side.name,
    label: side.label,
    pageName: side.label,
    pageUrl: side.pageUrl,
    writeCode: side.writeCode,
    readCodes: side.readCodes,
    scope: "company",
    table: lines,
    readOnly: { create: true, update: true, delete: true },
    extra: {
      orderId: lines.orderId,
      orderNo: ofOrder<string>(sql`o.no`),
      status: ofOrder<number>(sql`o.status`),
      partnerName: sql<string>`(select p.name from ${orders} o join enterprise_relations p on p.id = o.partner_id where o.id = ${lines.orderId})`,
      warehouseName: sql<string>`(select w.name from ${orders} o join warehouses w on w.id = o.warehouse_id where o.id = ${lines.orderId})`,
      mainOE: sql<string>`(select p.main_oe from products p where p.id = ${lines.productId})`,
      productName: sql<string>`(select p.name from products p where p.id = ${lines.productId})`,
      openQty: sql<string>`${openQty}::numeric(16,2)::text`,
      orderTime: ofOrder<string>(sql`o.creation_time`),
      ...side.extra,
    },
    sortable: { creationTime: lines.id, qty: lines.qty, ...side.sortable, openQty },
    defaultSort: { field: "creationTime", dir: "desc" },
    filters: {
      status: { kind: "int", where: (v: number) => order(sql`o.status = ${v}`) },
      // Executing orders only, unless a status is asked for.
      executing: { kind: "bool", default: true, where: (v: boolean) => (v ? order(sql`o.status not in (${skipped})`) : undefined) },
      partnerId: { kind: "int", where: (v: number) => order(sql`o.partner_id = ${v}`) },
      warehouseId: { kind: "int", where: (v: number) => order(sql`o.warehouse_id = ${v}`) },
      open: { kind: "bool", where: (v: boolean) => (v ? sql`${openQty} > 0` : sql`${openQty} = 0`) },
      oe: {
        kind: "text",
        where: (v: string, ctx: Ctx) =>
          normalizeOE(v)
            ? sql`exists (select 1 from product_oes e where e.product_id = ${lines.productId} and e.company_id = ${ctx.companyId} and e.oe_norm like ${codeLikePattern(v)})`
            : undefined,
      },
      // The order's day in the company's time zone (as server/lib/date-range.ts cuts days).
      dateFrom: {
        kind: "date",
        where: async (v: string, ctx: Ctx) => order(sql`o.creation_time >= (${v}::date)::timestamp at time zone ${await getCompanyTimeZone(ctx)}`),
      },
      dateTo: {
        kind: "date",
        where: async (v: string, ctx: Ctx) => order(sql`o.creation_time < (${v}::date + 1)::timestamp at time zone ${await getCompanyTimeZone(ctx)}`),
      },
      ...side.filters(order),
    },
    keyword: side.keyword,
    input: z.object({}),
    exportAs: { status: (r) => labelOf(executed.machine.statuses, r.status as 0) },
  });
}
