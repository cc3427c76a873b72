import { randomBytes } from "node:crypto";
import { and, asc, count, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import { db, type Executor, type Tx } from "../db/client";
import { inTransaction, sqlStateOf } from "../db/transaction";
import { actorOf, recordAudit } from "../lib/audit";
import { DomainError } from "../lib/errors";
import { t } from "../lib/i18n/zh-CN";
import { isId } from "../lib/ids";
import { parseInput } from "../lib/validate";
import { AbpPermissionUpdateSchema, ROLE_TEXT, RoleCreateSchema, RolePermissionsSchema, RoleUpdateSchema } from "./role-admin.input";
import { companies, companyRoles, companyUserRoles, menus, roleMenus, roles } from "../kernel/identity.tables";

/**
 * 角色管理 (/system/permissions/role, XTGL-002): roles and what they may do.
 *
 * Who edits what: template roles (companyId null, shared by every company) only the platform
 * operator; a company's manager its own company's roles, which are allowed in that company from
 * the moment they exist. The operator sees every role; a company the templates it may hand out
 * plus its own. A role of another company is "not found".
 *
 * What a role may hold: platform-only menu entries only a platform-scope role, so a company
 * manager can never give anyone (themselves included) platform permissions. Holding an entry
 * implies holding its ancestors (the shell's menu tree shows a page under its group and area).
 * Grants are read on every request (resolveSession), so a change applies at the holder's next
 * request. Every change is recorded in the audit trail, in the change's transaction.
 */
export const ROLE_ADMIN_MENU = "XTGL-002";

/** The seeded templates: the demo data, the menu sync and the operator's login depend on them. */
const BUILT_IN_ROLES = new Set(["platform_admin", "manager", "sales", "purchasing", "warehouse"]);

const isOperator = (ctx: Ctx) => ctx.companyKind === "platform";

function requireRoleAdmin(ctx: Ctx) {
  if (!ctx.permissions.has(ROLE_ADMIN_MENU)) throw new DomainError("forbidden", t.errors.pages[403]!.message);
}

const fail = (code: "bad_request" | "conflict" | "forbidden" | "not_found", message: string, field?: string) =>
  new DomainError(code, message, field ? { [field]: [message] } : undefined);

export interface RoleRow {
  id: number;
  code: string;
  name: string;
  scope: "platform" | "company";
  description: string | null;
  companyId: number | null;
  /** The owning company's short name (or name); null for a template. */
  companyName: string | null;
  /** Members holding it (in the caller's company; the operator: anywhere). */
  memberCount: number;
  /** The caller may rename it, delete it and change its permissions. */
  editable: boolean;
}

const ROLE_COLUMNS = {
  id: roles.id,
  code: roles.code,
  name: roles.name,
  scope: roles.scope,
  description: roles.description,
  companyId: roles.companyId,
  companyName: sql<string | null>`coalesce(${companies.shortName}, ${companies.name})`,
};

/** Roles in reach: the operator every role; a company its allowed templates and its own roles. */
function reachWhere(ctx: Ctx) {
  if (isOperator(ctx)) return undefined;
  const allowed = db().select({ id: companyRoles.roleId }).from(companyRoles).where(eq(companyRoles.companyId, ctx.companyId));
  return or(eq(roles.companyId, ctx.companyId), and(isNull(roles.companyId), inArray(roles.id, allowed)));
}

function canEdit(ctx: Ctx, role: { companyId: number | null }) {
  return isOperator(ctx) || (role.companyId !== null && role.companyId === ctx.companyId);
}

async function memberCounts(ctx: Ctx, roleIds: number[], ex: Executor = db()) {
  if (!roleIds.length) return new Map<number, number>();
  const rows = await ex
    .select({ roleId: companyUserRoles.roleId, n: count() })
    .from(companyUserRoles)
    .where(and(inArray(companyUserRoles.roleId, roleIds), isOperator(ctx) ? undefined : eq(companyUserRoles.companyId, ctx.companyId)))
    .groupBy(companyUserRoles.roleId);
  return new Map(rows.map((r) => [r.roleId, Number(r.n)]));
}

/** The roles the caller administers: templates first, then companies' own roles. */
export async function listRolesInReach(ctx: Ctx): Promise<RoleRow[]> {
  requireRoleAdmin(ctx);
  const rows = await db()
    .select(ROLE_COLUMNS)
    .from(roles)
    .leftJoin(companies, eq(companies.id, roles.companyId))
    .where(reachWhere(ctx))
    .orderBy(sql`${roles.companyId} nulls first`, asc(roles.id));
  const counts = await memberCounts(
    ctx,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, memberCount: counts.get(r.id) ?? 0, editable: canEdit(ctx, r) }));
}

