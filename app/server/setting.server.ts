/**
 * The routes' door to the server for company, user and platform settings and their forms. The `.server` suffix keeps it out of the
 * browser: the Remix Vite build drops loaders and actions from browser code and fails if anything
 * left there still imports a `.server` module. Browser-safe modules (zod inputs, status labels)
 * are imported from their server/ files directly.
 */
export * from "../../server/setting/setting.service";
export * from "../../server/system/company-setting.service";
export * from "../../server/system/company-settings.form";
export * from "../../server/system/global-settings.form";
