import type { Page } from "@playwright/test";
import { expect, test } from "../helpers";
import { grid, gridRows, header, screenPath, signIn } from "../lists/grid";

/**
 * The statement reports (统计报表) as the people who use them see them, with and without
 * JavaScript: each opens with a date range applied (bookmarkable in the URL) and shows its
 * 合计 row; the 排行 switch is a filter; a chart shows the top rows (a plain bar list without
 * JavaScript, the @mantine/charts chart with it); 导出 downloads the selection named after the
 * page. The figures themselves are checked against known rows in server/report/*.test.ts.
 *
 * The reports are read-only GET pages: opening each one and the permissions run as plain HTML
 * only. With JavaScript 销售排行 is opened hydrated, where its date-range picker and its chart
 * are the JavaScript ones.
 */
const REPORTS: [url: string, title: string][] = [
  ["/statements/sale/report", "销售明细"],
  ["/statements/sale/rank", "销售排行"],
  ["/statements/sale/return", "销售退货明细"],
  ["/statements/sale/returnRank", "退货排行"],
  ["/statements/sale/salesman", "业务员销售"],
  ["/statements/sale/loss", "低价销售报表"],
  ["/statements/purchase/report", "采购明细"],
  ["/statements/view/pss", "进销存报表"],
  ["/statements/view/salesman", "业务员开单"],
  ["/statements/view/customer/sales", "客户销售"],
  ["/statements/view/supplier/purchase", "供应商采购"],
];

const RANGE = "dateFrom=2020-01-01&dateTo=2099-12-31";
const totalsRow = (page: Page) => grid(page).locator('tbody tr[data-id="total"]');

async function open(page: Page, url: string, js: boolean) {
  await page.goto(url);
  if (js) await page.locator("html[data-hydrated]").waitFor();
  await expect(grid(page)).toBeVisible();
}

for (const js of [true, false]) {
  test.describe(`statement reports (${js ? "JS" : "no JS"})`, () => {
    test.use({ javaScriptEnabled: js });

    if (!js)
      test("every report opens for boss1 with a date range and shows its 合计 row", async ({ page }) => {
        await signIn(page, "boss1", js);
        for (const [url, title] of REPORTS) {
          await open(page, `${url}?${RANGE}`, js);
          await expect(page.getByRole("heading", { level: 1 })).toContainText(title);
          await expect(page.getByRole("search").locator('input[name="dateFrom"]')).toHaveValue("2020-01-01");
          await expect(totalsRow(page)).toContainText("合计");
        }
        // boss1 holds 产品价格: cost and profit columns are there.
        await open(page, `/statements/sale/report?${RANGE}`, js);
        await expect(header(page, "profit")).toBeVisible();
      });

    test("销售排行: the 按客户 switch is a filter in the URL, and the chart shows the top rows", async ({ page }) => {
      await signIn(page, "boss1", js);
      await open(page, `/statements/sale/rank?${RANGE}`, js);
      if (js) await expect(page.locator('[data-date-range-picker="date"]')).toBeVisible();
      await expect(page.getByTestId("filter-by")).toHaveValue("product");
      await page.getByTestId("filter-by").selectOption("customer");
      await page.getByTestId("report-search").click();
      await page.waitForURL((u) => u.searchParams.get("by") === "customer");
      await expect(header(page, "name")).toContainText("客户");
      await expect(page.getByRole("search").locator('input[name="dateTo"]')).toHaveValue("2099-12-31");
      if ((await gridRows(page).count()) > 1) {
        await expect(page.getByTestId("report-chart")).toBeVisible();
        if (js) await expect(page.getByTestId("report-barchart")).toBeVisible();
        else await expect(page.getByTestId("report-bars")).toBeVisible();
      }
      await page.screenshot({ path: screenPath(`report-rank-${js ? "js" : "nojs"}.png`), fullPage: true });
    });

    if (!js)
      test("sales1 opens the sales reports; buyer1 the purchase ones but not the sales ones", async ({ page }) => {
        await signIn(page, "sales1", js);
        for (const [url, title] of REPORTS.filter(([u]) => u.startsWith("/statements/sale/") || u === "/statements/view/salesman")) {
          await open(page, `${url}?${RANGE}`, js);
          await expect(page.getByRole("heading", { level: 1 })).toContainText(title);
          await expect(totalsRow(page)).toContainText("合计");
        }
      });
  });
}

test("buyer1 opens 采购明细 and is refused 销售明细", async ({ page }) => {
  await signIn(page, "buyer1", false);
  await open(page, `/statements/purchase/report?${RANGE}`, false);
  await expect(totalsRow(page)).toContainText("合计");
  const res = await page.goto("/statements/sale/report");
  expect(res?.status()).toBe(403);
});

test("导出 downloads the selection as an .xlsx named after the page", async ({ page }) => {
  await signIn(page, "boss1", false);
  await open(page, `/statements/sale/report?${RANGE}`, false);
  const download = page.waitForEvent("download");
  await page.getByTestId("report-export").click();
  expect((await download).suggestedFilename()).toMatch(/^销售明细.*\.xlsx$/);
});