function toId(id: unknown) {
  const n = typeof id === "string" && /^\d{1,10}$/.test(id) ? Number(id) : id;
  return isId(n) ? n : undefined;
}

/** One role in reach, or not_found (another company's role included). In a transaction it is locked. */
async function findRole(ctx: Ctx, id: unknown, ex: Executor = db(), lock = false) {
  const n = toId(id);
  if (n === undefined) throw fail("not_found", ROLE_TEXT.missing);
  const q = ex
    .select(ROLE_COLUMNS)
    .from(roles)
    .leftJoin(companies, eq(companies.id, roles.companyId))
    .where(and(eq(roles.id, n), reachWhere(ctx)));
  const [row] = lock ? await q.for("update", { of: roles }) : await q;
  if (!row) throw fail("not_found", ROLE_TEXT.missing);
  return row;
}

async function findEditableRole(ctx: Ctx, id: unknown, tx: Tx) {
  const role = await findRole(ctx, id, tx, true);
  if (!canEdit(ctx, role)) throw fail("forbidden", ROLE_TEXT.readOnly);
  return role;
}

export async function getRoleInReach(ctx: Ctx, id: unknown): Promise<RoleRow> {
  requireRoleAdmin(ctx);
  const role = await findRole(ctx, id);
  const counts = await memberCounts(ctx, [role.id]);
  return { ...role, memberCount: counts.get(role.id) ?? 0, editable: canEdit(ctx, role) };
}

/** A name is unique among the roles of one reach: the templates, or one company's own roles and the templates it may use. */
async function checkNameFree(ctx: Ctx, name: string, companyId: number | null, exceptId: number | null, ex: Executor) {
  const scopeWhere =
    companyId === null
      ? isNull(roles.companyId)
      : or(
          eq(roles.companyId, companyId),
          and(
            isNull(roles.companyId),
            inArray(roles.id, ex.select({ id: companyRoles.roleId }).from(companyRoles).where(eq(companyRoles.companyId, companyId))),
          ),
        );
  const rows = await ex
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.name, name), scopeWhere));
  if (rows.some((r) => r.id !== exceptId)) throw fail("conflict", ROLE_TEXT.nameTaken, "name");
}

/**
 * A new role. The operator creates a template (scope company, or platform: allowed in the
 * operator company at once); a company manager a role of their own company (scope company),
 * allowed in that company at once. Starts without permissions.
 */
export async function createRole(ctx: Ctx, input: unknown): Promise<RoleRow> {
  requireRoleAdmin(ctx);
  const data = parseInput(RoleCreateSchema, input);
  if (!isOperator(ctx) && data.scope === "platform") throw fail("forbidden", ROLE_TEXT.operatorScopeOnly, "scope");
  const scope = data.scope ?? "company";
  const companyId = isOperator(ctx) ? null : ctx.companyId;
  const id = await inTransaction(async (tx) => {
    // One role creation at a time per reach, so two requests cannot both take a free name.
    await tx.execute(sql`select pg_advisory_xact_lock(${0x726f6c65}, ${companyId ?? 0})`);
    await checkNameFree(ctx, data.name, companyId, null, tx);
    const code = `${companyId === null ? "t" : `c${companyId}`}-${randomBytes(4).toString("hex")}`;
    const [row] = await tx.insert(roles).values({ code, name: data.name, scope, description: data.description, companyId }).returning({ id: roles.id });
    if (companyId !== null) await tx.insert(companyRoles).values({ companyId, roleId: row!.id });
    else if (scope === "platform") {
      const operators = await tx.select({ id: companies.id }).from(companies).where(eq(companies.kind, "platform"));
      if (operators.length)
        await tx
          .insert(companyRoles)
          .values(operators.map((c) => ({ companyId: c.id, roleId: row!.id })))
          .onConflictDoNothing();
    }
    await recordAudit(
      {
        ...actorOf(ctx),
        action: "roleCreate",
        targetType: "role",
        targetId: row!.id,
        summary: `新增角色 ${data.name}`,
        after: { code, name: data.name, scope, description: data.description, companyId },
      },
      tx,
    );
    return row!.id;
  });
  return getRoleInReach(ctx, id);
}

