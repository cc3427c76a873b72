import type { Locator, Page } from "@playwright/test";
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
  letters,
  moneyValues,
  openList,
  param,
  readSheet,
  resetColumns,
  row,
  rowIds,
  screenPath,
  searchKeyword,
  selectRow,
  signIn,
  signOut,
  startExport,
  suffix,
  answerUnsavedQuestion,
} from "./grid";

/**
 * 我的产品 (/product/list) as boss1 of 穗通汽配 sees it: 400 demo products (150 of them copied
 * from the public library), plus what earlier tests created (unique E2E codes).
 *
 * This page carries the tests of the generic grid kit (ResourcePage, DataGrid):往来单位
 * (partner.spec.ts) keeps only what is its own. A test runs in both modes when its path differs
 * with JavaScript (dialogs, row selection, the toast, the duplicate-code check, the size select
 * and page input); sorting, filters, bookmarks and the OE search only reach the same server
 * through Remix's client navigation, so they run as plain HTML, the guarantee.
 */
const PAGE = "/product/list";
const LIST = `${PAGE}?size=20`;

/**
 * A demo product of 穗通汽配 (server/db/seed-master.ts, seeded deterministically): 发电机
 * "04E 903 186F" by 电装, whose replacement OEs are "06H 903 408A|104210-8596".
 */
const DEMO_CODE = "04E 903 186F";
const DEMO_SPELLINGS = ["04E 903 186F", "04e903186f", "04E-903-186-F"];
const DEMO_REPLACEMENT = "06h.903.408a";

/** A product code no one has: letters, digits and dashes. */
const uniqueCode = () => `E2E-${suffix()}-${Math.floor(Math.random() * 900 + 100)}`;
/** The same code the way another clerk would type it: lower case, no separators. */
const otherSpelling = (code: string) => code.replace(/[^A-Za-z0-9]/g, "").toLowerCase();

/**
 * The 公库 result rows once they belong to `keyword`: each row's 导入 link carries the keyword
 * it was rendered for (libq), so stale rows of the previous search are never read.
 */
async function libraryResultsFor(dialog: Locator, keyword: string) {
  const rows = dialog.getByTestId("library-results").locator("tbody tr");
  await expect
    .poll(
      () =>
        rows
          .locator("a")
          .evaluateAll(
            (links, k) => links.length > 0 && links.every((a) => (new URL((a as HTMLAnchorElement).href).searchParams.get("libq") ?? "") === k),
            keyword,
          ),
      { message: `公库 results for "${keyword}"` },
    )
    .toBe(true);
  return rows;
}

async function createProduct(page: Page, js: boolean, opts: { code?: string; name?: string; price?: string } = {}) {
  const code = opts.code ?? uniqueCode();
  const name = opts.name ?? `测试刹车片${letters()}`;
  await openList(page, LIST, js);
  await page.getByTestId("grid-add").click();
  const dialog = page.getByTestId("edit-dialog");
  await expect(dialog).toBeVisible();
  await field(dialog, "mainOE").fill(code);
  await field(dialog, "name").fill(name);
  await field(dialog, "priceSale").fill(opts.price ?? "88");
  await dialog.getByTestId("form-save").click();
  await expectFlash(page, "保存成功");
  await expect(dialog).toBeHidden();
  await searchKeyword(page, code);
  await expect(gridRows(page)).toHaveCount(1);
  const [id] = await rowIds(page);
  return { code, name, id: id! };
}

// First, so the screenshots show the demo data rather than rows other tests created.
test.describe("我的产品, screenshots", () => {
  test("the list and its dialogs (test-results/screens/product-list*.png)", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, "boss1", true);
    await openList(page, LIST, true);
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    const shot = async (name: string) => page.screenshot({ path: screenPath(name), fullPage: true, animations: "disabled" });
    await shot("product-list.png");

    await page.getByTestId("grid-columns").click();
    await expect(page.getByTestId("columns-dialog")).toBeVisible();
    await shot("product-list-columns.png");
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("columns-dialog")).toBeHidden();

    await page.getByTestId("grid-export").click();
    await expect(page.getByTestId("export-dialog")).toBeVisible();
    await shot("product-list-export.png");
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("export-dialog")).toBeHidden();

    await page.getByTestId("library-import").click();
    const library = page.getByTestId("library-dialog");
    await library.locator('input[name="libq"]').fill("火花塞");
    await library.getByRole("button", { name: "搜索" }).click();
    await expect(library.getByTestId("library-results").locator("tbody tr").first()).toContainText("火花塞");
    await shot("product-list-library.png");
  });
});

