import crypto from "node:crypto";
import { and, asc, eq, gt, ilike, sql } from "drizzle-orm";
import { t } from "../lib/i18n/zh-CN";
import { db } from "../db/client";
import { DomainError } from "../lib/errors";
import { escapeLike } from "../lib/validate";
import { companies, companyUsers, menus, roleMenus, roles, users } from "../system/system.tables";
import { getCompanySettings, getGlobalSetting } from "../setting/setting.service";
import { COMPANY_SETTING_DEFAULTS } from "../setting/setting.defaults";
import { sessions } from "./auth.tables";
import { purgeLoginThrottle } from "./login.service";
import { recordAudit } from "../lib/audit";
import type { Ctx, MenuRow } from "./context";

export const WEB_SESSION_MS = 2592e6; // 30 days (spec 000 §9)
export const API_TOKEN_SECONDS = 12 * 3600;
/** lastSeenAt is refreshed at most this often, so page views are not all writes. */
const TOUCH_EVERY_MS = 60_000;
const DEFAULT_IDLE_MINUTES = COMPANY_SETTING_DEFAULTS.SessionIdleTimeoutMinutes as number;

/**
 * The company's idle timeout for web sessions, in milliseconds (setting
 * SessionIdleTimeoutMinutes, default 8 hours). A value that is not a positive number of
 * minutes counts as the default, and none is shorter than a minute: lastSeenAt moves at most
 * once a minute, so a session may outlive its timeout by up to that minute.
 */
async function idleTimeoutMs(companyId: number) {
  const value = Number((await getCompanySettings({ companyId })).SessionIdleTimeoutMinutes);
  const minutes = Number.isFinite(value) && value > 0 ? value : DEFAULT_IDLE_MINUTES;
  return Math.max(minutes * 60_000, TOUCH_EVERY_MS);
}

export function hashToken(token: string) {
  return crypto.createHash("sha256").update(token).digest("hex");
}

function newToken() {
  return crypto.randomBytes(32).toString("base64url");
}

export interface StartSessionInput {
  userId: number;
  kind: "web" | "api";
  ip?: string | null;
  userAgent?: string | null;
  now?: Date;
}

/** Creates a session in the user's start company (spec 000 §6); returns the secret token. */
export async function startSession(input: StartSessionInput) {
  const now = input.now ?? new Date();
  const companyId = await pickStartCompany(input.userId);
  if (!companyId) throw new DomainError("forbidden", t.login.noCompany);
  const token = newToken();
  const ttl = input.kind === "web" ? WEB_SESSION_MS : API_TOKEN_SECONDS * 1000;
  const expiresAt = new Date(now.getTime() + ttl);
  await db()
    .insert(sessions)
    .values({
      id: hashToken(token),
      userId: input.userId,
      companyId,
      kind: input.kind,
      ip: input.ip?.slice(0, 64) ?? null,
      userAgent: input.userAgent?.slice(0, 300) ?? null,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
    });
  const [user] = await db().select({ username: users.username }).from(users).where(eq(users.id, input.userId));
  await recordAudit({ action: "login", companyId, userId: input.userId, userName: user?.username ?? "", summary: input.kind === "api" ? "接口令牌登录" : "网页登录", ip: input.ip ?? null, userAgent: input.userAgent ?? null, at: now });
  return { token, expiresAt, companyId };
}

/**
 * The company a new session starts in: for `admin`, the unlocked company matching the
 * configured AdminCompany keyword; for everyone, otherwise, the first unlocked company they
 * belong to (by company id).
 */
export async function pickStartCompany(userId: number): Promise<number | undefined> {
  const [user] = await db().select({ username: users.username }).from(users).where(eq(users.id, userId));
  if (!user) return undefined;
  const base = and(eq(companyUsers.userId, userId), eq(companies.isLocked, false));
  if (user.username.toLowerCase() === "admin") {
    const keyword = String((await getGlobalSetting("AdminCompany")) ?? "");
    if (keyword) {
      const [hit] = await db()
        .select({ id: companies.id })
        .from(companyUsers)
        .innerJoin(companies, eq(companies.id, companyUsers.companyId))
        .where(and(base, ilike(companies.name, `%${escapeLike(keyword)}%`)))
        .orderBy(asc(companies.id))
        .limit(1);
      if (hit) return hit.id;
    }
  }
  const [first] = await db()
    .select({ id: companies.id })
    .from(companyUsers)
    .innerJoin(companies, eq(companies.id, companyUsers.companyId))
    .where(base)
    .orderBy(asc(companies.id))
    .limit(1);
  return first?.id;
}

/** Signs a session out (退出登录), recorded in the audit trail when the session was still there. */
export async function endSession(token: string) {
  const [ended] = await db().delete(sessions).where(eq(sessions.id, hashToken(token))).returning({ userId: sessions.userId, companyId: sessions.companyId, ip: sessions.ip, userAgent: sessions.userAgent });
  if (!ended) return;
  const [user] = await db().select({ username: users.username }).from(users).where(eq(users.id, ended.userId));
  await recordAudit({ action: "logout", companyId: ended.companyId, userId: ended.userId, userName: user?.username ?? "", summary: "退出登录", ip: ended.ip, userAgent: ended.userAgent });
}

