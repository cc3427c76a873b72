import { expect, signIn, test, waitForLineGrid } from "../helpers";
import { overflowingTables } from "./fit";

/**
 * The office PCs' screen is 1366×768. Every list's default columns fit it without sideways
 * scrolling (wider columns are in 自定义列 or 显示全部列: the walk over every menu page is
 * a11y/menu-pages.spec.ts), and the order-entry grids show every column, 备注 and 删除 included.
 */
test.use({ viewport: { width: 1366, height: 768 } });

test("a report's wider columns are one link away and back, without JavaScript too", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 1366, height: 768 }, locale: "zh-CN" });
  const page = await context.newPage();
  await signIn(page, "boss1");
  await page.goto("/statements/sale/report");
  const header = page.locator("main table thead");
  await expect(header).toContainText("毛利");
  await expect(header).not.toContainText("销售单号");
  await page.getByTestId("report-columns").click();
  await expect(page).toHaveURL(/cols=all/);
  await expect(header).toContainText("销售单号");
  await expect(header).toContainText("品牌");
  await page.getByTestId("report-columns").click();
  await expect(header).not.toContainText("销售单号");
  await context.close();
});

for (const [name, url] of [
  ["sales order", "/sale/orderCreate"],
  ["purchase order", "/purchase/orderCreate"],
] as const) {
  test(`the ${name} entry grid shows 备注 and 删除 on a 1366 px screen`, async ({ page }) => {
    await signIn(page, "boss1");
    await page.goto(url);
    await waitForLineGrid(page);
    await expect(page.getByRole("columnheader", { name: "备注" })).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole("columnheader", { name: "操作" })).toBeInViewport({ ratio: 1 });
    expect(await overflowingTables(page)).toEqual([]);
  });
}
