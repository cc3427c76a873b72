import { sql } from "drizzle-orm";
import * as z from "zod";
import { labelOf, PICKING_ORDER_STATUSES } from "../lib/dictionary";
import { dateRangeFilters } from "../kernel/date-range";
import { equals, perDocument } from "../lib/list-read";
import { defineResource } from "../lib/resource";
import { CreatePickingInputSchema } from "./picking-order.input";
import { confirmPicking, createDeliveryForPicking, createPickingForOrder, getPickingOrder, submitPicking, voidPicking } from "./picking-order.service";
import { parseInput } from "../lib/validate";
import { pickingOrderLines, pickingOrders, salesOrders } from "./sale.tables";
import { anyOf, docNoFilter, inDocsNumbered, noLike } from "../lib/doc-search";
import { inPartnersNamed } from "../organization/partner-name";
import { COST, SALE_LINE_PRICES } from "../lib/price-rules";

/** 拣货单 list (/sale/picking, XSGL-006) and the JSON API `pickingOrder`. */
const pickingLines = perDocument(pickingOrderLines.pickingOrderId, pickingOrders.id);

export const pickingOrderResource = defineResource({
  name: "pickingOrder",
  label: "拣货单",
  pageName: "拣货单",
  pageUrl: "/sale/picking",
  writeCode: "XSGL-006",
  readCodes: ["XSGL-006", "XSGL-007", "XSGL-001"],
  // A picking note carries quantities; the order's amounts stay the order's (销售订单 or 产品价格).
  privateFields: { ...SALE_LINE_PRICES, costPrice: COST(), unitCost: COST() },
  scope: "company",
  table: pickingOrders,
  readOnly: { create: true, delete: true },
  extra: {
    salesOrderNo: sql<string>`(select o.no from sales_orders o where o.id = ${pickingOrders.salesOrderId})`,
    partnerName: sql<string>`(select p.name from enterprise_relations p where p.id = ${pickingOrders.partnerId})`,
    warehouseName: sql<string>`(select w.name from warehouses w where w.id = ${pickingOrders.warehouseId})`,
    totalQty: pickingLines(sql`coalesce(sum(l.qty), 0)::text`),
    totalPicked: pickingLines(sql`coalesce(sum(l.picked_qty), 0)::text`),
    pickerName: sql<string | null>`(select u.name from users u where u.id = ${pickingOrders.pickerId})`,
    createdByName: sql<string | null>`(select u.name from users u where u.id = ${pickingOrders.createdBy})`,
  },
  sortable: {
    creationTime: pickingOrders.id,
    no: pickingOrders.no,
    status: pickingOrders.status,
    postedAt: pickingOrders.postedAt,
  },
  defaultSort: { field: "creationTime", dir: "desc" },
  filters: {
    status: equals(pickingOrders.status),
    partnerId: equals(pickingOrders.partnerId),
    warehouseId: equals(pickingOrders.warehouseId),
    salesOrderId: equals(pickingOrders.salesOrderId),
    no: docNoFilter(pickingOrders.no),
    ...dateRangeFilters(pickingOrders.creationTime, "date"),
  },
  keyword: async (kw, ctx) =>
    anyOf(
      noLike(pickingOrders.no, kw),
      await inPartnersNamed(pickingOrders.partnerId, ctx, kw),
      await inDocsNumbered(pickingOrders.salesOrderId, salesOrders, ctx, kw),
    ),
  input: z.object({}),
  exportAs: { status: (r) => labelOf(PICKING_ORDER_STATUSES, r.status as 10) },
  document: {
    create: (ctx, body) => createPickingForOrder(ctx, parseInput(CreatePickingInputSchema, body).salesOrderId),
    get: (ctx, id) => getPickingOrder(ctx, id),
    actions: {
      submit: (ctx, id) => submitPicking(ctx, id),
      confirm: (ctx, id, body) => confirmPicking(ctx, id, body),
      void: (ctx, id) => voidPicking(ctx, id),
      createDelivery: (ctx, id) => createDeliveryForPicking(ctx, id),
    },
  },
});
