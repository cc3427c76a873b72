import { expect, login, signIn, test } from "../helpers";

/**
 * 公司档案 (/system/archives/company): admin creates a company with its manager; the manager
 * signs in (another browser) and works in an empty company; admin takes the company offline and
 * the manager's next page load lands on the sign-in page. As plain HTML: the forms post to the
 * same actions with JavaScript, and the refusal tested is the server's.
 */
test.describe("公司档案, JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("admin creates a company and its manager, the manager works in it, admin takes it offline", async ({ page, browser }) => {
    const tag = `h${Date.now().toString(36)}`;
    const name = `测试汽配${tag}有限公司`;
    const username = `boss_${tag}`;
    const phone = `139${String(Date.now()).slice(-7)}2`;
    const password = "Boss@2026x";

    await signIn(page, "admin");
    await page.goto("/system/archives/company?q=穗通");
    await expect(page.getByRole("heading", { level: 1, name: "公司档案" })).toBeVisible();
    const takenName = (await page.locator('[data-testid="company-row"]').first().getAttribute("data-name"))!;
    await page.getByTestId("company-new").click();
    await expect(page).toHaveURL(/\/system\/archives\/company\/new$/);

    const form = page.getByTestId("company-create-form");
    // A name already taken: refused with a clear message, nothing created.
    await form.getByLabel("公司名称").fill(takenName);
    await form.getByLabel("公司简称").fill(`测试${tag}`.slice(0, 20));
    await form.getByLabel("管理员登录名").fill(username);
    await form.getByLabel("管理员姓名").fill("测试经理");
    await form.getByLabel("管理员手机号").fill(phone);
    await form.getByLabel("初始密码").fill(password);
    await form.getByLabel("确认密码").fill(password);
    await page.getByTestId("company-create-submit").click();
    await expect(page.getByText("公司名称已存在").first()).toBeVisible();
    await expect(page).toHaveURL(/\/new$/);
    await form.getByLabel("初始密码").fill(password);
    await form.getByLabel("确认密码").fill(password);
    await form.getByLabel("公司名称").fill(name);
    await page.getByTestId("company-create-submit").click();
    await expect(page.getByText(`已新增公司 ${name}`)).toBeVisible();
    await expect(page.getByTestId("company-detail-name")).toHaveText(name);
    await expect(page.getByTestId("company-status-badge")).toHaveText("已上线");

    // The list finds it by keyword and status (a plain GET form: the URL is the state).
    await page.goto("/system/archives/company");
    await page.getByTestId("company-keyword").fill(tag);
    await page.getByTestId("company-status-filter").selectOption("1");
    await page.getByRole("button", { name: "查询" }).click();
    await expect(page).toHaveURL(new RegExp(`q=${tag}&status=1`));
    await expect(page.locator('[data-testid="company-row"]')).toHaveCount(1);
    await expect(page.locator(`[data-testid="company-row"][data-name="${name}"]`)).toBeVisible();

    const other = await browser.newContext({ javaScriptEnabled: false });
    try {
      const boss = await other.newPage();
      await boss.goto("/login");
      await signIn(boss, username, { password });
      await boss.goto("/sale/order");
      await expect(boss.getByTestId("grid-empty")).toBeVisible();
      await expect(boss.getByTestId("grid-total")).toContainText("0");

      await page
        .locator(`[data-testid="company-row"][data-name="${name}"]`)
        .getByRole("link", { name: `管理 ${name}` })
        .click();
      await page.getByTestId("company-offline").click();
      await expect(page.getByText(`${name} 已下线`)).toBeVisible();
      await expect(page.getByTestId("company-status-badge")).toHaveText("未上线");

      await boss.goto("/sale/order");
      await expect(boss).toHaveURL(/\/login/);

      // Back online: the manager may sign in again.
      await page.getByTestId("company-online").click();
      await expect(page.getByTestId("company-status-badge")).toHaveText("已上线");
      await boss.goto("/login");
      await login(boss, username, { password });
    } finally {
      await other.close();
    }
  });
});

test.describe("公司档案 refuses the wrong people and the wrong name", () => {
  test.use({ javaScriptEnabled: false });

  test("a company's manager gets 403; reset needs the exact name", async ({ page, browser }) => {
    const other = await browser.newContext({ javaScriptEnabled: false });
    try {
      const boss = await other.newPage();
      await boss.goto("/login");
      await signIn(boss, "boss1");
      const res = await boss.goto("/system/archives/company");
      expect(res?.status()).toBe(403);
    } finally {
      await other.close();
    }

    await signIn(page, "admin");
    await page.goto("/system/archives/company?q=鹏达");
    await page
      .locator('[data-testid="company-row"]')
      .first()
      .getByRole("link", { name: /^管理 / })
      .click();
    await page.getByTestId("company-reset-name").fill("鹏达");
    await page.getByTestId("company-reset-submit").click();
    await expect(page.getByText("输入的名称与公司全称不一致，未重置任何数据")).toBeVisible();
  });
});
