import fs from "node:fs";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";

// No schema is given to drizzle: nothing reads through db.query (the relational API), so the
// client needs no area's tables and the database floor imports nothing above it.
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** A db or an open transaction: service helpers accept either. */
export type Executor = Db | Tx;

interface DbHandle {
  db: Db;
  kind: "pglite" | "postgres";
  close: () => Promise<void>;
  /** PGlite only: the whole database as a tarball (test templates). */
  dump: (() => Promise<Blob>) | undefined;
}

// The server bundle (build/) and the process entry (server/main.ts) each get their own copy
// of this module; the handle lives on globalThis so both share one database.
const holder = globalThis as unknown as { __qipeiDb?: DbHandle; __qipeiDbOpening?: Promise<DbHandle> };

export function db(): Db {
  const h = holder.__qipeiDb;
  if (!h) throw new Error("数据库尚未打开：请先调用 openDatabase()");
  return h.db;
}

export function setDatabase(handle: DbHandle | undefined) {
  holder.__qipeiDb = handle;
}

export interface OpenOptions {
  /** postgres://… ; empty means the embedded PGlite database. */
  url?: string;
  /** PGlite directory; undefined with no url means in-memory. */
  dataDir?: string;
  /** PostgreSQL schema to use (tests get a fresh one each). */
  searchPath?: string;
  /** In-memory PGlite started from a dump (dumpDataDir) instead of a fresh initdb: tests. */
  pgliteTemplate?: Blob;
}

export async function openDatabase(opts: OpenOptions): Promise<DbHandle> {
  if (opts.url) return openPostgres(opts.url, opts.searchPath);
  return openPglite(opts.dataDir, opts.pgliteTemplate);
}

async function openPostgres(url: string, searchPath?: string): Promise<DbHandle> {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  // timestamptz and numeric as returned by pg stay as they are; int8 (count) becomes a number.
  pg.types.setTypeParser(20, (v: string) => Number(v));
  const pool = new pg.Pool({
    connectionString: url,
    max: Number(process.env.DATABASE_POOL_SIZE) || 10,
    options: searchPath ? `-c search_path=${searchPath}` : undefined,
  });
  pool.on("error", (err) => console.error("[db] idle client error", err.message));
  const db = drizzle(pool) as unknown as Db;
  return { db, kind: "postgres", close: () => pool.end(), dump: undefined };
}

async function openPglite(dataDir?: string, template?: Blob): Promise<DbHandle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  let release = () => {};
  if (dataDir) {
    fs.mkdirSync(dataDir, { recursive: true });
    release = acquireDirLock(dataDir);
  }
  // pg_trgm: any part of a product code is found through a trigram index (as on PostgreSQL).
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const extensions = { pg_trgm };
  let client;
  try {
    client = dataDir
      ? await PGlite.create(path.join(dataDir, "pgdata"), { extensions })
      : await PGlite.create(template ? { loadDataDir: template, extensions } : { extensions });
  } catch (e) {
    release();
    throw e;
  }
  const db = drizzle(client) as unknown as Db;
  return {
    db,
    kind: "pglite",
    dump: () => client.dumpDataDir("none"),
    close: async () => {
      await client.close();
      release();
    },
  };
}

/**
 * PGlite is single-process: a second process opening the same directory corrupts it.
 * Hold a lock file with our pid; refuse while another live process holds it.
 */
export function acquireDirLock(dataDir: string): () => void {
  const lockPath = path.join(dataDir, "db.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, "wx");
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockPath, "utf8").trim() === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
      process.once("exit", release);
      return release;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      const holderPid = Number(fs.readFileSync(lockPath, "utf8").trim());
      if (holderPid && holderPid !== process.pid && isAlive(holderPid)) {
        throw new DatabaseLockedError(dataDir, holderPid);
      }
      // Stale lock from a process that died: take it over.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DatabaseLockedError(dataDir, 0);
}

export class DatabaseLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `嵌入式数据库目录 ${dir} 已被另一个进程 (pid ${pid}) 使用。` +
        `同一个 DATA_DIR 只能由一个进程打开；请先停止那个进程，或设置另一个 DATA_DIR，或用 DATABASE_URL 连接 PostgreSQL。`,
    );
    this.name = "DatabaseLockedError";
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}
