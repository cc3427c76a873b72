import { flatRoutes } from "remix-flat-routes";

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/*"],
  routes: async (defineRoutes) =>
    flatRoutes("routes", defineRoutes, {
      ignoredRouteFiles: ["**/*.test.*", "**/*.css", "**/components/**"],
    }),
  serverModuleFormat: "esm",
  serverPlatform: "node",
  postcss: true,
  // Server-only packages stay external; everything under server/ is bundled into build/.
  serverDependenciesToBundle: [/^@mantine\//, "mantine-react-table", /^@tabler\//],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: false,
  },
};
