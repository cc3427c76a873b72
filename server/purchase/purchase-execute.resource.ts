import { sql } from "drizzle-orm";
import * as z from "zod";
import type { Ctx } from "../lib/context";
import { labelOf, PURCHASE_ORDER_STATUSES } from "../lib/dictionary";
import { defineResource } from "../lib/resource";
import { codeLikePattern, normalizeOE } from "../product/oe";
import { inProductsFound } from "../product/product.resources";
import { anyOf, inDocsNumbered } from "../lib/doc-search";
import { purchaseOrderLines, purchaseOrders } from "./purchase.tables";

const day = (v: string) => (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)) ? v : undefined);
const order = (cond: ReturnType<typeof sql>) => sql`exists (select 1 from purchase_orders o where o.id = ${purchaseOrderLines.orderId} and ${cond})`;

/**
 * 采购执行 (/purchase/execute, API `purchaseExecute`): one row per purchase order line with its
 * progress: ordered, received, put away, returned and still open (ordered − received). Read only;
 * a row opens its order. Drafts and voided orders are not being executed and are left out.
 */
export const purchaseExecuteResource = defineResource({
  name: "purchaseExecute",
  label: "采购执行",
  pageName: "采购执行",
  pageUrl: "/purchase/execute",
  writeCode: "CGGL-002",
  readCodes: ["CGGL-002", "CGGL-001"],
  scope: "company",
  table: purchaseOrderLines,
  readOnly: { create: true, update: true, delete: true },
  extra: {
    orderId: purchaseOrderLines.orderId,
    orderNo: sql<string>`(select o.no from purchase_orders o where o.id = ${purchaseOrderLines.orderId})`,
    status: sql<number>`(select o.status from purchase_orders o where o.id = ${purchaseOrderLines.orderId})`,
    partnerName: sql<string>`(select p.name from purchase_orders o join enterprise_relations p on p.id = o.partner_id where o.id = ${purchaseOrderLines.orderId})`,
    warehouseName: sql<string>`(select w.name from purchase_orders o join warehouses w on w.id = o.warehouse_id where o.id = ${purchaseOrderLines.orderId})`,
    mainOE: sql<string>`(select p.main_oe from products p where p.id = ${purchaseOrderLines.productId})`,
    productName: sql<string>`(select p.name from products p where p.id = ${purchaseOrderLines.productId})`,
    openQty: sql<string>`greatest(${purchaseOrderLines.qty} - ${purchaseOrderLines.receivedQty}, 0)::text`,
    expectedDate: sql<string | null>`(select o.expected_date::text from purchase_orders o where o.id = ${purchaseOrderLines.orderId})`,
    orderTime: sql<string>`(select o.creation_time from purchase_orders o where o.id = ${purchaseOrderLines.orderId})`,
  },
  sortable: {
    creationTime: purchaseOrderLines.id,
    qty: purchaseOrderLines.qty,
    receivedQty: purchaseOrderLines.receivedQty,
    openQty: sql`greatest(${purchaseOrderLines.qty} - ${purchaseOrderLines.receivedQty}, 0)`,
  },
  defaultSort: { field: "creationTime", dir: "desc" },
  filters: {
    // Executing orders only, unless a status is asked for.
    status: { kind: "int", where: (v: number) => order(sql`o.status = ${v}`) },
    executing: { kind: "bool", default: true, where: (v: boolean) => (v ? order(sql`o.status not in (0, 90)`) : undefined) },
    partnerId: { kind: "int", where: (v: number) => order(sql`o.partner_id = ${v}`) },
    warehouseId: { kind: "int", where: (v: number) => order(sql`o.warehouse_id = ${v}`) },
    open: {
      kind: "bool",
      where: (v: boolean) =>
        v ? sql`${purchaseOrderLines.receivedQty} < ${purchaseOrderLines.qty}` : sql`${purchaseOrderLines.receivedQty} >= ${purchaseOrderLines.qty}`,
    },
    oe: {
      kind: "text",
      where: (v: string, ctx: Ctx) =>
        normalizeOE(v)
          ? sql`exists (select 1 from product_oes e where e.product_id = ${purchaseOrderLines.productId} and e.company_id = ${ctx.companyId} and e.oe_norm like ${codeLikePattern(v)})`
          : undefined,
    },
    dateFrom: { kind: "text", where: (v: string) => (day(v) ? order(sql`o.creation_time >= ${day(v)}::date`) : undefined) },
    dateTo: { kind: "text", where: (v: string) => (day(v) ? order(sql`o.creation_time < ${day(v)}::date + 1`) : undefined) },
  },
  // The order's number (read first as an id list) or the line's product (the product search box's rule).
  keyword: async (kw, ctx) =>
    anyOf(await inDocsNumbered(purchaseOrderLines.orderId, purchaseOrders, ctx, kw), await inProductsFound(purchaseOrderLines.productId, ctx, kw)),
  input: z.object({}),
  exportAs: { status: (r) => labelOf(PURCHASE_ORDER_STATUSES, r.status as 0) },
});
