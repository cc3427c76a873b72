/**
 * Throughput under load (issue 21, per-request cost): the app as `npm start` runs it
 * (server/main.ts in its own process) on PostgreSQL with the demo data, 20 users at once
 * (keep-alive connections from a separate client process) for a few seconds each:
 *   - pages/s of a signed-in list page (/product/list, 50 rows, the whole HTML page),
 *   - answers/s of the JSON API's list of the same rows (/api/app/product),
 * first one instance (WEB_CONCURRENCY=1), then one worker per core (the `npm start` default),
 * then a CPU profile (node --cpu-prof) of one instance under the page load: its top entries by
 * self time and the share of route matching, garbage collection and response writing.
 * Standalone: `node --import tsx bench/load.mts` (BENCH_DATABASE_URL as for `npm run bench`).
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import pg from "pg";
import { signIn } from "./measure.mts";

const USERS = Number(process.env.BENCH_LOAD_USERS) || 20;
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS) || 8;
const PAGE = "/product/list?size=50";
const API = "/api/app/product?maxResultCount=50";
const DB = "qipei_load";

/** N keep-alive connections, each requesting as fast as it is answered, for S seconds (after 1 s of warm-up). */
const CLIENT = `
const http = require("node:http");
const [base, path, cookie, users, seconds] = process.argv.slice(1);
const agent = new http.Agent({ keepAlive: true, maxSockets: Number(users) });
let done = 0, bad = 0, bytes = 0, counting = false, stop = false;
const lat = [];
const one = () => new Promise((resolve) => {
  const t0 = performance.now();
  http.get(base + path, { agent, headers: { Cookie: cookie, "Accept-Encoding": "gzip" } }, (res) => {
    res.on("data", (d) => { if (counting) bytes += d.length; });
    res.on("end", () => {
      if (counting) { done++; if (res.statusCode !== 200) bad++; lat.push(performance.now() - t0); }
      resolve();
    });
  }).on("error", () => { if (counting) bad++; resolve(); });
});
const loop = async () => { while (!stop) await one(); };
(async () => {
  const loops = Array.from({ length: Number(users) }, loop);
  await new Promise((r) => setTimeout(r, 1000));
  counting = true;
  const t0 = performance.now();
  await new Promise((r) => setTimeout(r, Number(seconds) * 1000));
  counting = false;
  const ms = performance.now() - t0;
  stop = true;
  await Promise.all(loops);
  lat.sort((a, b) => a - b);
  process.stdout.write(JSON.stringify({ perSecond: done / (ms / 1000), bad, p50: lat[Math.floor(lat.length / 2)] ?? 0, kb: bytes / Math.max(done, 1) / 1024 }) + "\\n");
  agent.destroy();
})();
`;

export interface LoadResult {
  perSecond: number;
  bad: number;
  p50: number;
  kb: number;
}

/** CPU time (ms) a process and its children (cluster workers) have used so far, from /proc. */
function cpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const own = ((Number(f[11]) + Number(f[12])) * 1000) / 100; // utime + stime, in clock ticks of 1/100 s
    const kids = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim();
    return own + (kids ? kids.split(" ").reduce((s, k) => s + cpuMs(Number(k)), 0) : 0);
  } catch {
    return 0;
  }
}

/**
 * The load, and the server's CPU time per answer over the same seconds (with the warm-up: the
 * machine may be shared, so answers per second vary with the neighbours; CPU per answer does not).
 */
export async function load(
  base: string,
  url: string,
  cookie: string,
  serverPid?: number,
  users = USERS,
  seconds = SECONDS,
): Promise<LoadResult & { cpuPerAnswer?: number }> {
  const child = spawn(process.execPath, ["-e", CLIENT, base, url, cookie, String(users), String(seconds)], { stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d));
  await new Promise((r) => setTimeout(r, 1000));
  const cpu1 = serverPid ? cpuMs(serverPid) : 0;
  await new Promise((r) => child.on("exit", r));
  const r = JSON.parse(out) as LoadResult;
  const cpu2 = serverPid ? cpuMs(serverPid) : 0;
  // The counted window is the client's `seconds` after its 1 s warm-up; the drain after it is short.
  return { ...r, cpuPerAnswer: serverPid ? (cpu2 - cpu1) / Math.max(1, r.perSecond * seconds) : undefined };
}

async function freePort() {
  const srv = net.createServer().listen(0, "127.0.0.1");
  await new Promise((r) => srv.once("listening", r));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise((r) => srv.close(r));
  return port;
}

/** server/main.ts in its own process (its request log discarded), listening when it says 已启动. */
async function startServer(url: string, env: Record<string, string>, nodeArgs: string[] = []) {
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", "server/main.ts"], {
    env: { ...process.env, DATABASE_URL: url, PORT: String(port), HOST: "127.0.0.1", SEED_DEMO: "1", LOGIN_RATE_LIMIT: "100000", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`服务器进程退出（${code}）`)));
    readline.createInterface({ input: child.stdout! }).on("line", (line) => {
      if (line.includes("已启动")) resolve();
    });
  });
  child.removeAllListeners("exit");
  return { child, base: `http://127.0.0.1:${port}` };
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

