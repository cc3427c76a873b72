import { DEMO_PASSWORD, expect, fillLogin, login, signIn, test } from "../helpers";

// The whole back office must work as plain HTML: forms post, <details> menus open, the
// narrow-screen drawer is a checkbox + label.
test.use({ javaScriptEnabled: false });

test.describe("without JavaScript", () => {
  test("sign in through the form and land on /home", async ({ page }) => {
    await page.goto("/login");
    await login(page, "boss1");
    await expect(page.getByTestId("home-role")).toHaveText("经理");
    await expect(page.getByTestId("home-company")).toHaveText("广州穗通汽配有限公司");
    // Server-rendered shell: the Home tab, no close buttons (those need JS).
    await expect(page.getByTestId("tabbar").locator("div[data-url]")).toHaveCount(1);
  });

  test("Mantine's colours apply without the color-scheme script: the delete confirmation's buttons are painted", async ({ page }) => {
    await signIn(page, "boss1");
    await page.goto("/organization/partner?confirmDelete=1");
    await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "light");
    const confirm = page.getByTestId("confirm-delete");
    await expect(confirm).toBeVisible();
    const bg = await confirm.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(bg).not.toBe("rgba(0, 0, 0, 0)");
  });

  test("a remembered path survives the plain-form sign-in", async ({ page }) => {
    await page.goto("/profile?actab=1");
    await page.waitForURL((url) => url.pathname === "/login");
    await login(page, "boss1", { expectPath: /^\/profile\?actab=1$/ });
    await expect(page.getByTestId("password-form")).toBeVisible();
  });

  test("menu areas open as <details> and their links navigate", async ({ page }) => {
    await login(page, "boss1");
    const drawer = page.getByTestId("drawer");
    const link = drawer.locator('a[data-code="XSGL-001"]');
    await expect(link).toBeHidden();
    await drawer.locator('summary[data-code="XSGL"]').click();
    await drawer.locator('summary[data-code="XSGL-G1"]').click();
    await expect(link).toBeVisible();
    await expect(link).toHaveText("销售订单");
    await link.click();
    await page.waitForURL((url) => url.pathname === "/sale/order");
    // The page, inside the shell.
    await expect(page.getByTestId("page-title")).toHaveText("销售订单");
    await expect(page.getByTestId("drawer")).toBeVisible();
  });

  test("the drawer's profile link opens the profile page", async ({ page }) => {
    await login(page, "boss1");
    await page.getByTestId("drawer").locator('a[href="/profile?actab=0"]').click();
    await page.waitForURL((url) => url.pathname === "/profile" && url.search === "?actab=0");
    await expect(page.getByLabel("姓名")).toHaveValue("陈志强");
    await expect(page.getByTestId("avatar-form")).toBeVisible();
    await expect(page.getByTestId("drawer")).toBeVisible();
  });

  test("a wrong password shows the error", async ({ page }) => {
    await page.goto("/login");
    await fillLogin(page, "buyer2", "Wrong@123456");
    await expect(page.getByTestId("login-error")).toContainText("用户名或密码错误");
    expect(new URL(page.url()).pathname).toBe("/login");
    // Then the right password works (and resets the failed-attempt counter).
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await page.getByTestId("login-submit").click();
    await page.waitForURL((url) => url.pathname === "/home");
    await expect(page.getByTestId("home-role")).toHaveText("采购");
  });

  test("change password with a wrong old password shows 原密码不正确", async ({ page }) => {
    await signIn(page, "sales2");
    await page.goto("/profile?actab=1");
    const form = page.getByTestId("password-form");
    await form.locator('input[name="oldPassword"]').fill("NotMine@123");
    await form.locator('input[name="newPassword"]').fill("Another@123");
    await form.locator('input[name="confirmPassword"]').fill("Another@123");
    await page.getByTestId("password-submit").click();
    await expect(page.getByTestId("password-form")).toContainText("原密码不正确");
    // Nothing changed: the demo password still signs in.
    await page.getByTestId("logout").click();
    await page.waitForURL((url) => url.pathname === "/login");
    await login(page, "sales2");
  });

  test("log out with the logout button and land on /login", async ({ page }) => {
    await login(page, "boss1");
    await page.getByTestId("logout").click();
    await page.waitForURL((url) => url.pathname === "/login");
    await expect(page.getByTestId("login-submit")).toBeVisible();
    await page.goto("/home");
    await page.waitForURL((url) => url.pathname === "/login");
  });

  test("the pin toggle works as a plain form", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await login(page, "boss1");
    await page.getByTestId("pin-toggle").click();
    await page.waitForURL((url) => url.pathname === "/home");
    await expect(page.getByTestId("pin-toggle")).toHaveAttribute("aria-pressed", "false");
    await page.mouse.move(1000, 500);
    await expect.poll(async () => (await page.getByTestId("drawer").boundingBox())?.width).toBe(56);
  });

  test.describe("narrow screen (1000px)", () => {
    test.use({ viewport: { width: 1000, height: 800 } });

    test("the menu button opens the floating drawer, the backdrop closes it", async ({ page }) => {
      await login(page, "boss1");
      const drawer = page.getByTestId("drawer");
      const x = async () => (await drawer.boundingBox())?.x ?? Number.NaN;
      await expect(page.getByTestId("menu-button")).toBeVisible();
      await expect.poll(x).toBeLessThan(0);

      await page.getByTestId("menu-button").click();
      await expect.poll(x).toBeGreaterThanOrEqual(0);
      await drawer.locator('summary[data-code="XSGL"]').click();
      await expect(drawer.locator('summary[data-code="XSGL-G1"]')).toBeVisible();

      // The backdrop (right of the 240px drawer) closes it again.
      await page.mouse.click(700, 400);
      await expect.poll(x).toBeLessThan(0);
    });
  });
});

test.describe("without JavaScript: company switch", () => {
  test("duo switches company with the plain form", async ({ page }) => {
    await login(page, "duo");
    await expect(page.getByTestId("company-name")).toHaveText("穗通汽配");
    await page.getByTestId("company-select").selectOption({ label: "鹏达汽配" });
    await page.getByTestId("drawer").getByRole("button", { name: "切换", exact: true }).click();
    await expect(page.getByTestId("company-name")).toHaveText("鹏达汽配");
    await expect(page.getByTestId("home-company")).toHaveText("深圳鹏达汽配有限公司");
  });
});
