import { sql } from "drizzle-orm";
import { labelOf, PURCHASE_RETURN_STATUSES } from "../lib/dictionary";
import { equals } from "../lib/list-read";
import { dateRangeFilters } from "../kernel/date-range";
import { defineResource } from "../lib/resource";
import { purchaseReturnOrders } from "./purchase.tables";
import { PurchaseReturnInputSchema } from "./purchase-return.input";
import {
  createPurchaseReturnOrder,
  getPurchaseReturnOrder,
  PURCHASE_RETURN_ACTIONS,
  removePurchaseReturnOrder,
  updatePurchaseReturnOrder,
} from "./purchase-return.service";
import { anyOf, docNoFilter, noLike } from "../lib/doc-search";
import { inPartnersNamed } from "../organization/partner-name";
import { COST, PURCHASE_LINE_PRICES } from "../lib/price-rules";

/** 采购退货 list (/purchase/returnOrder) and the JSON API `purchaseReturnOrder`. */
export const purchaseReturnOrderResource = defineResource({
  name: "purchaseReturnOrder",
  label: "采购退货单",
  pageName: "采购退货",
  pageUrl: "/purchase/returnOrder",
  writeCode: "CGGL-003",
  readCodes: ["CGGL-003", "CGGL-005"],
  privateFields: { ...PURCHASE_LINE_PRICES, unitCost: COST() },
  scope: "company",
  table: purchaseReturnOrders,
  readOnly: { create: true, delete: true },
  extra: {
    partnerName: sql<string>`(select p.name from enterprise_relations p where p.id = ${purchaseReturnOrders.partnerId})`,
    warehouseName: sql<string>`(select w.name from warehouses w where w.id = ${purchaseReturnOrders.warehouseId})`,
    purchaseOrderNo: sql<string | null>`(select o.no from purchase_orders o where o.id = ${purchaseReturnOrders.purchaseOrderId})`,
    createdByName: sql<string | null>`(select u.name from users u where u.id = ${purchaseReturnOrders.createdBy})`,
  },
  sortable: {
    creationTime: purchaseReturnOrders.id,
    no: purchaseReturnOrders.no,
    totalAmount: purchaseReturnOrders.totalAmount,
    status: purchaseReturnOrders.status,
  },
  defaultSort: { field: "creationTime", dir: "desc" },
  filters: {
    status: equals(purchaseReturnOrders.status),
    partnerId: equals(purchaseReturnOrders.partnerId),
    warehouseId: equals(purchaseReturnOrders.warehouseId),
    no: docNoFilter(purchaseReturnOrders.no),
    ...dateRangeFilters(purchaseReturnOrders.creationTime, "date"),
  },
  keyword: async (kw, ctx) => anyOf(noLike(purchaseReturnOrders.no, kw), await inPartnersNamed(purchaseReturnOrders.partnerId, ctx, kw)),
  input: PurchaseReturnInputSchema,
  exportAs: { status: (r) => labelOf(PURCHASE_RETURN_STATUSES, r.status as 0) },
  document: {
    create: (ctx, body) =>
      createPurchaseReturnOrder(ctx, body, { submit: !!(body && typeof body === "object" && (body as { submit?: unknown }).submit === true) }),
    get: (ctx, id) => getPurchaseReturnOrder(ctx, id),
    update: (ctx, id, body) => updatePurchaseReturnOrder(ctx, id, body),
    remove: (ctx, id) => removePurchaseReturnOrder(ctx, id),
    actions: PURCHASE_RETURN_ACTIONS,
  },
});
