import { db, type Executor } from "../db/client";
import { auditLogs } from "./audit.tables";
import type { AuditAction } from "./dictionary";

export interface AuditEntry {
  action: AuditAction;
  companyId?: number | null;
  userId?: number | null;
  userName?: string | null;
  targetType?: string | null;
  targetId?: string | number | null;
  summary?: string;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
  userAgent?: string | null;
  at?: Date;
}

/** Who did it, from a request's context (the fields of Ctx an entry copies). */
export interface AuditActor {
  companyId: number;
  userId: number;
  username: string;
  ip?: string | null;
  userAgent?: string | null;
}

/** JSON-safe copy of a row: Dates as ISO text, bigint as text. */
function plain(value: unknown): unknown {
  if (value === undefined) return null;
  return JSON.parse(JSON.stringify(value, (_k, v) => (typeof v === "bigint" ? String(v) : v)));
}

/**
 * Appends one entry. Given the caller's transaction `ex`, the entry commits or rolls back with
 * what it records (a deletion that failed leaves no entry).
 */
export async function recordAudit(entry: AuditEntry, ex: Executor = db()) {
  await ex.insert(auditLogs).values({
    companyId: entry.companyId ?? null,
    userId: entry.userId ?? null,
    userName: (entry.userName ?? "").slice(0, 100),
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId == null ? null : String(entry.targetId),
    summary: (entry.summary ?? "").slice(0, 500),
    before: entry.before === undefined ? null : plain(entry.before),
    after: entry.after === undefined ? null : plain(entry.after),
    ip: entry.ip?.slice(0, 64) ?? null,
    userAgent: entry.userAgent?.slice(0, 300) ?? null,
    createdAt: entry.at ?? new Date(),
  });
}

/** An entry's actor fields from a request context. */
export function actorOf(ctx: AuditActor) {
  return { companyId: ctx.companyId, userId: ctx.userId, userName: ctx.username, ip: ctx.ip ?? null, userAgent: ctx.userAgent ?? null };
}
