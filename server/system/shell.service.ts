import type { Ctx } from "../auth/context";
import { listMyCompanies } from "../auth/session.service";
import { getGlobalSettings } from "../setting/setting.service";
import { getProfile } from "./profile.service";
import { getMenuTree, listMenuPages } from "./menu.service";

/** Everything the signed-in shell shows, in one call (spec 000 §2 "Shell", §7 start-up). */
export async function loadShell(ctx: Ctx) {
  const [menu, pages, companies, profile, globals] = await Promise.all([
    getMenuTree(ctx),
    listMenuPages(ctx),
    listMyCompanies(ctx),
    getProfile(ctx),
    getGlobalSettings(),
  ]);
  // Pages that open as tabs: menu pages and action pages (销售开单 …) the role holds.
  const tabbable: Record<string, string> = {};
  for (const p of pages) if (p.url) tabbable[p.url] = p.name;
  return {
    user: { id: ctx.userId, username: ctx.username, name: profile.name, avatarVersion: profile.avatarVersion },
    company: { id: ctx.companyId, name: ctx.companyName, shortName: ctx.companyShortName, kind: ctx.companyKind },
    role: ctx.roleName,
    companies,
    menu,
    tabbable,
    canSalesBilling: ctx.permissions.has("XSGL-004"),
    canPurchaseBilling: ctx.permissions.has("CGGL-004"),
    platformType: String(globals.PlatformType ?? ""),
  };
}
