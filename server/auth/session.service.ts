import crypto from "node:crypto";
import { and, asc, eq, gt, ilike, inArray, sql, type SQL } from "drizzle-orm";
import { t } from "../lib/i18n/zh-CN";
import { db } from "../db/client";
import { DomainError } from "../lib/errors";
import { escapeLike } from "../lib/validate";
import { COMPANY_ONLINE, companies, companyRoles, companyUserRoles, companyUsers, menus, roleMenus, roles, users } from "../kernel/identity.tables";
import { getCompanySettings, getGlobalSetting } from "../setting/setting.service";
import { COMPANY_SETTING_DEFAULTS } from "../setting/setting.defaults";
import { sessions } from "./auth.tables";
import { purgeLoginThrottle } from "./login.service";
import { recordAudit } from "../lib/audit";
import type { Ctx, MenuRow } from "../lib/context";

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
  await recordAudit({
    action: "login",
    companyId,
    userId: input.userId,
    userName: user?.username ?? "",
    summary: input.kind === "api" ? "接口令牌登录" : "网页登录",
    ip: input.ip ?? null,
    userAgent: input.userAgent ?? null,
    at: now,
  });
  return { token, expiresAt, companyId };
}

/**
 * A membership the user can work in: the company is online (status 1), the membership is not
 * locked, and it holds at least one role the company may still hand out.
 */
function workableMembership(userId: number) {
  return and(
    eq(companyUsers.userId, userId),
    eq(companyUsers.isLocked, false),
    eq(companies.status, COMPANY_ONLINE),
    sql`exists (select 1 from ${companyUserRoles} cur join ${companyRoles} cr on cr.company_id = cur.company_id and cr.role_id = cur.role_id
      where cur.company_id = ${companyUsers.companyId} and cur.user_id = ${companyUsers.userId})`,
  );
}

/**
 * The company a new session starts in: for `admin`, the workable company matching the
 * configured AdminCompany keyword; for everyone, otherwise, the first workable company they
 * belong to (by company id).
 */
export async function pickStartCompany(userId: number): Promise<number | undefined> {
  const [user] = await db().select({ username: users.username }).from(users).where(eq(users.id, userId));
  if (!user) return undefined;
  const base = workableMembership(userId);
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
  const [ended] = await db()
    .delete(sessions)
    .where(eq(sessions.id, hashToken(token)))
    .returning({ userId: sessions.userId, companyId: sessions.companyId, ip: sessions.ip, userAgent: sessions.userAgent });
  if (!ended) return;
  const [user] = await db().select({ username: users.username }).from(users).where(eq(users.id, ended.userId));
  await recordAudit({
    action: "logout",
    companyId: ended.companyId,
    userId: ended.userId,
    userName: user?.username ?? "",
    summary: "退出登录",
    ip: ended.ip,
    userAgent: ended.userAgent,
  });
}

/** Removes every session of a user (kick, password change), optionally keeping one. */
export async function endUserSessions(userId: number, exceptSessionId?: string) {
  const where = exceptSessionId ? and(eq(sessions.userId, userId), sql`${sessions.id} <> ${exceptSessionId}`) : eq(sessions.userId, userId);
  await db().delete(sessions).where(where);
}

/**
 * The roles a member holds in a company and the company still allows (spec 000 §6 allowed
 * roles): an operator's withdrawal of a role takes effect at the holders' next request.
 */
function heldRoles(companyId: SQL | number, userId: SQL | number) {
  return sql`select r.id, r.name from ${companyUserRoles} cur
    join ${companyRoles} cr on cr.company_id = cur.company_id and cr.role_id = cur.role_id
    join ${roles} r on r.id = cur.role_id
    where cur.company_id = ${companyId} and cur.user_id = ${userId}`;
}

/**
 * Turns a token into the request context, or undefined when the session was removed, has
 * expired, has been idle longer than its company allows (web sessions; the session then
 * ends), or its user can no longer work (admin-locked, no workable company left). Roles and
 * grants are read on every request, so a permission change takes effect at the next one.
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
      companyStatus: companies.status,
      memberLocked: companyUsers.isLocked,
      roles: sql<
        { id: number; name: string }[] | null
      >`(select json_agg(h order by h.id) from (${heldRoles(sql`${sessions.companyId}`, sql`${sessions.userId}`)}) h)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(companies, eq(companies.id, sessions.companyId))
    .leftJoin(companyUsers, and(eq(companyUsers.companyId, sessions.companyId), eq(companyUsers.userId, sessions.userId)))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now)));
  if (!row || row.userLocked) return undefined;
  const held = typeof row.roles === "string" ? (JSON.parse(row.roles) as { id: number; name: string }[]) : (row.roles ?? []);
  if (!row.companyId || row.companyStatus !== COMPANY_ONLINE || row.memberLocked !== false || !held.length) {
    // The company went offline, the membership was locked or removed, or it holds no allowed
    // role any more: move to the next workable company, or end the session when none is left.
    const next = await pickStartCompany(row.userId);
    if (!next || next === row.companyId) {
      await db().delete(sessions).where(eq(sessions.id, id));
      return undefined;
    }
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
  const grants = await roleGrants(held.map((r) => r.id));
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
    roleIds: held.map((r) => r.id),
    roleName: held.map((r) => r.name).join("、"),
    permissions: grants.codes,
    allowedUrls: grants.urls,
    menuRows: grants.rows,
    sessionId: id,
    sessionKind: row.kind,
    ip: row.ip,
    now,
  };
}

/** The menu entries granted to any of the roles (the union), sorted for the shell. */
export async function roleGrants(roleIds: number[], ex: Pick<ReturnType<typeof db>, "selectDistinct"> = db()) {
  const rows: MenuRow[] = roleIds.length
    ? await ex
        .selectDistinct({
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
        .where(inArray(roleMenus.roleId, roleIds))
        .orderBy(asc(menus.sortOrder), asc(menus.id))
    : [];
  return {
    rows,
    codes: new Set(rows.map((m) => m.code)),
    urls: new Set(rows.map((m) => m.url).filter((u): u is string => !!u)),
  };
}

/** Companies the user may switch to: their workable memberships, with the roles held there. */
export async function listMyCompanies(ctx: Pick<Ctx, "userId">) {
  return db()
    .select({
      id: companies.id,
      name: companies.name,
      shortName: companies.shortName,
      roleName: sql<string>`(select string_agg(h.name, '、' order by h.id) from (${heldRoles(sql`${companyUsers.companyId}`, sql`${companyUsers.userId}`)}) h)`,
    })
    .from(companyUsers)
    .innerJoin(companies, eq(companies.id, companyUsers.companyId))
    .where(workableMembership(ctx.userId))
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
  await db()
    .delete(sessions)
    .where(sql`${sessions.expiresAt} <= ${now}`);
  await purgeLoginThrottle(now);
}
