import { describe, expect, it } from "vitest";
import { MENU_TREE } from "../../../server/system/menu.data";
import { pagePathsOf } from "../../../server/system/page-index";
import { underConstructionRoutes, unbuiltMenuUrls, type ConfigRoute } from "./under-construction.routes";

const route = (id: string, path: string | undefined, parentId = "root", file = `${id}.tsx`): ConfigRoute => ({ id, path, parentId, file });
const manifest: Record<string, ConfigRoute> = Object.fromEntries(
  [
    { id: "root", path: "", file: "root.tsx" },
    route("routes/$", "*"),
    route("routes/_app+/_layout", undefined, "root", "routes/_app+/_layout.tsx"),
    route("routes/_app+/home", "home", "routes/_app+/_layout"),
    route("routes/_app+/organization.partner", "organization/partner", "routes/_app+/_layout"),
  ].map((r) => [r.id, r]),
);

describe("in-shell pages for menu entries not built yet", () => {
  const added = underConstructionRoutes(manifest);
  const byPath = new Map(Object.values(added).map((r) => [`/${r.path}`, r]));
  const unbuilt = unbuiltMenuUrls(pagePathsOf(manifest));

  it("knows every menu url without a route file, top-bar actions included, and no built page", () => {
    expect(unbuilt.has("/sale/order")).toBe(true);
    expect(unbuilt.has("/sale/orderCreate")).toBe(true);
    expect(unbuilt.has("/purchase/orderCreate")).toBe(true);
    expect(unbuilt.has("/organization/partner")).toBe(false);
    expect(unbuilt.has("/home")).toBe(false);
    expect([...unbuilt].every((p) => JSON.stringify(MENU_TREE).includes(`"${p}"`))).toBe(true);
  });

  it("adds one splat route under the shell layout per menu area with such pages, not one per page", () => {
    expect(byPath.get("/sale/*")).toMatchObject({ parentId: "routes/_app+/_layout", file: "components/shell/under-construction.route.tsx" });
    expect(byPath.has("/purchase/*")).toBe(true);
    const areas = new Set([...unbuilt].map((u) => u.split("/")[1]));
    expect(byPath.size).toBe(areas.size);
    expect(byPath.size).toBeLessThan(unbuilt.size / 3);
    expect(new Set(Object.keys(added)).size).toBe(byPath.size);
  });

  it("the added routes are not counted as built pages (home shortcuts)", () => {
    const paths = pagePathsOf({ ...manifest, ...added });
    expect(paths.has("/organization/partner")).toBe(true);
    expect(paths.has("/sale/order")).toBe(false);
  });

  it("refuses a manifest without the shell layout", () => {
    const { ["routes/_app+/_layout"]: _layout, ...rest } = manifest;
    expect(() => underConstructionRoutes(rest)).toThrow(/layout/);
  });
});
