import type { Locator, Page } from "@playwright/test";
import { MENU_TREE, type MenuSeed } from "../../../server/system/menu.data";
import { currentUserId, expect, login, tabs, test, waitForTabsHydrated } from "../helpers";

/** A menu page with where it sits in the tree (area and group codes), from the seeded menu. */
interface Entry {
  code: string;
  name: string;
  url: string;
  area: string;
  group?: string;
}

function flatten(): Entry[] {
  const out: Entry[] = [];
  for (const area of MENU_TREE) {
    for (const g of area.children ?? []) {
      const visit = (n: MenuSeed, group?: string) => {
        if (n.url && !n.action && !n.p) out.push({ code: n.code, name: n.name, url: n.url, area: area.code, group });
      };
      if (g.url) visit(g);
      else for (const p of g.children ?? []) visit(p, g.code);
    }
  }
  return out;
}

const ENTRIES = flatten();
const entry = (code: string) => {
  const e = ENTRIES.find((x) => x.code === code);
  if (!e) throw new Error(`no menu entry ${code}`);
  return e;
};

/** Eleven menu pages boss1 (经理) holds; with Home they fill the bar (TAB_LIMIT = 12). */
const ELEVEN = ["XSGL-001", "XSGL-002", "XSGL-003", "XSGL-006", "XSGL-007", "CGGL-001", "CGGL-002", "CPGL-001", "TJBB-001", "ZZGL-004", "XTGL-001"].map(entry);

type StoredTab = { url: string; name: string; query: string };
const stored = (e: Entry, query = ""): StoredTab => ({ url: e.url, name: e.name, query });
const HOME: StoredTab = { url: "/home", name: "首页", query: "" };

/** Signs boss1 in, writes the tab list to localStorage and reloads /home so it is restored. */
async function restoreTabs(page: Page, list: unknown[]) {
  await login(page, "boss1");
  const userId = await currentUserId(page);
  await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [`qp.tabs.${userId}`, JSON.stringify(list)]);
  await page.reload();
  await expect(page.getByTestId("home-role")).toBeVisible();
  // The menu's <details> and the tab bar react to clicks only once the reloaded page hydrated.
  await waitForTabsHydrated(page);
  return userId;
}

async function storedTabs(page: Page, userId: number): Promise<StoredTab[]> {
  return page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "null"), `qp.tabs.${userId}`);
}

/** The tab is wholly inside the visible part of the tab strip, left of the top-bar buttons. */
async function expectInStrip(page: Page, tab: Locator) {
  const strip = page.getByTestId("tabbar");
  const buttons = page.getByTestId("sales-billing");
  await expect
    .poll(
      async () => {
        const [t, s, b] = await Promise.all([tab.boundingBox(), strip.boundingBox(), buttons.boundingBox()]);
        return !!t && !!s && !!b && t.x >= s.x - 0.5 && t.x + t.width <= s.x + s.width + 0.5 && t.x + t.width <= b.x;
      },
      { message: "the tab is fully visible, left of the top-bar buttons" },
    )
    .toBe(true);
}

/** Opens the area (and group) <details> holding a menu entry and returns its link. */
async function menuLink(page: Page, e: Entry) {
  const drawer = page.getByTestId("drawer");
  const area = drawer.locator(`details:has(> summary[data-code="${e.area}"])`);
  if (!(await area.evaluate((d) => (d as HTMLDetailsElement).open))) await area.locator(":scope > summary").click();
  if (e.group) {
    const group = area.locator(`details:has(> summary[data-code="${e.group}"])`);
    if (!(await group.evaluate((d) => (d as HTMLDetailsElement).open))) await group.locator(":scope > summary").click();
  }
  const link = drawer.locator(`a[data-code="${e.code}"]`);
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute("href", e.url);
  return link;
}

