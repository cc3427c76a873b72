import type { Page } from "@playwright/test";
import { expect, test, acceptConfirms } from "../helpers";
import { signIn } from "../lists/grid";

/**
 * 库存调拨 and 库存盘点 as the warehouse keeper (stock1) uses them, with and without JavaScript:
 * a transfer made and confirmed moves the batch's available quantity; a stocktake goes from
 * creation through counting to posting with a difference, and the balance is the counted
 * quantity afterwards. Figures are read from the pages themselves (the demo opening stock).
 *
 * The flows and the form's redraws run in both modes; what only reads the server's state
 * afterwards (the batch's new available quantity, the list, the count sheet, the posted
 * balance) runs as plain HTML only.
 */

async function open(page: Page, url: string, js: boolean) {
  await page.goto(url);
  if (js) await page.locator("html[data-hydrated]").waitFor();
}

/** Clicks a submit button; with JavaScript its confirm() question is answered yes (see acceptConfirms). */
async function press(page: Page, testId: string) {
  await page.getByTestId(testId).click();
}

const availableOf = (text: string) => Number(/可用 ([\d.]+)/.exec(text)?.[1] ?? "NaN");

/** A line's field: the plain table's input without JavaScript, the grid's cell with it (both post lines[i].field). */
const line = (page: Page, i: number, f: string) =>
  page.locator(`[name="lines[${i}].${f}"]:not([type="hidden"]), [data-line-row="${i}"][data-line-col="${f}"]`).first();

interface Balance {
  productId: number;
  mainOE: string;
  locationId: number;
  fullName: string;
  batchNo: string;
  available: string;
}

/** A batch on hand in the page's source warehouse (API `stock`, 库存余额), one with 2 or more available if there is one. */
async function someBatch(page: Page): Promise<Balance | null> {
  const warehouseId = await page.getByTestId("mo-from-wh").inputValue();
  const origin = new URL(page.url()).origin;
  const res = await page.request.get(`/api/app/stock?warehouseId=${warehouseId}&maxResultCount=100`, { headers: { Origin: origin } });
  expect(res.status(), await res.text()).toBe(200);
  const items = ((await res.json()).items as Balance[]).filter((b) => Number(b.available) >= 1);
  return items.find((b) => Number(b.available) >= 2) ?? items[0] ?? null;
}

const sourceOf = (b: Balance) => `${b.locationId}|${encodeURIComponent(b.batchNo ?? "")}`;

/** Picks line i's product by its code: with JavaScript through the grid's picker (Enter), without by typing it and 刷新选项. */
async function pickProduct(page: Page, js: boolean, i: number, code: string) {
  const product = line(page, i, "productText");
  if (js) {
    await product.click();
    await product.pressSequentially(code.toLowerCase());
    await product.press("Enter");
    await expect(line(page, i, "source")).toBeFocused();
  } else {
    await product.fill(code);
    await page.getByTestId("mo-refresh").click();
  }
  await expect(line(page, i, "productText")).toHaveValue(new RegExp(`^${code.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} `));
}

