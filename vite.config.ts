import { fileURLToPath } from "node:url";
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import remixConfig from "./remix.config.js";

const dir = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/** `remix vite:build`: the browser build into build/client, the server build into build/server. */
export default defineConfig({
  plugins: [remix(remixConfig)],
  // The browser's files keep their /build/ address (served immutable by server/http.ts).
  base: "/build/",
  // public/ is served as it is by server/http.ts, not copied into the build.
  publicDir: false,
  resolve: {
    // tsconfig.json's paths.
    alias: [
      { find: /^~\//, replacement: dir("./app/") },
      { find: /^#server\//, replacement: dir("./server/") },
    ],
  },
  // Mantine and the icons are bundled into the server build, as the classic compiler did: only the
  // components the pages use, instead of Node loading thousands of icon and component files at
  // start. Every other package stays external, loaded by Node.
  ssr: { noExternal: [/^@mantine\//, /^@tabler\//] },
  build: { reportCompressedSize: false },
});
