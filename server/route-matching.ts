import fs from "node:fs";
import Module, { createRequire } from "node:module";
import path from "node:path";

/**
 * Route matching without the per-call work (issue 21). react-router 6's `matchRoutes`
 * (@remix-run/router 1.x, which Remix calls several times per request: the request handler,
 * the static handler's query, the render's router) flattens the whole route tree, scores and
 * sorts every branch and compiles every branch's path into a RegExp on every call: with ~180
 * routes that was a quarter of a list page's CPU under load. React Router 7 memoises this
 * (remix-run/react-router PRs #12098, #14866); this does the same for the 1.x router Remix 2
 * uses, without editing node_modules: before anything requires the router, its CommonJS source
 * is read, three functions are replaced (below) and the module is compiled into Node's
 * require cache, where every later `require`/`import` of "@remix-run/router" finds it.
 *
 * - `compilePath(path, caseSensitive, end)` is pure: its [RegExp, params] is kept per
 *   arguments (the RegExp has no g/y flag, so sharing it keeps no state between matches).
 * - The flattened and ranked branches are kept per routes array and, for the new but
 *   identical arrays the render builds on every request, per the tree's shape: the preorder of
 *   (path, index, caseSensitive, number of children), which is all `flattenRoutes` and
 *   `rankRouteBranches` read. A match found through another tree's branches gets this tree's
 *   own route objects (same positions in the preorder).
 * - Which branch (by rank) first matches a pathname is kept per ranked branches: the next
 *   request for that pathname runs `matchRouteBranch` on that branch only (a pathname no
 *   branch matches, on none).
 *
 * The matching itself (`matchRouteBranch`, the order tried, params, pathnames) is the
 * router's own code. If the router's source is not what this expects (another version), it is
 * loaded unchanged and matching is just slower: `routeMatchingCached` says which.
 */
const require = createRequire(import.meta.url);

const MATCH_ROUTES_IMPL = /function matchRoutesImpl\(routes, locationArg, basename, allowPartial\) \{\n[\s\S]*?\n\}\n/;
const COMPILE_PATH = "function compilePath(path, caseSensitive, end) {\n";

const CACHED_MATCH_ROUTES_IMPL = `function matchRoutesImpl(routes, locationArg, basename, allowPartial) {
  let location = typeof locationArg === "string" ? parsePath(locationArg) : locationArg;
  let pathname = stripBasename(location.pathname || "/", basename);
  if (pathname == null) {
    return null;
  }
  let ranked = rankedBranchesOf(routes);
  let branches = ranked.branches;
  let decoded = decodePath(pathname);
  let key = (allowPartial ? "1" : "0") + decoded;
  let first = branches.firstMatch.get(key);
  let from = first === undefined ? 0 : first < 0 ? branches.length : first;
  for (let i = from; i < branches.length; ++i) {
    let matches = matchRouteBranch(branches[i], decoded, allowPartial);
    if (matches) {
      if (first === undefined) rememberFirstMatch(branches.firstMatch, key, i);
      let metas = branches[i].routesMeta;
      for (let j = 0; j < matches.length; ++j) matches[j].route = ranked.nodes[metas[j].treeIndex];
      return matches;
    }
  }
  if (first === undefined) rememberFirstMatch(branches.firstMatch, key, -1);
  return null;
}
function rememberFirstMatch(firstMatch, key, i) {
  if (firstMatch.size >= 5000) firstMatch.clear();
  firstMatch.set(key, i);
}
const rankedByRoutes = new WeakMap();
const rankedByShape = new Map();
function rankedBranchesOf(routes) {
  let known = rankedByRoutes.get(routes);
  if (known) return known;
  let nodes = [];
  let shape = [];
  let walk = list => {
    for (let route of list) {
      let children = route.children && route.children.length > 0 ? route.children : null;
      nodes.push(route);
      shape.push((route.path == null ? "\\u0002" : route.path) + "\\u0001" + (route.index === true ? 1 : 0) + (route.caseSensitive === true ? 1 : 0) + (children ? children.length : 0));
      if (children) walk(children);
    }
  };
  walk(routes);
  let key = shape.join("\\u0000");
  let same = rankedByShape.get(key);
  let branches = same;
  if (!branches) {
    branches = flattenRoutes(routes);
    rankRouteBranches(branches);
    let treeIndex = new Map(nodes.map((route, i) => [route, i]));
    for (let branch of branches) for (let meta of branch.routesMeta) meta.treeIndex = treeIndex.get(meta.route);
    branches.firstMatch = new Map();
    if (rankedByShape.size >= 64) rankedByShape.clear();
    rankedByShape.set(key, branches);
  }
  let ranked = { branches, nodes };
  rankedByRoutes.set(routes, ranked);
  return ranked;
}
`;

