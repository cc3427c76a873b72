import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Starts the app for one browser-test run and cleans up after it: one server per worker
 * (E2E_PORTS, from playwright.config.ts), each with its own fresh embedded database, so a
 * worker's tests never see another worker's writes.
 *
 * Everything the run writes outside the repository lives in one fresh directory under the
 * system temp dir: the embedded databases (fresh per run, so runs never see each other's
 * data) and, through TMPDIR (which the workers and their Chromium inherit), Chromium's profiles
 * and Playwright's downloads. The returned teardown stops the servers and removes that directory.
 */
export default async function globalSetup() {
  const ports = (process.env.E2E_PORTS ?? "").split(",").filter(Boolean);
  if (!ports.length) throw new Error("E2E_PORTS is not set (playwright.config.ts sets it)");
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), "qipei-e2e-"));
  const tmp = path.join(runDir, "tmp");
  fs.mkdirSync(tmp);
  const systemTmp = process.env.TMPDIR;
  process.env.E2E_RUN_DIR = runDir;
  process.env.TMPDIR = tmp;

  // One database migrated and seeded once, copied for each server (not one initdb, migration and
  // seed per server, side by side on two cores).
  const template = path.join(runDir, "data-template");
  if (!process.env.E2E_DATA_DIR) {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: template, NODE_ENV: "test", SEED_DEMO: "1" };
    if (systemTmp === undefined) delete env.TMPDIR;
    else env.TMPDIR = systemTmp;
    await prepareDatabase(env).catch((e) => {
      fs.rmSync(runDir, { recursive: true, force: true });
      throw e;
    });
  }

  const servers = ports.map((port, i) => {
    const dataDir = process.env.E2E_DATA_DIR ? `${process.env.E2E_DATA_DIR}${i ? `-${i}` : ""}` : path.join(runDir, `data-${i}`);
    if (!process.env.E2E_DATA_DIR) fs.cpSync(template, dataDir, { recursive: true });
    // The server keeps the system temp dir: tsx caches its compiled files there across runs.
    const serverEnv: NodeJS.ProcessEnv = { ...process.env, PORT: port, DATA_DIR: dataDir, NODE_ENV: "test", SEED_DEMO: "1", LOGIN_RATE_LIMIT: "1000" };
    if (systemTmp === undefined) delete serverEnv.TMPDIR;
    else serverEnv.TMPDIR = systemTmp;
    return startServer(port, serverEnv, ports.length > 1 ? `[server ${i + 1}] ` : "[server] ");
  });

  const teardown = async () => {
    await Promise.all(servers.map((s) => s.stop()));
    fs.rmSync(runDir, { recursive: true, force: true });
    process.removeListener("exit", onExit);
  };

  // Safety net when the runner exits without running the teardown (interrupted, or killed
  // by a signal it handles by exiting): stop the servers and remove the directory anyway.
  const onExit = () => {
    for (const s of servers) s.kill();
    fs.rmSync(runDir, { recursive: true, force: true });
    process.removeListener("exit", onExit);
  };
  process.once("exit", onExit);

  try {
    await Promise.all(servers.map((s) => s.ready));
  } catch (e) {
    await teardown();
    throw e;
  }
  return teardown;
}

/** Runs tests/e2e/boot-data.ts: migrates and seeds the database in env.DATA_DIR, then closes it. */
function prepareDatabase(env: NodeJS.ProcessEnv) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "tests/e2e/boot-data.ts"], { env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr!.on("data", (d: Buffer) => (stderr += d));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`preparing the browser tests' database failed (${code}):\n${stderr}`))));
  });
}

function startServer(port: string, env: NodeJS.ProcessEnv, tag: string) {
  const server = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], { env, stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  server.stderr!.on("data", (d: Buffer) => {
    stderr += d;
    process.stderr.write(`${tag}${d}`);
  });
  const exited = new Promise<number | null>((resolve) => server.on("exit", (code) => resolve(code)));
  let running = true;
  void exited.then(() => (running = false));
  const stop = async () => {
    if (!running) return;
    server.kill("SIGTERM");
    const stopped = await Promise.race([exited.then(() => true), delay(25_000).then(() => false)]);
    if (!stopped) {
      server.kill("SIGKILL");
      await exited;
    }
  };
  const ready = waitForServer(`http://127.0.0.1:${port}/login`, () => running, 180_000).catch((e: Error) => {
    throw new Error(`${e.message}\n${stderr}`);
  });
  return { ready, stop, kill: () => running && server.kill("SIGKILL") };
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
