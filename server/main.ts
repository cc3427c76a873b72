// First: before anything loads @remix-run/router (see the module).
import "./route-matching";
import cluster from "node:cluster";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { bootDatabase } from "./boot";
import { DEMO_USERS } from "./seed/seed";
import { createApp } from "./http";
import { config } from "./lib/config";
import { startScheduler } from "./system/scheduler";

/**
 * Process entry: secret, database (migrate + seed), Remix build, HTTP server, shutdown.
 * `npm start` runs this after building if needed.
 */
function settleModes() {
  if (!process.env.NODE_ENV) {
    process.env.QIPEI_MODE = "development";
    process.env.NODE_ENV = "production";
  } else {
    process.env.QIPEI_MODE ??= process.env.NODE_ENV;
  }
}

/**
 * How many worker processes serve HTTP: on PostgreSQL WEB_CONCURRENCY, by default one per
 * core; on PGlite always one (it is embedded: one process owns its directory).
 */
function workerCount(env: NodeJS.ProcessEnv = process.env, cores = os.availableParallelism()): number {
  if (!env.DATABASE_URL) return 1;
  const n = Number(env.WEB_CONCURRENCY);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, 64) : cores;
}

/**
 * With more than one worker this process only forks them (node:cluster: they share the port)
 * and replaces one that dies; each worker is a whole instance (database boot, scheduler, HTTP),
 * as several instances on one PostgreSQL are: the start-up lock, the scheduler's claims and
 * everything they cache are shared through the database.
 */
function runWorkers(count: number) {
  console.log(`[cluster] ${count} 个工作进程（WEB_CONCURRENCY，默认每核一个）`);
  let stopping = false;
  let alive = 0;
  const listening = new Set<number>();
  const fork = () => {
    const worker = cluster.fork();
    alive++;
    worker.once("listening", () => listening.add(worker.id));
    worker.once("exit", (code, signal) => {
      alive--;
      const wasListening = listening.delete(worker.id);
      if (!stopping && !wasListening) {
        // A worker that never listened failed to start (configuration, database): so would the next.
        console.error(`[cluster] 工作进程启动失败（${signal ?? code}），服务停止`);
        stopping = true;
        process.exitCode = code || 1;
        for (const w of Object.values(cluster.workers ?? {})) if (w && w !== worker) w.process.kill("SIGTERM");
      } else if (!stopping) {
        console.error(`[cluster] 工作进程 ${worker.process.pid} 退出（${signal ?? code}），重新启动`);
        fork();
      }
      if (stopping && alive === 0) process.exit();
    });
  };
  for (let i = 0; i < count; i++) fork();
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill(signal);
    // Each worker gives its requests 10 s and forces itself out after 20 s (see shutdown below).
    setTimeout(() => process.exit(1), 25_000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

async function main() {
  settleModes();
  const prod = config.isProduction;
  ensureSessionSecret(prod);
  if (cluster.isPrimary) {
    const count = workerCount();
    if (count > 1) return runWorkers(count);
  }
  // The banner once: from the only process, or the first worker.
  const banner = cluster.isPrimary || cluster.worker?.id === 1;

  const usePg = !!config.databaseUrl;
  const demo = prod ? process.env.SEED_DEMO === "1" : process.env.SEED_DEMO !== "0";
  const { handle, seededDemo } = await bootDatabase({
    url: config.databaseUrl || undefined,
    dataDir: usePg ? undefined : config.dataDir,
    demo,
    adminPassword: process.env.ADMIN_PASSWORD,
    log: (m) => console.log(`[db] ${m}`),
  });
  // 定时任务 (expired sessions, ageing, safe stock): claimed per job in the database, so one instance runs each.
  const scheduler = startScheduler({ log: (m) => console.error(`[scheduler] ${m}`) });

  const buildPath = path.resolve("build/server/index.js");
  const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
  const app = createApp(build);
  const server = app.listen(config.port, config.host, () => {
    if (!banner) return;
    const where = `http://${config.host === "0.0.0.0" ? "localhost" : config.host}:${config.port}`;
    console.log(`\n汽配云管家已启动：${where}`);
    console.log(`数据库：${usePg ? "PostgreSQL (DATABASE_URL)" : `嵌入式 PGlite，目录 ${config.dataDir}`}`);
    if (demo) {
      console.log(`演示账号（密码均为 ${config.demoPassword}）${seededDemo ? "：已写入" : "："}`);
      console.log(`  admin（平台管理员） ${DEMO_USERS.map((u) => u.username).join(" ")}`);
    }
  });
  server.keepAliveTimeout = 65_000;

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`收到 ${signal}，正在停止…`);
    // In-flight requests get 10 s; then remaining connections are cut so the database can
    // still be closed cleanly (PGlite keeps the process alive until it is).
    const grace = setTimeout(() => server.closeAllConnections(), 10_000);
    grace.unref();
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    server.close(async () => {
      await scheduler.stop();
      await handle.close().catch(() => {});
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

/** Production must be given SESSION_SECRET; development keeps a generated one in DATA_DIR. */
function ensureSessionSecret(prod: boolean) {
  if (process.env.SESSION_SECRET) return;
  if (prod) {
    console.error("错误：生产环境 (NODE_ENV=production) 必须设置 SESSION_SECRET 环境变量，服务未启动。");
    process.exit(1);
  }
  const file = path.join(config.dataDir, "session-secret");
  fs.mkdirSync(config.dataDir, { recursive: true });
  if (!fs.existsSync(file)) fs.writeFileSync(file, crypto.randomBytes(32).toString("hex"), { mode: 0o600 });
  process.env.SESSION_SECRET = fs.readFileSync(file, "utf8").trim();
}

main().catch((e) => {
  console.error(e instanceof Error && e.name === "DatabaseLockedError" ? `错误：${e.message}` : e);
  process.exit(1);
});
