import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": path.resolve("app"), "#server": path.resolve("server") } },
  test: {
    include: ["server/**/*.test.ts", "app/**/*.test.ts", "tests/unit/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Vitest's default is one worker per core but one; on the two-core machines we run on that is
    // a single worker, and each test file's embedded database is CPU work on one core. Two
    // workers took the PGlite step from 374 s to 261 s there.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    globalSetup: ["server/test/global-setup.ts"],
  },
});