/** Renames or re-describes a role the caller may edit. */
export async function updateRole(ctx: Ctx, id: unknown, input: unknown): Promise<RoleRow> {
  requireRoleAdmin(ctx);
  const data = parseInput(RoleUpdateSchema, input);
  const roleId = await inTransaction(async (tx) => {
    const role = await findEditableRole(ctx, id, tx);
    await tx.execute(sql`select pg_advisory_xact_lock(${0x726f6c65}, ${role.companyId ?? 0})`);
    if (role.name === data.name && role.description === data.description) return role.id;
    await checkNameFree(ctx, data.name, role.companyId, role.id, tx);
    await tx.update(roles).set({ name: data.name, description: data.description }).where(eq(roles.id, role.id));
    await recordAudit(
      {
        ...actorOf(ctx),
        action: "roleUpdate",
        targetType: "role",
        targetId: role.id,
        summary: role.name === data.name ? `修改角色 ${role.name} 的说明` : `角色 ${role.name} 改名为 ${data.name}`,
        before: { name: role.name, description: role.description },
        after: { name: data.name, description: data.description },
      },
      tx,
    );
    return role.id;
  });
  return getRoleInReach(ctx, roleId);
}

/** Deletes a role nobody holds; its grants and the companies' permission to use it go with it. */
export async function deleteRole(ctx: Ctx, id: unknown) {
  requireRoleAdmin(ctx);
  try {
    return await inTransaction(async (tx) => {
      const role = await findEditableRole(ctx, id, tx);
      if (role.companyId === null && BUILT_IN_ROLES.has(role.code)) throw fail("conflict", "系统内置的角色模板不能删除");
      const [held] = await tx.select({ n: count() }).from(companyUserRoles).where(eq(companyUserRoles.roleId, role.id));
      if (Number(held?.n ?? 0) > 0) throw fail("conflict", `${ROLE_TEXT.inUse}（${held!.n} 人）`);
      const codes = await grantedCodes(role.id, tx);
      await tx.delete(roles).where(eq(roles.id, role.id));
      await recordAudit(
        {
          ...actorOf(ctx),
          action: "roleDelete",
          targetType: "role",
          targetId: role.id,
          summary: `删除角色 ${role.name}`,
          before: { code: role.code, name: role.name, scope: role.scope, description: role.description, companyId: role.companyId, codes },
        },
        tx,
      );
      return { name: role.name };
    });
  } catch (e) {
    // A member was given the role while it was being deleted (company_user_roles restricts).
    if (sqlStateOf(e) === "23503") throw fail("conflict", ROLE_TEXT.inUse);
    throw e;
  }
}

async function grantedCodes(roleId: number, ex: Executor) {
  const rows = await ex
    .select({ code: menus.code })
    .from(roleMenus)
    .innerJoin(menus, eq(menus.id, roleMenus.menuId))
    .where(eq(roleMenus.roleId, roleId))
    .orderBy(asc(menus.sortOrder), asc(menus.id));
  return rows.map((r) => r.code);
}

export interface PermissionNode {
  id: number;
  code: string;
  name: string;
  isAction: boolean;
  /** An area or group: no page of its own, holds what is under it. */
  isGroup: boolean;
  platformOnly: boolean;
  granted: boolean;
  children: PermissionNode[];
}

async function allMenus(ex: Executor) {
  return ex
    .select({
      id: menus.id,
      parentId: menus.parentId,
      code: menus.code,
      name: menus.name,
      url: menus.url,
      isAction: menus.isAction,
      platformOnly: menus.platformOnly,
    })
    .from(menus)
    .orderBy(asc(menus.sortOrder), asc(menus.id));
}

