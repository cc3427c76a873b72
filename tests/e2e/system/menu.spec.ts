import { expect, signIn, test } from "../helpers";

/**
 * 菜单配置 (/system/configure/menu): the operator renames a menu entry and the left menu shows
 * the new name at once, with JavaScript (the layout's menu revalidated) and as plain HTML; bad
 * input is refused in Chinese (the server's refusal: plain HTML only).
 * The entry gets its name back at the end (later tests read the menu).
 */
for (const js of [true, false]) {
  test.describe(`菜单配置, JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("admin renames 行政区域; the left menu shows the new name", async ({ page }) => {
      const renamed = js ? "行政区划" : "行政区划管理";
      const menu = page.getByRole("navigation", { name: "主菜单" });
      await signIn(page, "admin");
      await page.goto("/system/configure/menu");
      await expect(page.getByRole("heading", { level: 1, name: "菜单配置" })).toBeVisible();
      const row = page.locator('[data-testid="menu-row"][data-code="XTGL-020"]');
      await expect(row).toContainText("/system/basic/adminArea");
      await row.getByRole("link", { name: "修改 行政区域" }).click();
      const form = page.getByTestId("menu-edit");
      await expect(form.getByRole("textbox", { name: "编码" })).toHaveValue("XTGL-020");

      // Blank (spaces pass the browser's own check): the server refuses in Chinese, nothing changes.
      if (!js) {
        await form.getByRole("textbox", { name: "名称" }).fill("   ");
        await form.getByRole("button", { name: "保存" }).click();
        await expect(page.getByText("请输入菜单名称")).toBeVisible();
        await expect(row).toContainText("行政区域");
      }

      await form.getByRole("textbox", { name: "名称" }).fill(renamed);
      await form.getByRole("spinbutton", { name: "排序" }).fill("5");
      await form.getByRole("button", { name: "保存" }).click();
      await expect(page.getByText(`菜单“${renamed}”已保存，各用户下一次操作起生效`)).toBeVisible();
      await expect(row).toContainText(renamed);
      await expect(menu.getByRole("link", { name: renamed, exact: true })).toHaveCount(1);
      await expect(menu.getByRole("link", { name: "行政区域", exact: true })).toHaveCount(0);

      // Back to the product's name and order.
      await page.goto("/system/configure/menu");
      await row.getByRole("link", { name: `修改 ${renamed}` }).click();
      await form.getByRole("textbox", { name: "名称" }).fill("行政区域");
      await form.getByRole("spinbutton", { name: "排序" }).fill("60");
      await form.getByRole("button", { name: "保存" }).click();
      await expect(page.getByText("菜单“行政区域”已保存")).toBeVisible();
      await expect(menu.getByRole("link", { name: "行政区域", exact: true })).toHaveCount(1);
    });
  });
}

test.describe("菜单配置 refusal, JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("a company manager cannot open 菜单配置", async ({ page }) => {
    await signIn(page, "boss1");
    const res = await page.goto("/system/configure/menu");
    expect(res?.status()).toBe(403);
  });
});
