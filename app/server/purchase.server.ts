/**
 * The routes' door to the server for purchase orders, plans, urgent purchases, receiving, put-away, purchase returns. The `.server` suffix keeps it out of the
 * browser: the Remix Vite build drops loaders and actions from browser code and fails if anything
 * left there still imports a `.server` module. Browser-safe modules (zod inputs, status labels)
 * are imported from their server/ files directly.
 */
export * from "../../server/purchase/purchase-order.service";
export * from "../../server/purchase/purchase-order.status";
export * from "../../server/purchase/purchase-order.input";
export * from "../../server/purchase/purchase-order.page";
export * from "../../server/purchase/purchase-return.service";
export * from "../../server/purchase/purchase-return.page";
export * from "../../server/purchase/purchase-return.resource";
export * from "../../server/purchase/receive-order.service";
export * from "../../server/purchase/putaway-order.service";
export * from "../../server/purchase/receive-order.page";
export * from "../../server/purchase/purchase-plan.service";
export * from "../../server/purchase/purchase-plan.resource";
export * from "../../server/purchase/purchase-plan.page";
export * from "../../server/purchase/urgent-purchase.service";
export * from "../../server/purchase/urgent-purchase.resource";
export { purchasePriceHistory } from "../../server/purchase/purchase-price-history";
