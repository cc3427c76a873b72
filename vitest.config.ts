import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": path.resolve("app"), "#server": path.resolve("server") } },
  test: {
    include: ["server/**/*.test.ts", "app/**/*.test.ts", "tests/unit/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    globalSetup: ["server/test/global-setup.ts"],
  },
});
