import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Starts the app for one browser-test run and cleans up after it.
 *
 * Everything the run writes outside the repository lives in one fresh directory under the
 * system temp dir: the embedded database (a fresh one per run, so runs never see each other's
 * data) and, through TMPDIR (which the workers and their Chromium inherit), Chromium's profiles
 * and Playwright's downloads. The returned teardown stops the server and removes that directory.
 * The port comes from playwright.config.ts (a free one unless E2E_PORT is set).
 */
export default async function globalSetup() {
  const port = process.env.E2E_PORT;
  if (!port) throw new Error("E2E_PORT is not set (playwright.config.ts sets it)");
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), "qipei-e2e-"));
  const tmp = path.join(runDir, "tmp");
  fs.mkdirSync(tmp);
  const systemTmp = process.env.TMPDIR;
  process.env.E2E_RUN_DIR = runDir;
  process.env.TMPDIR = tmp;

  const dataDir = process.env.E2E_DATA_DIR || path.join(runDir, "data");
  // The server keeps the system temp dir: tsx caches its compiled files there across runs.
  const serverEnv: NodeJS.ProcessEnv = { ...process.env, PORT: port, DATA_DIR: dataDir, NODE_ENV: "test", SEED_DEMO: "1", LOGIN_RATE_LIMIT: "1000" };
  if (systemTmp === undefined) delete serverEnv.TMPDIR;
  else serverEnv.TMPDIR = systemTmp;
  const server = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: serverEnv,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  server.stderr!.on("data", (d: Buffer) => {
    stderr += d;
    process.stderr.write(`[server] ${d}`);
  });
  const exited = new Promise<number | null>((resolve) => server.on("exit", (code) => resolve(code)));
  let running = true;
  void exited.then(() => (running = false));

  const teardown = async () => {
    if (running) {
      server.kill("SIGTERM");
      const stopped = await Promise.race([exited.then(() => true), delay(25_000).then(() => false)]);
      if (!stopped) {
        server.kill("SIGKILL");
        await exited;
      }
    }
    fs.rmSync(runDir, { recursive: true, force: true });
    process.removeListener("exit", onExit);
  };

  // Safety net when the runner exits without running the teardown (interrupted, or killed
  // by a signal it handles by exiting): stop the server and remove the directory anyway.
  const onExit = () => {
    if (running) server.kill("SIGKILL");
    fs.rmSync(runDir, { recursive: true, force: true });
    process.removeListener("exit", onExit);
  };
  process.once("exit", onExit);

  try {
    await waitForServer(`http://127.0.0.1:${port}/login`, () => running, 120_000);
  } catch (e) {
    await teardown();
    throw new Error(`${(e as Error).message}\n${stderr}`);
  }
  return teardown;
}

async function waitForServer(url: string, alive: () => boolean, ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (!alive()) throw new Error(`the app stopped before it served ${url}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await delay(200);
  }
  throw new Error(`the app did not serve ${url} within ${ms / 1000} s`);
}

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));
