import type { Page } from "@playwright/test";
import { expect, test } from "../helpers";
import {
  columnTexts,
  expectFlash,
  field,
  gridRows,
  gridTotal,
  openList,
  param,
  row,
  rowIds,
  searchKeyword,
  selectRow,
  signIn,
  signOut,
  suffix,
  answerUnsavedQuestion,
} from "./grid";

/**
 * 往来单位 (/organization/partner) as boss1 of 穗通汽配 sees it: 15 customers and 10 suppliers
 * in the demo data, plus whatever earlier tests created (always with a unique E2E name).
 */
const PAGE = "/organization/partner";
const LIST = `${PAGE}?size=20`;

/** Creates a partner through 新增 and returns its name and id (found again by keyword). */
async function createPartner(page: Page, js: boolean, opts: { name?: string; rel?: "客户" | "供应商"; contactName?: string } = {}) {
  const name = opts.name ?? `E2E往来单位${suffix()}`;
  await openList(page, LIST, js);
  await page.getByTestId("grid-add").click();
  const dialog = page.getByTestId("edit-dialog");
  await expect(dialog).toBeVisible();
  await field(dialog, "rel").selectOption({ label: opts.rel ?? "客户" });
  await field(dialog, "name").fill(name);
  await field(dialog, "contactName").fill(opts.contactName ?? "测试联系人");
  await dialog.getByTestId("form-save").click();
  await expectFlash(page, "保存成功");
  await expect(dialog).toBeHidden();
  await searchKeyword(page, name);
  await expect(gridRows(page)).toHaveCount(1);
  const [id] = await rowIds(page);
  return { name, id: id! };
}

/**
 * The generic grid kit (sorting, paging, page size, filters, export, custom columns, 请选择数据行,
 * row selection, double-click and Enter, the delete confirmation) is tested on 我的产品
 * (product-list.spec.ts), in both modes where JavaScript changes the path. Here only what is
 * 往来单位's own: its 类型 filter, its form and validation, and tenant isolation, as plain HTML
 * (the form posts to the same server action with JavaScript).
 */
