import { expect, test } from "../helpers";
import { columnTexts, openList, signIn, startExport } from "./grid";

/**
 * Issue 7 item 19 in the browser: money reads ￥1,234.50 in the grid, and the custom-export
 * dialog closes when the download starts (with JavaScript; without it the page stays and the
 * file downloads). The file itself: money as numbers formatted #,##0.00, a bold frozen header.
 */
const LIST = "/product/list?size=50&sort=priceSale.desc";
const MONEY = /^￥\d{1,3}(,\d{3})*\.\d{2}$/;

for (const js of [true, false]) {
  test.describe(`export and money (${js ? "JavaScript" : "no JavaScript"})`, () => {
    test.use({ javaScriptEnabled: js });

    test("money cells read ￥1,234.50; 开始导出 downloads and the dialog closes", async ({ page }) => {
      await signIn(page, "boss1", js);
      await openList(page, LIST, js);
      const prices = (await columnTexts(page, "priceSale")).filter((t) => t !== "");
      expect(prices.length).toBeGreaterThan(0);
      for (const p of prices) expect(p).toMatch(MONEY);
      // The dearest demo products cost thousands: the separator shows.
      expect(prices[0]).toContain(",");

      await page.getByTestId("grid-export").click();
      await expect(page).toHaveURL((url) => url.searchParams.get("dialog") === "export");
      const { file } = await startExport(page, "我的产品.xlsx");
      if (js) {
        await expect(page.getByTestId("export-dialog")).toBeHidden();
        await expect(page).toHaveURL((url) => url.searchParams.get("dialog") === null && url.searchParams.get("sort") === "priceSale.desc");
        await expect(page.getByTestId("grid-total")).toBeVisible();
      } else {
        // Without JavaScript nothing can close it: the download happened, the page is unchanged.
        await expect(page.getByTestId("export-dialog")).toBeVisible();
      }

      const { default: ExcelJS } = await import("exceljs");
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.readFile(file);
      const sheet = wb.worksheets[0]!;
      expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
      const headers = (sheet.getRow(1).values as unknown[]).slice(1);
      const priceCol = headers.indexOf("销售价") + 1;
      expect(priceCol).toBeGreaterThan(0);
      expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
      // Products without a price (other specs make some) sort first when descending, empty in
      // the file as on the screen: compare the first priced row with the first priced cell.
      const cells = sheet.getColumn(priceCol).values.slice(2);
      expect(cells.every((v) => v === null || v === undefined || typeof v === "number")).toBe(true);
      const firstRow = 2 + cells.findIndex((v) => typeof v === "number");
      expect(firstRow).toBeGreaterThan(1);
      const first = sheet.getRow(firstRow).getCell(priceCol);
      expect(first.numFmt).toBe("#,##0.00");
      expect(`￥${(first.value as number).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`).toBe(prices[0]);
    });
  });
}
