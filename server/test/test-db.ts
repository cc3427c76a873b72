import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { bootDatabase } from "../boot";
import { setDatabase } from "../db/client";

export const TEST_PASSWORD = "Demo@123456";
/** Where the run's template database is written (server/test/global-setup.ts names the file). */
export const TEMPLATE_DIR = path.resolve(".cache");

/**
 * A fresh database for one test file, migrated and seeded with the demo data: in-memory
 * PGlite started from the run's template, or, with TEST_DATABASE_URL, a new schema on
 * PostgreSQL (dropped afterwards) so concurrent runs never collide.
 */
export function useTestDatabase() {
  const url = process.env.TEST_DATABASE_URL;
  const schema = `t_${Date.now().toString(36)}_${crypto.randomBytes(4).toString("hex")}`;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    if (url) await adminQuery(url, `create schema ${schema}`);
    const templatePath = process.env.TEST_TEMPLATE_PATH;
    const template = !url && templatePath && fs.existsSync(templatePath) ? new Blob([fs.readFileSync(templatePath)]) : undefined;
    const { handle } = await bootDatabase({
      url,
      searchPath: url ? schema : undefined,
      pgliteTemplate: template,
      demo: true,
      demoPassword: TEST_PASSWORD,
    });
    close = async () => {
      await handle.close();
      setDatabase(undefined);
      if (url) await adminQuery(url, `drop schema ${schema} cascade`);
    };
  }, 60_000);
  afterAll(async () => {
    await close?.();
  });
}

async function adminQuery(url: string, text: string) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** Looks up a demo user's id by username. */
export async function userIdOf(username: string): Promise<number> {
  const { db } = await import("../db/client");
  const { users } = await import("../kernel/identity.tables");
  const { eq } = await import("drizzle-orm");
  const [u] = await db().select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!u) throw new Error(`no demo user ${username}`);
  return u.id;
}

/** Looks up a demo company's id by short name (穗通汽配, 鹏达汽配, 福达汽配, 车护者). */
export async function companyIdOf(shortName: string): Promise<number> {
  const { db } = await import("../db/client");
  const { companies } = await import("../kernel/identity.tables");
  const { eq } = await import("drizzle-orm");
  const [c] = await db().select({ id: companies.id }).from(companies).where(eq(companies.shortName, shortName));
  if (!c) throw new Error(`no demo company ${shortName}`);
  return c.id;
}

/** A signed-in context for a demo user, as a request would get it. */
export async function ctxOf(username: string) {
  const { startSession, resolveSession } = await import("../auth/session.service");
  const { token } = await startSession({ userId: await userIdOf(username), kind: "web" });
  const ctx = await resolveSession(token);
  if (!ctx) throw new Error(`no session for ${username}`);
  return { ctx, token };
}
