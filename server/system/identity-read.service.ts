import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { DomainError } from "../lib/errors";
import { t } from "../lib/i18n/zh-CN";
import { isId } from "../lib/ids";
import { escapeLike } from "../lib/validate";
import { companyRoles, companyUserRoles, companyUsers, menus, roleMenus, roles, users } from "../kernel/identity.tables";

/**
 * The read side of ABP's identity and permission-management calls, in ABP's published shapes
 * (GET /api/identity/users[/{id}], GET /api/identity/roles, GET /api/permission-management/
 * permissions?providerName=R&providerKey={role}), with the pages' permissions (用户管理
 * XTGL-001, 角色管理 XTGL-002) and tenant scoping: a company sees its own staff and the roles it
 * may hand out; the platform operator sees everyone and every role.
 */
export const USERS_MENU = "XTGL-001";
export const ROLES_MENU = "XTGL-002";

function requireCode(ctx: Ctx, code: string) {
  if (!ctx.permissions.has(code)) throw new DomainError("forbidden", t.errors.pages[403]!.message);
}

const isOperator = (ctx: Ctx) => ctx.companyKind === "platform";

/** ABP's paging params: skipCount (≥ 0), maxResultCount (1–1000, default 10). */
function paging(params: URLSearchParams) {
  const n = (v: string | null, d: number, max: number) => {
    const x = v !== null && /^\d{1,7}$/.test(v) ? Number(v) : d;
    return Math.min(x, max);
  };
  return { skip: n(params.get("skipCount"), 0, 1_000_000), take: Math.max(1, n(params.get("maxResultCount"), 10, 1000)) };
}

export interface AbpUserDto {
  id: number;
  userName: string;
  name: string;
  surname: null;
  email: null;
  phoneNumber: string | null;
  isActive: boolean;
  lockoutEnabled: boolean;
  roleNames: string[];
  creationTime: string;
}

/** Users in reach: members of the caller's company (its role there), or everyone for the operator (their roles in all companies). */
async function usersWhere(ctx: Ctx, filter?: string): Promise<SQL | undefined> {
  const like = filter ? `%${escapeLike(filter.slice(0, 50))}%` : undefined;
  const text = like ? or(ilike(users.username, like), ilike(users.name, like), ilike(users.phone, like)) : undefined;
  if (isOperator(ctx)) return text;
  const members = db().select({ id: companyUsers.userId }).from(companyUsers).where(eq(companyUsers.companyId, ctx.companyId));
  return and(inArray(users.id, members), text);
}

async function roleNamesOf(ctx: Ctx, userIds: number[]) {
  if (!userIds.length) return new Map<number, string[]>();
  const rows = await db()
    .select({ userId: companyUserRoles.userId, role: roles.name })
    .from(companyUserRoles)
    .innerJoin(roles, eq(roles.id, companyUserRoles.roleId))
    .where(and(inArray(companyUserRoles.userId, userIds), isOperator(ctx) ? undefined : eq(companyUserRoles.companyId, ctx.companyId)))
    .orderBy(asc(companyUserRoles.companyId), asc(roles.id));
  const out = new Map<number, string[]>();
  for (const r of rows) out.set(r.userId, [...(out.get(r.userId) ?? []), r.role]);
  return new Map([...out].map(([k, v]) => [k, [...new Set(v)]]));
}

/** A user's columns; `isLocked` is the login's own lock or, for a company, also its lock of the membership. */
const userColumns = (ctx: Ctx) => ({
  id: users.id,
  userName: users.username,
  name: users.name,
  phoneNumber: users.phone,
  isLocked: isOperator(ctx)
    ? users.isLocked
    : sql<boolean>`(${users.isLocked} or coalesce((select cu.is_locked from ${companyUsers} cu where cu.company_id = ${ctx.companyId} and cu.user_id = ${users.id}), false))`,
  createdAt: users.createdAt,
});

function toUserDto(
  u: { id: number; userName: string; name: string; phoneNumber: string | null; isLocked: boolean; createdAt: Date },
  roleNames: string[],
): AbpUserDto {
  return {
    id: u.id,
    userName: u.userName,
    name: u.name,
    surname: null,
    email: null,
    phoneNumber: u.phoneNumber,
    isActive: !u.isLocked,
    lockoutEnabled: true,
    roleNames,
    creationTime: u.createdAt.toISOString(),
  };
}

