import { expect, login, test } from "../helpers";

/**
 * The /home dashboard, as plain HTML (read-only cards and plain links: the same with JavaScript):
 * each role sees the cards of the pages it may open (boss1 all of them, stock1 the warehouse's),
 * each card a plain link to its page.
 */
const ALL = ["todaySales", "openOrders", "picking", "receiving", "receivables", "belowSafe", "urgent"];
const CARDS: Record<string, string[]> = {
  boss1: ALL,
  sales1: ["todaySales", "openOrders", "picking", "receivables"],
  stock1: ["picking", "receiving", "belowSafe"],
};

test.describe("首页工作台, JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("each role sees the cards of the pages it holds: boss1, sales1, stock1", async ({ page }) => {
    for (const [user, cards] of Object.entries(CARDS)) {
      await page.context().clearCookies();
      await login(page, user);
      const dashboard = page.getByTestId("dashboard");
      await expect(dashboard).toBeVisible();
      for (const key of ALL) await expect(page.getByTestId(`card-${key}`), user).toHaveCount(cards.includes(key) ? 1 : 0);
      if (cards.includes("todaySales")) await expect(page.getByTestId("card-todaySales").getByTestId("card-value")).toHaveText(/^-?￥[\d,]+\.\d{2}$/);
      for (const key of cards.filter((k) => !["todaySales", "receivables"].includes(k))) {
        await expect(page.getByTestId(`card-${key}`).getByTestId("card-value"), `${user} ${key}`).toHaveText(/^\d+$/);
      }
      // The shortcuts are still there.
      await expect(page.getByTestId("home-shortcuts")).toBeVisible();
      await page.screenshot({ path: `/tmp/h6-shots/home-${user}.png`, fullPage: true });
    }
  });

  test("a card opens its page: stock1's 库存低于安全库存", async ({ page }) => {
    await login(page, "stock1");
    await page.getByTestId("card-belowSafe").getByRole("link").first().click();
    await expect(page).toHaveURL(/\/warehouse\/safe\?below=true$/);
  });

  test("a card opens its page: boss1's 紧急采购", async ({ page }) => {
    await login(page, "boss1");
    await page.getByTestId("card-urgent").getByRole("link").first().click();
    await expect(page).toHaveURL(/\/purchase\/urgent$/);
    await expect(page.getByTestId("urgent-table")).toBeVisible();
  });
});
