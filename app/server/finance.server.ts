/**
 * The routes' door to the server for partner accounts, payments and statements. The `.server` suffix keeps it out of the
 * browser: the Remix Vite build drops loaders and actions from browser code and fails if anything
 * left there still imports a `.server` module. Browser-safe modules (zod inputs, status labels)
 * are imported from their server/ files directly.
 */
export * from "../../server/finance/finance.page";
export * from "../../server/finance/statement.print";