/** Removes every session of a user (kick, password change), optionally keeping one. */
export async function endUserSessions(userId: number, exceptSessionId?: string) {
  const where = exceptSessionId
    ? and(eq(sessions.userId, userId), sql`${sessions.id} <> ${exceptSessionId}`)
    : eq(sessions.userId, userId);
  await db().delete(sessions).where(where);
}

/**
 * Turns a token into the request context, or undefined when the session was removed, has
 * expired, has been idle longer than its company allows (web sessions; the session then
 * ends), or its user can no longer work (admin-locked, no unlocked company left).
 */
export async function resolveSession(token: string, now = new Date()): Promise<Ctx | undefined> {
  if (!token || token.length > 200) return undefined;
  const id = hashToken(token);
  const [row] = await db()
    .select({
      sessionId: sessions.id,
      kind: sessions.kind,
      ip: sessions.ip,
      lastSeenAt: sessions.lastSeenAt,
      userId: users.id,
      username: users.username,
      userName: users.name,
      userPhone: users.phone,
      avatarVersion: users.avatarVersion,
      userLocked: users.isLocked,
      companyId: companies.id,
      companyName: companies.name,
      companyShortName: companies.shortName,
      companyKind: companies.kind,
      companyLocked: companies.isLocked,
      roleId: roles.id,
      roleName: roles.name,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(companies, eq(companies.id, sessions.companyId))
    .leftJoin(
      companyUsers,
      and(eq(companyUsers.companyId, sessions.companyId), eq(companyUsers.userId, sessions.userId)),
    )
    .leftJoin(roles, eq(roles.id, companyUsers.roleId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now)));
  if (!row || row.userLocked) return undefined;
  if (!row.companyId || row.companyLocked || !row.roleId) {
    // The current company was locked or the membership removed: move to the next valid one.
    const next = await pickStartCompany(row.userId);
    if (!next) return undefined;
    await db().update(sessions).set({ companyId: next }).where(eq(sessions.id, id));
    return resolveSession(token, now);
  }
  // A session seen within the last minute cannot be idle (no timeout is shorter than the
  // minute lastSeenAt moves by): most page views skip reading the company's settings.
  const idleFor = now.getTime() - row.lastSeenAt.getTime();
  if (row.kind === "web" && idleFor > TOUCH_EVERY_MS && idleFor > (await idleTimeoutMs(row.companyId))) {
    await db().delete(sessions).where(eq(sessions.id, id));
    return undefined;
  }
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db().update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
  }
  const grants = await roleGrants(row.roleId);
  return {
    userId: row.userId,
    username: row.username,
    userName: row.userName,
    userPhone: row.userPhone,
    avatarVersion: row.avatarVersion,
    companyId: row.companyId,
    companyName: row.companyName!,
    companyShortName: row.companyShortName,
    companyKind: row.companyKind!,
    roleId: row.roleId,
    roleName: row.roleName!,
    permissions: grants.codes,
    allowedUrls: grants.urls,
    menuRows: grants.rows,
    sessionId: id,
    sessionKind: row.kind,
    ip: row.ip,
    now,
  };
}

async function roleGrants(roleId: number) {
  const rows: MenuRow[] = await db()
    .select({
      id: menus.id,
      parentId: menus.parentId,
      code: menus.code,
      name: menus.name,
      icon: menus.icon,
      url: menus.url,
      sortOrder: menus.sortOrder,
      isAction: menus.isAction,
    })
    .from(roleMenus)
    .innerJoin(menus, eq(menus.id, roleMenus.menuId))
    .where(eq(roleMenus.roleId, roleId))
    .orderBy(asc(menus.sortOrder), asc(menus.id));
  return {
    rows,
    codes: new Set(rows.map((m) => m.code)),
    urls: new Set(rows.map((m) => m.url).filter((u): u is string => !!u)),
  };
}

/** Companies the user may switch to: their unlocked memberships. */
export async function listMyCompanies(ctx: Pick<Ctx, "userId">) {
  return db()
    .select({ id: companies.id, name: companies.name, shortName: companies.shortName, roleName: roles.name })
    .from(companyUsers)
    .innerJoin(companies, eq(companies.id, companyUsers.companyId))
    .innerJoin(roles, eq(roles.id, companyUsers.roleId))
    .where(and(eq(companyUsers.userId, ctx.userId), eq(companies.isLocked, false)))
    .orderBy(asc(companies.id));
}

/** Moves the session to another company the user belongs to (spec 000 §7 setCurrentCompany). */
export async function switchCompany(ctx: Pick<Ctx, "userId" | "sessionId">, companyId: number) {
  const mine = await listMyCompanies(ctx);
  const target = mine.find((c) => c.id === companyId);
  if (!target) throw new DomainError("forbidden", t.errors.companyNotMember);
  await db().update(sessions).set({ companyId }).where(eq(sessions.id, ctx.sessionId));
  return target;
}

/** Housekeeping: expired rows are useless (sessions, spent sign-in throttles); run at start and now and then. */
export async function purgeExpiredSessions(now = new Date()) {
  await db().delete(sessions).where(sql`${sessions.expiresAt} <= ${now}`);
  await purgeLoginThrottle(now);
}
