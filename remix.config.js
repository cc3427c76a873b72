import { flatRoutes } from "remix-flat-routes";

/**
 * Remix's own options, handed to its Vite plugin by vite.config.ts (Vite builds the app: its
 * Rollup build splits the browser code by what each page really uses, which the classic
 * compiler's esbuild 0.17 could not, and it refuses any server-only import left in browser code).
 *
 * @type {import('@remix-run/dev').VitePluginConfig}
 */
export default {
  ignoredRouteFiles: ["**/*"],
  routes: async (defineRoutes) => {
    const routes = flatRoutes("routes", defineRoutes, {
      ignoredRouteFiles: ["**/*.test.*", "**/*.css", "**/components/**"],
    });
    // Menu pages without a route file yet: an in-shell 此功能正在建设中 page each (TypeScript
    // module, loaded through tsx so the menu stays defined in one place).
    const { tsImport } = await import("tsx/esm/api");
    const { underConstructionRoutes } = await tsImport("./app/components/shell/under-construction.routes.ts", import.meta.url);
    return { ...routes, ...underConstructionRoutes(routes) };
  },
  // build/server/index.js (the server build, imported by server/main.ts) and build/client (the
  // browser's files, served under /build/).
  buildDirectory: "build",
  serverModuleFormat: "esm",
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: false,
  },
};
