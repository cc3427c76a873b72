import { expect, fillLogin, login, test } from "../helpers";
import { columnTexts, openList } from "../lists/grid";

/**
 * 操作日志 (/system/permissions/log) as boss1 of 穗通汽配: a failed sign-in of one of his staff
 * and his own sign-in are there, filterable by 操作; boss2's entries (鹏达汽配) are not.
 * As plain HTML: the filters are in the URL, a read-only list the same with JavaScript.
 */
test.describe("操作日志, JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("boss1 finds a failed sign-in of sales1 and his own sign-in, never another company's", async ({ page }) => {
    await fillLogin(page, "sales1", "WrongPassword!1");
    await expect(page.getByTestId("login-error")).toContainText("用户名或密码错误");
    await login(page, "boss1");

    await openList(page, "/system/permissions/log?action=loginFailed&userName=sales1", false);
    await expect(page.getByRole("heading", { level: 1, name: "操作日志" })).toBeVisible();
    const failed = await columnTexts(page, "summary");
    expect(failed.length).toBeGreaterThan(0);
    expect(failed).toContain("密码错误");
    expect(new Set(await columnTexts(page, "action"))).toEqual(new Set(["登录失败"]));

    await openList(page, "/system/permissions/log?action=login", false);
    const names = await columnTexts(page, "userName");
    expect(names).toContain("boss1");
    expect(names).not.toContain("boss2");
    expect(new Set(await columnTexts(page, "companyName"))).toEqual(new Set(["穗通汽配"]));
  });
});
