import { eq } from "drizzle-orm";
import * as z from "zod";
import { DELIVER_ORDER_STATUSES, labelOf } from "../lib/dictionary";
import { dateRangeFilters } from "../kernel/date-range";
import { equals } from "../lib/list-read";
import { defineResource } from "../lib/resource";
import { deliveryExtra, deliveryKeyword, deliveryNoFilter, trackingNoFilter } from "./deliver-order.resource";
import { deliverOrders } from "./sale.tables";
import { DL_DONE } from "./deliver-order.status";

/**
 * 发货清单 (/sale/shippingList, XSGL-008): what left — confirmed delivery notes (30) with the
 * customer, date, logistics company, tracking number and packages. Always only status 30,
 * whatever the request says.
 */
export const shippingListResource = defineResource({
  name: "shippingList",
  label: "发货清单",
  pageName: "发货清单",
  pageUrl: "/sale/shippingList",
  writeCode: "XSGL-008",
  readCodes: ["XSGL-008", "XSGL-007"],
  scope: "company",
  table: deliverOrders,
  readOnly: { create: true, update: true, delete: true },
  extra: deliveryExtra,
  sortable: {
    shippedAt: deliverOrders.shippedAt,
    no: deliverOrders.no,
    totalAmount: deliverOrders.totalAmount,
    totalQty: deliverOrders.totalQty,
  },
  defaultSort: { field: "shippedAt", dir: "desc" },
  filters: {
    shipped: { kind: "bool", default: true, where: () => eq(deliverOrders.status, DL_DONE) },
    partnerId: equals(deliverOrders.partnerId),
    warehouseId: equals(deliverOrders.warehouseId),
    logisticsCompanyId: equals(deliverOrders.logisticsCompanyId),
    no: deliveryNoFilter,
    trackingNo: trackingNoFilter,
    ...dateRangeFilters(deliverOrders.shippedAt, "date"),
  },
  keyword: deliveryKeyword,
  privateFields: { totalCost: ["CPGL-002", "出库成本"] },
  input: z.object({}),
  exportAs: { status: (r) => labelOf(DELIVER_ORDER_STATUSES, r.status as 20) },
});