const CACHED_COMPILE_PATH = `const compiledPaths = new Map();
function compilePath(path, caseSensitive, end) {
  let key = (caseSensitive ? "1" : "0") + (end === undefined || end ? "1" : "0") + path;
  let hit = compiledPaths.get(key);
  if (hit === undefined) {
    hit = compilePathUncached(path, caseSensitive, end);
    if (compiledPaths.size >= 2000) compiledPaths.clear();
    compiledPaths.set(key, hit);
  }
  return hit;
}
function compilePathUncached(path, caseSensitive, end) {
`;

/** The router's source with the memos, or null when it is not the source this was written for. */
export function cachedRouterSource(source: string): string | null {
  if (!MATCH_ROUTES_IMPL.test(source) || source.split(COMPILE_PATH).length !== 2) return null;
  const impl = MATCH_ROUTES_IMPL.exec(source)![0];
  if (!impl.includes("let branches = flattenRoutes(routes);\n  rankRouteBranches(branches);")) return null;
  for (const fn of [
    "function flattenRoutes(",
    "function rankRouteBranches(",
    "function matchRouteBranch(",
    "function decodePath(",
    "function stripBasename(",
  ]) {
    if (!source.includes(fn)) return null;
  }
  return source.replace(MATCH_ROUTES_IMPL, CACHED_MATCH_ROUTES_IMPL).replace(COMPILE_PATH, CACHED_COMPILE_PATH);
}

type InternalModule = Module & { filename: string; paths: string[]; loaded: boolean; _compile(content: string, filename: string): void };
const ModuleInternals = Module as unknown as {
  new (id: string, parent?: Module | null): InternalModule;
  _nodeModulePaths(dir: string): string[];
};

function installCachedRouter(): boolean {
  let file: string;
  try {
    file = require.resolve("@remix-run/router");
  } catch {
    return false;
  }
  if (require.cache[file]) return "rankedBranchesOf" in ((require.cache[file]!.exports as Record<string, unknown>) ?? {});
  const patched = cachedRouterSource(fs.readFileSync(file, "utf8"));
  if (!patched) return false;
  const mod = new ModuleInternals(file, null);
  mod.filename = file;
  mod.paths = ModuleInternals._nodeModulePaths(path.dirname(file));
  // A marker other code can check; the router's own exports are unchanged.
  mod._compile(`${patched}\nObject.defineProperty(exports, "rankedBranchesOf", { value: rankedBranchesOf });\n`, file);
  mod.loaded = true;
  require.cache[file] = mod;
  return true;
}

/** Whether @remix-run/router in this process matches routes with the memos. */
export const routeMatchingCached = installCachedRouter();

/**
 * The router's `matchRoutes`, taken through `require` (the cache above). Server code imports it
 * from here, never with an ESM `import` of "@remix-run/router": the ESM loader may compile a
 * CommonJS file it is asked for itself, past the require cache, and the memos would be lost.
 */
export const matchRoutes = (require("@remix-run/router") as typeof import("@remix-run/router")).matchRoutes;
