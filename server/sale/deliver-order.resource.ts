import { sql } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import { DELIVER_ORDER_STATUSES } from "../lib/dictionary";
import { equals } from "../lib/list-read";
import { docNoFilter } from "../lib/doc-search";
import { COST } from "../lib/price-rules";
import { withLinkedReaders } from "../lib/document-chain";
import { defineMoveResource, moveListExtra, moveListKeyword, type MoveListOrder } from "../trade/stock-move.resource";
import { confirmDelivery, getDeliverOrder, reverseDelivery, updateDeliveryLogistics, voidDelivery } from "./deliver-order.service";
import { deliverOrders, salesOrders } from "./sale.tables";
import { confirmScannedDelivery, scanDeliveryCode } from "./scan-delivery.service";

const SALES_ORDER: MoveListOrder = { idColumn: deliverOrders.salesOrderId, idField: "salesOrderId", table: salesOrders, noField: "salesOrderNo" };

/** The delivery note's columns on its lists (发货单, 发货清单): the shared names, the picking list, the logistics company. */
export const deliveryExtra = {
  ...moveListExtra(deliverOrders, SALES_ORDER),
  pickingOrderNo: sql<string | null>`(select p.no from picking_orders p where p.id = ${deliverOrders.pickingOrderId})`,
  logisticsCompanyName: sql<string | null>`(select c.name from logistics_companies c where c.id = ${deliverOrders.logisticsCompanyId})`,
};

export const deliveryNoFilter = docNoFilter(deliverOrders.no);
export const trackingNoFilter = docNoFilter(deliverOrders.trackingNo);

const keyword = moveListKeyword(deliverOrders, SALES_ORDER, [deliverOrders.trackingNo]);

/** 发货单 and 发货清单's search box: the note's number or tracking number, the customer, the sales order's number. */
export async function deliveryKeyword(kw: string, ctx: Ctx) {
  return keyword(kw, ctx);
}

/** 发货单 list (/sale/deliver, XSGL-007) and the JSON API `deliveryOrder`. */
export const deliverOrderResource = defineMoveResource({
  name: "deliveryOrder",
  label: "发货单",
  pageUrl: "/sale/deliver",
  writeCode: "XSGL-007",
  readCodes: withLinkedReaders("deliveryOrder", ["XSGL-007", "XSGL-006", "XSGL-008", "XSGL-009", "XSGL-001"]),
  table: deliverOrders,
  order: SALES_ORDER,
  statuses: DELIVER_ORDER_STATUSES,
  extra: deliveryExtra,
  sortable: { totalAmount: deliverOrders.totalAmount, shippedAt: deliverOrders.shippedAt },
  filters: { logisticsCompanyId: equals(deliverOrders.logisticsCompanyId), trackingNo: trackingNoFilter },
  keyword: deliveryKeyword,
  // The customer's prices are on the delivery note for whoever works it; its costs are 产品价格's.
  privateFields: { totalCost: COST("出库成本"), unitCost: COST(), costPrice: COST() },
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
