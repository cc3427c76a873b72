import { sql } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import { labelOf, PAYMENT_TERMS, PURCHASE_ORDER_STATUSES } from "../lib/dictionary";
import { equals } from "../lib/list-read";
import { dateRangeFilters } from "../kernel/date-range";
import { defineResource } from "../lib/resource";
import { codeLikePattern, normalizeOE } from "../product/oe";
import { PurchaseOrderInputSchema } from "./purchase-order.input";
import {
  cancelPurchaseOrder,
  completePurchaseOrder,
  createPurchaseOrder,
  getPurchaseOrder,
  removePurchaseOrder,
  submitPurchaseOrder,
  updatePurchaseOrder,
} from "./purchase-order.service";
import { purchaseOrders } from "./purchase.tables";
import { anyOf, docNoFilter, noLike } from "../lib/doc-search";
import { inPartnersNamed } from "../organization/partner-name";
import { PURCHASE_LINE_PRICES } from "../lib/price-rules";
import { withLinkedReaders } from "../lib/document-chain";

const wantsSubmit = (body: unknown) => !!(body && typeof body === "object" && (body as { submit?: unknown }).submit === true);

/** Orders with a line whose product is known by this code (any OE spelling: own code, standard or replacement OE). */
function lineProductOe(v: string, ctx: Ctx) {
  if (!normalizeOE(v)) return undefined;
  return sql`exists (select 1 from purchase_order_lines l join product_oes o on o.product_id = l.product_id and o.company_id = ${ctx.companyId}
    where l.order_id = ${purchaseOrders.id} and o.oe_norm like ${codeLikePattern(v)})`;
}

/** 采购订单 list (/purchase/order) and the JSON API `purchaseOrder`. */
export const purchaseOrderResource = defineResource({
  name: "purchaseOrder",
  label: "采购订单",
  pageName: "采购订单",
  pageUrl: "/purchase/order",
  writeCode: "CGGL-001",
  readCodes: withLinkedReaders("purchaseOrder", ["CGGL-001", "CGGL-002", "CGGL-004"]),
  scope: "company",
  table: purchaseOrders,
  readOnly: { create: true, delete: true },
  extra: {
    partnerName: sql<string>`(select p.name from enterprise_relations p where p.id = ${purchaseOrders.partnerId})`,
    warehouseName: sql<string>`(select w.name from warehouses w where w.id = ${purchaseOrders.warehouseId})`,
    buyerName: sql<string | null>`(select u.name from users u where u.id = ${purchaseOrders.buyerId})`,
  },
  sortable: {
    creationTime: purchaseOrders.id,
    no: purchaseOrders.no,
    status: purchaseOrders.status,
    expectedDate: purchaseOrders.expectedDate,
    totalQty: purchaseOrders.totalQty,
    totalAmount: purchaseOrders.totalAmount,
  },
  defaultSort: { field: "creationTime", dir: "desc" },
  filters: {
    status: equals(purchaseOrders.status),
    partnerId: equals(purchaseOrders.partnerId),
    warehouseId: equals(purchaseOrders.warehouseId),
    no: docNoFilter(purchaseOrders.no),
    oe: { kind: "text", where: (v: string, ctx: Ctx) => lineProductOe(v, ctx) },
    ...dateRangeFilters(purchaseOrders.creationTime, "date"),
  },
  keyword: async (kw, ctx) => anyOf(noLike(purchaseOrders.no, kw), await inPartnersNamed(purchaseOrders.partnerId, ctx, kw)),
  // Purchase prices and amounts are for purchasing (采购订单, CGGL-001) or 产品价格; a stock keeper reading the list or the order does not see them.
  privateFields: PURCHASE_LINE_PRICES,
  input: PurchaseOrderInputSchema,
  exportAs: {
    status: (r) => labelOf(PURCHASE_ORDER_STATUSES, r.status as 0),
    paymentTerm: (r) => labelOf(PAYMENT_TERMS, r.paymentTerm as 100),
  },
  document: {
    create: (ctx, body) => createPurchaseOrder(ctx, body, { submit: wantsSubmit(body) }),
    get: (ctx, id) => getPurchaseOrder(ctx, id),
    update: (ctx, id, body) => updatePurchaseOrder(ctx, id, body, { submit: wantsSubmit(body) }),
    remove: (ctx, id) => removePurchaseOrder(ctx, id),
    actions: {
      submit: (ctx, id) => submitPurchaseOrder(ctx, id),
      cancel: (ctx, id) => cancelPurchaseOrder(ctx, id),
      complete: (ctx, id) => completePurchaseOrder(ctx, id),
    },
  },
});
