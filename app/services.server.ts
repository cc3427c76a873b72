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
