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
  // One sign-in for every case (the policy itself is proven case by case in
  // server/system/profile.service.test.ts): each case opens the form afresh, so a message
  // on screen is the answer to that case.
  test("each refused change shows its messages and changes nothing", async ({ page }) => {
    await login(page, USER);
    // Hydrated (the tab bar stored its tabs), then a client-side navigation to the form.
    await waitForTabsHydrated(page);
    await page.getByTestId("home-shortcuts").getByRole("link", { name: "修改密码" }).click();
    await page.waitForURL((url) => url.pathname === "/profile" && url.search === "?actab=1");
    await expect(page.getByTestId("password-form")).toBeVisible();

    const cases: [old: string, pw: string, confirm: string, messages: string[]][] = [
      ["NotMine@123", "Another@123", "Another@123", ["原密码不正确"]],
      [DEMO_PASSWORD, "Ab@1", "Ab@1", ["密码长度至少为 6 位"]],
      [DEMO_PASSWORD, "Abcdef123", "Abcdef123", ["密码必须包含至少一个特殊字符"]],
      [DEMO_PASSWORD, "ABCDEF@123", "ABCDEF@123", ["密码必须包含至少一个小写字母 (a-z)"]],
      [DEMO_PASSWORD, "abcdef@123", "abcdef@123", ["密码必须包含至少一个大写字母 (A-Z)"]],
      // Several policy failures are all reported.
      [DEMO_PASSWORD, "abc", "abc", ["密码长度至少为 6 位", "密码必须包含至少一个特殊字符", "密码必须包含至少一个大写字母 (A-Z)"]],
      // A confirmation that differs is refused.
      [DEMO_PASSWORD, "Another@123", "Another@124", ["两次输入的新密码不一致"]],
    ];
    for (const [i, [oldPassword, pw, confirm, messages]] of cases.entries()) {
      if (i > 0) {
        await page.goto("/profile?actab=1");
        await waitForTabsHydrated(page);
      }
      await submit(page, oldPassword, pw, confirm);
      for (const message of messages) await expect(page.getByTestId("password-form"), pw).toContainText(message);
      await undoIfChanged(page, pw);
    }

    // The demo password still signs in afterwards.
    await page.getByTestId("logout").click();
    await page.waitForURL((url) => url.pathname === "/login");
    await login(page, USER);
  });
});
