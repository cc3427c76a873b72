import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DatabaseLockedError, acquireDirLock, openDatabase } from "./client";

// Every directory a test makes is removed afterwards: the suite leaves nothing in /tmp.
const made: string[] = [];
const tmp = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "qipei-lock-"));
  made.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

describe("embedded database directory lock", () => {
  it("refuses a directory whose lock a live process holds, with a clear message", () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, "db.lock"), String(process.ppid));
    expect(() => acquireDirLock(dir)).toThrow(DatabaseLockedError);
    expect(() => acquireDirLock(dir)).toThrow(/已被另一个进程.*使用/);
  });

  it("takes over a stale lock left by a process that died", () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, "db.lock"), "999999");
    const release = acquireDirLock(dir);
    expect(fs.readFileSync(path.join(dir, "db.lock"), "utf8")).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, "db.lock"))).toBe(false);
  });

  it("makes a second process opening the same PGlite directory fail, leaving the first working", async () => {
    const dir = tmp();
    const first = await openDatabase({ dataDir: dir });
    try {
      const child = spawnSync(
        process.execPath,
        [
          "--import",
          "tsx",
          "-e",
          `import("${path.resolve("server/db/client.ts")}").then((m) => m.openDatabase({ dataDir: ${JSON.stringify(dir)} })).then(() => process.exit(0), (e) => { console.error(e.message); process.exit(3); })`,
        ],
        { encoding: "utf8", timeout: 60_000 },
      );
      expect(child.status).toBe(3);
      expect(child.stderr).toContain("已被另一个进程");
      const { sql } = await import("drizzle-orm");
      await expect(first.db.execute(sql`select 1 as one`)).resolves.toBeDefined();
    } finally {
      await first.close();
    }
    expect(fs.existsSync(path.join(dir, "db.lock"))).toBe(false);
  }, 60_000);
});

describe("start-up configuration", () => {
  it("refuses to start in production without SESSION_SECRET", () => {
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", DATA_DIR: tmp() };
    delete env.SESSION_SECRET;
    const r = spawnSync(process.execPath, ["--import", "tsx", "server/main.ts"], { encoding: "utf8", env, timeout: 60_000 });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("必须设置 SESSION_SECRET");
  }, 60_000);
});
