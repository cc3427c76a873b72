import { PURCHASE_RETURN_STATUSES } from "../lib/dictionary";
import { tradeReturnResource } from "../trade/return.resource";
import { purchaseOrders, purchaseReturnOrders } from "./purchase.tables";
import { PurchaseReturnInputSchema } from "./purchase-return.input";
import {
  createPurchaseReturnOrder,
  getPurchaseReturnOrder,
  PURCHASE_RETURN_ACTIONS,
  removePurchaseReturnOrder,
  updatePurchaseReturnOrder,
} from "./purchase-return.service";
import { COST, PURCHASE_LINE_PRICES } from "../lib/price-rules";

/** 采购退货 list (/purchase/returnOrder) and the JSON API `purchaseReturnOrder`. */
export const purchaseReturnOrderResource = tradeReturnResource({
  name: "purchaseReturnOrder",
  label: "采购退货单",
  pageName: "采购退货",
  pageUrl: "/purchase/returnOrder",
  writeCode: "CGGL-003",
  readCodes: ["CGGL-003", "CGGL-005"],
  privateFields: { ...PURCHASE_LINE_PRICES, unitCost: COST() },
  table: purchaseReturnOrders,
  order: { column: purchaseReturnOrders.purchaseOrderId, table: purchaseOrders, noField: "purchaseOrderNo" },
  statuses: PURCHASE_RETURN_STATUSES,
  input: PurchaseReturnInputSchema,
  create: createPurchaseReturnOrder,
  get: getPurchaseReturnOrder,
  // A saved purchase return is submitted by its own action (the API's `submit` flag only creates submitted).
  update: (ctx, id, body) => updatePurchaseReturnOrder(ctx, id, body),
  remove: removePurchaseReturnOrder,
  actions: PURCHASE_RETURN_ACTIONS,
});