for (const js of [true, false]) {
  test.describe(`我的产品, JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    if (!js)
      test("the list shows 共 N 条 and rows; the 销售价 header link sorts both ways and the URL says so", async ({ page }) => {
        await signIn(page, "boss1", js);
        await openList(page, LIST, js);
        const total = await gridTotal(page);
        expect(total).toBeGreaterThanOrEqual(400);
        await expect(gridRows(page)).toHaveCount(20);
        // Newest first by default; every row has a code and a name.
        for (const code of await columnTexts(page, "mainOE")) expect(code).toMatch(/[A-Z0-9]/);
        for (const name of await columnTexts(page, "name")) expect(name.length).toBeGreaterThan(0);

        const price = header(page, "priceSale");
        await price.getByRole("link", { name: "销售价" }).click();
        await expect(page).toHaveURL((url) => url.searchParams.get("sort") === "priceSale.asc" && url.searchParams.get("size") === "20");
        await expect(price).toHaveAttribute("aria-sort", "ascending");
        await expect(price).toContainText("▲");
        const asc = moneyValues(await columnTexts(page, "priceSale"));
        expect(asc).toHaveLength(20);
        expectSorted(asc, "asc");

        await price.getByRole("link").click();
        await expect(page).toHaveURL((url) => url.searchParams.get("sort") === "priceSale.desc");
        await expect(price).toHaveAttribute("aria-sort", "descending");
        await expect(price).toContainText("▼");
        // Products other specs created without a 销售价 sort first when descending (empty cells):
        // count the rows, compare the prices.
        const descTexts = await columnTexts(page, "priceSale");
        expect(descTexts).toHaveLength(20);
        const desc = moneyValues(descTexts);
        expect(desc.length).toBeGreaterThan(0);
        expectSorted(desc, "desc");
        expect(desc[0]!).toBeGreaterThan(asc[0]!);
        expect(await gridTotal(page)).toBe(total);

        // The sort survives paging: page 2 continues below page 1's cheapest price.
        await page.getByTestId("grid-footer").getByRole("link", { name: "下一页" }).click();
        await expect(page).toHaveURL((url) => url.searchParams.get("page") === "2" && url.searchParams.get("sort") === "priceSale.desc");
        const next = moneyValues(await columnTexts(page, "priceSale"));
        expect(next[0]!).toBeLessThanOrEqual(desc[desc.length - 1]!);

        // Sorting by another column keeps the page size and goes back to page 1.
        await header(page, "name").getByRole("link").click();
        await expect(page).toHaveURL(
          (url) => url.searchParams.get("sort") === "name.asc" && !url.searchParams.has("page") && url.searchParams.get("size") === "20",
        );
      });

    test("paging: 7 page links, next page, page size 50, go to page", async ({ page }) => {
      await signIn(page, "boss1", js);
      await openList(page, LIST, js);
      const total = await gridTotal(page);
      const footer = page.getByTestId("grid-footer");
      const nav = footer.getByRole("navigation", { name: "分页" });
      await expect(nav.locator("a:not([rel]), span[aria-current]")).toHaveText(["1", "2", "3", "4", "5", "6", "7"]);
      await expect(footer).toContainText(`第 1 / ${Math.ceil(total / 20)} 页`);
      const first = await rowIds(page);

      await nav.getByRole("link", { name: "下一页" }).click();
      await expect(page).toHaveURL((url) => url.searchParams.get("page") === "2");
      await expect(nav.locator('[aria-current="page"]')).toHaveText("2");
      const second = await rowIds(page);
      expect(second).toHaveLength(20);
      expect(second.filter((id) => first.includes(id))).toEqual([]);

      // The window moves with the current page: on page 6 it shows 3 … 9.
      await nav.getByRole("link", { name: "6", exact: true }).click();
      await expect(page).toHaveURL((url) => url.searchParams.get("page") === "6");
      await expect(nav.locator("a:not([rel]), span[aria-current]")).toHaveText(["3", "4", "5", "6", "7", "8", "9"]);

      // Page size 50 starts again on page 1.
      await footer.locator('select[name="size"]').selectOption("50");
      if (!js) await footer.getByRole("button", { name: "确定" }).click();
      await expect(page).toHaveURL((url) => url.searchParams.get("size") === "50" && !url.searchParams.has("page"));
      await expect(gridRows(page)).toHaveCount(50);
      const pages50 = Math.ceil(total / 50);
      await expect(footer).toContainText(`第 1 / ${pages50} 页`);
      const first50 = await rowIds(page);
      expect(first50.slice(0, 20)).toEqual(first);

      const jump = footer.locator('input[name="page"]');
      await jump.fill("5");
      await footer.getByRole("button", { name: "跳转" }).click();
      await expect(page).toHaveURL((url) => url.searchParams.get("page") === "5" && url.searchParams.get("size") === "50");
      await expect(footer).toContainText(`第 5 / ${pages50} 页`);
      await expect(jump).toHaveValue("5");
      const fifth = await rowIds(page);
      expect(fifth).toHaveLength(50);
      expect(fifth.filter((id) => first50.includes(id))).toEqual([]);

      // Not a page: 0 and 999. With JavaScript the input resets to the current page and the
      // list stays; without, the server shows page 1 for 0 and the last page for 999.
      for (const bad of ["0", "999"]) {
        await jump.fill(bad);
        await footer.getByRole("button", { name: "跳转" }).click();
        if (js) {
          await expect(jump).toHaveValue("5");
          expect(param(page, "page")).toBe("5");
        } else {
          const expected = bad === "0" ? "1" : String(pages50);
          await expect(footer).toContainText(`第 ${expected} / ${pages50} 页`);
          await expect(gridRows(page).first()).toBeVisible();
          await page.goto(`${PAGE}?size=50&page=5`);
        }
      }
      await openList(page, LIST, js);
    });

    test("a chosen page size is saved and applies to a bare URL (POST with JavaScript, 自定义列 without)", async ({ page }) => {
      await signIn(page, "boss1", js);
      const footer = page.getByTestId("grid-footer");
      const size = footer.locator('select[name="size"]');
      // With JavaScript picking a size saves it, by an explicit POST (a GET never writes).
      // Without, the URL's size is only shown; the custom-columns dialog saves it.
      const saveSize = async (n: "20" | "50") => {
        if (js) {
          await openList(page, `${PAGE}?size=${n === "50" ? "20" : "50"}`, js);
          const saved = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname === PAGE);
          await size.selectOption(n);
          await expect(page).toHaveURL((url) => url.searchParams.get("size") === n);
          expect((await saved).status()).toBe(200);
        } else {
          await openList(page, `${PAGE}?size=${n}`, js);
          await page.getByTestId("grid-columns").click();
          await expect(page.getByTestId("columns-per-page")).toHaveValue(n);
          await page.getByTestId("columns-save").click();
          await expect(page.getByTestId("columns-dialog")).toHaveCount(0);
        }
      };
      await saveSize("50");
      await openList(page, PAGE, js);
      await expect(size).toHaveValue("50");
      await expect(gridRows(page)).toHaveCount(50);
      // Back to 20, so the specs that open the bare URL see the default again.
      await saveSize("20");
      await openList(page, PAGE, js);
      await expect(size).toHaveValue("20");
      await expect(gridRows(page)).toHaveCount(20);
    });

    if (!js)
      test("keyword and 品牌 filter are in the URL: a reload or a bookmark shows the same rows", async ({ page, context }) => {
        await signIn(page, "boss1", js);
        await openList(page, LIST, js);
        const search = page.getByRole("search");
        await search.locator('input[name="q"]').fill("火花塞");
        await search.locator('select[name="brandId"]').selectOption({ label: "NGK" });
        await search.getByRole("button", { name: "搜索" }).click();
        await expect(page).toHaveURL((url) => url.searchParams.get("q") === "火花塞" && !!url.searchParams.get("brandId"));
        const total = await gridTotal(page);
        expect(total).toBeGreaterThan(0);
        expect(total).toBeLessThan(100);
        for (const brand of await columnTexts(page, "brandName")) expect(brand).toBe("NGK");
        for (const name of await columnTexts(page, "name")) expect(name).toContain("火花塞");
        const ids = await rowIds(page);
        expect(ids).toHaveLength(Math.min(total, 20));

        // 博世 spark plugs are other rows.
        const ngk = param(page, "brandId");
        await search.locator('select[name="brandId"]').selectOption({ label: "博世" });
        await search.getByRole("button", { name: "搜索" }).click();
        await expect(page).toHaveURL((url) => !!url.searchParams.get("brandId") && url.searchParams.get("brandId") !== ngk);
        for (const brand of await columnTexts(page, "brandName")) expect(brand).toBe("博世");
        await page.goBack();
        await expect(page).toHaveURL((url) => url.searchParams.get("brandId") === ngk);
        for (const brand of await columnTexts(page, "brandName")) expect(brand).toBe("NGK");

        const url = page.url();
        await page.reload();
        await expect(page.getByTestId("grid-total")).toHaveText(`共 ${total} 条`);
        expect(await rowIds(page)).toEqual(ids);
        await expect(search.locator('input[name="q"]')).toHaveValue("火花塞");

        const bookmark = await context.newPage();
        await bookmark.goto(url);
        await expect(bookmark.getByTestId("grid-total")).toHaveText(`共 ${total} 条`);
        expect(await rowIds(bookmark)).toEqual(ids);
        await bookmark.close();

        // 重置 clears the filters.
        await search.getByRole("link", { name: "重置" }).click();
        await expect(page).toHaveURL((u) => u.pathname === PAGE && !u.searchParams.has("q") && !u.searchParams.has("brandId"));
        expect(await gridTotal(page)).toBeGreaterThan(total);
      });

    if (!js)
      test("OE search: three spellings of a code and a replacement OE find the same product", async ({ page }) => {
        await signIn(page, "boss1", js);
        await openList(page, LIST, js);
        let found: string[] | null = null;
        for (const q of [...DEMO_SPELLINGS, DEMO_REPLACEMENT]) {
          await searchKeyword(page, q);
          await expect(page.getByTestId("grid-total")).toHaveText("共 1 条");
          const ids = await rowIds(page);
          if (found) expect(ids, `searching ${q}`).toEqual(found);
          found = ids;
          expect(await columnTexts(page, "mainOE")).toEqual([DEMO_CODE]);
          await expect(gridRows(page).first()).toContainText("发电机");
        }
        // The OE filter field takes any spelling too.
        const search = page.getByRole("search");
        await search.locator('input[name="q"]').fill("");
        await search.locator('input[name="oe"]').fill("04e 903-186 f");
        await search.getByRole("button", { name: "搜索" }).click();
        await expect(page).toHaveURL((url) => url.searchParams.get("oe") === "04e 903-186 f");
        expect(await rowIds(page)).toEqual(found);
      });

    test("新增: a validation error stays in the dialog and creates nothing; a valid form creates the product", async ({ page }) => {
      await signIn(page, "boss1", js);
      await openList(page, LIST, js);
      const name = `测试机油滤清器${letters()}`;
      await page.getByTestId("grid-add").click();
      await expect(page).toHaveURL((url) => url.searchParams.get("edit") === "new");
      const dialog = page.getByTestId("edit-dialog");
      await expect(dialog).toHaveAttribute("aria-label", "新增产品");
      await field(dialog, "mainOE").fill("---");
      await field(dialog, "name").fill(name);
      await field(dialog, "priceSale").fill("66");
      await dialog.getByTestId("form-save").click();
      await expect(dialog.getByTestId("form-error")).toBeVisible();
      await expect(dialog).toContainText("产品编码必须包含字母或数字");
      await expect(field(dialog, "name")).toHaveValue(name);
      await expect(page.getByTestId("flash")).toHaveCount(0);
      await dialog.getByRole("link", { name: "关闭" }).click();
      await answerUnsavedQuestion(page, dialog);
      await expect(dialog).toBeHidden();
      await searchKeyword(page, name);
      expect(await gridTotal(page)).toBe(0);

      const code = uniqueCode();
      await page.getByTestId("grid-add").click();
      await expect(dialog).toBeVisible();
      await field(dialog, "mainOE").fill(code);
      await field(dialog, "name").fill(name);
      await field(dialog, "brandId").selectOption({ label: "曼牌" });
      // With a digit: a keyword without one is searched as a name, not as a code.
      const replacement = `HU ${suffix()}9 z`;
      await field(dialog, "replaceOE").fill(`W 712/95|${replacement}`);
      await field(dialog, "priceSale").fill("66");
      await dialog.getByTestId("form-save").click();
      await expectFlash(page, "保存成功");
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId("grid-total")).toHaveText("共 1 条");
      const r = gridRows(page).first();
      await expect(r).toContainText(code);
      await expect(r).toContainText("曼牌");
      await expect(r).toContainText("￥66.00");
      const [id] = await rowIds(page);
      // Found by another spelling of its code and of its replacement OE.
      for (const q of [otherSpelling(code), otherSpelling(replacement)]) {
        await searchKeyword(page, q);
        expect(await rowIds(page)).toEqual([id]);
      }
    });

    test("修改: select a row and press 修改 (double-click and Enter with JavaScript), change name and price", async ({ page }) => {
      await signIn(page, "boss1", js);
      const { id, code, name } = await createProduct(page, js, { price: "100" });
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
      await expect(dialog).toHaveAttribute("aria-label", "修改产品");
      await expect(field(dialog, "mainOE")).toHaveValue(code);
      await expect(field(dialog, "name")).toHaveValue(name);
      await field(dialog, "name").fill(`${name}（改）`);
      await field(dialog, "priceSale").fill("123.45");
      await dialog.getByTestId("form-save").click();
      await expectFlash(page, "保存成功");
      await expect(dialog).toBeHidden();
      await expect(row(page, id)).toContainText(`${name}（改）`);
      await expect(row(page, id)).toContainText("￥123.45");
      await expect(page.getByTestId("grid-total")).toHaveText("共 1 条");
    });

    test("删除: the confirmation, then 删除成功 and the product is gone", async ({ page }) => {
      await signIn(page, "boss1", js);
      const { id, code } = await createProduct(page, js);
      await selectRow(page, id, js);
      await page.getByTestId("grid-delete").click();
      await expect(page).toHaveURL((url) => url.searchParams.get("confirmDelete") === id);
      const confirm = page.getByTestId("confirm-dialog");
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
      // Its code is free again.
      await page.goto(`${PAGE}?size=20&q=${encodeURIComponent(otherSpelling(code))}`);
      await expect(page.getByTestId("grid-total")).toHaveText("共 0 条");
    });

    test("修改 or 删除 with no row selected shows 请选择数据行", async ({ page }) => {
      await signIn(page, "boss1", js);
      await openList(page, LIST, js);
      const notice = page.getByTestId("grid-notice");
      // 删除 first: a toast with JavaScript, ?notice=select as plain HTML.
      await page.getByTestId("grid-delete").click();
      await expect(notice).toHaveText("请选择数据行");
      await expect(page.getByTestId("confirm-dialog")).toHaveCount(0);
      if (js) {
        expect(param(page, "notice")).toBeNull();
        expect(param(page, "do")).toBeNull();
        await expect(notice).toBeHidden({ timeout: 4000 });
      } else {
        await expect(page).toHaveURL((url) => url.searchParams.get("notice") === "select" && url.searchParams.get("size") === "20");
        await openList(page, LIST, js);
      }

      await page.getByTestId("grid-edit").click();
      await expect(notice).toHaveText("请选择数据行");
      await expect(page.getByTestId("edit-dialog")).toHaveCount(0);
      await expect(page.getByTestId("confirm-dialog")).toHaveCount(0);
      if (js) {
        expect(param(page, "notice")).toBeNull();
        await expect(notice).toBeHidden({ timeout: 4000 });
        // After selecting a row the same button opens the form.
        const [id] = await rowIds(page);
        await selectRow(page, id!, js);
        await page.getByTestId("grid-edit").click();
        await expect(page.getByTestId("edit-dialog")).toBeVisible();
      } else {
        await expect(page).toHaveURL((url) => url.searchParams.get("notice") === "select");
      }
    });

    test("自定义导出 downloads 我的产品.xlsx with the filtered rows", async ({ page }) => {
      await signIn(page, "boss1", js);
      await openList(page, `${LIST}&q=${encodeURIComponent("滤清器")}`, js);
      const total = await gridTotal(page);
      expect(total).toBeGreaterThan(20);
      const { file } = await exportThroughDialog(page, "我的产品.xlsx");
      const sheet = await readSheet(file);
      expect(sheet[0]).toContain("产品编码");
      expect(sheet[0]).toContain("销售价");
      expect(sheet[0]).not.toContain("成本价");
      // Every filtered row, not only the page shown.
      expect(sheet.length).toBe(total + 1);
      for (const r of sheet.slice(1)) expect(r.join(" ")).toContain("滤清器");

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
      const cost = dialog.locator('input[name="col"][value="priceCost"]');
      await expect(cost).not.toBeChecked();
      if (js) await dialog.getByTestId("export-all").check();
      else await dialog.getByRole("link", { name: "全选" }).click();
      await expect(cost).toBeChecked();
      const all = await readSheet((await startExport(page, "我的产品.xlsx")).file);
      expect(all[0]).toContain("成本价");
      expect(all.length).toBe(total + 1);
    });

    test("自定义列: hide 品牌 and widen 名称; still so after signing in again; 重置 restores it", async ({ page }) => {
      await signIn(page, "boss1", js);
      await openList(page, LIST, js);
      await resetColumns(page);
      await expect(header(page, "brandName")).toBeVisible();
      await expect(header(page, "priceCost")).toHaveCount(0);

      await hideColumnAndSetWidth(page, "brandName", "name", 260);
      await expectColumnHiddenWithWidth(page, "brandName", "name", 260);
      await expect(page).toHaveURL((url) => url.searchParams.get("size") === "20" && !url.searchParams.has("dialog"));

      await signOut(page);
      await signIn(page, "boss1", js);
      await openList(page, PAGE, js);
      await expectColumnHiddenWithWidth(page, "brandName", "name", 260);

      // Another user's grid is not affected.
      await signOut(page);
      await signIn(page, "boss2", js);
      await openList(page, LIST, js);
      await expect(header(page, "brandName")).toBeVisible();
      await signOut(page);

      await signIn(page, "boss1", js);
      await openList(page, LIST, js);
      await resetColumns(page);
      await expect(header(page, "brandName")).toBeVisible();
      await expect(page.getByRole("table", { name: "数据列表" }).locator('col[data-field="name"]')).toHaveAttribute("style", /width:\s*160px/);
    });

    test("公库产品导入: import a library product, then the same code again is refused with 产品编码不能重复", async ({ page }) => {
      await signIn(page, "boss1", js);
      await openList(page, LIST, js);
      await page.getByTestId("library-import").click();
      await expect(page).toHaveURL((url) => url.searchParams.get("import") === "1");
      const dialog = page.getByTestId("library-dialog");
      await expect(dialog).toBeVisible();
      await expect(dialog.getByTestId("library-results")).toBeVisible();

      // Find a library product this company does not have yet (half of the library is copied).
      let picked: { code: string; name: string; brand: string } | null = null;
      for (const keyword of ["火花塞", "刹车片", "机油滤清器", "空气滤清器", "减震器", ""]) {
        await dialog.locator('input[name="libq"]').fill(keyword);
        await dialog.getByRole("button", { name: "搜索" }).click();
        await expect(page).toHaveURL((url) => (url.searchParams.get("libq") ?? "") === keyword);
        // Read the rows once they are this keyword's (the URL changes a moment before React
        // renders the new rows), and click a row found by its code, never by its position.
        const results = await libraryResultsFor(dialog, keyword);
        const rows = await results.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => (td.textContent ?? "").trim())));
        for (const cells of rows) {
          if (cells.length < 5) continue;
          const res = await page.request.get(`/api/app/product/checkRepeatOE?oe=${encodeURIComponent(cells[0]!)}`, { headers: { Accept: "application/json" } });
          expect(res.ok()).toBe(true);
          if ((await res.json()) === false) {
            picked = { code: cells[0]!, name: cells[1]!, brand: cells[2]! };
            break;
          }
        }
        if (picked) {
          await results
            .filter({ has: page.getByRole("cell", { name: picked.code, exact: true }) })
            .getByRole("link", { name: "导入" })
            .click();
          break;
        }
      }
      expect(picked, "a library product not yet imported").not.toBeNull();
      const { code, name, brand } = picked!;

      // The form comes prefilled from the library.
      await expect(page).toHaveURL((url) => !!url.searchParams.get("lib"));
      await expect(field(dialog, "mainOE")).toHaveValue(code);
      await expect(field(dialog, "name")).toHaveValue(name);
      await expect(field(dialog, "brandId").locator("option:checked")).toHaveText(brand);
      await field(dialog, "priceSale").fill("58.5");
      await dialog.getByTestId("import-save").click();
      await expectFlash(page, "保存成功");
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL((url) => url.pathname === PAGE && !url.searchParams.has("import") && !url.searchParams.has("lib"));

      await searchKeyword(page, otherSpelling(code));
      await expect(page.getByTestId("grid-total")).toHaveText("共 1 条");
      const r = gridRows(page).first();
      await expect(r).toContainText(code);
      await expect(r).toContainText(name);
      await expect(r).toContainText(brand);
      await expect(r).toContainText("￥58.50");

      // Import the same library product again (found by another spelling): refused.
      await page.getByTestId("library-import").click();
      await expect(dialog).toBeVisible();
      await dialog.locator('input[name="libq"]').fill(otherSpelling(code));
      await dialog.getByRole("button", { name: "搜索" }).click();
      await expect(page).toHaveURL((url) => url.searchParams.get("libq") === otherSpelling(code));
      const again = dialog.getByTestId("library-results").locator("tbody tr", { hasText: code });
      await expect(again).toHaveCount(1);
      await again.getByRole("link", { name: "导入" }).click();
      await expect(field(dialog, "mainOE")).toHaveValue(code);
      const mainOE = field(dialog, "mainOE");
      if (js) {
        // checkRepeatOE on blur marks the field; the browser then refuses to submit.
        await expect(dialog.getByTestId("category-picker-open")).toBeVisible();
        await mainOE.focus();
        await mainOE.blur();
        await expect(mainOE).toHaveAttribute("aria-invalid", "true");
        await expect(dialog.locator("[data-assist-error]")).toHaveText("产品编码不能重复");
        expect(await mainOE.evaluate((el: HTMLInputElement) => el.validationMessage)).toBe("产品编码不能重复");
        await dialog.getByTestId("import-save").click();
        await expect(dialog).toBeVisible();
        await expect(page.getByTestId("flash")).toHaveCount(0);
      } else {
        await dialog.getByTestId("import-save").click();
        await expect(dialog.getByTestId("form-error")).toHaveText("产品编码不能重复");
        await expect(dialog).toContainText("产品编码不能重复");
        await expect(mainOE).toHaveValue(code);
      }
      await page.goto(`${PAGE}?size=20&q=${encodeURIComponent(code)}`);
      await expect(page.getByTestId("grid-total")).toHaveText("共 1 条");
    });

    test("新增 with a code the company already has (another spelling) is refused with 产品编码不能重复", async ({ page }) => {
      await signIn(page, "boss1", js);
      await openList(page, LIST, js);
      await page.getByTestId("grid-add").click();
      const dialog = page.getByTestId("edit-dialog");
      const mainOE = field(dialog, "mainOE");
      // The duplicate check is attached by an effect that also shows 选择分类: wait for it.
      if (js) await expect(dialog.getByTestId("category-picker-open")).toBeVisible();
      await mainOE.fill("04e-903-186-f");
      if (js) {
        // Leave the field without typing elsewhere: when the check answers, the browser's
        // report moves the focus back to 产品编码.
        await mainOE.blur();
        await expect(mainOE).toHaveAttribute("aria-invalid", "true");
        await expect(dialog.locator("[data-assist-error]")).toHaveText("产品编码不能重复");
        expect(await mainOE.evaluate((el: HTMLInputElement) => el.validationMessage)).toBe("产品编码不能重复");
        // 保存 does not submit.
        await dialog.getByTestId("form-save").click();
        await expect(dialog).toBeVisible();
        await expect(page).toHaveURL((url) => url.searchParams.get("edit") === "new");
        await expect(page.getByTestId("flash")).toHaveCount(0);
        // Correcting the code clears the mark.
        await mainOE.fill(uniqueCode());
        await mainOE.blur();
        await expect(mainOE).toHaveAttribute("aria-invalid", "false");
        expect(await mainOE.evaluate((el: HTMLInputElement) => el.validationMessage)).toBe("");
      } else {
        await field(dialog, "name").fill(`重复编码${letters()}`);
        await dialog.getByTestId("form-save").click();
        await expect(dialog.getByTestId("form-error")).toHaveText("产品编码不能重复");
        await page.goto(`${PAGE}?size=20&q=${encodeURIComponent(DEMO_CODE)}`);
        await expect(page.getByTestId("grid-total")).toHaveText("共 1 条");
      }
    });
  });
}
