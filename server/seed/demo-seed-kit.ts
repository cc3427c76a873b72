import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import type { Executor } from "../db/client";
import { settings } from "../setting/setting.tables";
import { companies, companyUserRoles, menus, roleMenus, roles, users } from "../kernel/identity.tables";

/**
 * What the demo document seeds (purchase, sale) share: they run the real document services
 * inside the demo seed's transaction, as the company's manager, at chosen moments.
 */
type Holder = { __qipeiDb?: unknown };

/** Runs `fn` with the global database handle pointing at `tx` (restored afterwards). */
export async function withDatabase<T>(tx: Executor, fn: () => Promise<T>): Promise<T> {
  const holder = globalThis as unknown as Holder;
  const before = holder.__qipeiDb;
  const kind = (before as { kind?: string } | undefined)?.kind ?? "pglite";
  holder.__qipeiDb = { db: tx, kind, close: async () => {}, dump: undefined };
  try {
    return await fn();
  } finally {
    holder.__qipeiDb = before;
  }
}

/** The company's manager (the first by user id) as a signed-in context at `now`. */
export async function managerCtx(tx: Executor, companyId: number): Promise<Ctx | null> {
  const [row] = await tx
    .select({
      userId: users.id,
      username: users.username,
      userName: users.name,
      userPhone: users.phone,
      avatarVersion: users.avatarVersion,
      roleId: roles.id,
      roleName: roles.name,
      companyName: companies.name,
      companyShortName: companies.shortName,
      companyKind: companies.kind,
    })
    .from(companyUserRoles)
    .innerJoin(users, eq(users.id, companyUserRoles.userId))
    .innerJoin(roles, eq(roles.id, companyUserRoles.roleId))
    .innerJoin(companies, eq(companies.id, companyUserRoles.companyId))
    .where(and(eq(companyUserRoles.companyId, companyId), eq(roles.code, "manager")))
    .orderBy(asc(users.id))
    .limit(1);
  if (!row) return null;
  const grants = await tx
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
    .where(eq(roleMenus.roleId, row.roleId))
    .orderBy(asc(menus.sortOrder), asc(menus.id));
  return {
    userId: row.userId,
    username: row.username,
    userName: row.userName,
    userPhone: row.userPhone,
    avatarVersion: row.avatarVersion,
    companyId,
    companyName: row.companyName,
    companyShortName: row.companyShortName,
    companyKind: row.companyKind,
    roleIds: [row.roleId],
    roleName: row.roleName,
    permissions: new Set(grants.map((g) => g.code)),
    allowedUrls: new Set(grants.map((g) => g.url).filter((u): u is string => !!u)),
    menuRows: grants,
    sessionId: "demo-seed",
    sessionKind: "web",
    now: new Date(),
  };
}

/** Receiving settings for the seed's duration: notes are created but confirmed (and put away) by hand. */
/** Runs `fn` with company settings set to `values` (text as stored), restoring them afterwards. */
export async function withSeedSettings<T>(tx: Executor, companyId: number, values: Record<string, string>, fn: () => Promise<T>): Promise<T> {
  const names = Object.keys(values);
  const cond = and(eq(settings.scope, "company"), eq(settings.ownerId, companyId), inArray(settings.name, names));
  const before = await tx.select({ name: settings.name, value: settings.value }).from(settings).where(cond);
  const write = (rows: { name: string; value: string }[]) =>
    rows.length
      ? tx
          .insert(settings)
          .values(rows.map((r) => ({ scope: "company" as const, ownerId: companyId, name: r.name, value: r.value })))
          .onConflictDoUpdate({ target: [settings.scope, settings.ownerId, settings.name], set: { value: sql`excluded.value` } })
      : Promise.resolve();
  await write(names.map((name) => ({ name, value: values[name]! })));
  const out = await fn();
  await tx.delete(settings).where(cond);
  await write(before);
  return out;
}
