import { flatRoutes } from "remix-flat-routes";

/** @type {import('@remix-run/dev').AppConfig} */
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
  serverModuleFormat: "esm",
  serverPlatform: "node",
  postcss: true,
  // Server-only packages stay external; everything under server/ is bundled into build/.
  serverDependenciesToBundle: [/^@mantine\//, /^@tabler\//],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: false,
  },
};