for (const js of [true, false]) {
  test.describe(`transfers and stocktakes (${js ? "JS" : "no JS"})`, () => {
    test.use({ javaScriptEnabled: js });

    test("a transfer saved and confirmed moves stock from one location to another", async ({ page }) => {
      await signIn(page, "stock1", js);
      await open(page, "/warehouse/allocation", js);
      await expect(page.getByRole("heading", { level: 1 })).toContainText("库存调拨");
      await page.getByTestId("mo-new").click();
      await page.waitForURL(/\/warehouse\/allocation\/new$/);
      if (js) await page.locator("html[data-hydrated]").waitFor();
      const b = await someBatch(page);
      test.skip(!b, "no stock in the demo data");
      const value = sourceOf(b!);
      await pickProduct(page, js, 0, b!.mainOE);
      // The source select offers that product's batches on hand with what is available.
      const option = line(page, 0, "source").locator(`option[value="${value}"]`);
      const before = availableOf((await option.textContent())!);
      expect(before).toBe(Number(b!.available));
      expect(await option.textContent()).toContain(b!.fullName);
      // Saved without a source: refused, nothing typed lost.
      await line(page, 0, "qty").fill("1");
      await page.getByTestId("mo-save").click();
      await expect(page.getByTestId("mo-error")).toContainText("请检查明细");
      await expect(page).toHaveURL(/\/warehouse\/allocation\/new$/);
      await expect(line(page, 0, "productText")).toHaveValue(new RegExp(`^${b!.mainOE.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} `));
      await expect(line(page, 0, "qty")).toHaveValue("1");
      await line(page, 0, "source").selectOption(value);
      // Another location of the same warehouse as the target.
      const targets = line(page, 0, "toLocationId").locator("option");
      let target = "";
      for (let i = 1; i < (await targets.count()); i++) {
        if (((await targets.nth(i).textContent()) ?? "").trim() !== b!.fullName) {
          target = (await targets.nth(i).getAttribute("value"))!;
          break;
        }
      }
      await line(page, 0, "toLocationId").selectOption(target);
      if (js) {
        // Keyboard: Enter from 数量 to 备注, Enter at the end of the last line adds one; Ctrl+Enter submits 保存并确认调拨.
        await line(page, 0, "qty").click();
        await page.keyboard.press("Enter");
        await expect(line(page, 0, "remark")).toBeFocused();
        await page.keyboard.press("Enter");
        await expect(line(page, 1, "productText")).toBeFocused();
        await expect(line(page, 0, "qty")).toHaveValue("1");
        await page.keyboard.press("Control+Enter");
      } else {
        // 添加行 keeps what was typed; the empty second line is ignored on save.
        await page.getByRole("button", { name: "添加行" }).last().click();
        await expect(line(page, 1, "productText")).toBeVisible();
        await expect(line(page, 0, "qty")).toHaveValue("1");
        await expect(line(page, 0, "source")).toHaveValue(value);
        await expect(line(page, 0, "toLocationId")).toHaveValue(target);
        await page.getByTestId("mo-save-confirm").click();
      }
      await page.waitForURL(/\/warehouse\/allocation\/\d+$/);
      await expect(page.getByTestId("mo-status")).toHaveText("已完成");
      await expect(page.getByTestId("mo-lines")).toContainText(b!.fullName);
      await expect(page.getByTestId("mo-print")).toHaveAttribute("href", /\/print\/allocation\?type=allocation&orderId=\d+/);
      await expect(page.getByTestId("mo-action-reverse")).toBeVisible();
      if (js) return;
      // The batch now has one less available at its old location.
      await open(page, "/warehouse/allocation/new", js);
      await pickProduct(page, js, 0, b!.mainOE);
      const after = line(page, 0, "source").locator(`option[value="${value}"]`);
      if (before - 1 > 0) expect(availableOf((await after.textContent())!)).toBe(before - 1);
      else await expect(after).toHaveCount(0);
      // The list shows it among the completed transfers.
      await open(page, "/warehouse/allocation?status=100", js);
      await expect(page.locator("body")).toContainText("已完成");
    });

    test("changing a warehouse redraws the shelves and batches at once (刷新选项 without JavaScript); the first save goes through", async ({ page }) => {
      await signIn(page, "stock1", js);
      await open(page, "/warehouse/allocation/new", js);
      const b = await someBatch(page);
      test.skip(!b, "no stock in the demo data");
      const value = sourceOf(b!);
      const from = page.getByTestId("mo-from-wh");
      const to = page.getByTestId("mo-to-wh");
      const home = await from.inputValue();
      const other = await to.locator("option").evaluateAll((os, h) => os.map((o) => (o as HTMLOptionElement).value).find((v) => v !== h), home);
      expect(other, "a second warehouse").toBeTruthy();
      const otherName = ((await to.locator(`option[value="${other}"]`).textContent()) ?? "").trim();
      await pickProduct(page, js, 0, b!.mainOE);
      await line(page, 0, "source").selectOption(value);
      await line(page, 0, "qty").fill("1");
      // A shelf of the source warehouse chosen as the target, then the target warehouse changes.
      const homeTarget = await line(page, 0, "toLocationId").locator("option").nth(1).getAttribute("value");
      await line(page, 0, "toLocationId").selectOption(homeTarget!);
      await to.selectOption(other!);
      if (!js) await page.getByTestId("mo-refresh").click();
      // The target shelves are the other warehouse's, the stale choice is gone, nothing typed is lost.
      const targets = line(page, 0, "toLocationId").locator("option");
      await expect(targets.nth(1)).toHaveText(new RegExp(`^${otherName}`));
      await expect(line(page, 0, "toLocationId").locator(`option[value="${homeTarget}"]`)).toHaveCount(0);
      await expect(line(page, 0, "toLocationId")).toHaveValue("");
      await expect(to).toHaveValue(other!);
      await expect(line(page, 0, "source")).toHaveValue(value);
      await expect(line(page, 0, "qty")).toHaveValue("1");
      if (js) await expect(to).toBeFocused();
      // The source warehouse too: the batch of the old one is no choice there.
      await from.selectOption(other!);
      if (!js) await page.getByTestId("mo-refresh").click();
      await expect(line(page, 0, "source").locator(`option[value="${value}"]`)).toHaveCount(0);
      await from.selectOption(home);
      if (!js) await page.getByTestId("mo-refresh").click();
      await expect(line(page, 0, "source").locator(`option[value="${value}"]`)).toHaveCount(1);
      await line(page, 0, "source").selectOption(value);
      const target = (await targets.nth(1).getAttribute("value"))!;
      await line(page, 0, "toLocationId").selectOption(target);
      await page.getByTestId("mo-save-confirm").click();
      await page.waitForURL(/\/warehouse\/allocation\/\d+$/);
      await expect(page.getByTestId("mo-status")).toHaveText("已完成");
      await expect(page.getByTestId("mo-to")).toHaveText(otherName);
    });

    test("a stocktake from creation to posting with a difference", async ({ page }) => {
      acceptConfirms(page);
      await signIn(page, "stock1", js);
      await open(page, "/warehouse/allocation/new", js);
      const b = await someBatch(page);
      test.skip(!b, "no stock in the demo data");
      const code = b!.mainOE;
      const locationName = b!.fullName;
      await open(page, "/warehouse/inventory", js);
      await expect(page.getByRole("heading", { level: 1 })).toContainText("库存盘点");
      await page.getByTestId("io-new").click();
      await page.waitForURL(/\/warehouse\/inventory\/new$/);
      if (js) await page.locator("html[data-hydrated]").waitFor();
      // Shelves are checkboxes under their warehouse (issue 20 item 12): with JavaScript only the chosen warehouse's show.
      const box = page.getByTestId("io-locations").getByRole("checkbox", { name: locationName, exact: true });
      const warehouseOfBox = await box.evaluate((el) => el.closest("[data-warehouse]")!.getAttribute("data-warehouse")!);
      await page.getByTestId("io-warehouse").selectOption(warehouseOfBox);
      if (js) {
        const others = page.locator(`[data-testid="io-locations"] [data-warehouse]:not([data-warehouse="${warehouseOfBox}"])`);
        for (const other of await others.all()) await expect(other).toBeHidden();
      }
      await box.check();
      await page.getByTestId("io-create").click();
      await page.waitForURL(/\/warehouse\/inventory\/\d+$/);
      await expect(page.getByTestId("io-status")).toHaveText("草稿");
      const id = /\/(\d+)$/.exec(page.url())![1];
      await press(page, "io-action-start");
      await expect(page.getByTestId("io-status")).toHaveText("盘点中");
      if (!js) {
        // The count sheet: no system quantity, a blank 实盘数 column.
        const sheet = await page.context().newPage();
        await sheet.goto(`/warehouse/inventory/${id}/sheet`);
        await expect(sheet.getByTestId("sheet-lines")).toContainText(code);
        await expect(sheet.getByTestId("sheet-lines").locator("thead")).not.toContainText("账面数");
        await sheet.close();
      }
      // Count the first line as 999: the difference is 999 − the system quantity at count time.
      await page.getByTestId("io-count-0").fill("999");
      await page.getByTestId("io-save-counts").click();
      await expect(page.getByTestId("io-counted")).toHaveText("1");
      const first = page.getByTestId("io-lines").locator("tbody tr").first();
      const cells = first.locator("td");
      const system = Number(((await cells.nth(5).textContent()) ?? "").trim());
      await expect(cells.nth(7)).toHaveText(String(999 - system));
      await press(page, "io-action-post");
      await expect(page.getByTestId("io-status")).toHaveText("已过账");
      if (js) return;
      // The balance is the counted quantity now.
      await open(page, `/warehouse/inventory/${id}?system=1`, js);
      await expect(page.getByTestId("io-lines").locator("tbody tr").first().locator("td").nth(5)).toHaveText("999");
    });
  });
}
