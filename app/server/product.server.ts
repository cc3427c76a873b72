/**
 * The routes' door to the server for products, their import and pinyin. The `.server` suffix keeps it out of the
 * browser: the Remix Vite build drops loaders and actions from browser code and fails if anything
 * left there still imports a `.server` module. Browser-safe modules (zod inputs, status labels)
 * are imported from their server/ files directly.
 */
export * from "../../server/product/product.resources";
export * from "../../server/product/pinyin";
export * from "../../server/product/product.import";
