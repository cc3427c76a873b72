// What scripts/test.mjs decides, kept apart so it can be unit-tested (tests/unit/test-support.test.ts):
// which test files run a second time, on PostgreSQL (postgresSuites), and how the runners'
// reports add up to the closing line.
import fs from "node:fs";
import path from "node:path";

/** Where vitest looks for tests (vitest.config.ts `include`). */
export const TEST_ROOTS = ["server", "app", "tests/unit"];

/** Every *.test.ts under the test roots, as paths relative to `root`, sorted. */
export function testFiles(root) {
  const out = [];
  const walk = (dir) => {
    if (!fs.existsSync(dir)) return;
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      if (e.name === "node_modules" || e.name.startsWith(".")) continue;
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith(".test.ts")) out.push(path.relative(root, p).split(path.sep).join("/"));
    }
  };
  for (const r of TEST_ROOTS) walk(path.join(root, r));
  return out.sort();
}

// A call of the per-file database helper (server/test/test-db.ts), not its definition.
const USES_TEST_DB = /(?<!function\s+)\buseTestDatabase\s*\(/;
const RELATIVE_IMPORT = /\b(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g;

const withoutComments = (text) => text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:])\/\/.*$/gm, "$1");

function resolveImport(fromFile, spec) {
  const base = path.resolve(path.dirname(fromFile), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/**
 * A database suite: named *.pg.test.ts (races only PostgreSQL shows), or a file that calls
 * useTestDatabase() itself or through a helper it imports (followed through relative imports).
 * Pure unit tests are not database suites: they run once, on the first (PGlite) pass.
 */
export function isDatabaseSuite(file, seen = new Set()) {
  if (file.endsWith(".pg.test.ts")) return true;
  const abs = path.resolve(file);
  if (seen.has(abs) || !fs.existsSync(abs)) return false;
  seen.add(abs);
  const text = withoutComments(fs.readFileSync(abs, "utf8"));
  if (USES_TEST_DB.test(text)) return true;
  for (const m of text.matchAll(RELATIVE_IMPORT)) {
    const dep = resolveImport(abs, m[1]);
    if (dep && !dep.includes(`${path.sep}node_modules${path.sep}`) && isDatabaseSuite(dep, seen)) return true;
  }
  return false;
}

/** The comment that sends a database suite to the PostgreSQL pass as well: `// @postgres: why`. */
const POSTGRES_MARK = /^\s*(?:\/\/|\*|\/\*)\s*@postgres:\s*\S/m;

/**
 * The suites of the second pass, on PostgreSQL. PGlite is PostgreSQL's own code compiled to
 * WebAssembly, so a query behaves alike on both; what PGlite cannot show is concurrency (it
 * runs one statement at a time) and a real server's connections. So the PostgreSQL pass runs
 * the race suites (*.pg.test.ts, by name) and the database suites marked `// @postgres: why`
 * (extensions, collation, the HTTP stack on a pool, the demo seed), not every database suite:
 * running all of them twice cost five minutes and found nothing the first pass did not.
 */
export function postgresSuites(root) {
  return testFiles(root).filter((f) => {
    const abs = path.join(root, f);
    if (f.endsWith(".pg.test.ts")) return true;
    return POSTGRES_MARK.test(fs.readFileSync(abs, "utf8")) && isDatabaseSuite(abs);
  });
}

/** Adds a vitest JSON report to the totals; a missing or unreadable report is one failure. */
export function addVitestReport(totals, report) {
  if (!report || typeof report !== "object") {
    totals.failed += 1;
    return;
  }
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += report.numFailedTests ?? 0;
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  // A suite that failed to load (syntax error, failing beforeAll) has no failed test to count.
  const brokenSuites = (report.testResults ?? []).filter((r) => r.status === "failed" && !(r.assertionResults ?? []).some((a) => a.status === "failed")).length;
  totals.failed += brokenSuites;
}

/** Adds a Playwright JSON report to the totals; a missing or unreadable report is one failure. */
export function addPlaywrightReport(totals, report) {
  if (!report || typeof report !== "object" || !report.stats) {
    totals.failed += 1;
    return;
  }
  totals.passed += report.stats.expected ?? 0;
  totals.failed += (report.stats.unexpected ?? 0) + (report.stats.flaky ?? 0);
  totals.skipped += report.stats.skipped ?? 0;
  // Errors outside any test (global setup, a spec that does not load) fail the run too.
  totals.failed += (report.errors ?? []).length;
}

/** A check that is not a test runner (the type check) counts as one test, passed or failed. */
export function addCheck(totals, ok) {
  if (ok) totals.passed += 1;
  else totals.failed += 1;
}

/**
 * A runner that exited non-zero although its report added no failure (it crashed, or failed
 * outside any test) counts one failure, so the closing line never says "0 failed" for a failed run.
 */
export function addRunnerExit(totals, ok, failedBefore) {
  if (!ok && totals.failed === failedBefore) totals.failed += 1;
}

export function closingLine(totals) {
  return `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ""}`;
}

export function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}
