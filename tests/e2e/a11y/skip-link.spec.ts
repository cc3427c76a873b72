import { expect, login, test, waitForTabsHydrated } from "../helpers";

/**
 * Keyboard users skip the menu and the tab bar: the first Tab on a shell page reaches
 * 跳到主要内容, which moves the focus to the page's main content; every page has one <h1>
 * naming it and one main landmark (axe-core checks the rest of every page, see helpers.ts).
 */
for (const js of [true, false]) {
  test.describe(`skip link and page structure, JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("the first Tab reaches 跳到主要内容; following it puts the focus in <main>", async ({ page }) => {
      await login(page, "boss1");
      await page.goto("/organization/partner?size=20");
      await expect(page.getByTestId("grid-total")).toBeVisible();
      if (js) await waitForTabsHydrated(page);
      await page.keyboard.press("Tab");
      const skip = page.getByRole("link", { name: "跳到主要内容" });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL((url) => url.hash === "#main");
      await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest("main"))).toBe(true);
      // The next Tab goes on inside the page, not back into the menu.
      await page.keyboard.press("Tab");
      await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest("main"))).toBe(true);
    });

    test("one <h1> per page and one main landmark: list, home, profile, login", async ({ page }) => {
      const expectStructure = async (h1: string) => {
        await expect(page.locator("h1")).toHaveCount(1);
        await expect(page.locator("h1")).toHaveText(h1);
        await expect(page.getByRole("main")).toHaveCount(1);
      };
      await page.goto("/login");
      await expectStructure("汽配云管家");
      await login(page, "boss1");
      await expectStructure("首页");
      await page.goto("/organization/partner");
      await expectStructure("往来单位");
      await page.goto("/profile?actab=0");
      await expectStructure("个人中心");
      await page.goto("/no/such/page");
      await expectStructure("页面未找到");
    });
  });
}
