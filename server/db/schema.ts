// Every table of every area, for drizzle-kit and the typed client.
export * from "../system/system.tables";
export * from "../auth/auth.tables";
export * from "../setting/setting.tables";
export * from "../product/brand.tables";
