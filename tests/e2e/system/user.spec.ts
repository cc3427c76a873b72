import { expect, signIn, test } from "../helpers";

/**
 * 用户管理 (/system/permissions/user): boss1 of 穗通汽配 gives a new salesperson a login; it signs
 * in with exactly the role given; a role change is refused or granted at the very next request;
 * a lock signs it out at once. The create form (validated in the browser with JavaScript) with
 * JavaScript and as plain HTML; what follows (plain posts and the server's answers) as plain HTML.
 */
for (const js of [true, false]) {
  test.describe(`用户管理, JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    const title = js
      ? "boss1 creates a login with the 销售 role; a password mismatch is refused in the form"
      : "boss1 creates a login with the 销售 role; its permissions follow role changes and the lock at the next request";
    test(title, async ({ page, browser }) => {
      const username = js ? "xiaoshou_js" : "xiaoshou_html";
      const phone = js ? "13977770001" : "13977770002";
      await signIn(page, "boss1");
      await page.goto("/system/permissions/user");
      await expect(page.getByRole("heading", { level: 1, name: "用户管理" })).toBeVisible();
      await expect(page.locator('[data-testid="staff-row"][data-username="sales1"]')).toBeVisible();
      await expect(page.locator('[data-testid="staff-row"][data-username="boss2"]')).toHaveCount(0);

      await page.getByTestId("staff-new").click();
      await expect(page.getByTestId("staff-create-form")).toBeVisible();
      const form = page.getByTestId("staff-create-form");
      await form.getByLabel("登录名").fill(username);
      await form.getByLabel("姓名").fill("孙小售");
      await form.getByLabel("手机号").fill(phone);
      await form.getByLabel("初始密码").fill("Sale@2026x");
      await form.getByLabel("确认密码").fill("Sale@2026y");
      await form.getByLabel("销售").check();
      await page.getByTestId("staff-create-submit").click();
      // A mismatch is refused with its message, and nothing is created.
      await expect(page.getByText("两次输入的密码不一致")).toBeVisible();
      await form.getByLabel("初始密码").fill("Sale@2026x");
      await form.getByLabel("确认密码").fill("Sale@2026x");
      if (!js) await form.getByLabel("销售").check();
      await page.getByTestId("staff-create-submit").click();
      await expect(page.getByText(`已新增用户 ${username}`)).toBeVisible();
      await expect(page.getByTestId("staff-edit-form")).toBeVisible();
      // The role change and the lock are plain posts answered by the server: JavaScript off only.
      if (js) return;

      const other = await browser.newContext({ javaScriptEnabled: false });
      try {
        const staff = await other.newPage();
        await signIn(staff, username, { password: "Sale@2026x" });
        await staff.goto("/sale/order");
        await expect(staff.getByRole("heading", { level: 1, name: "销售订单" })).toBeVisible();
        const refused = await staff.goto("/purchase/order");
        expect(refused?.status()).toBe(403);

        // 销售 → 仓管: the sales list is refused at the next request, the stock list opens.
        const edit = page.getByTestId("staff-edit-form");
        await edit.getByLabel("销售").uncheck();
        await edit.getByLabel("仓管").check();
        await page.getByTestId("staff-save").click();
        await expect(page.getByText("已保存，角色的变化在对方下一次操作时生效")).toBeVisible();
        expect((await staff.goto("/sale/order"))?.status()).toBe(403);
        expect((await staff.goto("/purchase/order"))?.status()).toBe(403);

        await page.getByTestId("staff-lock").click();
        await expect(page.getByTestId("staff-state")).toContainText("已锁定");
        await staff.goto("/home");
        await expect(staff).toHaveURL(/\/login/);

        await page.goto("/system/permissions/user?status=locked");
        await expect(page.locator(`[data-testid="staff-row"][data-username="${username}"] [data-testid="staff-status"]`)).toHaveText("已锁定");
      } finally {
        await other.close();
      }
    });
  });
}

test.describe("用户管理 refusals, JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("a manager cannot open another company's user, and a salesperson has no 用户管理", async ({ page, browser }) => {
    const other = await browser.newContext({ javaScriptEnabled: false });
    let href: string | null;
    try {
      const boss2 = await other.newPage();
      await signIn(boss2, "boss2");
      await boss2.goto("/system/permissions/user?q=sales2");
      href = await boss2.locator('[data-testid="staff-row"][data-username="sales2"]').getByRole("link", { name: "sales2", exact: true }).getAttribute("href");
      await other.clearCookies();
      await signIn(boss2, "sales1");
      expect((await boss2.goto("/system/permissions/user"))?.status()).toBe(403);
    } finally {
      await other.close();
    }
    await signIn(page, "boss1");
    expect((await page.goto(href!))?.status()).toBe(404);
    // An operator-style company parameter changes nothing for a manager.
    await page.goto("/system/permissions/user?company=2&q=sales2");
    await expect(page.getByTestId("staff-total")).toContainText("共 0 个用户");
  });
});
