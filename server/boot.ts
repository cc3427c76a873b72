import { config } from "./lib/config";
import { fillSortKeys } from "./lib/sort-key";
import * as schema from "./schema";
import { openDatabase, setDatabase, type OpenOptions } from "./db/client";
import { migrate } from "./db/migrate";
import { ensureAdmin, seedBase, seedDemo } from "./seed/seed";

export interface BootOptions extends OpenOptions {
  /** Seed demo companies and users into an empty database. */
  demo?: boolean;
  demoPassword?: string;
  adminPassword?: string;
  log?: (msg: string) => void;
}

/** Advisory-lock class of everything a start writes; the second key is the schema's hash. */
export const START_LOCK = 726312;

/**
 * Runs `work` while holding the start-up lock: a session advisory lock, taken on a connection
 * of its own (not one of the pool's, whose connections any query may get), on the key
 * (START_LOCK, hash of the schema). Instances that start together against one PostgreSQL
 * database (a scaled-out deployment) take turns: the first migrates and seeds, the next find
 * everything in place. If the process dies, its connection closes and the lock is released.
 * PGlite needs no lock: one process owns its directory.
 */
export async function withStartLock<T>(opts: OpenOptions, work: () => Promise<T>): Promise<T> {
  if (!opts.url) return work();
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: opts.url, options: opts.searchPath ? `-c search_path=${opts.searchPath}` : undefined });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1, hashtext(current_schema()))", [START_LOCK]);
    return await work();
  } finally {
    await client.query("select pg_advisory_unlock($1, hashtext(current_schema()))", [START_LOCK]).catch(() => {});
    await client.end().catch(() => {});
  }
}

/**
 * Opens the database, applies migrations, seeds what is missing; the app is then ready. Every
 * write of a start (migrations, base data, demo data, the admin user) happens under the
 * start-up lock, so several instances can start at the same moment on an empty database.
 */
export async function bootDatabase(opts: BootOptions) {
  const log = opts.log ?? (() => {});
  const handle = await openDatabase(opts);
  try {
    const seededDemo = await withStartLock(opts, async () => {
      const ran = await migrate(handle.db, handle.kind);
      if (ran.length) log(`数据库迁移完成：${ran.join(", ")}`);
      await seedBase(handle.db);
      let seeded = false;
      if (opts.demo) seeded = await seedDemo(handle.db, opts.demoPassword ?? config.demoPassword);
      if (opts.adminPassword) await ensureAdmin(handle.db, opts.adminPassword);
      // Pinyin sort keys of rows written in bulk (seeding) or before their column existed.
      await fillSortKeys(handle.db, Object.values(schema));
      return seeded;
    });
    if (seededDemo) log("已写入演示数据");
    setDatabase(handle);
    return { handle, seededDemo };
  } catch (e) {
    await handle.close().catch(() => {});
    throw e;
  }
}
