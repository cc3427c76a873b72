import { DEMO_PASSWORD, expect, fillLogin, login, signIn, test } from "../helpers";

test.describe("sign-in", () => {
  test("boss1 signs in and lands on /home as 经理 of 穗通汽配", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByTestId("offline-notice")).toHaveCount(0);
    await login(page, "boss1");
    expect(new URL(page.url()).pathname).toBe("/home");
    await expect(page.getByTestId("home-role")).toHaveText("经理");
    await expect(page.getByTestId("home-company")).toHaveText("广州穗通汽配有限公司");
    await expect(page.getByTestId("company-name")).toHaveText("穗通汽配");
    await expect(page.getByTestId("drawer")).toBeVisible();
  });

  test("a wrong password shows 用户名或密码错误 and keeps the user on /login", async ({ page }) => {
    await page.goto("/login");
    await fillLogin(page, "boss2", "Wrong@123456");
    await expect(page.getByTestId("login-error")).toContainText("用户名或密码错误");
    expect(new URL(page.url()).pathname).toBe("/login");
    // The username is kept, the password is not.
    await expect(page.locator('input[name="username"]')).toHaveValue("boss2");
    // Signing in correctly afterwards works (and resets the failed-attempt counter).
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await page.getByTestId("login-submit").click();
    await page.waitForURL("**/home");
    await expect(page.getByTestId("home-role")).toHaveText("经理");
  });

  test("an unknown user gets the same message as a wrong password", async ({ page }) => {
    await page.goto("/login");
    await fillLogin(page, "no-such-user", "Wrong@123456");
    await expect(page.getByTestId("login-error")).toHaveText("用户名或密码错误");
  });

  test("the phone number works as the username, and usernames ignore case", async ({ page }) => {
    await login(page, "13922001002"); // sales1's phone
    await expect(page.getByTestId("user-name")).toHaveText("李晓燕");
    await page.getByTestId("logout").click();
    await page.waitForURL((url) => url.pathname === "/login");
    await login(page, "SALES1");
    await expect(page.getByTestId("home-role")).toHaveText("销售");
  });

  test("?offline=1 shows the offline notice", async ({ page }) => {
    await page.goto("/login?offline=1");
    await expect(page.getByTestId("offline-notice")).toHaveText("您已下线，请重新登录");
  });
});

test.describe("remembered path", () => {
  test("a signed-out visit to /profile?actab=1 goes to /login?redirectTo=... and back after sign-in", async ({ page }) => {
    await page.goto("/profile?actab=1");
    await page.waitForURL((url) => url.pathname === "/login");
    const url = new URL(page.url());
    expect(url.searchParams.get("redirectTo")).toBe("/profile?actab=1");
    await expect(page.locator('input[name="redirectTo"]')).toHaveValue("/profile?actab=1");

    await login(page, "boss1", { expectPath: /^\/profile\?actab=1$/ });
    await expect(page.getByTestId("password-form")).toBeVisible();
  });

  test("a signed-out visit to /home goes to /login without redirectTo", async ({ page }) => {
    await page.goto("/home");
    await page.waitForURL((url) => url.pathname === "/login");
    expect(new URL(page.url()).search).toBe("");
  });

  test("a hostile redirectTo is ignored: sign-in lands on /home", async ({ page, baseURL }) => {
    const hostiles = ["//evil.com", "/%5Cevil.com", "https://evil.com", "/\\evil.com", "/%2F%2Fevil.com", "/logout"];
    for (const hostile of hostiles) {
      await page.goto(`/login?redirectTo=${hostile}`);
      // The loader drops it: no remembered path reaches the form.
      await expect(page.locator('input[name="redirectTo"]'), hostile).toHaveCount(0);
    }
    // So the form posts none and signing in (here from the last one) lands on /home.
    await login(page, "boss1");
    const url = new URL(page.url());
    expect(url.origin).toBe(new URL(baseURL!).origin);
    expect(url.pathname).toBe("/home");
  });

  test("a hostile redirectTo posted straight to the action is ignored", async ({ page, baseURL }) => {
    for (const hostile of ["//evil.com", "/\\evil.com", "https://evil.com/x"]) {
      const res = await page.request.post("/login", {
        form: { username: "sales1", password: DEMO_PASSWORD, redirectTo: hostile },
        headers: { Origin: baseURL! },
        maxRedirects: 0,
      });
      expect(res.status(), hostile).toBe(302);
      expect(res.headers()["location"], hostile).toBe("/home");
    }
  });
});

