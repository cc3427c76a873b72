import { sql } from "drizzle-orm";
import * as z from "zod";
import { DELIVER_ORDER_STATUSES, labelOf } from "../lib/dictionary";
import { dateRangeFilters } from "../kernel/date-range";
import { equals } from "../lib/list-read";
import { defineResource } from "../lib/resource";
import { confirmDelivery, getDeliverOrder, reverseDelivery, updateDeliveryLogistics, voidDelivery } from "./deliver-order.service";
import type { Ctx } from "../lib/context";
import { deliverOrders, salesOrders } from "./sale.tables";
import { confirmScannedDelivery, scanDeliveryCode } from "./scan-delivery.service";
import { anyOf, docNoFilter, inDocsNumbered, noLike } from "../lib/doc-search";
import { inPartnersNamed } from "../organization/partner-name";
import { COST } from "../lib/price-rules";
import { withLinkedReaders } from "../lib/document-chain";

export const deliveryExtra = {
  salesOrderNo: sql<string>`(select o.no from sales_orders o where o.id = ${deliverOrders.salesOrderId})`,
  pickingOrderNo: sql<string | null>`(select p.no from picking_orders p where p.id = ${deliverOrders.pickingOrderId})`,
  partnerName: sql<string>`(select p.name from enterprise_relations p where p.id = ${deliverOrders.partnerId})`,
  warehouseName: sql<string>`(select w.name from warehouses w where w.id = ${deliverOrders.warehouseId})`,
  logisticsCompanyName: sql<string | null>`(select c.name from logistics_companies c where c.id = ${deliverOrders.logisticsCompanyId})`,
  createdByName: sql<string | null>`(select u.name from users u where u.id = ${deliverOrders.createdBy})`,
};

export const deliveryNoFilter = docNoFilter(deliverOrders.no);
export const trackingNoFilter = docNoFilter(deliverOrders.trackingNo);

/** 发货单 and 发货清单's search box: the note's number or tracking number, the customer, the sales order's number. */
export async function deliveryKeyword(kw: string, ctx: Ctx) {
  return anyOf(
    noLike(deliverOrders.no, kw),
    noLike(deliverOrders.trackingNo, kw),
    await inPartnersNamed(deliverOrders.partnerId, ctx, kw),
    await inDocsNumbered(deliverOrders.salesOrderId, salesOrders, ctx, kw),
  );
}

/** 发货单 list (/sale/deliver, XSGL-007) and the JSON API `deliveryOrder`. */
export const deliverOrderResource = defineResource({
  name: "deliveryOrder",
  label: "发货单",
  pageName: "发货单",
  pageUrl: "/sale/deliver",
  writeCode: "XSGL-007",
  readCodes: withLinkedReaders("deliveryOrder", ["XSGL-007", "XSGL-006", "XSGL-008", "XSGL-009", "XSGL-001"]),
  scope: "company",
  table: deliverOrders,
  readOnly: { create: true, delete: true },
  extra: deliveryExtra,
  sortable: {
    creationTime: deliverOrders.id,
    no: deliverOrders.no,
    status: deliverOrders.status,
    totalAmount: deliverOrders.totalAmount,
    shippedAt: deliverOrders.shippedAt,
  },
  defaultSort: { field: "creationTime", dir: "desc" },
  filters: {
    status: equals(deliverOrders.status),
    partnerId: equals(deliverOrders.partnerId),
    warehouseId: equals(deliverOrders.warehouseId),
    salesOrderId: equals(deliverOrders.salesOrderId),
    logisticsCompanyId: equals(deliverOrders.logisticsCompanyId),
    no: deliveryNoFilter,
    trackingNo: trackingNoFilter,
    ...dateRangeFilters(deliverOrders.creationTime, "date"),
  },
  keyword: deliveryKeyword,
  // The customer's prices are on the delivery note for whoever works it; its costs are 产品价格's.
  privateFields: { totalCost: COST("出库成本"), unitCost: COST(), costPrice: COST() },
  input: z.object({}),
  exportAs: { status: (r) => labelOf(DELIVER_ORDER_STATUSES, r.status as 20) },
  document: {
    get: (ctx, id) => getDeliverOrder(ctx, id),
    actions: {
      confirm: (ctx, id) => confirmDelivery(ctx, id),
      void: (ctx, id) => voidDelivery(ctx, id),
      reverse: (ctx, id) => reverseDelivery(ctx, id),
      logistics: (ctx, id, body) => updateDeliveryLogistics(ctx, id, body),
      scan: (ctx, id, body) => scanDeliveryCode(ctx, id, body),
      confirmScanned: (ctx, id) => confirmScannedDelivery(ctx, id),
    },
  },
});
