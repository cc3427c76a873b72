import { sql } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import { dateRangeFilters } from "../kernel/date-range";
import { labelOf, SALES_RETURN_STATUSES } from "../lib/dictionary";
import { equals } from "../lib/list-read";
import { defineResource } from "../lib/resource";
import { codeLikePattern, normalizeOE } from "../product/oe";
import { salesOrders, salesReturnOrders } from "./sale.tables";
import { SalesReturnInputSchema } from "./sales-return.input";
import { createSalesReturnOrder, getSalesReturnOrder, removeSalesReturnOrder, SALES_RETURN_ACTIONS, updateSalesReturnOrder } from "./sales-return.service";
import { anyOf, docNoFilter, inDocsNumbered, noLike } from "../lib/doc-search";
import { inPartnersNamed } from "../organization/partner-name";
import { COST } from "../lib/price-rules";
import { withLinkedReaders } from "../lib/document-chain";
import { SR_WAITING_INFLOW } from "./sales-return.status";

const wantsSubmit = (body: unknown) => !!(body && typeof body === "object" && (body as { submit?: unknown }).submit === true);

/** Returns with a line whose product is known by this code (any OE spelling: own code, standard or replacement OE). */
function lineProductOe(v: string, ctx: Ctx) {
  if (!normalizeOE(v)) return undefined;
  return sql`exists (select 1 from sales_return_order_lines l join product_oes o on o.product_id = l.product_id and o.company_id = ${ctx.companyId}
    where l.return_order_id = ${salesReturnOrders.id} and o.oe_norm like ${codeLikePattern(v)})`;
}

/** 销售退货 list (/sale/returnOrder) and the JSON API `salesReturnOrder` (actions submit, approve, reject, confirm, cancel). */
export const salesReturnOrderResource = defineResource({
  name: "salesReturnOrder",
  label: "销售退货单",
  pageName: "销售退货",
  pageUrl: "/sale/returnOrder",
  writeCode: "XSGL-003",
  readCodes: withLinkedReaders("salesReturnOrder", ["XSGL-003", "XSGL-005"]),
  // The customer's prices are on the return for whoever works it; the cost it comes back at is 产品价格's.
  privateFields: { unitCost: COST(), costPrice: COST() },
  scope: "company",
  table: salesReturnOrders,
  readOnly: { create: true, delete: true },
  extra: {
    partnerName: sql<string>`(select p.name from enterprise_relations p where p.id = ${salesReturnOrders.partnerId})`,
    warehouseName: sql<string>`(select w.name from warehouses w where w.id = ${salesReturnOrders.warehouseId})`,
    salesOrderNo: sql<string | null>`(select o.no from sales_orders o where o.id = ${salesReturnOrders.salesOrderId})`,
    createdByName: sql<string | null>`(select u.name from users u where u.id = ${salesReturnOrders.createdBy})`,
  },
  sortable: {
    creationTime: salesReturnOrders.id,
    no: salesReturnOrders.no,
    totalAmount: salesReturnOrders.totalAmount,
    totalQty: salesReturnOrders.totalQty,
    status: salesReturnOrders.status,
  },
  defaultSort: { field: "creationTime", dir: "desc" },
  filters: {
    status: equals(salesReturnOrders.status),
    partnerId: equals(salesReturnOrders.partnerId),
    warehouseId: equals(salesReturnOrders.warehouseId),
    no: docNoFilter(salesReturnOrders.no),
    oe: { kind: "text", where: (v: string, ctx: Ctx) => lineProductOe(v, ctx) },
    ...dateRangeFilters(salesReturnOrders.creationTime, "date"),
  },
  keyword: async (kw, ctx) =>
    anyOf(
      noLike(salesReturnOrders.no, kw),
      await inPartnersNamed(salesReturnOrders.partnerId, ctx, kw),
      await inDocsNumbered(salesReturnOrders.salesOrderId, salesOrders, ctx, kw),
    ),
  input: SalesReturnInputSchema,
  exportAs: { status: (r) => labelOf(SALES_RETURN_STATUSES, r.status as 0) },
  document: {
    create: (ctx, body) => createSalesReturnOrder(ctx, body, { submit: wantsSubmit(body) }),
    get: (ctx, id) => getSalesReturnOrder(ctx, id),
    update: (ctx, id, body) => updateSalesReturnOrder(ctx, id, body, { submit: wantsSubmit(body) }),
    remove: (ctx, id) => removeSalesReturnOrder(ctx, id),
    actions: SALES_RETURN_ACTIONS,
  },
});

/**
 * 退货入库 (/sale/returnInbound, XSGL-010): the warehouse's list of sales returns, read only,
 * opening at those waiting to come in (待入库); a row opens the return, where the stock keeper
 * confirms it into the warehouse (server/lib/document-chain.ts). A page of its own, not an API
 * resource: the JSON API reads returns as `salesReturnOrder`.
 */
export const salesReturnInboundResource = defineResource({
  ...salesReturnOrderResource,
  name: "salesReturnInbound",
  label: "退货入库",
  pageName: "退货入库",
  pageUrl: "/sale/returnInbound",
  writeCode: "XSGL-010",
  readCodes: ["XSGL-010"],
  readOnly: { create: true, update: true, delete: true },
  document: undefined,
  filters: { ...salesReturnOrderResource.filters, status: { ...equals(salesReturnOrders.status), default: SR_WAITING_INFLOW } },
});
