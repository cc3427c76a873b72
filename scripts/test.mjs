#!/usr/bin/env node
// `npm test`: everything a fresh machine needs, then every test.
//  1. installs Debian's Chromium and a CJK font when missing (apt-get, as root);
//  2. builds the app (the HTTP and bundle tests run the real build); type-checks it, lints it
//     (eslint.config.js), checks its formatting (.prettierrc) and that the migrations in
//     drizzle/ match the tables (scripts/check-drift.mjs): these five side by side, one core each;
//  3. runs the unit and database tests on the embedded database (PGlite);
//  4. when TEST_DATABASE_URL is set, runs on PostgreSQL the race suites (*.pg.test.ts) and the
//     database suites marked `// @postgres: why` (scripts/test-support.mjs postgresSuites);
//  5. runs the browser tests (Playwright driving /usr/bin/chromium, on a free port).
// `npm run test:fast` (`--fast`): builds only when the sources are newer than the build, then
// steps 2 and 3; no PostgreSQL pass, no browser.
// Prints one closing line "N passed, N failed"; a failed type check or build counts as a failure.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { addCheck, addPlaywrightReport, addRunnerExit, addVitestReport, closingLine, postgresSuites, readJson } from "./test-support.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
process.chdir(root);
fs.mkdirSync(".cache", { recursive: true });
const fast = process.argv.includes("--fast");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
const timings = [];
const started = Date.now();
const seconds = (ms) => `${Math.round(ms / 1000)} s`;

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const t0 = Date.now();
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  timings.push(`${label} ${seconds(Date.now() - t0)}`);
  if (r.status !== 0) failedSteps.push(label);
  return r.status === 0;
}

/**
 * Runs the commands at the same time; prints each one's output, under its label, when it ends
 * (not interleaved). Resolves to whether each succeeded, in the given order.
 */
function runTogether(commands) {
  const t0 = Date.now();
  console.log(`\n=== ${commands.map(([label]) => label).join("、")}（同时运行） ===`);
  return Promise.all(
    commands.map(
      ([label, cmd, args]) =>
        new Promise((resolve) => {
          const child = spawn(cmd, args, { env: process.env });
          const out = [];
          child.stdout.on("data", (d) => out.push(d));
          child.stderr.on("data", (d) => out.push(d));
          let ended = false;
          const done = (code) => {
            if (ended) return;
            ended = true;
            timings.push(`${label} ${seconds(Date.now() - t0)}`);
            console.log(`\n--- ${label}：${code === 0 ? "通过" : "失败"}（${seconds(Date.now() - t0)}）---`);
            process.stdout.write(Buffer.concat(out));
            if (code !== 0) failedSteps.push(label);
            resolve(code === 0);
          };
          child.on("error", (e) => {
            out.push(Buffer.from(String(e)));
            done(1);
          });
          child.on("close", done);
        }),
    ),
  );
}

/** Runs a test runner that writes a JSON report and adds the report to the totals. */
function runReported(label, cmd, args, env, report, add) {
  fs.rmSync(report, { force: true }); // never count a previous run's report
  const failedBefore = totals.failed;
  const ok = run(label, cmd, args, env);
  add(totals, readJson(report));
  addRunnerExit(totals, ok, failedBefore);
}

function hasCjkFont() {
  const r = spawnSync("fc-list", [":lang=zh"], { encoding: "utf8" });
  return r.status === 0 && r.stdout.trim().length > 0;
}

function ensureBrowser() {
  if (fs.existsSync("/usr/bin/chromium") && hasCjkFont()) return;
  if (process.getuid?.() !== 0) {
    console.error("缺少 Chromium 或中文字体，且当前不是 root：请运行 apt-get install -y chromium fonts-wqy-microhei");
    return;
  }
  console.log("正在安装 Debian 的 Chromium 和中文字体（约 1 分钟）…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  spawnSync("apt-get", ["install", "-y", "-qq", "chromium", "fonts-wqy-microhei"], { stdio: "inherit", env });
}

function newestMtime(p) {
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const e of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, e)));
  return newest;
}

function buildIsCurrent() {
  const built = ["build/server/index.js", "build/client"].map((p) => (fs.existsSync(p) ? fs.statSync(p).mtimeMs : 0));
  if (built.includes(0)) return false;
  const sources = Math.max(
    ...["app", "server", "remix.config.js", "vite.config.ts", "postcss.config.cjs", "package.json"].filter((p) => fs.existsSync(p)).map(newestMtime),
  );
  return Math.min(...built) >= sources;
}

function finish() {
  console.log(`\n用时：${timings.join("，")}；共 ${seconds(Date.now() - started)}`);
  if (failedSteps.length) console.log(`失败的步骤：${failedSteps.join("、")}`);
  console.log(`\n${closingLine(totals)}`);
  process.exit(failedSteps.length || totals.failed ? 1 : 0);
}

if (!fast) ensureBrowser();
if (fast && buildIsCurrent()) {
  console.log("\n(构建已是最新，跳过 remix vite:build)");
} else if (
  !run("构建 (remix vite:build)", process.execPath, [path.join(root, "node_modules/@remix-run/dev/dist/cli.js"), "vite:build"], { NODE_ENV: "production" })
) {
  addCheck(totals, false);
  finish();
}

// The type check and the gates (npm run typecheck, lint, check:layers, format:check, check:drift)
// each use one core: they run side by side, each one's output printed whole when it ends. Each
// counts as one check.
const gates = await runTogether([
  ["类型检查 (tsc)", bin("tsc"), ["--noEmit"]],
  ["代码检查 (eslint)", bin("eslint"), ["."]],
  ["分层检查 (check-layers)", process.execPath, ["scripts/check-layers.mjs"]],
  ["格式检查 (prettier --check)", bin("prettier"), ["--check", "--log-level=warn", "--cache", "--cache-location=.cache/prettier", "."]],
  ["迁移一致性 (drizzle-kit generate)", process.execPath, ["scripts/check-drift.mjs"]],
]);
for (const ok of gates) addCheck(totals, ok);

const vitestArgs = (out) => ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${out}`];
// The race suites (*.pg.test.ts) skip themselves on PGlite: when the PostgreSQL pass runs them,
// the PGlite pass does not load them only to skip them.
const racesOnPostgres = !fast && !!process.env.TEST_DATABASE_URL;
runReported(
  "单元与数据库测试（嵌入式 PGlite）",
  bin("vitest"),
  [...vitestArgs(".cache/vitest-pglite.json"), ...(racesOnPostgres ? ["--exclude", "**/*.pg.test.ts"] : [])],
  { TEST_DATABASE_URL: "" },
  ".cache/vitest-pglite.json",
  addVitestReport,
);

if (fast) {
  console.log("\n(test:fast：不运行 PostgreSQL 与浏览器测试)");
} else if (process.env.TEST_DATABASE_URL) {
  // Only the race suites and the marked database suites run again (postgresSuites says why);
  // each test file works in a fresh schema of its own.
  const suites = postgresSuites(root);
  runReported("数据库测试（PostgreSQL）", bin("vitest"), [...vitestArgs(".cache/vitest-pg.json"), ...suites], {}, ".cache/vitest-pg.json", addVitestReport);
} else {
  console.log("\n(未设置 TEST_DATABASE_URL：跳过 PostgreSQL 上的数据库测试)");
}

if (!fast) {
  runReported(
    "浏览器测试（Playwright + Chromium）",
    bin("playwright"),
    ["test", "--reporter=list,json"],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: ".cache/playwright.json" },
    ".cache/playwright.json",
    addPlaywrightReport,
  );
}

finish();
