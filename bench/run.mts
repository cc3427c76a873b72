/**
 * `npm run bench`: prints figures, asserts nothing. Boots the real build behind the real
 * HTTP stack on PGlite (in memory) and, when BENCH_DATABASE_URL is set, on PostgreSQL, then
 * measures server time of the signed-in pages and the gzip size of the JS each page loads.
 * Then one company with a million products on PostgreSQL (bench/million.mts; BENCH_MILLION=0
 * skips it), with the stock list over a million balance rows; and issue 8's postings per second
 * and opening-stock import (bench/stock.mts; BENCH_STOCK=0 skips it); issue 9's order entry,
 * delivery postings, the sales order list over a million orders and a statement of account
 * (bench/sale.mts; BENCH_SALE=0 skips it). Issue 21's throughput: list pages/s and JSON API/s at 20
 * users on PostgreSQL, one process and one per core, with the CPU profile's top entries
 * (bench/load.mts; BENCH_LOAD=0 skips it).
 */
// First, as in server/main.ts: route matching with its memos.
import "../server/route-matching";
import crypto from "node:crypto";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";
import type { ServerBuild } from "@remix-run/node";
import { bootDatabase } from "../server/boot";
import { setDatabase } from "../server/db/client";
import { createApp } from "../server/http";
import { logLine, ROUNDS, signIn, timePage } from "./measure.mts";
import { benchLoad } from "./load.mts";
import { benchMillion } from "./million.mts";
import { benchStock } from "./stock.mts";
import { benchSale } from "./sale.mts";

// As `npm start` runs: React and Remix in their optimised builds (see settleModes in main.ts).
process.env.QIPEI_MODE ??= "development";
process.env.NODE_ENV ??= "production";
process.env.SESSION_SECRET ??= crypto.randomBytes(16).toString("hex");

function jsGzipFor(build: ServerBuild, routeIds: string[]) {
  const m = build.assets;
  const files = new Set<string>([m.entry.module, ...m.entry.imports]);
  for (const id of routeIds) {
    const r = m.routes[id];
    if (!r) continue;
    files.add(r.module);
    for (const i of r.imports ?? []) files.add(i);
  }
  let raw = 0;
  let gz = 0;
  for (const f of files) {
    const buf = fs.readFileSync(path.join("build/client", f.replace(/^\/build\//, "")));
    raw += buf.length;
    gz += zlib.gzipSync(buf, { level: 9 }).length;
  }
  return { raw, gz };
}

async function measure(label: string, url?: string) {
  const schema = url ? `bench_${Date.now().toString(36)}` : undefined;
  if (url) {
    const { default: pg } = await import("pg");
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`create schema ${schema}`);
    await c.end();
  }
  const { handle } = await bootDatabase({ url, searchPath: schema, demo: true, demoPassword: "Demo@123456" });
  const build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;
  const server = createApp(build, { log: logLine, loginRateLimit: 1e6 }).listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const cookie = await signIn(base, "boss1");
  console.log(`\n${label}（每页 ${ROUNDS} 次请求；服务器时间 = 请求到达至响应发完，含 gzip）`);
  for (const [name, u] of [
    ["/home 整页", "/home"],
    ["/home 仅数据 (loader)", "/home?_data=routes%2F_app%2B%2Fhome"],
    ["/profile 整页", "/profile?actab=0"],
    ["/login 整页（未登录）", "/login"],
  ] as const) {
    const r = await timePage(base, u, u === "/login" ? "" : cookie);
    console.log(`  ${name.padEnd(22)} p50 ${r.p50.toFixed(1)} ms   p95 ${r.p95.toFixed(1)} ms   (客户端往返 p50 ${r.wall.toFixed(1)} ms)`);
  }
  const home = jsGzipFor(build, ["root", "routes/_app+/_layout", "routes/_app+/home"]);
  const loginJs = jsGzipFor(build, ["root", "routes/_auth+/login"]);
  if (label.startsWith("PGlite")) {
    console.log(
      `  JS：/home ${(home.gz / 1024).toFixed(0)} KB gzip（${(home.raw / 1024).toFixed(0)} KB raw），/login ${(loginJs.gz / 1024).toFixed(0)} KB gzip`,
    );
  }
  await new Promise((r) => server.close(r));
  await handle.close();
  setDatabase(undefined);
  if (url) {
    const { default: pg } = await import("pg");
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    await c.query(`drop schema ${schema} cascade`);
    await c.end();
  }
}

if (!fs.existsSync("build/server/index.js")) {
  console.error("请先运行 npm run build");
  process.exit(1);
}
await measure("PGlite（内存）");
if (process.env.BENCH_DATABASE_URL) await measure("PostgreSQL", process.env.BENCH_DATABASE_URL);
else console.log("\n(设置 BENCH_DATABASE_URL=postgres://… 可同时测量 PostgreSQL)");
if (process.env.BENCH_DATABASE_URL && process.env.BENCH_LOAD !== "0") await benchLoad(process.env.BENCH_DATABASE_URL);
if (process.env.BENCH_DATABASE_URL && process.env.BENCH_STOCK !== "0") await benchStock(process.env.BENCH_DATABASE_URL);
if (process.env.BENCH_DATABASE_URL && process.env.BENCH_SALE !== "0") await benchSale(process.env.BENCH_DATABASE_URL);
if (process.env.BENCH_MILLION !== "0") await benchMillion();
process.exit(0);
