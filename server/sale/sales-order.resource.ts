import { equals } from "../lib/list-read";
import { COST, SALE_LINE_PRICES, SALE_PRICE } from "../lib/price-rules";
import { bodyField, bodyFlag, orderActions, orderResource } from "../trade/order.resource";
import { salesOrders } from "./sale.tables";
import { createSalesOrder, getSalesOrder, removeSalesOrder, runSalesOrderAction, updateSalesOrder, salesOrderSide } from "./sales-order.service";
import { SALES_ORDER_USER_ACTIONS } from "./sales-order.status";

/** allowShortage from the body: true / false when sent, else the order's own wish. */
const shortageOf = (body: unknown) => (typeof bodyField(body, "allowShortage") === "boolean" ? (bodyField(body, "allowShortage") as boolean) : undefined);

/** 销售订单 list (/sale/order) and the JSON API `salesOrder` (documents: create/get/update/remove and the status actions). */
export const salesOrderResource = orderResource(salesOrderSide, {
  pageUrl: "/sale/order",
  writeCode: "XSGL-001",
  readCodes: ["XSGL-001", "XSGL-002", "XSGL-004"],
  // A company with a million orders: count at most this many (共 10000+ 条) instead of all of them
  // on every page view. (No row-count trigger: it would make every new order of a company wait
  // for the one counter row until the order's transaction ends.)
  countLimit: 10_000,
  sortable: { deliveredAmount: salesOrders.deliveredAmount },
  filters: { salesmanId: equals(salesOrders.salesmanId) },
  // Sales amounts are for selling (销售订单, XSGL-001); a stock keeper reading the list for picking does not see them.
  privateFields: { ...SALE_LINE_PRICES, deliveredAmount: SALE_PRICE("已发货金额"), credit: SALE_PRICE("客户信用"), costPrice: COST(), unitCost: COST() },
  document: {
    create: (ctx, body) => createSalesOrder(ctx, body, { submit: bodyFlag(body, "submit"), allowShortage: bodyFlag(body, "allowShortage") }),
    get: (ctx, id) => getSalesOrder(ctx, id),
    update: (ctx, id, body) => updateSalesOrder(ctx, id, body, { submit: bodyFlag(body, "submit"), allowShortage: shortageOf(body) }),
    remove: (ctx, id) => removeSalesOrder(ctx, id),
    actions: orderActions(SALES_ORDER_USER_ACTIONS, (ctx, id, name, body) =>
      runSalesOrderAction(ctx, id, name, { allowShortage: shortageOf(body), reason: bodyField(body, "reason") }),
    ),
  },
});
