/**
 * The routes' door to the server for the request kit: errors, ids, flash, form replies, list parsing and reading, resources, the resource page and API kit, the registry. The `.server` suffix keeps it out of the
 * browser: the Remix Vite build drops loaders and actions from browser code and fails if anything
 * left there still imports a `.server` module. Browser-safe modules (zod inputs, status labels)
 * are imported from their server/ files directly.
 */
export * from "../../server/lib/api";
export * from "../../server/lib/errors";
export { readUploadForm } from "../../server/lib/multipart";
export * from "../../server/lib/ids";
export * from "../../server/lib/form-reply";
export * from "../../server/lib/form-spec";
export * from "../../server/lib/flash";
export * from "../../server/lib/safe-redirect";
export * from "../../server/lib/list-query";
export * from "../../server/lib/excel-export";
export * from "../../server/lib/list-read";
export * from "../../server/lib/resource";
export * from "../../server/resource/api";
export * from "../../server/master-data/registry";
export * from "../../server/resource/page";
export * from "../../server/lib/line-form";
