// Every table of every area, for drizzle-kit and the typed client.
export * from "../system/system.tables";
export * from "../auth/auth.tables";
export * from "../setting/setting.tables";
export * from "../product/brand.tables";
export * from "../vehicle/vehicle.tables";
export * from "../product/catalog.tables";
export * from "../product/product.tables";
export * from "../organization/organization.tables";
export * from "../system/business-code.tables";
export * from "../stock/stock.tables";
export * from "../purchase/purchase.tables";
export * from "../warehouse/warehouse.tables";
export * from "../sale/sale.tables";
export * from "../finance/finance.tables";
export * from "../lib/audit.tables";
export * from "../system/reference.tables";
export * from "../system/attachment.tables";
