import type { Ctx } from "../lib/context";
import { listMyCompanies } from "../auth/session.service";
import { getMenuTree, listMenuPages } from "./menu.service";
import { countUnreadNotifications } from "../kernel/notify";
import { getCompanyTimeZone } from "../setting/setting.service";
import type { ShellMenuNode } from "./shell.wire";

/**
 * Everything the signed-in shell shows (spec 000 §2 "Shell", §7 start-up): three queries beyond
 * the session, run at once: the user's companies, the bell's unread count (an index-only count)
 * and the company's time zone (one settings row by its unique key).
 */
export async function loadShell(ctx: Ctx) {
  const [companies, unreadNotifications, timeZone] = await Promise.all([listMyCompanies(ctx), countUnreadNotifications(ctx), getCompanyTimeZone(ctx)]);
  // Pages that open as tabs: menu pages and action pages (销售开单 …) the role holds.
  const tabbable: Record<string, string> = {};
  for (const p of listMenuPages(ctx)) tabbable[p.url] = p.name;
  return {
    user: { id: ctx.userId, username: ctx.username, name: ctx.userName, avatarVersion: ctx.avatarVersion },
    company: { id: ctx.companyId, name: ctx.companyName, shortName: ctx.companyShortName, kind: ctx.companyKind },
    role: ctx.roleName,
    companies,
    menu: shellMenu(getMenuTree(ctx)),
    tabbable,
    canSalesBilling: ctx.permissions.has("XSGL-004"),
    canPurchaseBilling: ctx.permissions.has("CGGL-004"),
    unreadNotifications,
    /** The company setting TimeZone: every page shows instants in it (app/hooks/useTimeZone). */
    timeZone,
  };
}

/** The tree as the shell shows it: what the side menu reads (its sort order is the tree's order). */
function shellMenu(nodes: ReturnType<typeof getMenuTree>): ShellMenuNode[] {
  return nodes.map((n) => ({ id: n.id, code: n.code, name: n.name, icon: n.icon, url: n.url, children: shellMenu(n.children) }));
}
