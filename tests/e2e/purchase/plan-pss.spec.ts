import type { Locator, Page } from "@playwright/test";
import { expect, login, test, acceptConfirms } from "../helpers";
import { grid, gridRows, selectRow, settled, waitForHydration } from "../lists/grid";
import { pressDocumentButton } from "../document-forms";

/**
 * The buyer's planning pages as buyer1 (穗通汽配), with JavaScript and without:
 *  - 安全库存: min/max edited in the grid with JavaScript (Enter saves, Esc cancels, a refused
 *    value says why), in the 修改 dialog without;
 *  - 进销存视图: that product comes first with max − on hand − on order suggested; keyword,
 *    只看建议采购 and export;
 *  - a plan's own page: generated, opened from the list, lines edited (supplier, quantity) and
 *    saved, 执行 lists the orders it made; submitting every order completes the plan (JS on),
 *    完成 by hand (JS off).
 * 进销存视图 is a read-only GET page (its filters and export reach the same server with or
 * without JavaScript): it is checked as plain HTML only.
 */
async function open(page: Page, url: string, js: boolean) {
  await page.goto(url);
  if (js) await waitForHydration(page);
}

/** The cell of a column (by field) in a grid row. */
async function cell(page: Page, tr: Locator, field: string) {
  const index = await grid(page)
    .locator("thead th")
    .evaluateAll((ths, f) => ths.findIndex((th) => (th as HTMLElement).dataset.field === f), field);
  expect(index, `column ${field}`).toBeGreaterThanOrEqual(0);
  return tr.locator("td").nth(index);
}

const num = (text: string) => Number(text.replace(/[,\s￥]/g, "") || "0");

