import { describe, expect, it } from "vitest";
import { HOME_URL, TAB_LIMIT, tabRules, type Tab } from "./useTabs";

const known: Record<string, string> = { [HOME_URL]: "首页" };
for (let i = 1; i <= 20; i++) known[`/p${i}`] = `页面${i}`;
const tab = (url: string, query = ""): Tab => ({ url, name: known[url]!, query });

describe("tab bar rules", () => {
  it("starts with Home, plus the current page when it is a menu entry", () => {
    expect(tabRules.initial(known, HOME_URL, "")).toEqual([tab(HOME_URL)]);
    expect(tabRules.initial(known, "/p3", "?page=2")).toEqual([tab(HOME_URL), tab("/p3", "?page=2")]);
    expect(tabRules.initial(known, "/profile", "")).toEqual([tab(HOME_URL)]);
  });

  it("adds a tab per opened page once, remembering its query", () => {
    let tabs = [tab(HOME_URL)];
    tabs = tabRules.open(tabs, "/p1", "页面1", "").tabs;
    tabs = tabRules.open(tabs, "/p1", "页面1", "?sort=code").tabs;
    expect(tabs).toEqual([tab(HOME_URL), tab("/p1", "?sort=code")]);
  });

  it("warns instead of opening a 13th tab when 12 are open", () => {
    const twelve = [tab(HOME_URL), ...Array.from({ length: 11 }, (_, i) => tab(`/p${i + 1}`))];
    expect(twelve).toHaveLength(TAB_LIMIT);
    expect(tabRules.open(twelve.slice(0, 11), "/p12", "页面12", "")).toMatchObject({ blocked: false });
    const r = tabRules.open(twelve, "/p12", "页面12", "");
    expect(r.blocked).toBe(true);
    expect(r.tabs).toBe(twelve);
    expect(tabRules.wouldBlock(twelve, known, "/p12")).toBe(true);
    // Pages already open, or not menu entries, are never blocked.
    expect(tabRules.wouldBlock(twelve, known, "/p3")).toBe(false);
    expect(tabRules.wouldBlock(twelve, known, "/profile")).toBe(false);
  });

  it("never closes Home; closing the active tab goes to the previous one", () => {
    const tabs = [tab(HOME_URL), tab("/p1"), tab("/p2", "?x=1"), tab("/p3")];
    expect(tabRules.close(tabs, HOME_URL, HOME_URL).tabs).toBe(tabs);
    const closedActive = tabRules.close(tabs, "/p3", "/p3");
    expect(closedActive.tabs.map((t) => t.url)).toEqual([HOME_URL, "/p1", "/p2"]);
    expect(closedActive.goTo).toEqual(tab("/p2", "?x=1"));
    const closedFirst = tabRules.close(tabs, "/p1", "/p1");
    expect(closedFirst.goTo?.url).toBe(HOME_URL);
    const closedOther = tabRules.close(tabs, "/p1", "/p3");
    expect(closedOther.goTo).toBeUndefined();
  });

  it("restores stored tabs the role still has, Home first, no duplicates, at most 12", () => {
    const stored = [tab("/p2"), { url: "/gone", name: "x", query: "" }, tab("/p2"), { url: 5 }, tab("/p4", "?q=1"), ...Array.from({ length: 15 }, (_, i) => tab(`/p${i + 5}`))];
    const restored = tabRules.restore(stored, known, [tab(HOME_URL), tab("/p1")]);
    expect(restored[0]!.url).toBe(HOME_URL);
    expect(restored[1]).toEqual(tab("/p2"));
    expect(restored[2]).toEqual(tab("/p4", "?q=1"));
    expect(restored.some((t) => t.url === "/gone")).toBe(false);
    expect(new Set(restored.map((t) => t.url)).size).toBe(restored.length);
    expect(restored).toHaveLength(TAB_LIMIT);
    expect(tabRules.restore("garbage", known, [tab(HOME_URL)])).toEqual([tab(HOME_URL)]);
  });
});
