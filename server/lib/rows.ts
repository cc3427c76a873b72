/**
 * The rows of a raw `ex.execute(sql…)` result: node-postgres and PGlite answer `{ rows }`, an
 * array passes as it is. The one reader (server/db/migrate.ts keeps its own: the migrator
 * imports nothing of the app).
 */
export function rows<T = Record<string, unknown>>(res: unknown): T[] {
  const r = res as { rows?: T[] } | T[];
  return Array.isArray(r) ? r : (r.rows ?? []);
}
