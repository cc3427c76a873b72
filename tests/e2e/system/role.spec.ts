import { expect, signIn, test, waitForHydration } from "../helpers";
import type { Page } from "@playwright/test";

/**
 * 角色管理 (/system/permissions/role): boss1 of 穗通汽配 makes a role of his own company that
 * may only open 销售订单, sees the tree show it, and deletes it again; the templates are
 * read-only for him. The operator edits a template role. The tree's checkboxes (which check and
 * uncheck their group and area with JavaScript) with JavaScript and as plain HTML; the read-only
 * template, the duplicate name (the server's refusal), the bookmark and the operator's template
 * role as plain HTML.
 */
const tree = (page: Page) => page.getByTestId("permission-tree");
const box = (page: Page, name: string) => tree(page).getByRole("checkbox", { name, exact: true });

for (const js of [true, false]) {
  test.describe(`角色管理, JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    const title = js
      ? "boss1 creates 开票员 with only 销售订单; the tree checks and unchecks its group and area"
      : "boss1 creates 开票员 with only 销售订单; the tree shows it; templates are read-only";
    test(title, async ({ page }) => {
      const name = js ? "开票员" : "开票员乙";
      await signIn(page, "boss1");
      await page.goto("/system/permissions/role");
      await expect(page.getByRole("heading", { level: 1, name: "角色管理" })).toBeVisible();
      await expect(page.getByTestId("role-none")).toBeVisible();

      const create = page.getByTestId("role-create");
      if (!js) {
        // A template: the tree is there, nothing can be changed.
        await page.getByRole("navigation", { name: "角色列表" }).getByRole("link", { name: /^经理/ }).click();
        await expect(page.getByTestId("role-title")).toHaveText("经理");
        await expect(page.getByTestId("role-readonly")).toBeVisible();
        await expect(box(page, "销售订单")).toBeChecked();
        await expect(box(page, "销售订单")).toBeDisabled();
        await expect(page.getByTestId("role-save")).toHaveCount(0);
        // Platform entries are not even offered to a company role.
        await expect(tree(page).getByRole("checkbox", { name: "公司档案", exact: true })).toHaveCount(0);

        // A bad name is refused in Chinese, nothing is created.
        await create.getByRole("textbox", { name: "角色名称" }).fill("经理");
        await create.getByRole("button", { name: "新增" }).click();
        await expect(create.getByText("已有同名角色")).toBeVisible();
      }

      await create.getByRole("textbox", { name: "角色名称" }).fill(name);
      await create.getByRole("textbox", { name: "说明" }).fill("只开销售订单");
      await create.getByRole("button", { name: "新增" }).click();
      await expect(page.getByText(`已新增角色 ${name}，请勾选它的权限`)).toBeVisible();
      await expect(page).toHaveURL(/\?role=\d+$/);
      if (js) await waitForHydration(page);
      await expect(page.getByTestId("role-title")).toHaveText(name);
      await expect(tree(page).getByRole("checkbox", { checked: true })).toHaveCount(0);

      await box(page, "销售订单").check();
      if (js) {
        // Checking a page checks its group and area; the area is drawn half-checked.
        await expect(box(page, "销售业务")).toBeChecked();
        expect(await box(page, "销售管理").evaluate((el) => (el as HTMLInputElement).indeterminate)).toBe(true);
      }
      await page.getByTestId("role-save").click();
      await expect(page.getByText(`${name} 的权限已保存：新增 3 项，移除 0 项，对方下一次操作起生效`)).toBeVisible();
      await expect(box(page, "销售订单")).toBeChecked();
      await expect(box(page, "销售业务")).toBeChecked();
      await expect(box(page, "销售管理")).toBeChecked();
      await expect(box(page, "销售执行")).not.toBeChecked();
      await expect(tree(page).getByRole("checkbox", { name: /^销售开单\s*（操作）$/ })).not.toBeChecked();
      await expect(page.getByText("已授权 3 项")).toBeVisible();

      // Bookmarkable: the same URL opens the same role.
      if (!js) {
        const url = page.url();
        await page.goto("/system/permissions/role");
        await page.goto(url);
        await expect(page.getByTestId("role-title")).toHaveText(name);
        await expect(box(page, "销售订单")).toBeChecked();
      }

      // Unchecking takes it away again.
      await box(page, "销售订单").uncheck();
      if (!js) {
        await box(page, "销售业务").uncheck();
        await box(page, "销售管理").uncheck();
      }
      await page.getByTestId("role-save").click();
      await expect(page.getByText(`${name} 的权限已保存：新增 0 项，移除 3 项，对方下一次操作起生效`)).toBeVisible();
      await expect(tree(page).getByRole("checkbox", { checked: true })).toHaveCount(0);

      await page.getByTestId("role-delete").click();
      await page.getByTestId("role-delete-confirm").getByRole("button", { name: "确定删除" }).click();
      await expect(page.getByText(`已删除角色 ${name}`)).toBeVisible();
      await expect(page.getByRole("navigation", { name: "角色列表" }).getByRole("link", { name: new RegExp(`^${name}`) })).toHaveCount(0);
    });
  });
}

test.describe("template roles, JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the operator creates, renames and grants a template role, then deletes it", async ({ page }) => {
    await signIn(page, "admin");
    await page.goto("/system/permissions/role");
    const create = page.getByTestId("role-create");
    await create.getByRole("textbox", { name: "角色名称" }).fill("门店收银模板");
    await create.getByRole("combobox", { name: "适用范围" }).selectOption("company");
    await create.getByRole("button", { name: "新增" }).click();
    await expect(page.getByText("已新增角色 门店收银模板")).toBeVisible();
    await expect(page.getByTestId("role-kind")).toHaveText("模板角色 · 公司角色");

    const edit = page.getByTestId("role-edit");
    await edit.getByRole("textbox", { name: "角色名称" }).fill("收银模板");
    await edit.getByRole("button", { name: "保存名称" }).click();
    await expect(page.getByText("角色 收银模板 已保存")).toBeVisible();
    await expect(page.getByTestId("role-title")).toHaveText("收银模板");

    await box(page, "对账单").check();
    await page.getByTestId("role-save").click();
    await expect(page.getByText(/收银模板 的权限已保存：新增 \d 项，移除 0 项/)).toBeVisible();
    await expect(box(page, "对账单")).toBeChecked();

    await page.getByTestId("role-delete").click();
    await page.getByTestId("role-delete-confirm").getByRole("button", { name: "确定删除" }).click();
    await expect(page.getByText("已删除角色 收银模板")).toBeVisible();
  });
});