export async function listIdentityUsers(ctx: Ctx, params: URLSearchParams) {
  requireCode(ctx, USERS_MENU);
  const { skip, take } = paging(params);
  const where = await usersWhere(ctx, params.get("filter")?.trim() || undefined);
  const [rows, [total]] = await Promise.all([
    db().select(userColumns(ctx)).from(users).where(where).orderBy(asc(users.id)).limit(take).offset(skip),
    db().select({ n: count() }).from(users).where(where),
  ]);
  const names = await roleNamesOf(
    ctx,
    rows.map((r) => r.id),
  );
  return { totalCount: total?.n ?? 0, items: rows.map((r) => toUserDto(r, names.get(r.id) ?? [])) };
}

export async function getIdentityUser(ctx: Ctx, id: unknown) {
  requireCode(ctx, USERS_MENU);
  const n = typeof id === "string" && /^\d{1,9}$/.test(id) ? Number(id) : id;
  if (!isId(n)) throw new DomainError("not_found", "用户不存在");
  const [row] = await db()
    .select(userColumns(ctx))
    .from(users)
    .where(and(eq(users.id, n), await usersWhere(ctx)));
  if (!row) throw new DomainError("not_found", "用户不存在");
  return toUserDto(row, (await roleNamesOf(ctx, [row.id])).get(row.id) ?? []);
}

/** Roles in reach: those the caller's company may hand out, or every role for the operator. */
async function visibleRoles(ctx: Ctx) {
  const q = db()
    .select({ id: roles.id, code: roles.code, name: roles.name, scope: roles.scope, description: roles.description, companyId: roles.companyId })
    .from(roles);
  return isOperator(ctx)
    ? q.orderBy(asc(roles.id))
    : q.innerJoin(companyRoles, and(eq(companyRoles.roleId, roles.id), eq(companyRoles.companyId, ctx.companyId))).orderBy(asc(roles.id));
}

export async function listIdentityRoles(ctx: Ctx) {
  requireCode(ctx, ROLES_MENU);
  const rows = await visibleRoles(ctx);
  return {
    totalCount: rows.length,
    // A template (shared by every company) is static; a company's own role is not.
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      isDefault: false,
      isStatic: r.companyId === null,
      isPublic: true,
      concurrencyStamp: "",
      extraProperties: { code: r.code, scope: r.scope, description: r.description },
    })),
  };
}

/**
 * A role's grants as ABP's permission list: one group per menu area, each menu entry (pages and
 * action entries) a permission named by its code, `parentName` its parent's code. The role is
 * named by its name (经理) or code (manager); only roles in reach are answered.
 */
export async function getRolePermissions(ctx: Ctx, providerName: string | null, providerKey: string | null) {
  requireCode(ctx, ROLES_MENU);
  if (providerName !== "R") throw new DomainError("bad_request", "providerName 只支持 R（角色）");
  const role = (await visibleRoles(ctx)).find((r) => r.name === providerKey || r.code === providerKey);
  if (!role) throw new DomainError("not_found", "角色不存在");
  const [tree, granted] = await Promise.all([
    db()
      .select({ id: menus.id, parentId: menus.parentId, code: menus.code, name: menus.name, platformOnly: menus.platformOnly })
      .from(menus)
      .orderBy(asc(menus.sortOrder), asc(menus.id)),
    db().select({ menuId: roleMenus.menuId }).from(roleMenus).where(eq(roleMenus.roleId, role.id)),
  ]);
  const grantedIds = new Set(granted.map((g) => g.menuId));
  const byId = new Map(tree.map((m) => [m.id, m]));
  const areaOf = (m: (typeof tree)[number]): (typeof tree)[number] => {
    let cur = m;
    while (cur.parentId !== null && byId.has(cur.parentId)) cur = byId.get(cur.parentId)!;
    return cur;
  };
  const groups = new Map<string, { name: string; displayName: string; permissions: unknown[] }>();
  for (const m of tree) {
    if (m.platformOnly && role.scope !== "platform") continue;
    const area = areaOf(m);
    if (!groups.has(area.code)) groups.set(area.code, { name: area.code, displayName: area.name, permissions: [] });
    if (m === area) continue;
    const isGranted = grantedIds.has(m.id);
    groups.get(area.code)!.permissions.push({
      name: m.code,
      displayName: m.name,
      parentName: m.parentId !== null && m.parentId !== area.id ? (byId.get(m.parentId)?.code ?? null) : null,
      isGranted,
      allowedProviders: ["R"],
      grantedProviders: isGranted ? [{ providerName: "R", providerKey: role.name }] : [],
    });
  }
  return { entityDisplayName: role.name, groups: [...groups.values()] };
}
