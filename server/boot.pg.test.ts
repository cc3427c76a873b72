import { spawn } from "node:child_process";
import crypto from "node:crypto";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";

/**
 * Two app instances started at the same moment on an empty PostgreSQL database (how a
 * scaled-out deployment starts) both come up, and the database holds one set of everything
 * a start writes. PostgreSQL only: PGlite is one process by construction.
 */
const url = process.env.TEST_DATABASE_URL;
const schema = `t_boot_${crypto.randomBytes(4).toString("hex")}`;

function startInstance() {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.resolve("server/test/boot-instance.ts")], {
      env: { ...process.env, BOOT_SCHEMA: schema },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

async function query<T>(text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

describe.skipIf(!url)("start-up on PostgreSQL", () => {
  afterAll(async () => {
    await query(`drop schema if exists ${schema} cascade`);
  });

  it("two instances starting together on an empty database both come up, and seed once", async () => {
    await query(`create schema ${schema}`);
    const [a, b] = await Promise.all([startInstance(), startInstance()]);
    expect(a.output).toBe("");
    expect(b.output).toBe("");
    expect([a.code, b.code]).toEqual([0, 0]);

    const counts = await query<{ what: string; n: string }>(`
      select 'roles' as what, count(*) as n from ${schema}.roles
      union all select 'platform', count(*) from ${schema}.companies where kind = 'platform'
      union all select 'trading', count(*) from ${schema}.companies where kind = 'trading'
      union all select 'admin', count(*) from ${schema}.users where username = 'admin'
      union all select 'boss1', count(*) from ${schema}.users where username = 'boss1'
      union all select 'migrations', count(*) - count(distinct tag) from ${schema}.app_migrations`);
    expect(Object.fromEntries(counts.map((r) => [r.what, Number(r.n)]))).toEqual({
      roles: 5,
      platform: 1,
      trading: 3,
      admin: 1,
      boss1: 1,
      migrations: 0,
    });
  }, 120_000);
});
