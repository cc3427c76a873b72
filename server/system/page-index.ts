/**
 * Paths of the pages this build actually has (from the Remix route manifest), so the home
 * page offers shortcuts only to pages that exist, never to a 404.
 */
type RouteInfo = { id: string; parentId?: string; path?: string; index?: boolean };

export function pagePathsOf(routes: Record<string, RouteInfo | undefined>): Set<string> {
  const full = (id: string | undefined): string => {
    const r = id ? routes[id] : undefined;
    if (!r) return "";
    const parent = full(r.parentId);
    return r.path ? `${parent.replace(/\/$/, "")}/${r.path}` : parent;
  };
  const out = new Set<string>();
  for (const r of Object.values(routes)) {
    if (!r) continue;
    const p = full(r.id) || "/";
    if (!p.includes(":") && !p.includes("*")) out.add(p);
  }
  return out;
}
