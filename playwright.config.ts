import { spawnSync } from "node:child_process";
import { defineConfig } from "@playwright/test";

/**
 * Ports nobody listens on, so two runs (or a run and `npm start`) can share a machine.
 * Playwright loads this file in its runner and again in every worker; the runner picks the
 * ports once and the workers, forked from it, inherit E2E_PORTS and agree. Set E2E_PORTS
 * (comma-separated, one per worker) to choose.
 */
function freePort(): number {
  const r = spawnSync(
    process.execPath,
    ["-e", "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})"],
    { encoding: "utf8" },
  );
  const port = Number(r.stdout);
  if (!Number.isInteger(port) || port <= 0) throw new Error(`no free port: ${r.stderr}`);
  return port;
}

/**
 * Two workers, each with its own app server and its own database (tests/e2e/global-setup.ts):
 * on two cores one worker's browser renders while the other's server answers, and no test
 * sees another worker's writes. E2E_WORKERS=1 runs everything against one server.
 */
const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS) || 2);
if (!process.env.E2E_PORTS) {
  const ports = new Set<number>();
  while (ports.size < WORKERS) ports.add(freePort());
  process.env.E2E_PORTS = [...ports].join(",");
}
const PORTS = process.env.E2E_PORTS.split(",").map(Number);

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: PORTS.length,
  reporter: [["list"]],
  // Starts one app server per worker, each on a fresh embedded database; its teardown stops them
  // and removes everything the run left in the temp dir (databases, Chromium profiles, downloads).
  globalSetup: "./tests/e2e/global-setup.ts",
  use: {
    // Each worker's own server: tests/e2e/helpers.ts picks it by the worker's parallel index.
    baseURL: `http://127.0.0.1:${PORTS[0]}`,
    locale: "zh-CN",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
});
