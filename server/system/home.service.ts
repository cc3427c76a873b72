import type { Ctx } from "../lib/context";
import { listMenuPages } from "./menu.service";

/** The home page: who and where the user is, and shortcuts to the pages the role may open that exist. */
export function loadHome(ctx: Ctx, existingPages: ReadonlySet<string>) {
  const shortcuts = listMenuPages(ctx)
    .filter((p) => existingPages.has(p.url))
    .map((p) => ({ code: p.code, name: p.name, url: p.url, isAction: p.isAction }));
  return {
    user: { username: ctx.username, name: ctx.userName, phone: ctx.userPhone },
    company: { name: ctx.companyName, shortName: ctx.companyShortName },
    role: ctx.roleName,
    shortcuts,
  };
}
