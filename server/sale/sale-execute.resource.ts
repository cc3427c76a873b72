import { and, eq, sql } from "drizzle-orm";
import * as z from "zod";
import type { Ctx } from "../lib/context";
import { labelOf, SALES_ORDER_STATUSES } from "../lib/dictionary";
import { defineResource } from "../lib/resource";
import { codeLikePattern, normalizeOE } from "../product/oe";
import { inProductsFound } from "../product/product.resources";
import { inPartnersNamed } from "../organization/partner-name";
import { db } from "../db/client";
import { anyOf, inDocsNumbered, inIdsOf } from "../lib/doc-search";
import { getCompanyTimeZone } from "../setting/setting.service";
import { salesOrderLines, salesOrders } from "./sale.tables";
import { SALES_ORDER_DOC_TYPE } from "./sales-order.state";

const order = (cond: ReturnType<typeof sql>) => sql`exists (select 1 from sales_orders o where o.id = ${salesOrderLines.orderId} and ${cond})`;

/**
 * Locked and short per line, from the stock ledger's tables (the truth, as lineHoldings in
 * sales-order.state.ts reads them): correlated subqueries on (company, doc_type, doc_id) and the
 * demands' unique (company, doc_type, doc_line_id) index, so a page of 20 lines costs 40 index probes.
 */
const lockedQty = sql`(select coalesce(sum(k.qty), 0) from stock_locks k where k.company_id = ${salesOrderLines.companyId} and k.doc_type = ${SALES_ORDER_DOC_TYPE} and k.doc_id = ${salesOrderLines.orderId} and k.doc_line_id = ${salesOrderLines.id})`;
const shortQty = sql`(select coalesce(sum(d.qty), 0) from stock_demands d where d.company_id = ${salesOrderLines.companyId} and d.doc_type = ${SALES_ORDER_DOC_TYPE} and d.doc_line_id = ${salesOrderLines.id})`;
/** Open = ordered − delivered − cancelled (never below 0). */
const openQty = sql`greatest(${salesOrderLines.qty} - ${salesOrderLines.deliveredQty} - ${salesOrderLines.cancelledQty}, 0)`;

/**
 * 销售执行 (/sale/execute, API `saleExecute`): one row per sales order line with its progress —
 * ordered, locked, short, picked, delivered, returned, open. Read only; a row opens its order.
 * Drafts and 未成交 quotes are not being executed and are left out unless a status is asked for.
 */
export const saleExecuteResource = defineResource({
  name: "saleExecute",
  label: "销售执行",
  pageName: "销售执行",
  pageUrl: "/sale/execute",
  writeCode: "XSGL-002",
  readCodes: ["XSGL-002", "XSGL-001"],
  scope: "company",
  table: salesOrderLines,
  readOnly: { create: true, update: true, delete: true },
  extra: {
    orderId: salesOrderLines.orderId,
    orderNo: sql<string>`(select o.no from sales_orders o where o.id = ${salesOrderLines.orderId})`,
    status: sql<number>`(select o.status from sales_orders o where o.id = ${salesOrderLines.orderId})`,
    partnerName: sql<string>`(select p.name from sales_orders o join enterprise_relations p on p.id = o.partner_id where o.id = ${salesOrderLines.orderId})`,
    warehouseName: sql<string>`(select w.name from sales_orders o join warehouses w on w.id = o.warehouse_id where o.id = ${salesOrderLines.orderId})`,
    salesmanName: sql<string | null>`(select u.name from sales_orders o join users u on u.id = o.salesman_id where o.id = ${salesOrderLines.orderId})`,
    mainOE: sql<string>`(select p.main_oe from products p where p.id = ${salesOrderLines.productId})`,
    productName: sql<string>`(select p.name from products p where p.id = ${salesOrderLines.productId})`,
    lockedQty: sql<string>`${lockedQty}::numeric(16,2)::text`,
    shortQty: sql<string>`${shortQty}::numeric(16,2)::text`,
    openQty: sql<string>`${openQty}::numeric(16,2)::text`,
    orderTime: sql<string>`(select o.creation_time from sales_orders o where o.id = ${salesOrderLines.orderId})`,
  },
  sortable: {
    creationTime: salesOrderLines.id,
    qty: salesOrderLines.qty,
    deliveredQty: salesOrderLines.deliveredQty,
    openQty,
  },
  defaultSort: { field: "creationTime", dir: "desc" },
  filters: {
    status: { kind: "int", where: (v: number) => order(sql`o.status = ${v}`) },
    // Executing orders only, unless a status is asked for.
    executing: { kind: "bool", default: true, where: (v: boolean) => (v ? order(sql`o.status not in (0, 95)`) : undefined) },
    partnerId: { kind: "int", where: (v: number) => order(sql`o.partner_id = ${v}`) },
    warehouseId: { kind: "int", where: (v: number) => order(sql`o.warehouse_id = ${v}`) },
    salesmanId: { kind: "int", where: (v: number) => order(sql`o.salesman_id = ${v}`) },
    open: { kind: "bool", where: (v: boolean) => (v ? sql`${openQty} > 0` : sql`${openQty} = 0`) },
    short: { kind: "bool", where: (v: boolean) => (v ? sql`${shortQty} > 0` : sql`${shortQty} = 0`) },
    oe: {
      kind: "text",
      where: (v: string, ctx: Ctx) =>
        normalizeOE(v)
          ? sql`exists (select 1 from product_oes e where e.product_id = ${salesOrderLines.productId} and e.company_id = ${ctx.companyId} and e.oe_norm like ${codeLikePattern(v)})`
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
  },
  // The order's number or its customer's name (read first as id lists), or the line's product
  // (the product search box's rule: any OE spelling, name, pinyin), instead of a test on every line.
  keyword: async (kw, ctx) => {
    const customers = await inPartnersNamed(salesOrders.partnerId, ctx, kw);
    return anyOf(
      await inDocsNumbered(salesOrderLines.orderId, salesOrders, ctx, kw),
      customers
        ? await inIdsOf(salesOrderLines.orderId, () =>
            db()
              .select({ id: salesOrders.id })
              .from(salesOrders)
              .where(and(eq(salesOrders.companyId, ctx.companyId), customers)),
          )
        : undefined,
      await inProductsFound(salesOrderLines.productId, ctx, kw),
    );
  },
  input: z.object({}),
  exportAs: { status: (r) => labelOf(SALES_ORDER_STATUSES, r.status as 0) },
});
