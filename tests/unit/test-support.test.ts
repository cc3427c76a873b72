import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { addCheck, addPlaywrightReport, addRunnerExit, addVitestReport, closingLine, isDatabaseSuite, postgresSuites } from "../../scripts/test-support.mjs";

/** How `npm test` (scripts/test.mjs) picks the PostgreSQL pass and adds up the closing line. */
describe("the PostgreSQL pass: race suites and the database suites marked for it", () => {
  const suites = postgresSuites(process.cwd());

  it("takes every *.pg.test.ts and the marked database suites", () => {
    expect(suites).toContain("server/stock/stock-reservation.pg.test.ts");
    expect(suites).toContain("server/http.test.ts");
    expect(suites).toContain("server/product/product-search.test.ts");
    for (const s of suites) {
      const text = fs.readFileSync(s, "utf8");
      expect(s.endsWith(".pg.test.ts") || /\/\/ @postgres: \S/.test(text), s).toBe(true);
    }
  });

  it("leaves out unmarked database suites and pure unit tests, which run once, on PGlite", () => {
    for (const once of [
      "server/master-data/company-resources.test.ts",
      "server/auth/login.service.test.ts",
      "server/lib/list-query.test.ts",
      "app/hooks/useTabs.test.ts",
      "tests/unit/test-support.test.ts",
      "server/main.test.ts",
    ]) {
      if (fs.existsSync(once)) expect(suites, once).not.toContain(once);
    }
  });

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "qipei-suites-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, text: string) => {
    const p = path.join(dir, name);
    fs.writeFileSync(p, text);
    return p;
  };

  // Spelled in two halves so that this file itself does not look like a database suite.
  const helperName = "useTest" + "Database";

  it("follow relative imports to a helper that calls the test-database helper, and take *.pg.test.ts by name", () => {
    write("helper.ts", `import { ${helperName} } from "./test-db";\nexport function describeShared() { ${helperName}(); }\n`);
    write("test-db.ts", `export function ${helperName}() {}\nexport const TEST_PASSWORD = 'x';\n`);
    expect(isDatabaseSuite(write("a.test.ts", 'import { describeShared } from "./helper";\ndescribeShared();\n'))).toBe(true);
    // Importing a constant from the helper module that defines useTestDatabase is not using it.
    expect(isDatabaseSuite(write("b.test.ts", 'import { TEST_PASSWORD } from "./test-db";\n'))).toBe(false);
    expect(isDatabaseSuite(write("race.pg.test.ts", "// skips itself without TEST_DATABASE_URL\n"))).toBe(true);
    // Import cycles end.
    write("c1.ts", 'import "./c2";\n');
    write("c2.ts", 'import "./c1";\n');
    expect(isDatabaseSuite(write("c.test.ts", 'import "./c1";\n'))).toBe(false);
  });

  it("sends a marked suite to the PostgreSQL pass only when it opens a test database", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "qipei-root-"));
    try {
      fs.mkdirSync(path.join(root, "server"));
      const put = (name: string, text: string) => fs.writeFileSync(path.join(root, "server", name), text);
      put("test-db.ts", `export function ${helperName}() {}\n`);
      put("marked.test.ts", `import { ${helperName} } from "./test-db";\n// @postgres: collation\n${helperName}();\n`);
      put("unmarked.test.ts", `import { ${helperName} } from "./test-db";\n${helperName}();\n`);
      put("pure.test.ts", "// @postgres: a unit test has no database to run on\n");
      put("race.pg.test.ts", "// skips itself without TEST_DATABASE_URL\n");
      expect(postgresSuites(root)).toEqual(["server/marked.test.ts", "server/race.pg.test.ts"]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("the closing line", () => {
  const fresh = () => ({ passed: 0, failed: 0, skipped: 0 });

  it("counts a failing type check as a failure", () => {
    const totals = fresh();
    addCheck(totals, false);
    addVitestReport(totals, { numPassedTests: 10, numFailedTests: 0, numPendingTests: 2, testResults: [] });
    expect(closingLine(totals)).toBe("10 passed, 1 failed, 2 skipped");
    const ok = fresh();
    addCheck(ok, true);
    expect(closingLine(ok)).toBe("1 passed, 0 failed");
  });

  it("counts a missing report, a suite that did not load and a crashed runner as failures", () => {
    const totals = fresh();
    addVitestReport(totals, undefined);
    expect(totals.failed).toBe(1);
    addVitestReport(totals, {
      numPassedTests: 3,
      numFailedTests: 1,
      testResults: [
        { status: "failed", assertionResults: [] },
        { status: "failed", assertionResults: [{ status: "failed" }] },
        { status: "passed", assertionResults: [{ status: "passed" }] },
      ],
    });
    expect(totals).toEqual({ passed: 3, failed: 3, skipped: 0 });

    const before = totals.failed;
    addRunnerExit(totals, false, before);
    expect(totals.failed).toBe(before + 1);
    // A runner that failed because of counted test failures is not counted again.
    addRunnerExit(totals, false, before);
    expect(totals.failed).toBe(before + 1);
  });

  it("adds Playwright's expected, unexpected, flaky and global errors", () => {
    const totals = fresh();
    addPlaywrightReport(totals, { stats: { expected: 5, unexpected: 1, flaky: 1, skipped: 2 }, errors: [{ message: "globalSetup" }] });
    expect(totals).toEqual({ passed: 5, failed: 3, skipped: 2 });
  });
});

describe("browser specs", () => {
  it("take `test` from tests/e2e/helpers.ts, whose fixture runs axe-core on every page they visit", () => {
    const specs: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (e.name.endsWith(".spec.ts")) specs.push(p);
      }
    };
    walk("tests/e2e");
    expect(specs.length).toBeGreaterThan(5);
    for (const spec of specs) {
      const text = fs.readFileSync(spec, "utf8");
      const direct = /import\s*\{[^}]*\btest\b[^}]*\}\s*from\s*["']@playwright\/test["']/.test(text);
      expect(direct, `${spec} imports test from @playwright/test instead of ../helpers`).toBe(false);
    }
  });
});
