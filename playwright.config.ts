import { spawnSync } from "node:child_process";
import { defineConfig } from "@playwright/test";

/**
 * A port nobody listens on, so two runs (or a run and `npm start`) can share a machine.
 * Playwright loads this file in its runner and again in every worker; the runner picks the
 * port once and the workers, forked from it, inherit E2E_PORT and agree. Set E2E_PORT to choose.
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
process.env.E2E_PORT ||= String(freePort());
const PORT = Number(process.env.E2E_PORT);

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  reporter: [["list"]],
  // Starts the app on PORT with a fresh embedded database; its teardown stops it and removes
  // everything the run left in the temp dir (database, Chromium profiles, downloads).
  globalSetup: "./tests/e2e/global-setup.ts",
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
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
