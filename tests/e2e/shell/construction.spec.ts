import type { Page } from "@playwright/test";
import { expect, login, signIn, tabs, test, waitForTabsHydrated } from "../helpers";

/**
 * Menu entries and top-bar buttons whose page is not built yet (issue 7 item 16): they open
 * inside the shell with 此功能正在建设中, menu and tabs kept; unknown urls still get the 404
 * page. 需求发布 (/demand/requirement, XQGL-006) is a menu page no route file serves yet; when
 * it gets built, pick another unbuilt entry here.
 */
const UNBUILT = { code: "XQGL-006", name: "需求发布", url: "/demand/requirement", area: "XQGL" };

async function expectConstruction(page: Page, name: string, url: string) {
  const main = page.locator("main");
  await expect(main.getByTestId("under-construction")).toHaveAttribute("data-url", url);
  await expect(main.getByTestId("under-construction").getByRole("heading", { name })).toBeVisible();
  await expect(main).toContainText("此功能正在建设中");
  // The shell stays: side menu and tab bar.
  await expect(page.getByTestId("drawer")).toBeVisible();
  await expect(page.getByTestId("tabbar")).toBeVisible();
  await expect(page.getByTestId("error-page")).toHaveCount(0);
}

test.describe("pages not built yet (JavaScript)", () => {
  test("a menu entry opens 此功能正在建设中 inside the shell, as the active tab", async ({ page }) => {
    await login(page, "boss1");
    await waitForTabsHydrated(page);
    const drawer = page.getByTestId("drawer");
    await drawer.locator(`summary[data-code="${UNBUILT.area}"]`).click();
    const link = drawer.locator(`a[data-code="${UNBUILT.code}"]`);
    if (!(await link.isVisible())) await drawer.locator(`details:has(a[data-code="${UNBUILT.code}"]) > summary`).last().click();
    await link.click();
    await page.waitForURL((u) => u.pathname === UNBUILT.url);
    await expectConstruction(page, UNBUILT.name, UNBUILT.url);
    await expect(page).toHaveTitle(new RegExp(`^${UNBUILT.name}`));
    const tab = page.getByTestId("tabbar").locator(`div[data-url="${UNBUILT.url}"]`);
    await expect(tab).toHaveAttribute("data-active", "true");
    await expect(tab).toHaveText(UNBUILT.name);
    await expect(link).toHaveAttribute("aria-current", "page");
  });

  test("the top-bar 销售开单 button opens its page inside the shell", async ({ page }) => {
    await login(page, "boss1");
    await waitForTabsHydrated(page);
    await page.getByTestId("sales-billing").click();
    await page.waitForURL((u) => u.pathname === "/sale/orderCreate");
    await expect(page.getByTestId("page-title")).toHaveText("销售开单");
    await expect(page.getByTestId("drawer")).toBeVisible();
    await expect(page.getByTestId("tabbar").locator('div[data-url="/sale/orderCreate"]')).toHaveAttribute("data-active", "true");
  });
});

// Server answers (status codes, the sign-in redirect) and the shortcuts' links: the same with
// JavaScript, so plain HTML only.
test.describe("pages not built yet (without JavaScript)", () => {
  test.use({ javaScriptEnabled: false });

  test("the menu link opens the in-shell page, with its tab", async ({ page }) => {
    await login(page, "boss1");
    const drawer = page.getByTestId("drawer");
    await drawer.locator(`summary[data-code="${UNBUILT.area}"]`).click();
    const link = drawer.locator(`a[data-code="${UNBUILT.code}"]`);
    if (!(await link.isVisible())) await drawer.locator(`details:has(a[data-code="${UNBUILT.code}"]) > summary`).last().click();
    await link.click();
    await page.waitForURL((u) => u.pathname === UNBUILT.url);
    await expectConstruction(page, UNBUILT.name, UNBUILT.url);
    await expect(tabs(page)).toHaveCount(2);
    await expect(page.getByTestId("tabbar").locator(`div[data-url="${UNBUILT.url}"]`)).toHaveAttribute("data-active", "true");
  });

  test("answers 200 on a direct load; unknown urls stay 404; a page the role lacks is 403 inside the shell", async ({ page }) => {
    await signIn(page, "boss1");
    const res = await page.goto(UNBUILT.url);
    expect(res?.status()).toBe(200);
    await expectConstruction(page, UNBUILT.name, UNBUILT.url);

    for (const unknown of ["/demand/requirement/nope", "/warehouse/nope", "/no/such/page"]) {
      const r = await page.goto(unknown);
      expect(r?.status(), unknown).toBe(404);
      await expect(page.getByTestId("error-page")).toHaveAttribute("data-status", "404");
      await expect(page.getByTestId("under-construction")).toHaveCount(0);
    }

    // sales1 (销售) holds 销售开单 but not 采购开单: refused, with the shell kept.
    await page.context().clearCookies();
    await signIn(page, "sales1");
    const refused = await page.goto("/purchase/orderCreate");
    expect(refused?.status()).toBe(403);
    await expect(page.getByTestId("error-page")).toHaveAttribute("data-status", "403");
    await expect(page.getByTestId("drawer")).toBeVisible();
  });

  test("home shortcuts still offer only built pages", async ({ page }) => {
    await login(page, "boss1");
    const hrefs = await page
      .getByTestId("home-shortcuts")
      .locator("a")
      .evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    expect(hrefs).not.toContain(UNBUILT.url);
    expect(hrefs).toContain("/organization/partner");
  });

  test("signed out, the page asks for sign-in first and then opens", async ({ page }) => {
    await page.goto(UNBUILT.url);
    await page.waitForURL((u) => u.pathname === "/login");
    await login(page, "boss1", { expectPath: UNBUILT.url });
    await expectConstruction(page, UNBUILT.name, UNBUILT.url);
  });
});

test.describe("collapsed (mini) side menu at 1440 px", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("shows area icons only, each with its name as a tooltip, and no text cut off at the edge", async ({ page }) => {
    await login(page, "boss1");
    await waitForTabsHydrated(page);
    await page.getByTestId("pin-toggle").click();
    await expect(page.getByTestId("pin-toggle")).toHaveAttribute("aria-pressed", "false");
    // Away from the drawer (pointer and focus), without clicking whatever /home shows there.
    await page.mouse.move(1000, 600);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const drawer = page.getByTestId("drawer");
    await expect.poll(async () => (await drawer.boundingBox())?.width).toBe(56);

    const areas = drawer.locator("nav summary[data-code]");
    expect(await areas.count()).toBeGreaterThan(3);
    for (const summary of await areas.all()) {
      if (!(await summary.isVisible())) continue;
      await expect(summary.locator("svg").first()).toBeVisible();
      expect(await summary.getAttribute("title")).toBeTruthy();
    }
    // Every piece of text still shown in the drawer fits inside its 56 px.
    const cut = await drawer.evaluate((d) => {
      const right = d.getBoundingClientRect().right;
      const out: string[] = [];
      const walker = document.createTreeWalker(d, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = n.textContent?.trim();
        if (!text) continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
        if (rects.some((r) => r.right > right + 0.5)) out.push(text);
      }
      return out;
    });
    expect(cut, "text cut off at the collapsed drawer's edge").toEqual([]);
    await page.screenshot({ path: test.info().outputPath("mini-menu.png") });
  });
});
