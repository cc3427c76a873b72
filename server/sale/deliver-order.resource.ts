import { ilike, or, sql } from "drizzle-orm";
import * as z from "zod";
import { DELIVER_ORDER_STATUSES, labelOf } from "../lib/dictionary";
import { dateRangeFilters } from "../lib/date-range";
import { equals } from "../lib/list-read";
import { defineResource } from "../lib/resource";
import { escapeLike } from "../lib/validate";
import { confirmDelivery, getDeliverOrder, updateDeliveryLogistics, voidDelivery } from "./deliver-order.service";
import { deliverOrders } from "./sale.tables";
import { confirmScannedDelivery, scanDeliveryCode } from "./scan-delivery.service";

export const deliveryExtra = {
  salesOrderNo: sql<string>`(select o.no from sales_orders o where o.id = ${deliverOrders.salesOrderId})`,
  pickingOrderNo: sql<string | null>`(select p.no from picking_orders p where p.id = ${deliverOrders.pickingOrderId})`,
  partnerName: sql<string>`(select p.name from enterprise_relations p where p.id = ${deliverOrders.partnerId})`,
  warehouseName: sql<string>`(select w.name from warehouses w where w.id = ${deliverOrders.warehouseId})`,
  logisticsCompanyName: sql<string | null>`(select c.name from logistics_companies c where c.id = ${deliverOrders.logisticsCompanyId})`,
  createdByName: sql<string | null>`(select u.name from users u where u.id = ${deliverOrders.createdBy})`,
};

export const deliveryNoFilter = { kind: "text" as const, where: (v: string) => (v.trim() ? ilike(deliverOrders.no, `%${escapeLike(v.trim())}%`) : undefined) };
export const trackingNoFilter = { kind: "text" as const, where: (v: string) => (v.trim() ? ilike(deliverOrders.trackingNo, `%${escapeLike(v.trim())}%`) : undefined) };

export function deliveryKeyword(kw: string) {
  const like = `%${escapeLike(kw)}%`;
  return or(
    ilike(deliverOrders.no, like),
    ilike(deliverOrders.trackingNo, like),
    sql`exists (select 1 from enterprise_relations p where p.id = ${deliverOrders.partnerId} and p.name ilike ${like})`,
    sql`exists (select 1 from sales_orders o where o.id = ${deliverOrders.salesOrderId} and o.no ilike ${like})`,
  );
}

/** 发货单 list (/sale/deliver, XSGL-007) and the JSON API `deliveryOrder`. */
export const deliverOrderResource = defineResource({
  name: "deliveryOrder",
  label: "发货单",
  pageName: "发货单",
  pageUrl: "/sale/deliver",
  writeCode: "XSGL-007",
  readCodes: ["XSGL-007", "XSGL-006", "XSGL-008", "XSGL-009", "XSGL-001"],
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
  privateFields: { totalCost: ["CPGL-002", "出库成本"] },
  input: z.object({}),
  exportAs: { status: (r) => labelOf(DELIVER_ORDER_STATUSES, r.status as 20) },
  document: {
    get: (ctx, id) => getDeliverOrder(ctx, id),
    actions: {
      confirm: (ctx, id) => confirmDelivery(ctx, id),
      void: (ctx, id) => voidDelivery(ctx, id),
      logistics: (ctx, id, body) => updateDeliveryLogistics(ctx, id, body),
      scan: (ctx, id, body) => scanDeliveryCode(ctx, id, body),
      confirmScanned: (ctx, id) => confirmScannedDelivery(ctx, id),
    },
  },
});
