/**
 * What every bench part shares: the request log as the clock, a separate client process that
 * makes the requests, percentiles and sign-in.
 */
import { spawn } from "node:child_process";

export const ROUNDS = Number(process.env.BENCH_ROUNDS) || 200;
const WARMUP = 10;

export function pct(xs: number[], p: number) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

/**
 * Server time of each request, as the request log measures it (arrival to last byte sent).
 * Fed by whichever server is being measured: in this process or a child's stdout.
 */
export const serverTimes: number[] = [];
export const logLines: string[] = [];
export function logLine(line: string) {
  logLines.push(line);
  const m = / (\d+\.\d)ms$/.exec(line);
  if (m) serverTimes.push(Number(m[1]));
}

async function until(cond: () => boolean, ms = 5000) {
  for (const end = Date.now() + ms; !cond() && Date.now() < end;) await new Promise((r) => setTimeout(r, 5));
}

/**
 * Requests come from a separate process (keep-alive, gzip accepted, body read but not
 * decompressed), so the client's own work never competes with the server being measured.
 */
const CLIENT = `
const http = require("node:http");
const [base, path, cookie, rounds, warmup] = process.argv.slice(1);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const get = () => new Promise((resolve, reject) => {
  const t0 = performance.now();
  http.get(base + path, { agent, headers: { Cookie: cookie, "Accept-Encoding": "gzip" } }, (res) => {
    res.on("data", () => {});
    res.on("end", () => resolve(performance.now() - t0));
  }).on("error", reject);
});
(async () => {
  for (let i = 0; i < Number(warmup); i++) await get();
  const wall = [];
  for (let i = 0; i < Number(rounds); i++) wall.push(await get());
  process.stdout.write(JSON.stringify(wall) + "\\n");
  agent.destroy();
})();
`;

/** p50/p95 server time of `rounds` GETs of one URL after ten warm-up requests, and client round trip p50. */
export async function timePage(base: string, url: string, cookie: string, rounds = ROUNDS) {
  const child = spawn(process.execPath, ["-e", CLIENT, base, url, cookie, String(rounds), String(WARMUP)], { stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d));
  const before = serverTimes.length;
  await new Promise((r) => child.on("exit", r));
  const wall = JSON.parse(out) as number[];
  // A child server's log line can arrive a moment after its response.
  await until(() => serverTimes.length >= before + WARMUP + rounds);
  const times = serverTimes.slice(-rounds);
  return { p50: pct(times, 50), p95: pct(times, 95), wall: pct(wall, 50) };
}

/** Signs in through the login form as a browser would (Origin header) and returns the session cookie. */
export async function signIn(base: string, username: string, password = "Demo@123456") {
  const res = await fetch(base + "/login", {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
    body: new URLSearchParams({ username, password }).toString(),
  });
  const cookie = res.headers.get("Set-Cookie")?.split(";")[0];
  if (!cookie) throw new Error(`登录失败：${username}（HTTP ${res.status}）`);
  return cookie;
}