/** A role's permission tree: every menu entry it could hold (areas → groups → pages → actions), marked granted or not. */
export async function rolePermissionTree(ctx: Ctx, id: unknown) {
  const role = await getRoleInReach(ctx, id);
  const [rows, granted] = await Promise.all([allMenus(db()), grantedCodes(role.id, db())]);
  const has = new Set(granted);
  const fits = rows.filter((m) => role.scope === "platform" || !m.platformOnly);
  const byId = new Map<number, PermissionNode>(
    fits.map((m) => [
      m.id,
      {
        id: m.id,
        code: m.code,
        name: m.name,
        isAction: m.isAction,
        isGroup: !m.url && !m.isAction,
        platformOnly: m.platformOnly,
        granted: has.has(m.code),
        children: [],
      },
    ]),
  );
  const roots: PermissionNode[] = [];
  for (const m of fits) {
    const node = byId.get(m.id)!;
    if (m.parentId === null) roots.push(node);
    else byId.get(m.parentId)?.children.push(node);
  }
  // Areas and groups left with nothing (a company role's tree without the platform entries) are left out.
  const prune = (nodes: PermissionNode[]): PermissionNode[] =>
    nodes.map((n) => ({ ...n, children: prune(n.children) })).filter((n) => n.children.length > 0 || hasUrl.has(n.id) || n.isAction);
  const hasUrl = new Set(rows.filter((m) => m.url).map((m) => m.id));
  const tree = prune(roots);
  return { role, tree, granted, grantedCount: granted.length };
}

/**
 * Replaces a role's grants with `wanted` plus their ancestors, inside the caller's transaction
 * (the role locked by it). Unknown codes are refused, platform-only entries for a company role
 * too. Returns what was added and removed; records the change when there is one.
 */
async function replaceGrants(ctx: Ctx, role: Awaited<ReturnType<typeof findRole>>, wanted: Iterable<string>, tx: Tx) {
  const rows = await allMenus(tx);
  const byCode = new Map(rows.map((m) => [m.code, m]));
  const byId = new Map(rows.map((m) => [m.id, m]));
  const ids = new Set<number>();
  for (const code of wanted) {
    const m = byCode.get(code);
    if (!m) throw fail("bad_request", `${ROLE_TEXT.codeUnknown}：${code.slice(0, 40)}`, "code");
    if (m.platformOnly && role.scope !== "platform") throw fail("forbidden", `${ROLE_TEXT.platformOnly}：${m.name}（${m.code}）`, "code");
    for (let cur: typeof m | undefined = m; cur && !ids.has(cur.id); cur = cur.parentId === null ? undefined : byId.get(cur.parentId)) {
      if (cur.platformOnly && role.scope !== "platform") break;
      ids.add(cur.id);
    }
  }
  const before = await grantedCodes(role.id, tx);
  const beforeSet = new Set(before);
  const after = rows.filter((m) => ids.has(m.id)).map((m) => m.code);
  const afterSet = new Set(after);
  const added = after.filter((c) => !beforeSet.has(c));
  const removed = before.filter((c) => !afterSet.has(c));
  if (!added.length && !removed.length) return { added, removed };
  // Nobody takes 角色管理 away from a role they hold themselves: they could not undo it.
  if (removed.includes(ROLE_ADMIN_MENU) && ctx.roleIds.includes(role.id)) throw fail("conflict", ROLE_TEXT.selfLockout, "code");
  await tx.delete(roleMenus).where(eq(roleMenus.roleId, role.id));
  if (ids.size) await tx.insert(roleMenus).values([...ids].map((menuId) => ({ roleId: role.id, menuId })));
  const names = (codes: string[]) =>
    codes
      .slice(0, 8)
      .map((c) => byCode.get(c)?.name ?? c)
      .join("、") + (codes.length > 8 ? ` 等 ${codes.length} 项` : "");
  const parts = [added.length ? `新增 ${names(added)}` : "", removed.length ? `移除 ${names(removed)}` : ""].filter(Boolean);
  await recordAudit(
    {
      ...actorOf(ctx),
      action: "permissionChange",
      targetType: "role",
      targetId: role.id,
      summary: `角色 ${role.name} 权限变更：${parts.join("；")}`,
      before: { codes: before },
      after: { codes: after, added, removed },
    },
    tx,
  );
  return { added, removed };
}

/** Saves the permission tree of the page: the checked codes become the role's grants (with their ancestors). */
export async function setRolePermissions(ctx: Ctx, id: unknown, input: unknown) {
  requireRoleAdmin(ctx);
  const { code } = parseInput(RolePermissionsSchema, input);
  return inTransaction(async (tx) => {
    const role = await findEditableRole(ctx, id, tx);
    return { role: role.name, ...(await replaceGrants(ctx, role, new Set(code), tx)) };
  });
}

