import { PURCHASE_LINE_PRICES } from "../lib/price-rules";
import { bodyFlag, orderActions, orderResource } from "../trade/order.resource";
import {
  createPurchaseOrder,
  getPurchaseOrder,
  removePurchaseOrder,
  runPurchaseOrderAction,
  updatePurchaseOrder,
  purchaseOrderSide,
} from "./purchase-order.service";
import { PURCHASE_ORDER_USER_ACTIONS } from "./purchase-order.status";
import { purchaseOrders } from "./purchase.tables";

/** 采购订单 list (/purchase/order) and the JSON API `purchaseOrder`. */
export const purchaseOrderResource = orderResource(purchaseOrderSide, {
  pageUrl: "/purchase/order",
  writeCode: "CGGL-001",
  readCodes: ["CGGL-001", "CGGL-002", "CGGL-004"],
  sortable: { expectedDate: purchaseOrders.expectedDate },
  // Purchase prices and amounts are for purchasing (采购订单, CGGL-001) or 产品价格; a stock keeper reading the list or the order does not see them.
  privateFields: PURCHASE_LINE_PRICES,
  document: {
    create: (ctx, body) => createPurchaseOrder(ctx, body, { submit: bodyFlag(body, "submit") }),
    get: (ctx, id) => getPurchaseOrder(ctx, id),
    update: (ctx, id, body) => updatePurchaseOrder(ctx, id, body, { submit: bodyFlag(body, "submit") }),
    remove: (ctx, id) => removePurchaseOrder(ctx, id),
    actions: orderActions(PURCHASE_ORDER_USER_ACTIONS, (ctx, id, name) => runPurchaseOrderAction(ctx, id, name)),
  },
});
