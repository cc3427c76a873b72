/**
 * The shell's menu as a page carries it (issue 21: a 13 KB menu and its 2.7 KB url → name map
 * in every signed-in page's context): each entry as a short array instead of an object with
 * keys, and only the tabbable pages the menu tree does not already name. Pure: the layout
 * route expands it on the server and in the browser alike, so the shell gets what it got.
 */

/** A menu entry as the shell shows it. */
export interface ShellMenuNode {
  id: number;
  code: string;
  name: string;
  icon: string | null;
  url: string | null;
  children: ShellMenuNode[];
}

/** [id, code, name, icon, url, children]; children left out when there are none. */
export type WireMenuNode = [number, string, string, string | null, string | null, WireMenuNode[]?];
/**
 * The compact tree as loader data types it: opaque (Remix's serialised type of a recursive
 * tuple is too deep for TypeScript); only expandMenu reads it.
 */
export type WireMenu = { readonly wireMenu: true };

export function compactMenu(nodes: ShellMenuNode[]): WireMenuNode[] {
  return nodes.map((n) => (n.children.length ? [n.id, n.code, n.name, n.icon, n.url, compactMenu(n.children)] : [n.id, n.code, n.name, n.icon, n.url]));
}

export function expandMenu(nodes: WireMenuNode[]): ShellMenuNode[] {
  return nodes.map(([id, code, name, icon, url, children]) => ({ id, code, name, icon, url, children: children ? expandMenu(children) : [] }));
}

function namesInTree(nodes: ShellMenuNode[], out: Record<string, string> = {}) {
  for (const n of nodes) {
    if (n.url) out[n.url] = n.name;
    namesInTree(n.children, out);
  }
  return out;
}

/** The tabbable pages (url → name) the tree does not give as they are: action pages, mostly. */
export function extraTabs(tree: ShellMenuNode[], tabbable: Record<string, string>): Record<string, string> {
  const inTree = namesInTree(tree);
  const extra: Record<string, string> = {};
  for (const [url, name] of Object.entries(tabbable)) if (inTree[url] !== name) extra[url] = name;
  return extra;
}

/** The url → name map of tabbable pages again: the tree's pages in tree order, then the others. */
export function tabbableOf(tree: ShellMenuNode[], extra: Record<string, string>): Record<string, string> {
  const all = namesInTree(tree);
  for (const [url, name] of Object.entries(extra)) all[url] = name;
  return all;
}

/** Shell data with `menu` and `tabbable` as the page carries them (`m`, `tabs`), everything else as it is. */
export function compactShell<T extends { menu: ShellMenuNode[]; tabbable: Record<string, string> }>({ menu, tabbable, ...rest }: T) {
  return { ...rest, m: compactMenu(menu) as unknown as WireMenu, tabs: extraTabs(menu, tabbable) };
}

export function expandShell<T extends { m: WireMenu; tabs: Record<string, string> }>({ m, tabs, ...rest }: T) {
  const menu = expandMenu(m as unknown as WireMenuNode[]);
  return { ...rest, menu, tabbable: tabbableOf(menu, tabs) };
}
