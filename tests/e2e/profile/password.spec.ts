import type { Page } from "@playwright/test";
import { DEMO_PASSWORD, expect, login, test, waitForTabsHydrated } from "../helpers";

// Only error paths: the demo password must stay as it is for every other test. A dedicated
// user (stock2, used by no other spec) keeps an accidental change from spreading.
const USER = "stock2";

async function submit(page: Page, oldPassword: string, newPassword: string, confirmPassword = newPassword) {
  const form = page.getByTestId("password-form");
  await form.locator('input[name="oldPassword"]').fill(oldPassword);
  await form.locator('input[name="newPassword"]').fill(newPassword);
  await form.locator('input[name="confirmPassword"]').fill(confirmPassword);
  await page.getByTestId("password-submit").click();
}

/** If a case was wrongly accepted, put the demo password back before failing. */
async function undoIfChanged(page: Page, newPassword: string) {
  const changed = await page.getByTestId("flash").filter({ hasText: "密码已修改" }).count();
  if (changed) await submit(page, newPassword, DEMO_PASSWORD);
  expect(changed, `the password was changed to ${newPassword}`).toBe(0);
}

test.describe("change password: error paths (with JavaScript)", () => {
  test.beforeEach(async ({ page }) => {
    await login(page, USER);
    // Hydrated (the tab bar stored its tabs), then a client-side navigation to the form.
    await waitForTabsHydrated(page);
    await page.getByTestId("home-shortcuts").getByRole("link", { name: "修改密码" }).click();
    await page.waitForURL((url) => url.pathname === "/profile" && url.search === "?actab=1");
    await expect(page.getByTestId("password-form")).toBeVisible();
  });

  test("a wrong old password: 原密码不正确", async ({ page }) => {
    await submit(page, "NotMine@123", "Another@123");
    await expect(page.getByTestId("password-form")).toContainText("原密码不正确");
    await undoIfChanged(page, "Another@123");
  });

  const cases: [string, string][] = [
    ["Ab@1", "密码长度至少为 6 位"],
    ["Abcdef123", "密码必须包含至少一个特殊字符"],
    ["ABCDEF@123", "密码必须包含至少一个小写字母 (a-z)"],
    ["abcdef@123", "密码必须包含至少一个大写字母 (A-Z)"],
  ];
  for (const [pw, message] of cases) {
    test(`new password ${pw}: ${message}`, async ({ page }) => {
      await submit(page, DEMO_PASSWORD, pw);
      await expect(page.getByTestId("password-form")).toContainText(message);
      await undoIfChanged(page, pw);
    });
  }

  test("several policy failures are all reported", async ({ page }) => {
    await submit(page, DEMO_PASSWORD, "abc");
    const form = page.getByTestId("password-form");
    await expect(form).toContainText("密码长度至少为 6 位");
    await expect(form).toContainText("密码必须包含至少一个特殊字符");
    await expect(form).toContainText("密码必须包含至少一个大写字母 (A-Z)");
    await undoIfChanged(page, "abc");
  });

  test("a confirmation that differs is refused", async ({ page }) => {
    await submit(page, DEMO_PASSWORD, "Another@123", "Another@124");
    await expect(page.getByTestId("password-form")).toContainText("两次输入的新密码不一致");
    await undoIfChanged(page, "Another@123");
  });

  test("the demo password still signs in afterwards", async ({ page }) => {
    await page.getByTestId("logout").click();
    await page.waitForURL((url) => url.pathname === "/login");
    await login(page, USER);
  });
});
