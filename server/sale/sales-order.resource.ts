import { sql } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import { dateRangeFilters } from "../kernel/date-range";
import { labelOf, PAYMENT_TERMS, SALES_ORDER_STATUSES } from "../lib/dictionary";
import { equals } from "../lib/list-read";
import { defineResource } from "../lib/resource";
import { codeLikePattern, normalizeOE } from "../product/oe";
import { salesOrders } from "./sale.tables";
import { SalesOrderInputSchema } from "./sales-order.input";
import { createSalesOrder, getSalesOrder, removeSalesOrder, runSalesOrderAction, updateSalesOrder } from "./sales-order.service";
import { anyOf, docNoFilter, noLike } from "../lib/doc-search";
import { inPartnersNamed } from "../organization/partner-name";
import { COST, SALE_LINE_PRICES, SALE_PRICE } from "../lib/price-rules";
import { withLinkedReaders } from "../lib/document-chain";

const flagOf = (body: unknown, key: string) => !!(body && typeof body === "object" && (body as Record<string, unknown>)[key] === true);
const fieldOf = (body: unknown, key: string) => (body && typeof body === "object" ? (body as Record<string, unknown>)[key] : undefined);
/** allowShortage from the body: true / false when sent, else the order's own wish. */
const shortageOf = (body: unknown) => (typeof fieldOf(body, "allowShortage") === "boolean" ? (fieldOf(body, "allowShortage") as boolean) : undefined);

/** Orders with a line whose product is known by this code (any OE spelling: own code, standard or replacement OE). */
function lineProductOe(v: string, ctx: Ctx) {
  if (!normalizeOE(v)) return undefined;
  return sql`exists (select 1 from sales_order_lines l join product_oes o on o.product_id = l.product_id and o.company_id = ${ctx.companyId}
    where l.order_id = ${salesOrders.id} and o.oe_norm like ${codeLikePattern(v)})`;
}

const action = (name: string) => (ctx: Ctx, id: number, body: unknown) =>
  runSalesOrderAction(ctx, id, name, { allowShortage: shortageOf(body), reason: fieldOf(body, "reason") });

/** 销售订单 list (/sale/order) and the JSON API `salesOrder` (documents: create/get/update/remove and the status actions). */
export const salesOrderResource = defineResource({
  name: "salesOrder",
  label: "销售订单",
  pageName: "销售订单",
  pageUrl: "/sale/order",
  writeCode: "XSGL-001",
  readCodes: withLinkedReaders("salesOrder", ["XSGL-001", "XSGL-002", "XSGL-004"]),
  scope: "company",
  table: salesOrders,
  readOnly: { create: true, delete: true },
  // A company with a million orders: count at most this many (共 10000+ 条) instead of all of them
  // on every page view. (No row-count trigger: it would make every new order of a company wait
  // for the one counter row until the order's transaction ends.)
  countLimit: 10_000,
  extra: {
    partnerName: sql<string>`(select p.name from enterprise_relations p where p.id = ${salesOrders.partnerId})`,
    warehouseName: sql<string>`(select w.name from warehouses w where w.id = ${salesOrders.warehouseId})`,
    salesmanName: sql<string | null>`(select u.name from users u where u.id = ${salesOrders.salesmanId})`,
  },
  sortable: {
    creationTime: salesOrders.id,
    no: salesOrders.no,
    status: salesOrders.status,
    totalQty: salesOrders.totalQty,
    totalAmount: salesOrders.totalAmount,
    deliveredAmount: salesOrders.deliveredAmount,
  },
  defaultSort: { field: "creationTime", dir: "desc" },
  filters: {
    status: equals(salesOrders.status),
    partnerId: equals(salesOrders.partnerId),
    salesmanId: equals(salesOrders.salesmanId),
    warehouseId: equals(salesOrders.warehouseId),
    no: docNoFilter(salesOrders.no),
    oe: { kind: "text", where: (v: string, ctx: Ctx) => lineProductOe(v, ctx) },
    ...dateRangeFilters(salesOrders.creationTime, "date"),
  },
  keyword: async (kw, ctx) => anyOf(noLike(salesOrders.no, kw), await inPartnersNamed(salesOrders.partnerId, ctx, kw)),
  // Sales amounts are for selling (销售订单, XSGL-001); a stock keeper reading the list for picking does not see them.
  privateFields: { ...SALE_LINE_PRICES, deliveredAmount: SALE_PRICE("已发货金额"), credit: SALE_PRICE("客户信用"), costPrice: COST(), unitCost: COST() },
  input: SalesOrderInputSchema,
  exportAs: {
    status: (r) => labelOf(SALES_ORDER_STATUSES, r.status as 0),
    paymentTerm: (r) => labelOf(PAYMENT_TERMS, r.paymentTerm as 100),
  },
  document: {
    create: (ctx, body) => createSalesOrder(ctx, body, { submit: flagOf(body, "submit"), allowShortage: flagOf(body, "allowShortage") }),
    get: (ctx, id) => getSalesOrder(ctx, id),
    update: (ctx, id, body) => updateSalesOrder(ctx, id, body, { submit: flagOf(body, "submit"), allowShortage: shortageOf(body) }),
    remove: (ctx, id) => removeSalesOrder(ctx, id),
    actions: {
      submit: action("submit"),
      requestApproval: action("requestApproval"),
      noDeal: action("noDeal"),
      cancel: action("cancel"),
      complete: action("complete"),
      pick: action("pick"),
    },
  },
});
