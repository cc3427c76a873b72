import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { Db } from "./client";

interface Journal {
  entries: { idx: number; tag: string }[];
}

function migrationsDir() {
  // Works from server/db (tsx, vitest) and from build/ (bundled): look upward for drizzle/.
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, "drizzle");
    if (fs.existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
    dir = path.dirname(dir);
  }
  const fromCwd = path.resolve("drizzle");
  if (fs.existsSync(path.join(fromCwd, "meta", "_journal.json"))) return fromCwd;
  throw new Error("找不到数据库迁移目录 drizzle/");
}

/**
 * Applies the committed drizzle-kit migrations that this database has not seen, in one
 * transaction. At start-up bootDatabase already holds the start-up lock (boot.ts
 * withStartLock) around migrations and seeding; the transaction-scoped advisory lock here
 * (a different key) also keeps migrate safe when called on its own, so each migration runs
 * exactly once.
 */
export async function migrate(db: Db, kind: "pglite" | "postgres"): Promise<string[]> {
  const dir = migrationsDir();
  const journal: Journal = JSON.parse(fs.readFileSync(path.join(dir, "meta", "_journal.json"), "utf8"));
  return db.transaction(async (tx) => {
    if (kind === "postgres") await tx.execute(sql`select pg_advisory_xact_lock(726311)`);
    await tx.execute(sql`create table if not exists app_migrations (
      tag text primary key, applied_at timestamptz not null default now())`);
    const done = await tx.execute(sql`select tag from app_migrations`);
    const applied = new Set(rows<{ tag: string }>(done).map((r) => r.tag));
    const ran: string[] = [];
    for (const entry of [...journal.entries].sort((a, b) => a.idx - b.idx)) {
      if (applied.has(entry.tag)) continue;
      const text = fs.readFileSync(path.join(dir, `${entry.tag}.sql`), "utf8");
      for (const stmt of text.split("--> statement-breakpoint")) {
        // drizzle-kit writes foreign keys as "public"."table"; the tables live in whatever
        // schema the connection's search_path names (tests use a fresh schema per file).
        if (stmt.trim()) await tx.execute(sql.raw(stmt.replaceAll('"public".', "")));
      }
      await tx.execute(sql`insert into app_migrations (tag) values (${entry.tag})`);
      ran.push(entry.tag);
    }
    return ran;
  });
}

/** node-postgres returns { rows }, PGlite returns { rows } too; keep one accessor. */
export function rows<T>(result: unknown): T[] {
  const r = result as { rows?: T[] } | T[];
  return Array.isArray(r) ? r : (r.rows ?? []);
}
