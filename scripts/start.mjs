#!/usr/bin/env node
// `npm start`: build the app if the build is missing or older than the sources, then run
// the server (which migrates, seeds demo data into an empty database and listens on PORT).
// On PostgreSQL (DATABASE_URL) the server runs one worker process per core, or
// WEB_CONCURRENCY of them (server/main.ts, node:cluster); on the embedded PGlite one process.
import { spawnSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
process.chdir(root);

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(p));
    else newest = Math.max(newest, fs.statSync(p).mtimeMs);
  }
  return newest;
}

const buildFile = path.join(root, "build", "server", "index.js");
const built = fs.existsSync(buildFile) ? fs.statSync(buildFile).mtimeMs : 0;
const sources = Math.max(
  newestMtime(path.join(root, "app")),
  newestMtime(path.join(root, "server")),
  fs.statSync(path.join(root, "remix.config.js")).mtimeMs,
  fs.statSync(path.join(root, "vite.config.ts")).mtimeMs,
  fs.statSync(path.join(root, "package.json")).mtimeMs,
);
if (!built || sources > built) {
  console.log("正在构建应用（约 25 秒）…");
  const r = spawnSync(process.execPath, [path.join(root, "node_modules", "@remix-run", "dev", "dist", "cli.js"), "vite:build"], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "server", "main.ts")], { stdio: "inherit" });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
