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

/**
 * Build-time routes (read by remix.config.js): every menu url (pages and the top-bar billing
 * actions) that no route file serves yet gets a route inside the signed-in shell, all drawn by
 * one module that says 此功能正在建设中. Menu, tabs and keyboard stay, and it works without
 * JavaScript; a url outside the menu still falls through to the 404 page. Once a page's file
 * exists, its url is served by that file and drops out of this list by itself.
 */
export function underConstructionRoutes(routes: Record<string, ConfigRoute>): Record<string, ConfigRoute> {
  const layout = Object.values(routes).find((r) => r.file === LAYOUT_FILE);
  if (!layout) throw new Error(`under-construction routes: no layout route ${LAYOUT_FILE}`);
  const built = pagePathsOf(routes);
  const out: Record<string, ConfigRoute> = {};
  for (const url of menuUrls(MENU_TREE)) {
    if (built.has(url) || !/^\/[A-Za-z0-9/_-]+$/.test(url)) continue;
    const id = `${UNDER_CONSTRUCTION_ID}${url.slice(1)}`;
    out[id] = { id, parentId: layout.id, path: url.slice(1), index: undefined, caseSensitive: undefined, file: PAGE_FILE };
  }
  return out;
}
