import { describe, expect, it } from "vitest";
import { HOME_URL, menuPageOf, TAB_LIMIT, tabNameOf, tabRules, type Tab } from "./useTabs";

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
    tabs = tabRules.open(tabs, "/p1", "页面1", "");
    tabs = tabRules.open(tabs, "/p1", "页面1", "?sort=code");
    expect(tabs).toEqual([tab(HOME_URL), tab("/p1", "?sort=code")]);
  });

  it("warns before opening a 13th tab when 12 are open, and opens it once confirmed", () => {
    const twelve = [tab(HOME_URL), ...Array.from({ length: 11 }, (_, i) => tab(`/p${i + 1}`))];
    expect(twelve).toHaveLength(TAB_LIMIT);
    expect(tabRules.wouldWarn(twelve.slice(0, 11), known, "/p12")).toBe(false);
    expect(tabRules.wouldWarn(twelve, known, "/p12")).toBe(true);
    // Pages already open, or not menu entries, never warn.
    expect(tabRules.wouldWarn(twelve, known, "/p3")).toBe(false);
    expect(tabRules.wouldWarn(twelve, known, "/profile")).toBe(false);
    // The warning does not forbid: after 确定 the page gets its tab (the 13th), and the next one warns again.
    const thirteen = tabRules.open(twelve, "/p12", "页面12", "");
    expect(thirteen.map((t) => t.url)).toEqual([...twelve.map((t) => t.url), "/p12"]);
    expect(tabRules.wouldWarn(thirteen, known, "/p13")).toBe(true);
  });

  it("关闭其他 keeps Home and the active tab; 关闭全部 keeps Home and goes there if the active tab closed", () => {
    const tabs = [tab(HOME_URL), tab("/p1"), tab("/p2", "?x=1"), tab("/p3")];
    expect(tabRules.closeOthers(tabs, "/p2").map((t) => t.url)).toEqual([HOME_URL, "/p2"]);
    expect(tabRules.closeOthers(tabs, HOME_URL).map((t) => t.url)).toEqual([HOME_URL]);
    // On a page without a tab (e.g. /profile), only Home stays.
    expect(tabRules.closeOthers(tabs, "/profile").map((t) => t.url)).toEqual([HOME_URL]);
    const all = tabRules.closeAll(tabs, "/p3");
    expect(all.tabs).toEqual([tab(HOME_URL)]);
    expect(all.goTo).toEqual(tab(HOME_URL));
    expect(tabRules.closeAll(tabs, HOME_URL).goTo).toBeUndefined();
    expect(tabRules.closeAll(tabs, "/profile").goTo).toBeUndefined();
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

  it("restores stored tabs the role still has, Home first, no duplicates, the current page kept", () => {
    const stored = [
      tab("/p2"),
      { url: "/gone", name: "x", query: "" },
      tab("/p2"),
      { url: 5 },
      tab("/p4", "?q=1"),
      ...Array.from({ length: 15 }, (_, i) => tab(`/p${i + 5}`)),
    ];
    const restored = tabRules.restore(stored, known, [tab(HOME_URL), tab("/p1")]);
    expect(restored[0]!.url).toBe(HOME_URL);
    expect(restored[1]).toEqual(tab("/p2"));
    expect(restored[2]).toEqual(tab("/p4", "?q=1"));
    expect(restored.some((t) => t.url === "/gone")).toBe(false);
    expect(new Set(restored.map((t) => t.url)).size).toBe(restored.length);
    // More than 12 stay (a confirmed warning allowed them); the known pages bound the list.
    expect(restored.map((t) => t.url)).toEqual([HOME_URL, "/p2", "/p4", ...Array.from({ length: 15 }, (_, i) => `/p${i + 5}`).filter((u) => known[u]), "/p1"]);
    const current = [tab(HOME_URL), tab("/p20")];
    expect(
      tabRules
        .restore(
          Array.from({ length: 19 }, (_, i) => tab(`/p${i + 1}`)),
          known,
          current,
        )
        .at(-1),
    ).toEqual(tab("/p20"));
    expect(tabRules.restore("garbage", known, [tab(HOME_URL)])).toEqual([tab(HOME_URL)]);
  });

  it("a document page gets a tab of its own, named by its title, while its menu page is the role's", () => {
    const withOrders = { ...known, "/sale/order": "销售订单", "/sale/orderCreate": "销售开单" };
    expect(menuPageOf(withOrders, "/sale/order/55")).toBe("/sale/order");
    expect(menuPageOf(withOrders, "/sale/orderCreate")).toBe("/sale/orderCreate");
    expect(menuPageOf(withOrders, "/purchase/order/55")).toBeUndefined();
    expect(menuPageOf(withOrders, "/profile")).toBeUndefined();
    expect(tabNameOf(withOrders, "/sale/order/55", "销售订单 XS202611270003 - 汽配云管家")).toBe("销售订单 XS202611270003");
    expect(tabNameOf(withOrders, "/sale/order", "whatever - 汽配云管家")).toBe("销售订单");
    expect(tabNameOf(withOrders, "/sale/order/55", "汽配云管家")).toBe("销售订单");
    expect(tabNameOf(withOrders, "/purchase/order/55", "采购订单 CG1 - 汽配云管家")).toBeUndefined();
    // Opening it again under a new title (a draft that got its number) renames the tab.
    let tabs = tabRules.open([tab(HOME_URL)], "/sale/order/55", "销售订单 ", "");
    tabs = tabRules.open(tabs, "/sale/order/55", "销售订单 XS1", "");
    expect(tabs.map((x) => x.name)).toEqual(["首页", "销售订单 XS1"]);
    // Restored with its name while /sale/order is the role's; dropped once it is not.
    const stored = [{ url: "/sale/order/55", name: "销售订单 XS1", query: "" }];
    expect(tabRules.restore(stored, withOrders, [tab(HOME_URL)]).map((x) => x.name)).toEqual(["首页", "销售订单 XS1"]);
    expect(tabRules.restore(stored, known, [tab(HOME_URL)]).map((x) => x.url)).toEqual([HOME_URL]);
    // The 13th tab warns for a document as for a menu page.
    const twelve = [tab(HOME_URL), ...Array.from({ length: 11 }, (_, i) => tab(`/p${i + 1}`))];
    expect(tabRules.wouldWarn(twelve, withOrders, "/sale/order/55")).toBe(true);
  });
});