for (const js of [true, false]) {
  test.describe(`进销存视图与采购计划, JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });
    // Each run asks for more than the last one's orders cover, so both runs have something to suggest.
    const max = js ? 100000 : 300000;

    test("buyer1 edits safe stock in the grid, and 进销存视图 suggests max − on hand − on order first", async ({ page }) => {
      await login(page, "buyer1");
      await open(page, "/warehouse/safe", js);
      await expect(page.getByTestId("grid-total")).toBeVisible();
      if ((await gridRows(page).count()) === 0) {
        // No safe stock yet: one through the dialog.
        await page.getByTestId("grid-add").click();
        const dialog = page.getByTestId("edit-dialog");
        await dialog.locator('select[name="productId"]').selectOption({ index: 1 });
        await dialog.locator('input[name="minQty"]').fill("1");
        await dialog.locator('input[name="maxQty"]').fill("2");
        await dialog.getByTestId("form-save").click();
        await expect(page.getByTestId("flash")).toContainText("保存成功");
      }
      const tr = gridRows(page).first();
      const id = await tr.getAttribute("data-id");
      const oe = (await (await cell(page, tr, "mainOE")).textContent())!.trim();
      const row = grid(page).locator(`tbody tr[data-id="${id}"]`);
      if (js) {
        const maxCell = await cell(page, row, "maxQty");
        const minCell = await cell(page, row, "minQty");
        // Esc leaves the value as it was.
        const before = (await minCell.textContent())!;
        await minCell.click();
        await page.getByTestId("inline-edit-input").fill("12345");
        await page.getByTestId("inline-edit-input").press("Escape");
        await expect(page.getByTestId("inline-edit-input")).toHaveCount(0);
        await expect(minCell).toHaveText(before);
        // Enter saves (max first: the maximum may not be below the minimum).
        await maxCell.click();
        await page.getByTestId("inline-edit-input").fill(String(max));
        await page.getByTestId("inline-edit-input").press("Enter");
        await expect(page.getByTestId("inline-edit-input")).toHaveCount(0);
        await expect.poll(async () => num((await (await cell(page, row, "maxQty")).textContent())!)).toBe(max);
        // A minimum above the maximum is refused in Chinese and stays in the cell.
        await (await cell(page, row, "minQty")).click();
        await page.getByTestId("inline-edit-input").fill(String(max + 1));
        await page.getByTestId("inline-edit-input").press("Enter");
        await expect(page.getByTestId("inline-edit-error")).toContainText("库存上限不能小于库存下限");
        await expect(page.getByTestId("inline-edit-input")).toHaveValue(String(max + 1));
        await page.getByTestId("inline-edit-input").fill(String(max - 1));
        await page.getByTestId("inline-edit-input").press("Enter");
        await expect(page.getByTestId("inline-edit-error")).toHaveCount(0);
        await expect.poll(async () => num((await (await cell(page, row, "minQty")).textContent())!)).toBe(max - 1);
      } else {
        // Without JavaScript the cells are plain text; 修改 opens the dialog.
        await expect(page.getByTestId("inline-edit-input")).toHaveCount(0);
        await selectRow(page, id!, false);
        await page.getByTestId("grid-edit").click();
        const dialog = page.getByTestId("edit-dialog");
        await dialog.locator('input[name="maxQty"]').fill(String(max));
        await dialog.locator('input[name="minQty"]').fill(String(max - 1));
        await dialog.getByTestId("form-save").click();
        await expect(page.getByTestId("flash")).toContainText("保存成功");
        await expect.poll(async () => num((await (await cell(page, row, "minQty")).textContent())!)).toBe(max - 1);
      }
      if (js) return;

      // 进销存视图: sorted by the suggestion, this product is first.
      await open(page, "/purchase/plan/pssView", js);
      await expect(page.getByTestId("grid-total")).toBeVisible();
      const top = gridRows(page).first();
      await expect(await cell(page, top, "mainOE")).toHaveText(oe);
      const figures = async (tr2: Locator) => {
        const read = async (f: string) => num((await (await cell(page, tr2, f)).textContent())!);
        return {
          stock: await read("stockQty"),
          onOrder: await read("onOrderQty"),
          min: await read("minQty"),
          max: await read("maxQty"),
          suggest: await read("suggestQty"),
        };
      };
      const f = await figures(top);
      expect(f.max).toBe(max);
      expect(f.min).toBe(max - 1);
      expect(f.suggest).toBe(Math.max(0, max - f.stock - f.onOrder));
      expect(f.suggest).toBeGreaterThan(0);

      // Keyword (the product's code) and 只看建议采购.
      const filters = page.getByRole("search");
      await filters.locator('input[name="q"]').fill(oe);
      await filters.locator('select[name="suggested"]').selectOption("true");
      await filters.getByRole("button", { name: "搜索" }).click();
      await expect(page).toHaveURL((url) => url.searchParams.get("suggested") === "true" && url.searchParams.get("q") === oe);
      await settled(page);
      await expect(gridRows(page)).toHaveCount(1);
      await expect(await cell(page, gridRows(page).first(), "mainOE")).toHaveText(oe);

      // Export of the same selection.
      await page.getByTestId("grid-export").click();
      await expect(page.getByTestId("export-dialog")).toBeVisible();
      const download = page.waitForEvent("download");
      await page.getByTestId("export-start").click();
      expect((await download).suggestedFilename()).toMatch(/进销存视图.*\.xlsx$/);
    });

    test("buyer1 opens a generated plan, edits its lines, executes it and follows its orders", async ({ page }) => {
      acceptConfirms(page);
      await login(page, "buyer1");
      await open(page, "/purchase/plan/my", js);
      await page.getByTestId("plan-generate").click();
      await expect(page.getByTestId("flash")).toContainText("已生成采购计划");
      const no = /已生成采购计划 (\S+)，/.exec((await page.getByTestId("flash").textContent())!)![1]!;
      const filters = page.getByRole("search");
      await filters.locator('input[name="q"]').fill(no);
      await filters.getByRole("button", { name: "搜索" }).click();
      await settled(page);
      await expect(gridRows(page)).toHaveCount(1);
      const id = await gridRows(page).first().getAttribute("data-id");
      // 修改 on the selected row opens the plan's own page (with JavaScript a double click does too).
      if (js) await gridRows(page).first().locator("td").nth(1).dblclick();
      else {
        await selectRow(page, id!, false);
        await page.getByTestId("grid-edit").click();
      }
      await expect(page).toHaveURL((url) => url.pathname === `/purchase/plan/my/${id}`);
      await expect(page.getByTestId("plan-status")).toHaveText("草稿");
      if (js) await waitForHydration(page);

      // Every line gets a supplier; the first line's quantity changes.
      const suppliers = js ? page.locator('select[data-line-col="partnerId"]') : page.locator('select[name$=".partnerId"]');
      await expect(suppliers.first()).toBeVisible(); // with JavaScript: once the grid has loaded
      const n = await suppliers.count();
      expect(n).toBeGreaterThan(0);
      for (let i = 0; i < n; i++) {
        const s = suppliers.nth(i);
        if (!(await s.inputValue())) await s.selectOption({ index: 1 });
      }
      const qty0 = js ? page.locator('[data-line-row="0"][data-line-col="qty"]') : page.locator('input[name="lines[0].qty"]:not([type="hidden"])');
      await qty0.fill("7");
      await page.getByTestId("plan-save").click();
      await expect(page.getByTestId("flash")).toContainText(`采购计划 ${no} 已保存`);
      if (js) await waitForHydration(page);
      await expect(js ? page.locator('[data-line-row="0"][data-line-col="qty"]') : page.locator('input[name="lines[0].qty"]:not([type="hidden"])')).toHaveValue(
        /^7(\.00)?$/,
      );

      // 执行: the orders it made are listed with links.
      await page.getByTestId("plan-execute").click();
      await expect(page.getByTestId("flash")).toContainText("已执行，生成采购订单");
      await expect(page.getByTestId("plan-status")).toHaveText("执行中");
      await expect(page.getByTestId("plan-lines")).toContainText(/7(\.00)?/);
      const links = page.getByTestId("plan-order-link");
      const orders = await links.count();
      expect(orders).toBeGreaterThan(0);
      const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute("href")!));

      if (js) {
        // Submitting every order made from the plan completes it.
        for (const href of hrefs) {
          await open(page, href, js);
          await expect(page.getByTestId("po-status")).toHaveText("草稿");
          await pressDocumentButton(page, "po-submit", js);
          await expect(page.getByTestId("po-status")).not.toHaveText("草稿");
        }
        await open(page, `/purchase/plan/my/${id}`, js);
        await expect(page.getByTestId("plan-status")).toHaveText("已完成");
      } else {
        await page.getByTestId("plan-order-link").first().click();
        await expect(page).toHaveURL((url) => url.pathname === hrefs[0]);
        await expect(page.getByTestId("po-status")).toHaveText("草稿");
        await page.goto(`/purchase/plan/my/${id}`);
        await page.getByTestId("plan-complete").click();
        await expect(page.getByTestId("flash")).toContainText("已完成");
        await expect(page.getByTestId("plan-status")).toHaveText("已完成");
      }
    });
  });
}
