#!/usr/bin/env node
// `npm test`: everything a fresh machine needs, then every test.
//  1. installs Debian's Chromium and a CJK font when missing (apt-get, as root);
//  2. builds the app (the HTTP and bundle tests run the real build) and type-checks it;
//  3. runs the unit and database tests on the embedded database (PGlite);
//  4. runs the database tests again on PostgreSQL when TEST_DATABASE_URL is set;
//  5. runs the browser tests (Playwright driving /usr/bin/chromium).
// Prints one closing line "N passed, N failed".
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
process.chdir(root);
fs.mkdirSync(".cache", { recursive: true });
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const totals = { passed: 0, failed: 0, skipped: 0 };
let failedSteps = [];

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (r.status !== 0) failedSteps.push(label);
  return r.status === 0;
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

function countVitest(file) {
  try {
    const r = JSON.parse(fs.readFileSync(file, "utf8"));
    totals.passed += r.numPassedTests ?? 0;
    totals.failed += r.numFailedTests ?? 0;
    totals.skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  } catch {
    totals.failed += 1;
  }
}

function countPlaywright(file) {
  try {
    const r = JSON.parse(fs.readFileSync(file, "utf8"));
    totals.passed += r.stats?.expected ?? 0;
    totals.failed += (r.stats?.unexpected ?? 0) + (r.stats?.flaky ?? 0);
    totals.skipped += r.stats?.skipped ?? 0;
  } catch {
    totals.failed += 1;
  }
}

ensureBrowser();
if (!run("构建 (remix build)", process.execPath, [path.join(root, "node_modules/@remix-run/dev/dist/cli.js"), "build"], { NODE_ENV: "production" })) {
  console.log("\n0 passed, 1 failed");
  process.exit(1);
}

run("类型检查 (tsc)", bin("tsc"), ["--noEmit"]);

const vitestArgs = (out) => ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${out}`];
const pgliteEnv = { TEST_DATABASE_URL: "" };
run("单元与数据库测试（嵌入式 PGlite）", bin("vitest"), vitestArgs(".cache/vitest-pglite.json"), pgliteEnv);
countVitest(".cache/vitest-pglite.json");

if (process.env.TEST_DATABASE_URL) {
  // The same suites on PostgreSQL; each test file works in a fresh schema of its own.
  run("数据库测试（PostgreSQL）", bin("vitest"), [...vitestArgs(".cache/vitest-pg.json"), "server", "--exclude", "server/main.test.ts", "--exclude", "server/db/client.test.ts"]);
  countVitest(".cache/vitest-pg.json");
} else {
  console.log("\n(未设置 TEST_DATABASE_URL：跳过 PostgreSQL 上的数据库测试)");
}

run("浏览器测试（Playwright + Chromium）", bin("playwright"), ["test", "--reporter=list,json"], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: ".cache/playwright.json",
});
countPlaywright(".cache/playwright.json");

if (failedSteps.length) console.log(`\n失败的步骤：${failedSteps.join("、")}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`);
process.exit(failedSteps.length || totals.failed ? 1 : 0);