test.describe("sign-out and signed-in redirects", () => {
  test("logout lands on /login, and /home then redirects to /login", async ({ page }) => {
    await login(page, "sales1");
    await page.getByTestId("logout").click();
    await page.waitForURL((url) => url.pathname === "/login");
    await expect(page.getByTestId("login-submit")).toBeVisible();

    await page.goto("/home");
    await page.waitForURL((url) => url.pathname === "/login");
    await expect(page.getByTestId("login-submit")).toBeVisible();
    // The session cookie is gone: no "offline" notice either.
    await expect(page.getByTestId("offline-notice")).toHaveCount(0);
  });

  test("a sign-out posted from another site is refused and the session stays", async ({ page }) => {
    await login(page, "sales1");
    const res = await page.request.post("/logout", { headers: { Origin: "http://evil.example" }, maxRedirects: 0 });
    expect(res.status()).toBe(403);
    await page.goto("/home");
    await expect(page.getByTestId("home-role")).toHaveText("销售");
  });

  test("a signed-in user opening /login goes to /home", async ({ page }) => {
    await signIn(page, "buyer1");
    await page.goto("/login");
    await page.waitForURL((url) => url.pathname === "/home");
    await expect(page.getByTestId("home-role")).toHaveText("采购");
  });

  test("/ redirects to /login when signed out and to /home when signed in", async ({ page }) => {
    await page.goto("/");
    await page.waitForURL((url) => url.pathname === "/login");
    await signIn(page, "stock1");
    await page.goto("/");
    await page.waitForURL((url) => url.pathname === "/home");
    await expect(page.getByTestId("home-role")).toHaveText("仓管");
  });
});

test.describe("session ended elsewhere", () => {
  test("a session signed out from another client sends the user to /login?offline=1", async ({ page, request, baseURL }) => {
    await login(page, "boss1");
    const cookies = await page.context().cookies();
    const session = cookies.find((c) => c.name.endsWith("qp_session"));
    expect(session, "session cookie").toBeTruthy();

    // Another client holding the same session signs it out (ends the session row).
    const res = await request.post("/logout", {
      headers: { Cookie: `${session!.name}=${session!.value}`, Origin: baseURL! },
      form: {},
      maxRedirects: 0,
    });
    expect(res.status()).toBe(302);

    await page.goto("/profile?actab=1");
    await page.waitForURL((url) => url.pathname === "/login");
    const url = new URL(page.url());
    expect(url.searchParams.get("offline")).toBe("1");
    expect(url.searchParams.get("redirectTo")).toBe("/profile?actab=1");
    await expect(page.getByTestId("offline-notice")).toHaveText("您已下线，请重新登录");
    // The stale cookie was cleared: signing in again returns to the remembered page.
    await login(page, "boss1", { expectPath: /^\/profile\?actab=1$/ });
  });
});

test.describe("404", () => {
  test("an unknown path answers 404 with the not-found page (signed out)", async ({ page }) => {
    const res = await page.goto("/no/such/page");
    expect(res?.status()).toBe(404);
    await expect(page.getByTestId("error-page")).toHaveAttribute("data-status", "404");
    await expect(page.getByText("抱歉，您访问的页面不存在")).toBeVisible();
  });

  test("an unknown path answers 404 with the not-found page (signed in)", async ({ page }) => {
    await signIn(page, "boss1");
    const res = await page.goto("/no/such/page");
    expect(res?.status()).toBe(404);
    await expect(page.getByTestId("error-page")).toHaveAttribute("data-status", "404");
    await expect(page.getByText("抱歉，您访问的页面不存在")).toBeVisible();
  });
});