test.describe("tab bar", () => {
  test("a fresh sign-in shows only the Home tab, active and not closable", async ({ page }) => {
    await login(page, "boss1");
    const userId = await currentUserId(page);
    await expect(tabs(page)).toHaveCount(1);
    const home = tabs(page).first();
    await expect(home).toHaveAttribute("data-url", "/home");
    await expect(home).toHaveAttribute("data-active", "true");
    await expect(home).toHaveText("首页");
    await expect(home.getByRole("button")).toHaveCount(0);
    expect(await storedTabs(page, userId)).toEqual([HOME]);
  });

  test("stored tabs are restored: Home first, only the role's pages, no duplicates, more than 12 kept", async ({ page }) => {
    const platformOnly = { url: "/system/configure/menu", name: "菜单配置", query: "" }; // XTGL-015, platform only
    const list = [
      stored(entry("XSGL-001"), "?status=1"),
      platformOnly,
      { url: "/no/such/page", name: "bogus", query: "" },
      HOME,
      stored(entry("XSGL-001")), // duplicate
      "garbage",
      ...ELEVEN.slice(1).map((e) => stored(e)),
      stored(entry("CKGL-001")), // a 13th page: opened after the warning's 确定, kept
    ];
    await restoreTabs(page, list);

    await expect(tabs(page)).toHaveCount(13);
    const urls = await tabs(page).evaluateAll((els) => els.map((el) => el.getAttribute("data-url")));
    expect(urls).toEqual(["/home", ...ELEVEN.map((e) => e.url), entry("CKGL-001").url]);
    // Names come from the menu, the remembered query string is kept on the link.
    const first = page.getByTestId("tabbar").locator(`div[data-url="${ELEVEN[0]!.url}"]`);
    await expect(first).toHaveText(ELEVEN[0]!.name);
    await expect(first.getByRole("link")).toHaveAttribute("href", `${ELEVEN[0]!.url}?status=1`);
    await expect(first.getByRole("button", { name: `关闭标签 ${ELEVEN[0]!.name}` })).toBeVisible();
    await expect(page.getByTestId("tabbar").locator('div[data-url="/home"]')).toHaveAttribute("data-active", "true");
  });

  test("with 12 tabs open, opening a 13th page warns first: 取消 stays on /home, 确定 opens it as the active tab", async ({ page }) => {
    const userId = await restoreTabs(page, [HOME, ...ELEVEN.map((e) => stored(e))]);
    await expect(tabs(page)).toHaveCount(12);
    await expect(page.getByRole("button", { name: /^关闭标签/ })).toHaveCount(11);

    const thirteenth = entry("CKGL-001"); // 库存余额 /warehouse/goods, not among the open tabs
    expect(ELEVEN.map((e) => e.url)).not.toContain(thirteenth.url);
    await (await menuLink(page, thirteenth)).click();

    const dialog = page.getByRole("dialog", { name: "提示" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("打开的标签页过多可能导致页面卡顿，请关闭不用的标签页");
    expect(new URL(page.url()).pathname).toBe("/home");
    await expect(tabs(page)).toHaveCount(12);
    await expect(page.getByTestId("tabbar").locator(`div[data-url="${thirteenth.url}"]`)).toHaveCount(0);

    // 取消: nothing opens.
    await dialog.getByRole("button", { name: "取消" }).click();
    await expect(dialog).toBeHidden();
    expect(new URL(page.url()).pathname).toBe("/home");
    await expect(page.getByTestId("home-role")).toHaveText("经理");
    await expect(tabs(page)).toHaveCount(12);

    // 确定: a warning, not a wall. The page opens and its tab (the 13th) is the active one.
    await (await menuLink(page, thirteenth)).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "确定" })).toBeFocused();
    await dialog.getByRole("button", { name: "确定" }).click();
    await page.waitForURL((url) => url.pathname === thirteenth.url);
    await expect(dialog).toBeHidden();
    await expect(tabs(page)).toHaveCount(13);
    const tab = page.getByTestId("tabbar").locator(`div[data-url="${thirteenth.url}"]`);
    await expect(tab).toHaveAttribute("data-active", "true");
    await expectInStrip(page, tab);
    await expect.poll(async () => (await storedTabs(page, userId)).length).toBe(13);
    // And it is still there after a reload (the restore does not cut the list at 12).
    await page.reload();
    await expect(page.getByRole("button", { name: /^关闭标签/ })).toHaveCount(12);
    await expect(tab).toHaveAttribute("data-active", "true");
  });

  test("with 12 tabs open, the 销售开单 button (a tabbable action page) warns too; Esc stays, Enter on 确定 goes", async ({ page }) => {
    await restoreTabs(page, [HOME, ...ELEVEN.map((e) => stored(e))]);
    await expect(tabs(page)).toHaveCount(12);
    await page.getByTestId("sales-billing").click();
    const dialog = page.getByRole("dialog", { name: "提示" });
    await expect(dialog).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/home");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    expect(new URL(page.url()).pathname).toBe("/home");

    await page.getByTestId("sales-billing").click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/sale/orderCreate");
    await expect(page.getByTestId("tabbar").locator('div[data-url="/sale/orderCreate"]')).toHaveAttribute("data-active", "true");
  });

  test("with 12 tabs open, a page that already has a tab is not blocked", async ({ page }) => {
    await restoreTabs(page, [HOME, ...ELEVEN.map((e) => stored(e))]);
    await expect(tabs(page)).toHaveCount(12);
    const open = ELEVEN[5]!; // 采购订单 /purchase/order
    await (await menuLink(page, open)).click();
    await page.waitForURL((url) => url.pathname === open.url);
    await expect(page.getByRole("dialog", { name: "提示" })).toHaveCount(0);
  });

  test("after closing one of 12 tabs, the 13th page is no longer blocked", async ({ page }) => {
    const userId = await restoreTabs(page, [HOME, ...ELEVEN.map((e) => stored(e))]);
    await expect(tabs(page)).toHaveCount(12);
    await page.getByRole("button", { name: `关闭标签 ${ELEVEN[0]!.name}` }).click();
    await expect(tabs(page)).toHaveCount(11);
    await expect.poll(async () => (await storedTabs(page, userId)).length).toBe(11);

    const thirteenth = entry("CKGL-001");
    await (await menuLink(page, thirteenth)).click();
    // What matters is that no warning shows.
    await page.waitForURL((url) => url.pathname === thirteenth.url);
    await expect(page.getByRole("dialog", { name: "提示" })).toHaveCount(0);
  });

  test("closing a non-active tab removes it, keeps /home, and the change is stored", async ({ page }) => {
    const [x, y] = [entry("XSGL-001"), entry("CGGL-001")];
    const userId = await restoreTabs(page, [HOME, stored(x), stored(y, "?q=1")]);
    await expect(tabs(page)).toHaveCount(3);

    await page.getByRole("button", { name: `关闭标签 ${x.name}` }).click();
    await expect(tabs(page)).toHaveCount(2);
    expect(await tabs(page).evaluateAll((els) => els.map((el) => el.getAttribute("data-url")))).toEqual(["/home", y.url]);
    expect(new URL(page.url()).pathname).toBe("/home");
    await expect(page.getByTestId("tabbar").locator('div[data-url="/home"]')).toHaveAttribute("data-active", "true");
    await expect(page.getByTestId("home-role")).toHaveText("经理");
    await expect.poll(() => storedTabs(page, userId)).toEqual([HOME, stored(y, "?q=1")]);

    // And it stays closed after a reload.
    await page.reload();
    await expect(page.getByRole("button", { name: `关闭标签 ${y.name}` })).toBeVisible();
    await expect(tabs(page)).toHaveCount(2);
    expect(await tabs(page).evaluateAll((els) => els.map((el) => el.getAttribute("data-url")))).toEqual(["/home", y.url]);
  });

  test("open tabs (with their query strings) survive reloads", async ({ page }) => {
    const list = [HOME, stored(entry("XSGL-001")), stored(entry("CKGL-001"), "?page=2"), stored(entry("XTGL-001"))];
    const userId = await restoreTabs(page, list);
    await expect(tabs(page)).toHaveCount(4);

    for (let i = 0; i < 2; i++) {
      await page.reload();
      await expect(page.getByRole("button", { name: /^关闭标签/ })).toHaveCount(3);
      await expect(tabs(page)).toHaveCount(4);
      expect(await tabs(page).evaluateAll((els) => els.map((el) => el.getAttribute("data-url")))).toEqual(list.map((t) => t.url));
      await expect(page.getByTestId("tabbar").locator('div[data-url="/warehouse/goods"] a')).toHaveAttribute("href", "/warehouse/goods?page=2");
      expect(await storedTabs(page, userId)).toEqual(list);
    }
  });

  test("the Home tab link goes home and Home has no close button", async ({ page }) => {
    await restoreTabs(page, [HOME, stored(entry("XSGL-001"))]);
    await expect(tabs(page)).toHaveCount(2);
    await expect(page.getByRole("button", { name: /^关闭标签/ })).toHaveCount(1);
    await expect(page.getByTestId("tabbar").locator('div[data-url="/home"] button')).toHaveCount(0);
    await page.getByTestId("home-shortcuts").getByRole("link", { name: "修改密码" }).click();
    await page.waitForURL((url) => url.pathname === "/profile");
    // /profile is not a menu page: no tab for it, no tab active.
    await expect(tabs(page)).toHaveCount(2);
    await expect(page.getByTestId("tabbar").locator("div[data-active]")).toHaveCount(0);
    await page.getByTestId("tabbar").getByRole("link", { name: "首页" }).click();
    await page.waitForURL((url) => url.pathname === "/home");
    await expect(page.getByTestId("tabbar").locator('div[data-url="/home"]')).toHaveAttribute("data-active", "true");
  });

  test("a document opened from its list gets a tab of its own, named by its number, and keeps it after a reload", async ({ page }) => {
    const list = entry("XSGL-001");
    const userId = await restoreTabs(page, [HOME]);
    await page.goto(list.url);
    await waitForTabsHydrated(page);
    await expect(page.getByTestId("tabbar").locator(`div[data-url="${list.url}"]`)).toHaveAttribute("data-active", "true");
    // In-page navigation (the grid opens the row), not the menu.
    await page.locator('table[aria-label="数据列表"] tbody tr[data-id]').first().dblclick();
    await page.waitForURL((url) => /^\/sale\/order\/\d+$/.test(url.pathname));
    const no = (await page.getByTestId("so-no").textContent())!.trim();
    const docTab = page.getByTestId("tabbar").locator(`div[data-url="${new URL(page.url()).pathname}"]`);
    await expect(docTab).toHaveAttribute("data-active", "true");
    await expect(docTab).toContainText(no);
    await expect(page.getByTestId("tabbar").locator(`div[data-url="${list.url}"]`)).not.toHaveAttribute("data-active", "true");
    await page.reload();
    await waitForTabsHydrated(page);
    await expect(docTab).toContainText(no);
    expect((await storedTabs(page, userId)).map((x) => x.name)).toEqual(["首页", list.name, `销售订单 ${no}`]);
  });

  test("closing the active tab goes to the previous tab", async ({ page }) => {
    // Every menu page renders inside the shell (built, or 此功能正在建设中), so any entry works.
    const [previous, current] = [entry("XSGL-002"), entry("XSGL-001")];
    await restoreTabs(page, [HOME, stored(previous, "?from=tab"), stored(current)]);
    await page.goto(current.url);
    await expect(page.getByRole("button", { name: /^关闭标签/ })).toHaveCount(2);
    await expect(page.getByTestId("tabbar").locator(`div[data-url="${current.url}"]`)).toHaveAttribute("data-active", "true");
    await page.getByRole("button", { name: `关闭标签 ${current.name}` }).click();
    await page.waitForURL((url) => url.pathname === previous.url && url.search === "?from=tab");
  });

  test("关闭其他 keeps Home and the active tab; 关闭全部 keeps Home and goes there", async ({ page }) => {
    const [x, y, z] = [entry("XSGL-001"), entry("CGGL-001"), entry("CPGL-001")];
    const userId = await restoreTabs(page, [HOME, stored(x), stored(y, "?q=1"), stored(z)]);
    await page.goto(y.url + "?q=1");
    await expect(page.getByRole("button", { name: /^关闭标签/ })).toHaveCount(3);

    await page.getByTestId("tab-actions").click();
    await page.getByRole("menuitem", { name: "关闭其他" }).click();
    await expect(tabs(page)).toHaveCount(2);
    expect(await tabs(page).evaluateAll((els) => els.map((el) => el.getAttribute("data-url")))).toEqual(["/home", y.url]);
    expect(new URL(page.url()).pathname).toBe(y.url);
    await expect.poll(() => storedTabs(page, userId)).toEqual([HOME, stored(y, "?q=1")]);

    await page.getByTestId("tab-actions").click();
    await expect(page.getByRole("menuitem", { name: "关闭其他" })).toBeDisabled();
    await page.getByRole("menuitem", { name: "关闭全部" }).click();
    await page.waitForURL((url) => url.pathname === "/home");
    await expect(page.getByTestId("home-role")).toHaveText("经理");
    await expect(tabs(page)).toHaveCount(1);
    await expect(page.getByTestId("tabbar").locator('div[data-url="/home"]')).toHaveAttribute("data-active", "true");
    await expect.poll(() => storedTabs(page, userId)).toEqual([HOME]);
  });

  for (const width of [1366, 1024]) {
    test(`at ${width}×768 with many tabs, the active tab is scrolled into view and never under the top-bar buttons`, async ({ page }) => {
      await page.setViewportSize({ width, height: 768 });
      const twelve = [HOME, ...ELEVEN.map((e) => stored(e))];
      await restoreTabs(page, twelve);
      await expect(tabs(page)).toHaveCount(12);
      const strip = page.getByTestId("tabbar");
      // The last tab, then the first page tab, then the last again: each becomes visible when active.
      for (const e of [ELEVEN[10]!, ELEVEN[0]!, ELEVEN[9]!]) {
        await strip.locator(`div[data-url="${e.url}"] a`).evaluate((a) => (a as HTMLAnchorElement).click());
        await page.waitForURL((url) => url.pathname === e.url);
        const tab = strip.locator(`div[data-url="${e.url}"]`);
        await expect(tab).toHaveAttribute("data-active", "true");
        await expectInStrip(page, tab);
      }
      await page.screenshot({ path: test.info().outputPath(`tabs-${width}.png`) });
    });
  }
});
