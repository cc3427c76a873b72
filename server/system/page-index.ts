/**
 * Paths of the pages this build actually has (from the Remix route manifest), so the home
 * page offers shortcuts only to pages that exist, never to a 404.
 */
type RouteInfo = { id: string; parentId?: string; path?: string; index?: boolean };

/**
 * Id prefix of the routes remix.config.js adds for menu areas with pages not built yet (one
 * in-shell splat route per area that says "此功能正在建设中"): routes, but not pages this build has.
 */
export const UNDER_CONSTRUCTION_ID = "under-construction/";

export function pagePathsOf(routes: Record<string, RouteInfo | undefined>): Set<string> {
  const full = (id: string | undefined): string => {
    const r = id ? routes[id] : undefined;
    if (!r) return "";
    const parent = full(r.parentId);
    return r.path ? `${parent.replace(/\/$/, "")}/${r.path}` : parent;
  };
  const out = new Set<string>();
  for (const r of Object.values(routes)) {
    if (!r || r.id.startsWith(UNDER_CONSTRUCTION_ID)) continue;
    const p = full(r.id) || "/";
    if (!p.includes(":") && !p.includes("*")) out.add(p);
  }
  return out;
}