// ---- ABP's calls --------------------------------------------------------------------------

/** IdentityRoleDto, as GET /api/identity/roles lists them. */
export function toIdentityRoleDto(r: Pick<RoleRow, "id" | "code" | "name" | "scope" | "description" | "companyId">) {
  return {
    id: r.id,
    name: r.name,
    isDefault: false,
    isStatic: r.companyId === null,
    isPublic: true,
    concurrencyStamp: "",
    extraProperties: { code: r.code, scope: r.scope, description: r.description },
  };
}

/** ABP's create/update body: { name, isDefault?, isPublic?, extraProperties? { description, scope } }. */
function abpRoleInput(body: Record<string, unknown>, current?: { description: string | null }) {
  const extra = body.extraProperties && typeof body.extraProperties === "object" ? (body.extraProperties as Record<string, unknown>) : {};
  const description = body.description ?? extra.description ?? current?.description ?? undefined;
  return { name: body.name, description: description === null ? undefined : description, scope: body.scope ?? extra.scope };
}

/** POST /api/identity/roles */
export async function createIdentityRole(ctx: Ctx, body: Record<string, unknown>) {
  return toIdentityRoleDto(await createRole(ctx, abpRoleInput(body)));
}

/** PUT /api/identity/roles/{id}: name (and description when given). */
export async function updateIdentityRole(ctx: Ctx, id: unknown, body: Record<string, unknown>) {
  requireRoleAdmin(ctx);
  const current = await findRole(ctx, id);
  const { name, description } = abpRoleInput(body, current);
  return toIdentityRoleDto(await updateRole(ctx, id, { name, description }));
}

/** Finds the role ABP names by providerKey: its code, its name (templates first) or its id. */
async function roleByKey(ctx: Ctx, key: string | null, tx: Tx) {
  if (!key) throw fail("not_found", ROLE_TEXT.missing);
  const candidates = await tx
    .select({ id: roles.id, code: roles.code, name: roles.name, companyId: roles.companyId })
    .from(roles)
    .where(and(or(eq(roles.code, key), eq(roles.name, key)), reachWhere(ctx)));
  const byCode = candidates.find((r) => r.code === key);
  const named = candidates.filter((r) => r.name === key);
  const pick = byCode ?? (named.length === 1 ? named[0] : (named.find((r) => r.companyId === null) ?? (named.length ? undefined : null)));
  if (pick === undefined) throw fail("bad_request", "有多个同名角色，请用角色编码指定");
  if (pick) return findEditableRole(ctx, pick.id, tx);
  if (/^\d{1,10}$/.test(key)) return findEditableRole(ctx, key, tx);
  throw fail("not_found", ROLE_TEXT.missing);
}

/**
 * PUT /api/permission-management/permissions?providerName=R&providerKey={role}: applies the
 * listed grants and revocations only. Granting implies the ancestors; revoking an entry revokes
 * what is under it too.
 */
export async function updateRolePermissionsAbp(ctx: Ctx, providerName: string | null, providerKey: string | null, body: unknown) {
  requireRoleAdmin(ctx);
  if (providerName !== "R") throw fail("bad_request", "providerName 只支持 R（角色）");
  const { permissions } = parseInput(AbpPermissionUpdateSchema, body);
  return inTransaction(async (tx) => {
    const role = await roleByKey(ctx, providerKey, tx);
    const rows = await allMenus(tx);
    const byCode = new Map(rows.map((m) => [m.code, m]));
    const wanted = new Set(await grantedCodes(role.id, tx));
    const descendants = (id: number): string[] => rows.filter((m) => m.parentId === id).flatMap((m) => [m.code, ...descendants(m.id)]);
    for (const p of permissions) {
      const m = byCode.get(p.name);
      if (!m) throw fail("bad_request", `${ROLE_TEXT.codeUnknown}：${p.name}`);
      if (p.isGranted) wanted.add(p.name);
      else for (const c of [p.name, ...descendants(m.id)]) wanted.delete(c);
    }
    return replaceGrants(ctx, role, wanted, tx);
  });
}
