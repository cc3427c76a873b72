import fs from "node:fs";
import Module, { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { cachedRouterSource, routeMatchingCached } from "./route-matching";

const require = createRequire(import.meta.url);
const file = require.resolve("@remix-run/router");

type Route = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Route[] };
type Router = {
  matchRoutes(
    routes: Route[],
    location: string,
    basename?: string,
  ): { route: Route; params: Record<string, string | undefined>; pathname: string; pathnameBase: string }[] | null;
};

/** A private copy of the router compiled from `source` (not the require cache's). */
function compile(source: string): Router {
  const m = new (Module as unknown as new (id: string) => { exports: Router; _compile(c: string, f: string): void })(file);
  m._compile(source, file);
  return m.exports;
}

const original = compile(fs.readFileSync(file, "utf8"));
const cached = compile(cachedRouterSource(fs.readFileSync(file, "utf8"))!);

/** Routes like the app's: a layout without a path, index routes, params, optional segments, splats, a case-sensitive path. */
function tree(): Route[] {
  return [
    {
      id: "root",
      path: "",
      children: [
        { id: "index", index: true },
        {
          id: "app",
          children: [
            { id: "order", path: "sale/order" },
            { id: "order.$id", path: "sale/order/:id" },
            { id: "orderCreate", path: "sale/orderCreate" },
            { id: "lang", path: ":lang?/about" },
            { id: "case", path: "Exact", caseSensitive: true },
            { id: "files", path: "files/*" },
          ],
        },
        { id: "api.$resource", path: "api/app/:resource" },
        { id: "api.$resource.$id", path: "api/app/:resource/:id" },
        { id: "api.export", path: "api/app/:resource/export" },
        { id: "api.splat", path: "api/*" },
        { id: "splat", path: "*" },
      ],
    },
  ];
}

const PATHS = [
  "/",
  "/sale/order",
  "/sale/order/",
  "/sale/order/12",
  "/sale/orderCreate",
  "/about",
  "/en/about",
  "/Exact",
  "/exact",
  "/files/a/b.png",
  "/api/app/product",
  "/api/app/product/3",
  "/api/app/product/export",
  "/api/nope/x",
  "/nope",
  "/%E4%B8%AD",
  "/sale/order/%2F",
];

const plain = (ms: ReturnType<Router["matchRoutes"]>) =>
  ms?.map((m) => ({ id: m.route.id, params: { ...m.params }, pathname: m.pathname, pathnameBase: m.pathnameBase })) ?? null;

describe("route matching with memos", () => {
  it("is installed in this process, also after the HTTP stack and Remix are loaded", async () => {
    expect(routeMatchingCached).toBe(true);
    await import("./http");
    await import("@remix-run/express");
    expect("rankedBranchesOf" in require("@remix-run/router")).toBe(true);
  });

  it("matches exactly as the router's own code, on the same tree and on a new one of the same shape", () => {
    const routes = tree();
    for (const round of [0, 1, 2]) {
      const again = round ? tree() : routes;
      for (const p of PATHS) {
        const want = original.matchRoutes(again, p);
        const got = cached.matchRoutes(again, p);
        expect(plain(got), `${p} (round ${round})`).toEqual(plain(want));
        // The matches carry this tree's own route objects, not the first tree's.
        got?.forEach((m, i) => expect(m.route).toBe(want![i]!.route));
      }
    }
    expect(plain(cached.matchRoutes(routes, "/app/sale/order", "/app"))).toEqual(plain(original.matchRoutes(routes, "/app/sale/order", "/app")));
    expect(cached.matchRoutes(routes, "/x", "/app")).toBeNull();
  });

  it("a tree of another shape is ranked on its own", () => {
    const a = tree();
    const b = tree();
    b[0]!.children!.unshift({ id: "first", path: "sale/order" });
    expect(cached.matchRoutes(a, "/sale/order")!.at(-1)!.route.id).toBe("order");
    expect(cached.matchRoutes(b, "/sale/order")!.at(-1)!.route.id).toBe(original.matchRoutes(b, "/sale/order")!.at(-1)!.route.id);
  });

  it("refuses a source it was not written for", () => {
    expect(cachedRouterSource("module.exports = {}")).toBeNull();
  });
});
