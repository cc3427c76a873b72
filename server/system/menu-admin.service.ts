import { and, asc, count, desc, eq, ilike, or } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { inTransaction } from "../db/transaction";
import { actorOf, recordAudit } from "../lib/audit";
import { DomainError } from "../lib/errors";
import { t } from "../lib/i18n/zh-CN";
import { isId } from "../lib/ids";
import { parseListQuery, type ListSpec } from "../lib/list-query";
import { escapeLike, parseInput } from "../lib/validate";
import { MENU_TEXT, MenuUpdateSchema } from "./menu-admin.input";
import { menus } from "../kernel/identity.tables";

/**
 * 菜单配置 (/system/configure/menu, XTGL-015, the platform operator only): the names, icons and
 * order of the menu entries. The tree itself, the urls and the codes belong to the product
 * (server/system/menu.data.ts): the routes fix the urls and the server checks permissions by
 * the codes, so neither is editable. syncMenus keeps the operator's edits across restarts.
 */
export const MENU_ADMIN_MENU = "XTGL-015";

function requireMenuAdmin(ctx: Ctx) {
  if (ctx.companyKind !== "platform" || !ctx.permissions.has(MENU_ADMIN_MENU)) throw new DomainError("forbidden", t.errors.pages[403]!.message);
}

const MENU_COLUMNS = {
  id: menus.id,
  parentId: menus.parentId,
  code: menus.code,
  name: menus.name,
  icon: menus.icon,
  url: menus.url,
  sortOrder: menus.sortOrder,
  isAction: menus.isAction,
  platformOnly: menus.platformOnly,
};
export type MenuEntry = {
  id: number;
  parentId: number | null;
  code: string;
  name: string;
  icon: string | null;
  url: string | null;
  sortOrder: number;
  isAction: boolean;
  platformOnly: boolean;
};

const MENU_LIST: ListSpec<"sortOrder" | "id" | "code" | "name", never> = {
  sortable: ["sortOrder", "id", "code", "name"],
  defaultSort: { field: "sortOrder", dir: "asc" },
};
const SORT_COLUMN = { sortOrder: menus.sortOrder, id: menus.id, code: menus.code, name: menus.name } as const;

/** GET /api/app/sysMenu: skipCount, maxResultCount (≤ 1000), sorting (default sortOrder asc), filter → { totalCount, items }. */
export async function listMenuEntries(ctx: Ctx, params: URLSearchParams) {
  requireMenuAdmin(ctx);
  const q = parseListQuery(params, MENU_LIST);
  const like = q.keyword ? `%${escapeLike(q.keyword)}%` : undefined;
  const where = like ? or(ilike(menus.name, like), ilike(menus.code, like), ilike(menus.url, like)) : undefined;
  const order = q.sort.dir === "desc" ? desc(SORT_COLUMN[q.sort.field]) : asc(SORT_COLUMN[q.sort.field]);
  const [items, [total]] = await Promise.all([
    db().select(MENU_COLUMNS).from(menus).where(where).orderBy(order, asc(menus.id)).limit(q.take).offset(q.skip),
    db().select({ n: count() }).from(menus).where(where),
  ]);
  return { totalCount: Number(total?.n ?? 0), items };
}

/** Every entry in tree order (children after their parent, by sortOrder), with its depth: the page's tree list. */
export async function menuTreeRows(ctx: Ctx) {
  requireMenuAdmin(ctx);
  const rows = await db().select(MENU_COLUMNS).from(menus).orderBy(asc(menus.sortOrder), asc(menus.id));
  const children = new Map<number | null, MenuEntry[]>();
  const ids = new Set(rows.map((r) => r.id));
  for (const r of rows) {
    const key = r.parentId !== null && ids.has(r.parentId) ? r.parentId : null;
    children.set(key, [...(children.get(key) ?? []), r]);
  }
  const out: (MenuEntry & { depth: number })[] = [];
  const walk = (parent: number | null, depth: number) => {
    for (const r of children.get(parent) ?? []) {
      out.push({ ...r, depth });
      walk(r.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

export async function getMenuEntry(ctx: Ctx, id: unknown): Promise<MenuEntry> {
  requireMenuAdmin(ctx);
  const n = typeof id === "string" && /^\d{1,10}$/.test(id) ? Number(id) : id;
  if (!isId(n)) throw new DomainError("not_found", MENU_TEXT.missing);
  const [row] = await db().select(MENU_COLUMNS).from(menus).where(eq(menus.id, n));
  if (!row) throw new DomainError("not_found", MENU_TEXT.missing);
  return row;
}

/** Renames, re-icons or re-orders one entry; effective in everyone's menu at their next request. */
export async function updateMenuEntry(ctx: Ctx, id: unknown, input: unknown): Promise<MenuEntry> {
  requireMenuAdmin(ctx);
  const current = await getMenuEntry(ctx, id);
  // A field left out (an API call changing only the name) keeps its value.
  const given = input && typeof input === "object" ? (input as Record<string, unknown>) : {};
  const data = parseInput(MenuUpdateSchema, { name: current.name, icon: current.icon, sortOrder: current.sortOrder, ...given });
  if (data.code !== undefined && data.code !== "" && data.code !== current.code)
    throw new DomainError("bad_request", MENU_TEXT.codeFixed, { code: [MENU_TEXT.codeFixed] });
  const next = { name: data.name, icon: data.icon, sortOrder: data.sortOrder };
  const before = { name: current.name, icon: current.icon, sortOrder: current.sortOrder };
  if (before.name === next.name && before.icon === next.icon && before.sortOrder === next.sortOrder) return current;
  await inTransaction(async (tx) => {
    const [row] = await tx
      .update(menus)
      .set(next)
      .where(and(eq(menus.id, current.id)))
      .returning({ id: menus.id });
    if (!row) throw new DomainError("not_found", MENU_TEXT.missing);
    await recordAudit(
      {
        ...actorOf(ctx),
        action: "menuUpdate",
        targetType: "menu",
        targetId: current.id,
        summary: `修改菜单 ${current.code} ${current.name}${next.name !== current.name ? ` → ${next.name}` : ""}`,
        before,
        after: next,
      },
      tx,
    );
  });
  return { ...current, ...next };
}
