import { eq } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import { db, type Executor } from "../db/client";
import { MENU_TREE, ROLE_GRANTS, type MenuSeed } from "./menu.data";
import { menus, roleMenus, roles } from "../kernel/identity.tables";

export interface MenuNode {
  id: number;
  code: string;
  name: string;
  icon: string | null;
  url: string | null;
  sortOrder: number;
  children: MenuNode[];
}

/**
 * The navigation tree of the user's role (spec 000 §6): action entries are left out, and so
 * are groups that end up empty. Sorted by sortOrder. Built from the grants the request
 * context already holds: no query.
 */
export function getMenuTree(ctx: Pick<Ctx, "menuRows">): MenuNode[] {
  return buildTree(ctx.menuRows.filter((m) => !m.isAction));
}

export function buildTree(rows: (Omit<MenuNode, "children"> & { parentId: number | null })[]): MenuNode[] {
  const byId = new Map<number, MenuNode>();
  for (const r of rows) byId.set(r.id, { id: r.id, code: r.code, name: r.name, icon: r.icon, url: r.url, sortOrder: r.sortOrder, children: [] });
  const roots: MenuNode[] = [];
  for (const r of rows) {
    const node = byId.get(r.id)!;
    const parent = r.parentId ? byId.get(r.parentId) : undefined;
    if (parent) parent.children.push(node);
    else if (!r.parentId) roots.push(node);
    // A child whose parent the role lacks is unreachable in the tree: dropped.
  }
  const prune = (nodes: MenuNode[]): MenuNode[] => nodes.map((n) => ({ ...n, children: prune(n.children) })).filter((n) => n.url || n.children.length > 0);
  return prune(roots);
}

/** Menu entries with a url that the role holds (pages and actions), in menu order. */
export function listMenuPages(ctx: Pick<Ctx, "menuRows">) {
  return ctx.menuRows.filter((m) => m.url).map((m) => ({ code: m.code, name: m.name, url: m.url!, icon: m.icon, isAction: m.isAction }));
}

function flatten(tree: MenuSeed[], parentCode: string | null = null, out: (MenuSeed & { parentCode: string | null; sortOrder: number })[] = []) {
  tree.forEach((m, i) => {
    out.push({ ...m, parentCode, sortOrder: (i + 1) * 10 });
    if (m.children) flatten(m.children, m.code, out);
  });
  return out;
}

/**
 * Brings the menus table in line with MENU_TREE at every start. An entry is matched by its code
 * (the permission the server checks), else by its url (a code renamed in menu.data.ts). The
 * product owns the structure (parent, url, action, platform-only) and the code, and they are
 * updated; the name, icon and sort order are the operator's to edit (菜单配置) and are only set
 * when an entry is new, so the operator's edits survive a restart. Entries new to this database
 * are granted to the platform role and to the company role templates that fit them; so are
 * entries that stop being platform-only (商圈, XTGL-021, became a company's page).
 */
export async function syncMenus(exec: Executor = db()) {
  const flat = flatten(MENU_TREE);
  const existing = await exec.select().from(menus);
  const seedCodes = new Set(flat.map((m) => m.code));
  const rowByCode = new Map(existing.map((m) => [m.code, m]));
  // Rows whose code left the seed, by url: the same page under a new code.
  const orphanByUrl = new Map(existing.filter((m) => m.url && !seedCodes.has(m.code)).map((m) => [m.url!, m]));
  const idByCode = new Map<string, number>();
  const added: string[] = [];
  for (const m of flat) {
    const structure = {
      code: m.code,
      url: m.url ?? null,
      isAction: !!m.action,
      platformOnly: !!m.p,
      parentId: m.parentCode ? (idByCode.get(m.parentCode) ?? null) : null,
    };
    const cur = rowByCode.get(m.code) ?? (m.url ? orphanByUrl.get(m.url) : undefined);
    if (cur) {
      if (m.url) orphanByUrl.delete(m.url);
      idByCode.set(m.code, cur.id);
      const changed = (Object.keys(structure) as (keyof typeof structure)[]).some((k) => cur[k] !== structure[k]);
      if (changed) await exec.update(menus).set(structure).where(eq(menus.id, cur.id));
      // An entry that stops being platform-only reaches companies now: granted once, like a new one.
      if (cur.platformOnly && !structure.platformOnly) added.push(m.code);
    } else {
      const [row] = await exec
        .insert(menus)
        .values({ ...structure, name: m.name, icon: m.icon ?? null, sortOrder: m.sortOrder })
        .returning({ id: menus.id });
      idByCode.set(m.code, row!.id);
      added.push(m.code);
    }
  }
  if (added.length) {
    const roleRows = await exec.select().from(roles);
    const grants: { roleId: number; menuId: number }[] = [];
    for (const code of added) {
      const m = flat.find((f) => f.code === code)!;
      for (const r of roleRows) {
        const grant = r.scope === "platform" ? true : !m.p && (ROLE_GRANTS[r.code]?.(code) ?? false);
        if (grant) grants.push({ roleId: r.id, menuId: idByCode.get(code)! });
      }
    }
    if (grants.length) await exec.insert(roleMenus).values(grants).onConflictDoNothing();
  }
  return added;
}
