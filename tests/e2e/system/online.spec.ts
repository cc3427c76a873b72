import { expect, login, signIn, test } from "../helpers";

/**
 * 在线用户 (/system/permissions/online): boss1 of 穗通汽配 signs everyone else out (全部踢出,
 * with its confirmation step), then kicks one session of sales1; each time sales1's very next
 * request lands on the sign-in page. As plain HTML: the confirmation step is a link and the
 * kicks are plain posts, the same with JavaScript.
 */
test.describe("在线用户, JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("boss1 kicks everyone but himself, then one session of sales1: sales1 is signed out at once", async ({ page, browser }) => {
    const other = await browser.newContext({ javaScriptEnabled: false });
    try {
      const sales = await other.newPage();
      await login(sales, "sales1");
      await signIn(page, "boss1");

      await page.goto("/system/permissions/online");
      await expect(page.getByRole("heading", { level: 1, name: "在线用户" })).toBeVisible();
      await expect(page.locator('[data-testid="online-row"][data-username="sales1"]').first()).toBeVisible();
      await expect(page.locator('[data-testid="online-row"][data-username="boss2"]')).toHaveCount(0);
      await page.getByTestId("online-kick-all").click();
      await page.getByTestId("online-kick-all-confirm").click();
      await expect(page.getByText(/已踢出 \d+ 个会话/)).toBeVisible();
      await expect(page.locator('[data-testid="online-row"]')).toHaveCount(1);
      await expect(page.locator('[data-testid="online-row"][data-username="boss1"]')).toContainText("当前会话");
      await sales.goto("/sale/order");
      await expect(sales).toHaveURL(/\/login/);

      await sales.goto("/login");
      await login(sales, "sales1");
      await page.goto("/system/permissions/online?q=sales1");
      const row = page.locator('[data-testid="online-row"][data-username="sales1"]');
      await expect(row).toHaveCount(1);
      await row.getByRole("button", { name: /踢出 sales1/ }).click();
      await expect(page.getByText("已踢出 sales1")).toBeVisible();
      await expect(row).toHaveCount(0);
      await sales.goto("/home");
      await expect(sales).toHaveURL(/\/login/);
    } finally {
      await other.close();
    }
  });
});
