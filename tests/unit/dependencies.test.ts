import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every package package.json lists is used: imported by the code, its tests or its config,
 * or named with the reason it is needed without an import. A package left behind after its
 * last import went (@mantine/notifications, @mantine/nprogress) is installed, audited and
 * updated for nothing.
 */
const NOT_IMPORTED: Record<string, string> = {
  recharts: "peer dependency of @mantine/charts",
  "@mantine/hooks": "peer dependency of @mantine/core",
  tsx: "runs the TypeScript server and scripts (node --import tsx)",
  "postcss-preset-mantine": "named in postcss.config.cjs",
  "postcss-simple-vars": "named in postcss.config.cjs",
  postcss: "peer dependency of the PostCSS plugins (Vite runs it)",
  typescript: "npx tsc --noEmit",
  eslint: "npm run lint (its command line; eslint.config.js configures it)",
  prettier: "npm run format:check (its command line; .prettierrc configures it)",
  "@types/compression": "types",
  "@types/express": "types",
  "@types/pg": "types",
  "@types/react": "types",
  "@types/react-dom": "types",
};

const ROOTS = ["app", "server", "scripts", "tests", "bench"];
const CONFIGS = [
  "vite.config.ts",
  "vitest.config.ts",
  "playwright.config.ts",
  "remix.config.js",
  "drizzle.config.ts",
  "postcss.config.cjs",
  "eslint.config.js",
];

function sources(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" ? [] : sources(p);
    return /\.(ts|tsx|mts|mjs|cjs|js|css)$/.test(e.name) ? [p] : [];
  });
}

describe("package.json", () => {
  it("lists only packages the code uses", () => {
    const pkg = JSON.parse(fs.readFileSync("package.json", "utf8")) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
    const text = [...ROOTS.flatMap(sources), ...CONFIGS.filter((f) => fs.existsSync(f))].map((f) => fs.readFileSync(f, "utf8")).join("\n");
    const imported = (name: string) => {
      const q = name.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
      // import … from "x", import "x/…", import("x"), require("x"), require.resolve("x/…"), @import "x/…" in CSS
      return new RegExp(`(from\\s+|import\\s*\\(?\\s*|require\\(\\s*|resolve\\(\\s*|@import\\s+)["']${q}(/[^"']*)?["']`).test(text);
    };
    const unused = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.devDependencies)].filter(
      (name) => !Object.hasOwn(NOT_IMPORTED, name) && !imported(name),
    );
    expect(unused).toEqual([]);
  });
});
