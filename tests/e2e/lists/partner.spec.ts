import type { Page } from "@playwright/test";
import { expect, test } from "../helpers";
import {
  columnTexts,
  expectColumnHiddenWithWidth,
  expectFlash,
  expectSorted,
  exportThroughDialog,
  field,
  gridRows,
  gridTotal,
  header,
  hideColumnAndSetWidth,
  moneyValues,
  openList,
  param,
  readSheet,
  resetColumns,
  row,
  rowIds,
  searchKeyword,
  selectRow,
  signIn,
  signOut,
  startExport,
  suffix,
  answerUnsavedQuestion,
} from "./grid";

/**
 * 往来单位 (/organization/partner) as boss1 of 穗通汽配 sees it: 15 customers and 10 suppliers
 * in the demo data, plus whatever earlier tests created (always with a unique E2E name).
 * Every test runs twice: with JavaScript and as plain HTML.
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

for (const js of [true, false]) {
  test.describe(`往来单位, JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("the list shows 共 N 条 and rows; a header link sorts and puts the order in the URL", async ({ page }) => {
      await signIn(page, "boss1", js);
      await openList(page, LIST, js);
      const total = await gridTotal(page);
      expect(total).toBeGreaterThanOrEqual(25);
      await expect(gridRows(page)).toHaveCount(20);
      // The demo partners are there (some on page 2, so look them up by keyword).
      await searchKeyword(page, "顺达汽修厂");
      await expect(gridRows(page)).toHaveCount(1);
      await expect(gridRows(page).first()).toContainText("广州市白云区顺达汽修厂");
      await expect(gridRows(page).first()).toContainText("客户");

      await openList(page, LIST, js);
      await header(page, "creditLimit").getByRole("link").click();
      await expect(page).toHaveURL((url) => url.searchParams.get("sort") === "creditLimit.asc");
      await expect(header(page, "creditLimit")).toHaveAttribute("aria-sort", "ascending");
      await expect(header(page, "creditLimit")).toContainText("▲");
      const asc = moneyValues(await columnTexts(page, "creditLimit"));
      expect(asc.length).toBeGreaterThan(2);
      expectSorted(asc, "asc");

      await header(page, "creditLimit").getByRole("link").click();
      await expect(page).toHaveURL((url) => url.searchParams.get("sort") === "creditLimit.desc");
      await expect(header(page, "creditLimit")).toHaveAttribute("aria-sort", "descending");
      const desc = moneyValues(await columnTexts(page, "creditLimit"));
      expect(desc.length).toBeGreaterThan(2);
      expectSorted(desc, "desc");
      // The highest limit heads the descending list, the lowest the ascending one.
      expect(desc[0]!).toBeGreaterThan(asc[0]!);
      expect(await gridTotal(page)).toBe(total);

      // Sorting by name keeps the page size and goes back to page 1.
      await page.goto(`${LIST}&page=2`);
      await header(page, "name").getByRole("link").click();
      await expect(page).toHaveURL(
        (url) => url.searchParams.get("sort") === "name.asc" && !url.searchParams.has("page") && url.searchParams.get("size") === "20",
      );
    });

    test("paging: next page, page size 50 (remembered), go to page", async ({ page }) => {
      await signIn(page, "boss1", js);
      await openList(page, LIST, js);
      const total = await gridTotal(page);
      const pages20 = Math.ceil(total / 20);
      expect(pages20).toBeGreaterThanOrEqual(2);
      const footer = page.getByTestId("grid-footer");
      await expect(footer).toContainText(`第 1 / ${pages20} 页`);
      const first = await rowIds(page);

      await footer.getByRole("link", { name: "下一页" }).click();
      await expect(page).toHaveURL((url) => url.searchParams.get("page") === "2");
      await expect(footer).toContainText(`第 2 / ${pages20} 页`);
      await expect(footer.locator('[aria-current="page"]')).toHaveText("2");
      const second = await rowIds(page);
      expect(second.length).toBe(Math.min(20, total - 20));
      expect(second.filter((id) => first.includes(id))).toEqual([]);
      await footer.getByRole("link", { name: "上一页" }).click();
      await expect(page).toHaveURL((url) => !url.searchParams.has("page"));
      expect(await rowIds(page)).toEqual(first);

      // Page size 50: the select submits itself with JavaScript, 确定 submits it without.
      // With JavaScript picking a size is also saved, by an explicit POST (a GET never writes).
      const saved = js ? page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === PAGE) : null;
      await footer.locator('select[name="size"]').selectOption("50");
      if (!js) await footer.getByRole("button", { name: "确定" }).click();
      await expect(page).toHaveURL((url) => url.searchParams.get("size") === "50");
      await expect(gridRows(page)).toHaveCount(Math.min(50, total));
      await expect(footer).toContainText(`第 1 / ${Math.ceil(total / 50)} 页`);
      if (saved) expect((await saved).status()).toBe(200);
      else {
        // Without JavaScript the URL's size is only shown; the custom-columns dialog saves it.
        await page.getByTestId("grid-columns").click();
        await expect(page.getByTestId("columns-per-page")).toHaveValue("50");
        await page.getByTestId("columns-save").click();
        await expect(page.getByTestId("columns-dialog")).toHaveCount(0);
      }
      // The saved size applies to a bare URL.
      await openList(page, PAGE, js);
      await expect(footer.locator('select[name="size"]')).toHaveValue("50");
      await expect(gridRows(page)).toHaveCount(Math.min(50, total));

      // Back to 20 per page, then jump to page 2 with 前往 … 页.
      await openList(page, LIST, js);
      await expect(gridRows(page)).toHaveCount(20);
      const jump = footer.locator('input[name="page"]');
      await jump.fill("2");
      await footer.getByRole("button", { name: "跳转" }).click();
      await expect(page).toHaveURL((url) => url.searchParams.get("page") === "2" && url.searchParams.get("size") === "20");
      await expect(footer).toContainText(`第 2 / ${pages20} 页`);
      expect(await rowIds(page)).toEqual(second);

      // A page beyond the last: with JavaScript the input resets and nothing happens;
      // without, the server answers the last page instead of an empty one.
      await jump.fill("999");
      await footer.getByRole("button", { name: "跳转" }).click();
      if (js) {
        await expect(jump).toHaveValue("2");
        expect(param(page, "page")).toBe("2");
      } else {
        await expect(page).toHaveURL((url) => url.searchParams.get("page") === String(pages20));
        await expect(footer).toContainText(`第 ${pages20} / ${pages20} 页`);
        await expect(gridRows(page).first()).toBeVisible();
      }
    });

    test("keyword and 类型 filter are in the URL: a reload or a bookmark shows the same rows", async ({ page, context }) => {
      await signIn(page, "boss1", js);
      await openList(page, LIST, js);
      const search = page.getByRole("search");
      await search.locator('input[name="q"]').fill("汽修");
      await search.locator('select[name="rel"]').selectOption({ label: "客户" });
      await search.getByRole("button", { name: "搜索" }).click();
      await expect(page).toHaveURL(
        (url) => url.searchParams.get("q") === "汽修" && url.searchParams.get("rel") === "1" && url.searchParams.get("size") === "20",
      );
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

    test("修改: select a row and press 修改 (double-click and Enter with JavaScript), save", async ({ page }) => {
      await signIn(page, "boss1", js);
      const { name, id } = await createPartner(page, js, { contactName: "旧联系人" });
      const dialog = page.getByTestId("edit-dialog");

      if (js) {
        // Double-click opens the form …
        await row(page, id).locator("td").nth(1).dblclick();
        await expect(page).toHaveURL((url) => url.searchParams.get("edit") === id);
        await expect(dialog).toBeVisible();
        await expect(field(dialog, "name")).toHaveValue(name);
        await page.keyboard.press("Escape");
        await expect(dialog).toBeHidden();
        // … and so do the arrow keys plus Enter.
        await page.getByRole("table", { name: "数据列表" }).focus();
        await page.keyboard.press("ArrowDown");
        await expect(row(page, id)).toHaveClass(/\bselected\b/);
        await page.keyboard.press("Enter");
        await expect(page).toHaveURL((url) => url.searchParams.get("edit") === id);
        await expect(dialog).toBeVisible();
        await dialog.getByRole("link", { name: "关闭" }).click();
        await expect(dialog).toBeHidden();
      }

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

    test("删除: the confirmation, then 删除成功 and the row is gone", async ({ page }) => {
      await signIn(page, "boss1", js);
      const { id } = await createPartner(page, js, { rel: "供应商" });
      await selectRow(page, id, js);
      await page.getByTestId("grid-delete").click();
      await expect(page).toHaveURL((url) => url.searchParams.get("confirmDelete") === id);
      const confirm = page.getByTestId("confirm-dialog");
      await expect(confirm).toBeVisible();
      await expect(confirm).toContainText("此操作将删除选中数据行, 是否继续?");

      // 取消 keeps the row.
      await confirm.getByRole("link", { name: "取消" }).click();
      await expect(confirm).toBeHidden();
      await expect(row(page, id)).toBeVisible();

      await selectRow(page, id, js);
      await page.getByTestId("grid-delete").click();
      await expect(confirm).toBeVisible();
      await confirm.getByTestId("confirm-delete").click();
      await expectFlash(page, "删除成功");
      await expect(confirm).toBeHidden();
      await expect(page.getByTestId("grid-total")).toHaveText("共 0 条");
      await expect(row(page, id)).toHaveCount(0);
      await expect(page.getByTestId("grid-empty")).toBeVisible();
    });

    test("修改 or 删除 with no row selected shows 请选择数据行", async ({ page }) => {
      await signIn(page, "boss1", js);
      await openList(page, LIST, js);
      const notice = page.getByTestId("grid-notice");
      for (const button of ["grid-edit", "grid-delete"]) {
        await page.getByTestId(button).click();
        await expect(notice).toHaveText("请选择数据行");
        await expect(page.getByTestId("edit-dialog")).toHaveCount(0);
        await expect(page.getByTestId("confirm-dialog")).toHaveCount(0);
        if (js) {
          // A toast: the URL stays, the message goes after 1.5 s.
          expect(param(page, "notice")).toBeNull();
          expect(param(page, "do")).toBeNull();
          await expect(notice).toBeHidden({ timeout: 4000 });
        } else {
          await expect(page).toHaveURL((url) => url.searchParams.get("notice") === "select" && url.searchParams.get("size") === "20");
          await openList(page, LIST, js);
        }
      }
    });

    test("自定义导出 downloads 往来单位.xlsx with the filtered rows", async ({ page }) => {
      await signIn(page, "boss1", js);
      await openList(page, `${LIST}&q=${encodeURIComponent("汽修")}`, js);
      const total = await gridTotal(page);
      expect(total).toBeGreaterThan(0);

      const { file } = await exportThroughDialog(page, "往来单位.xlsx");
      const sheet = await readSheet(file);
      expect(sheet[0]).toContain("单位名称");
      expect(sheet[0]).not.toContain("地址");
      expect(sheet.length).toBe(total + 1);
      for (const r of sheet.slice(1)) expect(r.join(" ")).toContain("汽修");

      // Hidden columns can be exported too: 显示隐藏列, then 全选.
      // With JavaScript the dialog closes as the download starts (wait for that, rather than
      // asking whether it is still open while it closes); without, it stays open.
      const dialog = page.getByTestId("export-dialog");
      if (js) {
        await expect(dialog).toBeHidden();
        await page.getByTestId("grid-export").click();
      }
      await expect(dialog).toBeVisible();
      await dialog.getByTestId("export-hidden").click();
      await expect(page).toHaveURL((url) => url.searchParams.get("hidden") === "1");
      const address = dialog.locator('input[name="col"][value="address"]');
      await expect(address).not.toBeChecked();
      if (js) await dialog.getByTestId("export-all").check();
      else await dialog.getByRole("link", { name: "全选" }).click();
      await expect(address).toBeChecked();
      const all = await readSheet((await startExport(page, "往来单位.xlsx")).file);
      expect(all[0]).toContain("地址");
      expect(all[0]).toContain("备注");
      expect(all.length).toBe(total + 1);
    });

    test("自定义列: hide a column and change a width; it stays so after signing in again; 重置 restores it", async ({ page }) => {
      await signIn(page, "boss1", js);
      await openList(page, LIST, js);
      await resetColumns(page);
      await expect(header(page, "contactName")).toBeVisible();

      await hideColumnAndSetWidth(page, "contactName", "name", 260);
      await expectColumnHiddenWithWidth(page, "contactName", "name", 260);

      await signOut(page);
      await signIn(page, "boss1", js);
      await openList(page, LIST, js);
      await expectColumnHiddenWithWidth(page, "contactName", "name", 260);

      // Another user's grid is not affected.
      await signOut(page);
      await signIn(page, "boss2", js);
      await openList(page, LIST, js);
      await expect(header(page, "contactName")).toBeVisible();
      await signOut(page);

      await signIn(page, "boss1", js);
      await openList(page, LIST, js);
      await resetColumns(page);
      await expect(header(page, "contactName")).toBeVisible();
      await expect(page.getByRole("table", { name: "数据列表" }).locator('col[data-field="name"]')).toHaveAttribute("style", /width:\s*200px/);
    });
  });
}

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
