/**
 * The routes' door to the server for stock (locations, balances, views, opening stock) and warehouse documents (moves, counts). The `.server` suffix keeps it out of the
 * browser: the Remix Vite build drops loaders and actions from browser code and fails if anything
 * left there still imports a `.server` module. Browser-safe modules (zod inputs, status labels)
 * are imported from their server/ files directly.
 */
export * from "../../server/warehouse/move-order.service";
export * from "../../server/warehouse/inventory-order.service";
export * from "../../server/warehouse/warehouse.resources";
export * from "../../server/warehouse/move-order.page";
export * from "../../server/warehouse/inventory-order.page";
export * from "../../server/stock/stock-views";
export * from "../../server/stock/safe-stock.service";
export * from "../../server/stock/location.service";
export * from "../../server/stock/warehouse.resources";
export * from "../../server/stock/opening-stock.service";
export * from "../../server/stock/places.service";