test.describe("往来单位, JavaScript off", () => {
  test.use({ javaScriptEnabled: false });
  const js = false;

  test("keyword and 类型 filter are in the URL: a reload or a bookmark shows the same rows", async ({ page, context }) => {
    await signIn(page, "boss1", js);
    await openList(page, LIST, js);
    const search = page.getByRole("search");
    await search.locator('input[name="q"]').fill("汽修");
    await search.locator('select[name="rel"]').selectOption({ label: "客户" });
    await search.getByRole("button", { name: "搜索" }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get("q") === "汽修" && url.searchParams.get("rel") === "1" && url.searchParams.get("size") === "20");
    const total = await gridTotal(page);
    expect(total).toBeGreaterThan(3);
    expect(total).toBeLessThan(25);
    for (const name of await columnTexts(page, "name")) expect(name).toContain("汽修");
    for (const rel of await columnTexts(page, "rel")) expect(rel).toBe("客户");
    const ids = await rowIds(page);
    expect(ids.length).toBe(total);

    // Suppliers with 汽修 in the name: none in the demo data.
    await search.locator('select[name="rel"]').selectOption({ label: "供应商" });
    await search.getByRole("button", { name: "搜索" }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get("rel") === "0");
    await expect(page.getByTestId("grid-empty")).toContainText("暂无数据");
    expect(await gridTotal(page)).toBe(0);
    await page.goBack();
    await expect(page).toHaveURL((url) => url.searchParams.get("rel") === "1");

    const url = page.url();
    await page.reload();
    await expect(page.getByTestId("grid-total")).toHaveText(`共 ${total} 条`);
    expect(await rowIds(page)).toEqual(ids);
    await expect(search.locator('input[name="q"]')).toHaveValue("汽修");
    await expect(search.locator('select[name="rel"]')).toHaveValue("1");

    const bookmark = await context.newPage();
    await bookmark.goto(url);
    await expect(bookmark.getByTestId("grid-total")).toHaveText(`共 ${total} 条`);
    expect(await rowIds(bookmark)).toEqual(ids);
    await bookmark.close();

    // 重置 clears the filters.
    await page.getByRole("search").getByRole("link", { name: "重置" }).click();
    await expect(page).toHaveURL((u) => u.pathname === PAGE && !u.searchParams.has("q") && !u.searchParams.has("rel"));
    expect(await gridTotal(page)).toBeGreaterThan(total);
  });

  test("新增: a validation error stays in the dialog and creates nothing; a valid form creates the partner", async ({ page }) => {
    await signIn(page, "boss1", js);
    await openList(page, LIST, js);
    const name = `E2E新客户${suffix()}`;
    await page.getByTestId("grid-add").click();
    await expect(page).toHaveURL((url) => url.searchParams.get("edit") === "new");
    const dialog = page.getByTestId("edit-dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute("aria-label", "新增往来单位");
    await field(dialog, "rel").selectOption({ label: "客户" });
    await field(dialog, "name").fill(name);
    await field(dialog, "contactPhone").fill("电话020-1234");
    await dialog.getByTestId("form-save").click();
    await expect(dialog.getByTestId("form-error")).toBeVisible();
    await expect(dialog).toContainText("联系电话只能包含数字、空格和 + - ( )");
    // What the user typed is still there.
    await expect(field(dialog, "name")).toHaveValue(name);
    await expect(field(dialog, "contactPhone")).toHaveValue("电话020-1234");
    await expect(page.getByTestId("flash")).toHaveCount(0);

    // Nothing was created.
    await dialog.getByRole("link", { name: "关闭" }).click();
    await answerUnsavedQuestion(page, dialog);
    await expect(dialog).toBeHidden();
    await searchKeyword(page, name);
    expect(await gridTotal(page)).toBe(0);

    await page.getByTestId("grid-add").click();
    await expect(dialog).toBeVisible();
    await field(dialog, "rel").selectOption({ label: "客户" });
    await field(dialog, "name").fill(name);
    await field(dialog, "contactName").fill("赵测试");
    await field(dialog, "contactPhone").fill("020-1234 5678");
    await field(dialog, "paymentTerm").selectOption({ label: "月结" });
    await field(dialog, "creditLimit").fill("5000");
    await dialog.getByTestId("form-save").click();
    await expectFlash(page, "保存成功");
    await expect(dialog).toBeHidden();
    // The list kept its keyword: the new partner is the one row.
    expect(param(page, "q")).toBe(name);
    await expect(page.getByTestId("grid-total")).toHaveText("共 1 条");
    const r = gridRows(page).first();
    await expect(r).toContainText(name);
    await expect(r).toContainText("客户");
    await expect(r).toContainText("赵测试");
    await expect(r).toContainText("020-1234 5678");
    await expect(r).toContainText("月结");
    await expect(r).toContainText("￥5,000.00");

    // The same name twice among customers is refused, in Chinese, in the dialog.
    await page.getByTestId("grid-add").click();
    await field(dialog, "rel").selectOption({ label: "客户" });
    await field(dialog, "name").fill(name);
    await dialog.getByTestId("form-save").click();
    await expect(dialog).toContainText("同类往来单位名称已存在");
    await page.goto(`${PAGE}?size=20&q=${encodeURIComponent(name)}`);
    await expect(page.getByTestId("grid-total")).toHaveText("共 1 条");
  });

  test("修改: select a row and press 修改, save", async ({ page }) => {
    await signIn(page, "boss1", js);
    const { name, id } = await createPartner(page, js, { contactName: "旧联系人" });
    const dialog = page.getByTestId("edit-dialog");

    await selectRow(page, id, js);
    await page.getByTestId("grid-edit").click();
    await expect(page).toHaveURL((url) => url.searchParams.get("edit") === id && !url.searchParams.has("do"));
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute("aria-label", "修改往来单位");
    await expect(field(dialog, "name")).toHaveValue(name);
    await expect(field(dialog, "contactName")).toHaveValue("旧联系人");
    await field(dialog, "contactName").fill("新联系人");
    await field(dialog, "address").fill("广州市越秀区测试路1号");
    await dialog.getByTestId("form-save").click();
    await expectFlash(page, "保存成功");
    await expect(dialog).toBeHidden();
    await expect(row(page, id)).toContainText("新联系人");
    await expect(row(page, id)).not.toContainText("旧联系人");
    await expect(page.getByTestId("grid-total")).toHaveText("共 1 条");
  });
});

test.describe("往来单位, tenant isolation", () => {
  test("boss2 opening ?edit=<a partner of 穗通汽配> sees no form and none of its data", async ({ page }) => {
    await signIn(page, "boss1", true);
    await openList(page, `${LIST}&q=${encodeURIComponent("顺达汽修厂")}`, true);
    await expect(gridRows(page)).toHaveCount(1);
    const [id] = await rowIds(page);
    const phone = (await columnTexts(page, "contactPhone"))[0]!;
    expect(phone).toMatch(/^\d{11}$/);
    await signOut(page);

    await signIn(page, "boss2", true);
    await page.goto(`${PAGE}?edit=${id}`);
    await expect(page.getByTestId("grid-total")).toBeVisible();
    await expect(page.getByTestId("edit-dialog")).toHaveCount(0);
    const html = await page.content();
    expect(html).not.toContain("顺达汽修厂");
    expect(html).not.toContain(phone);

    // Nor can boss2 delete it: the confirmation may show, but confirming does not delete.
    await page.goto(`${PAGE}?confirmDelete=${id}`);
    const confirm = page.getByTestId("confirm-dialog");
    if (await confirm.isVisible()) {
      await confirm.getByTestId("confirm-delete").click();
      await expect(page.getByTestId("flash")).toBeVisible();
      await expect(page.getByTestId("flash")).not.toContainText("删除成功");
    }
    await signOut(page);

    await signIn(page, "boss1", true);
    await openList(page, `${LIST}&q=${encodeURIComponent("顺达汽修厂")}`, true);
    await expect(row(page, id!)).toBeVisible();
  });
});
