import { expect, login, test } from "../helpers";
import { expectFlash, field, openList } from "../lists/grid";

/**
 * 物流信息 (/warehouse/logistic) and 物流档案 (/system/archives/logistics), as plain HTML: the
 * operator's archive lists the carriers with their tracking pages; boss1's logistics form
 * suggests them, and a company saved under a carrier's name takes its tracking page and phone.
 */
test.use({ javaScriptEnabled: false });

test("物流档案 lists the platform's carriers; a company's logistics company named like one takes its tracking page", async ({ page }) => {
  await login(page, "admin");
  await openList(page, "/system/archives/logistics?q=%E4%BA%AC%E4%B8%9C", false);
  await expect(page.getByRole("heading", { level: 1, name: "物流档案" })).toBeVisible();
  await expect(page.locator("tbody")).toContainText("京东物流");
  await expect(page.locator("tbody")).toContainText("https://www.kuaidi100.com/chaxun?com=jd&nu={no}");

  await page.context().clearCookies();
  await login(page, "boss1");
  await openList(page, "/warehouse/logistic?edit=new", false);
  const dialog = page.getByTestId("edit-dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.locator("datalist option[value='京东物流']")).toHaveCount(1);
  await field(dialog, "name").fill("京东物流");
  // 查询网址 and 联系电话 are left empty: the form must post without them.
  await dialog.getByTestId("form-save").click();
  await expectFlash(page, "保存成功");
  await openList(page, "/warehouse/logistic?q=%E4%BA%AC%E4%B8%9C%E7%89%A9%E6%B5%81", false);
  await expect(page.locator("tbody")).toContainText("https://www.kuaidi100.com/chaxun?com=jd&nu={no}");
  await expect(page.locator("tbody")).toContainText("950616");
});
