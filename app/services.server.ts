/**
 * The one door from routes to the backend. Its `.server` suffix makes the Remix compiler
 * replace it with an empty module in the browser build, so nothing under server/ (database
 * drivers, argon2, node builtins) can reach the client. Zod input schemas, which the
 * browser needs too, are imported from their `*.input.ts` files directly.
 */
export * from "../server/auth/authenticator";
export * from "../server/auth/cookie";
export * from "../server/auth/guard";
export * from "../server/auth/login.service";
export * from "../server/auth/session.service";
export * from "../server/lib/api";
export * from "../server/lib/errors";
export * from "../server/lib/ids";
export * from "../server/lib/form-reply";
export * from "../server/lib/form-spec";
export * from "../server/lib/flash";
export * from "../server/lib/safe-redirect";
export * from "../server/setting/setting.service";
export * from "../server/system/home.service";
export * from "../server/system/profile.service";
export * from "../server/system/shell.service";
export * from "../server/lib/list-query";
export * from "../server/lib/excel-export";
export * from "../server/lib/list-read";
export * from "../server/lib/resource";
export * from "../server/master-data/api";
export * from "../server/master-data/registry";
export * from "../server/product/product.resources";
export * from "../server/product/pinyin";
export * from "../server/organization/organization.resources";
export * from "../server/master-data/page";
export * from "../server/product/product.import";
export * from "../server/trade/line-pick.service";
export * from "../server/lib/line-form";
export * from "../server/print/print.service";
export * from "../server/warehouse/move-order.service";
export * from "../server/warehouse/inventory-order.service";
export * from "../server/warehouse/warehouse.resources";
export * from "../server/warehouse/move-order.page";
export * from "../server/warehouse/inventory-order.page";
export * from "../server/stock/stock-views";
export * from "../server/report/stock-age";
export * from "../server/purchase/purchase-order.service";
export * from "../server/sale/sales-order.service";
export * from "../server/sale/sales-order.input";
export * from "../server/sale/credit-approval.service";
export * from "../server/sale/credit-approval.page";
export * from "../server/purchase/purchase-order.status";
export * from "../server/purchase/purchase-order.input";
export * from "../server/purchase/purchase-order.page";
export * from "../server/purchase/purchase-return.service";
export * from "../server/purchase/purchase-return.page";
export * from "../server/purchase/purchase-return.resource";
export * from "../server/system/business-code.service";
export * from "../server/purchase/receive-order.service";
export * from "../server/purchase/putaway-order.service";
export * from "../server/stock/safe-stock.service";
export * from "../server/purchase/receive-order.page";
export * from "../server/stock/location.service";
export * from "../server/stock/warehouse.resources";
export * from "../server/stock/opening-stock.service";
export * from "../server/stock/places.service";
export * from "../server/purchase/purchase-plan.service";
export * from "../server/purchase/purchase-plan.resource";
export * from "../server/purchase/purchase-plan.page";
export * from "../server/purchase/urgent-purchase.service";
export * from "../server/purchase/urgent-purchase.resource";