/** A .cpuprofile's top entries by self time, and the inclusive share of a few named things. */
export function summariseProfile(file: string, windowS = SECONDS + 0.5) {
  const prof = JSON.parse(fs.readFileSync(file, "utf8")) as { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  // Only the last `windowS` seconds before the profile ends (the load, not the start-up).
  let t = 0;
  const times = prof.timeDeltas.map((d) => (t += d));
  const samples = prof.samples.filter((_, i) => times[i]! >= t - windowS * 1e6);
  const byId = new Map(prof.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = (n: ProfileNode) => {
    const f = n.callFrame;
    const where = f.url
      ? `${f.url
          .replace(/^file:\/\//, "")
          .replace(/^.*node_modules\//, "")
          .replace(process.cwd() + "/", "")}:${f.lineNumber + 1}`
      : "";
    return `${f.functionName || "(anonymous)"}${where ? ` ${where}` : ""}`;
  };
  const self = new Map<string, number>();
  const groups = {
    route: 0, // react-router's matching, whoever calls it
    gc: 0,
    write: 0, // writing the response: gzip and the socket
    sql: 0, // drizzle and the pg driver
    idle: 0,
  };
  let total = 0;
  for (const id of samples) {
    const n = byId.get(id)!;
    const name = n.callFrame.functionName;
    if (name === "(idle)" || name === "(program)") {
      if (name === "(idle)") groups.idle++;
      continue;
    }
    total++;
    self.set(label(n), (self.get(label(n)) ?? 0) + 1);
    if (name === "(garbage collector)") groups.gc++;
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const c = byId.get(cur)!.callFrame;
      const fn = c.functionName;
      if (
        /@remix-run\/router/.test(c.url) &&
        /^(matchRoutes|matchRoutesImpl|flattenRoutes|rankRouteBranches|matchRouteBranch|compilePath|computeScore)$/.test(fn)
      )
        seen.add("route");
      if (/node:zlib|compression\/index|node:_http_outgoing|node:net|writeReadableStreamToWritable/.test(c.url + " " + fn)) seen.add("write");
      if (/node_modules\/(drizzle-orm|pg|pg-protocol|pg-pool)\//.test(c.url)) seen.add("sql");
    }
    for (const g of seen) groups[g as keyof typeof groups]++;
  }
  const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 12);
  const share = (x: number) => `${((100 * x) / Math.max(total, 1)).toFixed(1)} %`;
  return {
    total,
    lines: [
      `    路由匹配 ${share(groups.route)}，垃圾回收 ${share(groups.gc)}，写响应（gzip、socket）${share(groups.write)}，drizzle + pg ${share(groups.sql)}（占忙碌 CPU 的比例，${total} 个样本）`,
      ...top.map(([k, v]) => `    ${share(v).padStart(7)}  ${k}`),
    ],
  };
}

export async function benchLoad(adminUrl: string) {
  const bench = new URL(adminUrl);
  bench.pathname = `/${DB}`;
  await withClient(adminUrl, async (c) => {
    await c.query(`drop database if exists ${DB} with (force)`);
    await c.query(`create database ${DB}`);
  });
  const cores = os.availableParallelism();
  console.log(`\n负载：PostgreSQL 演示数据，${USERS} 个用户同时请求（keep-alive），每项 ${SECONDS} 秒；整页 ${PAGE}，接口 ${API}`);
  try {
    for (const workers of [1, cores]) {
      if (workers === cores && cores === 1) break;
      const { child, base } = await startServer(bench.href, { WEB_CONCURRENCY: String(workers) });
      try {
        const cookie = await signIn(base, "boss1");
        const page = await load(base, PAGE, cookie, child.pid);
        const api = await load(base, API, cookie, child.pid);
        const who = workers === 1 ? "1 个进程" : `${workers} 个进程（每核一个，npm start 的默认）`;
        console.log(
          `  ${who.padEnd(12)} 整页 ${page.perSecond.toFixed(0)} 页/秒（p50 ${page.p50.toFixed(0)} ms，CPU ${page.cpuPerAnswer!.toFixed(1)} ms/页，${page.kb.toFixed(1)} KB gzip${page.bad ? `，${page.bad} 个失败` : ""}）   接口 ${api.perSecond.toFixed(0)} 次/秒（p50 ${api.p50.toFixed(0)} ms，CPU ${api.cpuPerAnswer!.toFixed(1)} ms/次${api.bad ? `，${api.bad} 个失败` : ""}）`,
        );
      } finally {
        await stopServer(child);
      }
    }
    // The profile: one instance under the page load.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "qipei-prof-"));
    const { child, base } = await startServer(bench.href, { WEB_CONCURRENCY: "1" }, ["--cpu-prof", `--cpu-prof-dir=${dir}`]);
    try {
      const cookie = await signIn(base, "boss1");
      await load(base, PAGE, cookie);
    } finally {
      await stopServer(child);
    }
    // The main thread's profile is the largest (others: the module loader's worker thread).
    const file = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith(".cpuprofile"))
      .sort((a, b) => fs.statSync(path.join(dir, b)).size - fs.statSync(path.join(dir, a)).size)[0];
    if (file) {
      console.log(`  CPU 剖析（1 个进程，整页负载，node --cpu-prof；${path.join(dir, file)}）：`);
      for (const line of summariseProfile(path.join(dir, file)).lines) console.log(line);
    }
  } finally {
    await withClient(adminUrl, (c) => c.query(`drop database if exists ${DB} with (force)`));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.env.QIPEI_MODE ??= "development";
  process.env.NODE_ENV ??= "production";
  await benchLoad(process.env.BENCH_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test");
  process.exit(0);
}
