import { describe, expect, it } from "vitest";
import { MENU_TREE } from "../../../server/system/menu.data";
import { pagePathsOf } from "../../../server/system/page-index";
import { underConstructionRoutes, type ConfigRoute } from "./under-construction.routes";

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

  it("adds one route under the shell layout for every menu url without a route file, top-bar actions included", () => {
    expect(byPath.get("/sale/order")).toMatchObject({ parentId: "routes/_app+/_layout", file: "components/shell/under-construction.route.tsx" });
    expect(byPath.has("/sale/orderCreate")).toBe(true);
    expect(byPath.has("/purchase/orderCreate")).toBe(true);
    // Built pages keep their own route; nothing outside the menu is added.
    expect(byPath.has("/organization/partner")).toBe(false);
    expect(byPath.has("/home")).toBe(false);
    expect([...byPath.keys()].every((p) => JSON.stringify(MENU_TREE).includes(`"${p}"`))).toBe(true);
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
