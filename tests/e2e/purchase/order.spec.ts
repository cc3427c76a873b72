import type { Page } from "@playwright/test";
import { expect, login, test, waitForLineGrid, acceptConfirms } from "../helpers";
import { selectRow, waitForHydration } from "../lists/grid";
import { answerDocumentConfirm, firstPartner, pressDocumentButton } from "../document-forms";

/**
 * Purchase orders as the buyer (buyer1 of 穗通汽配), with JavaScript and without: a new order
 * with two lines typed by product code is submitted; a refused save keeps what was typed; a
 * draft is saved, found in the list by status and supplier, opened and voided; the list's 打印
 * and 新建 are there. The line editor is the plain table in both modes (its grid is off).
 *
 * Both modes: the order's main path (typed, submitted; a draft edited, saved and voided) and a
 * refused save that keeps what was typed. As plain HTML only, since the JavaScript variant
 * reached the same server through Remix's navigation: the list's filters, 打印 and 新建, and
 * 采购执行.
 */
async function productCodes(page: Page): Promise<string[]> {
  const origin = new URL(page.url()).origin;
  const res = await page.request.get("/api/app/product?maxResultCount=5", { headers: { Origin: origin } });
  expect(res.status(), await res.text()).toBe(200);
  const items = (await res.json()).items as { mainOE: string }[];
  return items.map((p) => p.mainOE);
}

async function openCreate(page: Page, js: boolean) {
  await page.goto("/purchase/orderCreate");
  await expect(page.getByTestId("po-form")).toBeVisible();
  if (js) await waitForLineGrid(page);
  const supplier = await firstPartner(page, "po-supplier", js);
  expect(supplier).toBeTruthy();
  return supplier;
}

/** A line's field: the plain table's input without JavaScript, the grid's cell with it (both post lines[i].field). */
const line = (page: Page, i: number, f: string) =>
  page.locator(`[name="lines[${i}].${f}"]:not([type="hidden"]), [data-line-row="${i}"][data-line-col="${f}"]`).first();

/** Types one line as a clerk does: with JavaScript through the grid's picker and Enter; without, into the plain table. */
async function typeLine(page: Page, js: boolean, i: number, code: string, qty: string, price: string) {
  if (js) {
    const product = line(page, i, "productText");
    await product.click();
    await product.pressSequentially(code.toLowerCase());
    await product.press("Enter");
    await expect(line(page, i, "qty")).toBeFocused();
    await page.keyboard.type(qty);
    await page.keyboard.press("Enter");
    await expect(line(page, i, "price")).toBeFocused();
    await page.keyboard.press("Control+A");
    await page.keyboard.type(price);
  } else {
    await line(page, i, "productText").fill(code);
    await line(page, i, "qty").fill(qty);
    await line(page, i, "price").fill(price);
  }
}

/** Fills the header and two lines (the second after 添加行) and returns the supplier's name. */
async function fillOrder(page: Page, js: boolean, codes: string[], remark: string) {
  const supplier = await openCreate(page, js);
  await page.getByTestId("po-supplier").fill(supplier);
  await expect(page.getByTestId("po-warehouse")).not.toHaveValue("");
  await page.getByTestId("po-remark").fill(remark);
  await typeLine(page, js, 0, codes[0]!, "2", "10.50");
  if (js) {
    // Enter to the remark, Enter at the end of the last line: a new line.
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await expect(line(page, 1, "productText")).toBeFocused();
  } else {
    await page.getByRole("button", { name: "添加行" }).last().click();
    await expect(line(page, 1, "productText")).toBeVisible();
    // Nothing typed is lost by 添加行.
    await expect(page.getByTestId("po-remark")).toHaveValue(remark);
    await expect(line(page, 0, "qty")).toHaveValue("2");
  }
  await typeLine(page, js, 1, codes[1]!, "3", "4");
  return supplier;
}

