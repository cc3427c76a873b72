import { sql } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import { SALES_RETURN_STATUSES } from "../lib/dictionary";
import { equals } from "../lib/list-read";
import { defineResource } from "../lib/resource";
import { codeLikePattern, normalizeOE } from "../product/oe";
import { tradeReturnResource } from "../trade/return.resource";
import { salesOrders, salesReturnOrders } from "./sale.tables";
import { SalesReturnInputSchema } from "./sales-return.input";
import { createSalesReturnOrder, getSalesReturnOrder, removeSalesReturnOrder, SALES_RETURN_ACTIONS, updateSalesReturnOrder } from "./sales-return.service";
import { inDocsNumbered } from "../lib/doc-search";
import { COST } from "../lib/price-rules";
import { withLinkedReaders } from "../lib/document-chain";
import { SR_WAITING_INFLOW } from "./sales-return.status";

/** Returns with a line whose product is known by this code (any OE spelling: own code, standard or replacement OE). */
function lineProductOe(v: string, ctx: Ctx) {
  if (!normalizeOE(v)) return undefined;
  return sql`exists (select 1 from sales_return_order_lines l join product_oes o on o.product_id = l.product_id and o.company_id = ${ctx.companyId}
    where l.return_order_id = ${salesReturnOrders.id} and o.oe_norm like ${codeLikePattern(v)})`;
}

/** 销售退货 list (/sale/returnOrder) and the JSON API `salesReturnOrder` (actions submit, approve, reject, confirm, cancel). */
export const salesReturnOrderResource = tradeReturnResource({
  name: "salesReturnOrder",
  label: "销售退货单",
  pageName: "销售退货",
  pageUrl: "/sale/returnOrder",
  writeCode: "XSGL-003",
  readCodes: withLinkedReaders("salesReturnOrder", ["XSGL-003", "XSGL-005"]),
  // The customer's prices are on the return for whoever works it; the cost it comes back at is 产品价格's.
  privateFields: { unitCost: COST(), costPrice: COST() },
  table: salesReturnOrders,
  order: { column: salesReturnOrders.salesOrderId, table: salesOrders, noField: "salesOrderNo" },
  statuses: SALES_RETURN_STATUSES,
  input: SalesReturnInputSchema,
  sortable: { totalQty: salesReturnOrders.totalQty },
  filters: { oe: { kind: "text", where: (v: string, ctx: Ctx) => lineProductOe(v, ctx) } },
  keyword: (kw, ctx) => inDocsNumbered(salesReturnOrders.salesOrderId, salesOrders, ctx, kw),
  create: createSalesReturnOrder,
  get: getSalesReturnOrder,
  update: updateSalesReturnOrder,
  remove: removeSalesReturnOrder,
  actions: SALES_RETURN_ACTIONS,
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
