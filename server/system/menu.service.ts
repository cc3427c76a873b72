import { eq } from "drizzle-orm";
import type { Ctx } from "../auth/context";
import { db, type Executor } from "../db/client";
import { MENU_TREE, ROLE_GRANTS, type MenuSeed } from "./menu.data";
import { menus, roleMenus, roles } from "./system.tables";

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
  const prune = (nodes: MenuNode[]): MenuNode[] =>
    nodes
      .map((n) => ({ ...n, children: prune(n.children) }))
      .filter((n) => n.url || n.children.length > 0);
  return prune(roots);
}

/** Menu entries with a url that the role holds (pages and actions), in menu order. */
export function listMenuPages(ctx: Pick<Ctx, "menuRows">) {
  return ctx.menuRows
    .filter((m) => m.url)
    .map((m) => ({ code: m.code, name: m.name, url: m.url!, icon: m.icon, isAction: m.isAction }));
}

function flatten(tree: MenuSeed[], parentCode: string | null = null, out: (MenuSeed & { parentCode: string | null; sortOrder: number })[] = []) {
  tree.forEach((m, i) => {
    out.push({ ...m, parentCode, sortOrder: (i + 1) * 10 });
    if (m.children) flatten(m.children, m.code, out);
  });
  return out;
}

/**
 * Brings the menus table in line with MENU_TREE (by code) at every start. Entries new to this
 * database are granted to the platform role and to the company role templates that fit them.
 */
export async function syncMenus(exec: Executor = db()) {
  const flat = flatten(MENU_TREE);
  const existing = await exec.select().from(menus);
  const idByCode = new Map(existing.map((m) => [m.code, m.id]));
  const rowByCode = new Map(existing.map((m) => [m.code, m]));
  const added: string[] = [];
  for (const m of flat) {
    const values = {
      code: m.code,
      name: m.name,
      icon: m.icon ?? null,
      url: m.url ?? null,
      sortOrder: m.sortOrder,
      isAction: !!m.action,
      platformOnly: !!m.p,
      parentId: m.parentCode ? (idByCode.get(m.parentCode) ?? null) : null,
    };
    const id = idByCode.get(m.code);
    if (id) {
      const cur = rowByCode.get(m.code)!;
      const changed = (Object.keys(values) as (keyof typeof values)[]).some((k) => cur[k] !== values[k]);
      if (changed) await exec.update(menus).set(values).where(eq(menus.id, id));
    } else {
      const [row] = await exec.insert(menus).values(values).returning({ id: menus.id });
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