for (const js of [true, false]) {
  test.describe(`采购订单, JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("buyer1 creates an order with two lines and submits it", async ({ page }) => {
      await login(page, "buyer1");
      const codes = await productCodes(page);
      const remark = `E2E采购${Date.now().toString(36)}`;
      const supplier = await fillOrder(page, js, codes, remark);
      if (js) await page.keyboard.press("Control+Enter");
      else await page.getByTestId("po-submit").click();
      await answerDocumentConfirm(page, "po-submit", js);
      await page.waitForURL(/\/purchase\/order\/\d+$/);
      await expect(page.getByTestId("flash")).toContainText("已提交");
      await expect(page.getByTestId("po-status")).toHaveText(/待收货|收货完成|收货中|部分收货/);
      await expect(page.getByTestId("po-partner")).toHaveText(supplier);
      await expect(page.getByTestId("po-total")).toHaveText("￥33.00");
      await expect(page.getByTestId("po-lines").locator("tbody tr")).toHaveCount(2);
      await expect(page.getByTestId("po-lines")).toContainText(codes[0]!);
      await expect(page.getByTestId("po-lines")).toContainText(codes[1]!);
      // A submitted order is read only: no 保存草稿, no 删除.
      await expect(page.getByTestId("po-save")).toHaveCount(0);
      await expect(page.getByTestId("po-action-remove")).toHaveCount(0);
      await expect(page.getByTestId("po-print")).toHaveAttribute("target", "_blank");
    });

    test("a refused save says why in Chinese and keeps what was typed", async ({ page }) => {
      await login(page, "buyer1");
      const codes = await productCodes(page);
      const supplier = await openCreate(page, js);
      await page.getByTestId("po-supplier").fill(supplier);
      await page.getByTestId("po-remark").fill("数量为零");
      await typeLine(page, js, 0, codes[0]!, "0", "8");
      await pressDocumentButton(page, "po-submit", js);
      await expect(page.getByTestId("po-message")).toHaveText("第 1 行：数量必须大于 0");
      await expect(page.getByTestId("po-supplier")).toHaveValue(supplier);
      await expect(page.getByTestId("po-remark")).toHaveValue("数量为零");
      await expect(line(page, 0, "price")).toHaveValue("8");
      await expect(page).toHaveURL(/\/purchase\/orderCreate$/);
    });

    test("a draft is found by status and supplier in the list, opened, edited and voided", async ({ page }) => {
      await login(page, "buyer1");
      const codes = await productCodes(page);
      const remark = `E2E草稿${Date.now().toString(36)}`;
      const supplier = await fillOrder(page, js, codes, remark);
      await page.getByTestId("po-save").click();
      await page.waitForURL(/\/purchase\/order\/\d+$/);
      await expect(page.getByTestId("flash")).toContainText("已保存为草稿");
      await expect(page.getByTestId("po-status")).toHaveText("草稿");
      const orderUrl = new URL(page.url()).pathname;
      const id = orderUrl.split("/").pop()!;

      // The list: 草稿 of this supplier (GET filters and the grid kit's row selection, plain HTML).
      if (!js) {
        await page.goto("/purchase/order");
        await expect(page.getByTestId("grid-total")).toBeVisible();
        if (js) await waitForHydration(page);
        await expect(page.getByTestId("po-new")).toHaveAttribute("href", "/purchase/orderCreate");
        await expect(page.getByTestId("po-print")).toBeVisible();
        const filters = page.getByRole("search");
        await filters.locator('select[name="status"]').selectOption({ label: "草稿" });
        await filters.locator('select[name="partnerId"]').selectOption({ label: supplier });
        await filters.getByRole("button", { name: "搜索" }).click();
        await expect(page).toHaveURL((url) => url.searchParams.get("status") === "0" && !!url.searchParams.get("partnerId"));
        const row = page.locator(`table[aria-label="数据列表"] tbody tr[data-id="${id}"]`);
        await expect(row).toBeVisible();
        await expect(row).toContainText("草稿");
        await expect(row).toContainText(supplier);
        // 修改 on the selected row opens the order's own page (no column-by-column dialog).
        await selectRow(page, id, js);
        await page.getByTestId("grid-edit").click();
        await expect(page).toHaveURL((url) => url.pathname === orderUrl);
        await expect(page.getByTestId("po-status")).toHaveText("草稿");
        await page.goBack();
        await expect(page.getByTestId("grid-total")).toBeVisible();
        // Another status does not list it.
        await page.goto(`/purchase/order?status=10&partnerId=${new URL(page.url()).searchParams.get("partnerId")}`);
        await expect(page.getByTestId("grid-total")).toBeVisible();
        await expect(row).toHaveCount(0);
      }

      // The draft's page: edit a quantity and save, then void it.
      await page.goto(orderUrl);
      await expect(page.getByTestId("po-status")).toHaveText("草稿");
      if (js) await waitForHydration(page);
      await expect(page.getByTestId("po-remark")).toHaveValue(remark);
      await line(page, 1, "qty").fill("5");
      await page.getByTestId("po-save").click();
      await expect(page.getByTestId("flash")).toContainText("已保存为草稿");
      await expect(line(page, 1, "qty")).toHaveValue(/^5(\.00)?$/);
      if (js) acceptConfirms(page);
      await page.getByTestId("po-action-cancel").click();
      await expect(page.getByTestId("po-status")).toHaveText("已作废");
      await expect(page.getByTestId("flash")).toContainText("已作废");
      await expect(page.getByTestId("po-action-cancel")).toHaveCount(0);
      await expect(page.getByTestId("po-print")).toBeVisible();
    });
    if (!js)
      test("采购执行 shows each line's progress and opens its order", async ({ page }) => {
        await login(page, "buyer1");
        const codes = await productCodes(page);
        const remark = `E2E执行${Date.now().toString(36)}`;
        await fillOrder(page, js, codes, remark);
        await pressDocumentButton(page, "po-submit", js);
        await page.waitForURL(/\/purchase\/order\/\d+$/);
        const orderPath = new URL(page.url()).pathname;
        await expect(page.getByTestId("po-status")).toBeVisible();
        const no = (await page.getByTestId("po-no").textContent())!.trim();
        await page.goto(`/purchase/execute?q=${encodeURIComponent(no)}`);
        await expect(page.getByTestId("grid-total")).toBeVisible();
        const rows = page.locator('table[aria-label="数据列表"] tbody tr[data-id]');
        await expect(rows).toHaveCount(2);
        await expect(page.locator('table[aria-label="数据列表"] thead')).toContainText("未收");
        await expect(rows.first()).toContainText(no);
        const lineId = await rows.first().getAttribute("data-id");
        await page.goto(`/purchase/order/line/${lineId}`);
        await expect(page).toHaveURL((url) => url.pathname === orderPath);
        await expect(page.getByTestId("po-status")).toBeVisible();
      });
  });
}
