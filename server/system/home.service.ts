import type { Ctx } from "../auth/context";
import { getProfile } from "./profile.service";
import { listMenuPages } from "./menu.service";

/** The home page: who and where the user is, and shortcuts to the pages the role may open that exist. */
export async function loadHome(ctx: Ctx, existingPages: ReadonlySet<string>) {
  const [profile, pages] = await Promise.all([getProfile(ctx), listMenuPages(ctx)]);
  const shortcuts = pages
    .filter((p) => p.url && existingPages.has(p.url))
    .map((p) => ({ code: p.code, name: p.name, url: p.url!, isAction: p.isAction }));
  return {
    user: { username: profile.username, name: profile.name, phone: profile.phone },
    company: { name: ctx.companyName, shortName: ctx.companyShortName },
    role: ctx.roleName,
    shortcuts,
  };
}
