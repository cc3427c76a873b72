import { and, count, desc, eq, gt, ilike, ne, or, type SQL } from "drizzle-orm";
import { db } from "../db/client";
import { actorOf, recordAudit } from "../lib/audit";
import { DomainError } from "../lib/errors";
import { t } from "../lib/i18n/zh-CN";
import { isId } from "../lib/ids";
import { escapeLike } from "../lib/validate";
import { companies, users } from "../kernel/identity.tables";
import { sessions } from "./auth.tables";
import type { Ctx } from "../lib/context";

/** 在线用户 (/system/permissions/online, XTGL-003): who is signed in, and kicking them out. */
export const ONLINE_MENU = "XTGL-003";
export const ONLINE_PAGE_SIZE = 50;

export interface OnlineSession {
  seq: number;
  userId: number;
  username: string;
  name: string;
  companyName: string | null;
  kind: "web" | "api";
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
  lastSeenAt: string;
  /** The session asking: it cannot kick itself (退出登录 does that). */
  current: boolean;
}

function requireOnline(ctx: Ctx) {
  if (!ctx.permissions.has(ONLINE_MENU)) throw new DomainError("forbidden", t.errors.pages[403]!.message);
}

/** Sessions this caller may see and kick: their company's; the platform operator's, every company's. */
function scopeOf(ctx: Ctx, now: Date): SQL {
  const live = gt(sessions.expiresAt, now);
  return ctx.companyKind === "platform" ? live : and(live, eq(sessions.companyId, ctx.companyId))!;
}

export async function listOnlineSessions(ctx: Ctx, opts: { page?: number; keyword?: string } = {}) {
  requireOnline(ctx);
  const now = new Date();
  const keyword = opts.keyword?.trim().slice(0, 50);
  const like = keyword ? `%${escapeLike(keyword)}%` : undefined;
  const where = and(scopeOf(ctx, now), like ? or(ilike(users.username, like), ilike(users.name, like), eq(sessions.ip, keyword!)) : undefined);
  const page = Math.max(1, Math.min(opts.page ?? 1, 10_000));
  const [rows, [total]] = await Promise.all([
    db()
      .select({
        id: sessions.id,
        seq: sessions.seq,
        userId: sessions.userId,
        username: users.username,
        name: users.name,
        companyName: companies.shortName,
        companyFullName: companies.name,
        kind: sessions.kind,
        ip: sessions.ip,
        userAgent: sessions.userAgent,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(companies, eq(companies.id, sessions.companyId))
      .where(where)
      .orderBy(desc(sessions.lastSeenAt), desc(sessions.seq))
      .limit(ONLINE_PAGE_SIZE)
      .offset((page - 1) * ONLINE_PAGE_SIZE),
    db().select({ n: count() }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(where),
  ]);
  const items: OnlineSession[] = rows.map(({ id, companyFullName, ...r }) => ({
    ...r,
    companyName: r.companyName ?? companyFullName,
    createdAt: r.createdAt.toISOString(),
    lastSeenAt: r.lastSeenAt.toISOString(),
    current: id === ctx.sessionId,
  }));
  return { items, total: total?.n ?? 0, page, size: ONLINE_PAGE_SIZE };
}

/**
 * Ends one session (踢出): the user is signed out at their next request, whatever instance
 * serves it (sessions live in the database). Refuses the caller's own session and sessions out
 * of the caller's reach with the same "not found".
 */
export async function kickSession(ctx: Ctx, seq: unknown) {
  requireOnline(ctx);
  const n = typeof seq === "string" && /^\d{1,15}$/.test(seq) ? Number(seq) : seq;
  if (!isId(n)) throw new DomainError("not_found", "该在线会话不存在或已下线");
  const [target] = await db()
    .select({ id: sessions.id, userId: sessions.userId, companyId: sessions.companyId, username: users.username })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.seq, n as number), scopeOf(ctx, new Date())));
  if (!target) throw new DomainError("not_found", "该在线会话不存在或已下线");
  if (target.id === ctx.sessionId) throw new DomainError("bad_request", "不能踢出自己当前的会话，请使用退出登录");
  const gone = await db().delete(sessions).where(eq(sessions.id, target.id)).returning({ id: sessions.id });
  if (!gone.length) throw new DomainError("not_found", "该在线会话不存在或已下线");
  await recordAudit({ ...actorOf(ctx), action: "kick", targetType: "user", targetId: target.userId, summary: `踢出 ${target.username}` });
  return { username: target.username };
}

/** Ends every session in reach except the caller's own (全部踢出); returns how many. */
export async function kickAllSessions(ctx: Ctx) {
  requireOnline(ctx);
  const gone = await db()
    .delete(sessions)
    .where(and(scopeOf(ctx, new Date()), ne(sessions.id, ctx.sessionId)))
    .returning({ id: sessions.id });
  await recordAudit({ ...actorOf(ctx), action: "kick", targetType: "user", summary: `全部踢出：${gone.length} 个会话` });
  return gone.length;
}
