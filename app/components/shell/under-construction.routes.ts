import { MENU_TREE, type MenuSeed } from "../../../server/system/menu.data";
import { pagePathsOf, UNDER_CONSTRUCTION_ID } from "../../../server/system/page-index";

/** A route of the Remix manifest, as remix.config.js's `routes` function returns it. */
export interface ConfigRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  file: string;
}

const LAYOUT_FILE = "routes/_app+/_layout.tsx";
const PAGE_FILE = "components/shell/under-construction.route.tsx";

function menuUrls(tree: MenuSeed[], out = new Set<string>()) {
  for (const m of tree) {
    if (m.url) out.add(m.url);
    if (m.children) menuUrls(m.children, out);
  }
  return out;
}

const unbuiltOf = new WeakMap<ReadonlySet<string>, Set<string>>();

/** The menu urls (pages and the top-bar billing actions) that no route file serves yet. */
export function unbuiltMenuUrls(built: ReadonlySet<string>): Set<string> {
  let out = unbuiltOf.get(built);
  if (!out) {
    out = new Set([...menuUrls(MENU_TREE)].filter((url) => !built.has(url) && /^\/[A-Za-z0-9/_-]+$/.test(url)));
    unbuiltOf.set(built, out);
  }
  return out;
}

/**
 * Build-time routes (read by remix.config.js): the menu areas that still have pages without a
 * route file get one splat route each inside the signed-in shell (`/sale/*`, `/purchase/*` …),
 * drawn by one module: a menu url not built yet says 此功能正在建设中 (menu, tabs and keyboard
 * stay; works without JavaScript), any other url of the area is the 404 page inside the shell.
 * One route per area, not per page: Remix matches every request against every route, so 80
 * routes of their own cost each page view several milliseconds. Built pages are more specific
 * than a splat and keep their own routes; once an area is fully built, its splat goes away.
 */
export function underConstructionRoutes(routes: Record<string, ConfigRoute>): Record<string, ConfigRoute> {
  const layout = Object.values(routes).find((r) => r.file === LAYOUT_FILE);
  if (!layout) throw new Error(`under-construction routes: no layout route ${LAYOUT_FILE}`);
  const areas = new Set([...unbuiltMenuUrls(pagePathsOf(routes))].map((url) => url.split("/")[1]!));
  const out: Record<string, ConfigRoute> = {};
  for (const area of areas) {
    const id = `${UNDER_CONSTRUCTION_ID}${area}`;
    out[id] = { id, parentId: layout.id, path: `${area}/*`, index: undefined, caseSensitive: undefined, file: PAGE_FILE };
  }
  return out;
}
