/**
 * The routes' door to the server for the shell (menu, tabs), the home page and the dashboard. The `.server` suffix keeps it out of the
 * browser: the Remix Vite build drops loaders and actions from browser code and fails if anything
 * left there still imports a `.server` module. Browser-safe modules (zod inputs, status labels)
 * are imported from their server/ files directly.
 */
export * from "../../server/system/home.service";
export * from "../../server/home/dashboard.service";
export * from "../../server/system/shell.service";
