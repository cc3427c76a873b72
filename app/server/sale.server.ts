/**
 * The routes' door to the server for sales orders, credit approvals, picking, delivery, sales returns. The `.server` suffix keeps it out of the
 * browser: the Remix Vite build drops loaders and actions from browser code and fails if anything
 * left there still imports a `.server` module. Browser-safe modules (zod inputs, status labels)
 * are imported from their server/ files directly.
 */
export * from "../../server/sale/sales-order.page";
export * from "../../server/sale/sales-order.service";
export * from "../../server/sale/sales-order.input";
export * from "../../server/sale/credit-approval.service";
export * from "../../server/sale/credit-approval.page";
export * from "../../server/sale/sales-return.service";
export * from "../../server/sale/sales-return.page";
export * from "../../server/sale/sales-return.status";
export {
  loadPickingPage,
  pickingPageAction,
  deliveryFilterLookups,
  salePrintRedirect,
  PICKING_LIST_URL,
  type PickingPageData,
} from "../../server/sale/picking-order.page";
export { loadDeliverPage, deliverPageAction, DELIVER_LIST_URL, type DeliverPageData } from "../../server/sale/deliver-order.page";
export { loadScanPage, scanPageAction, type ScanPageData } from "../../server/sale/scan-delivery.page";
export {
  getPickingOrder,
  afterSalesOrderSubmitted,
  voidOpenNotesOfOrder,
  createPickingForOrder,
  confirmPicking,
  voidPicking,
  createDeliveryForPicking,
  type PickingOrderView,
} from "../../server/sale/picking-order.service";
export { getDeliverOrder, confirmDelivery, voidDelivery, updateDeliveryLogistics, type DeliverOrderView } from "../../server/sale/deliver-order.service";
export { salePriceHistory } from "../../server/sale/sale-price-history";
