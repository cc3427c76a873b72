import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** Server-only code must never reach the browser: these strings only exist in server code. */
const SERVER_MARKERS = ["pg_advisory_xact_lock", "password_hash", "argon2id", "PGlite", "pg-protocol", "SESSION_SECRET", "WorkbookWriter"];

function jsFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? jsFiles(p) : p.endsWith(".js") ? [p] : [];
  });
}

describe("browser bundle", () => {
  it("contains no server code (npm test builds first)", () => {
    const files = jsFiles(path.resolve("public/build"));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) {
      const text = fs.readFileSync(f, "utf8");
      for (const marker of SERVER_MARKERS) {
        expect(text.includes(marker), `${path.relative(".", f)} contains ${marker}`).toBe(false);
      }
    }
  });
});
