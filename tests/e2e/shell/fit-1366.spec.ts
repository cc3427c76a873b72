import type { Page } from "@playwright/test";
import { MENU_TREE, type MenuSeed } from "../../../server/system/menu.data";
import { expect, login, test, waitForLineGrid } from "../helpers";

/**
 * The office PCs' screen is 1366×768. Every list's default columns fit it without sideways
 * scrolling (wider columns are in 自定义列 or 显示全部列), and the order-entry grids show every
 * column, 备注 and 删除 included.
 */
test.use({ viewport: { width: 1366, height: 768 } });

function menuPages(nodes: readonly MenuSeed[] = MENU_TREE): string[] {
  return nodes.flatMap((n) => [...(n.url && !n.action && !n.p ? [n.url] : []), ...menuPages(n.children ?? [])]);
}

/** Each table in the page's main area whose scrolling region is narrower than the table. */
async function overflowingTables(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll("main table")].flatMap((table) => {
      let region = table.parentElement;
      while (region && region !== document.body && getComputedStyle(region).overflowX === "visible") region = region.parentElement;
      const box = region ?? document.body;
      const headers = [...table.querySelectorAll("thead th")].map((th) => th.textContent?.trim()).join("|");
      return box.scrollWidth > box.clientWidth + 1 ? [`${box.scrollWidth} > ${box.clientWidth}: ${headers}`] : [];
    }),
  );
}

test("every list page's default columns fit a 1366 px screen", async ({ browser, baseURL }) => {
  test.setTimeout(300_000);
  // A context of its own: a walk over every menu page is not also an accessibility pass over each.
  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 768 }, locale: "zh-CN" });
  const page = await context.newPage();
  await login(page, "boss1");
  const over: string[] = [];
  let tables = 0;
  for (const url of menuPages()) {
    const res = await page.goto(url);
    if (!res || res.status() !== 200) continue;
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    tables += await page.locator("main table").count();
    for (const t of await overflowingTables(page)) over.push(`${url} ${t}`);
  }
  // The menu's lists, reports and admin tables were measured (not an empty walk).
  expect(tables).toBeGreaterThan(50);
  expect(over).toEqual([]);
  await context.close();
});

test("a report's wider columns are one link away and back, without JavaScript too", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 1366, height: 768 }, locale: "zh-CN" });
  const page = await context.newPage();
  await login(page, "boss1");
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
    await login(page, "boss1");
    await page.goto(url);
    await waitForLineGrid(page);
    await expect(page.getByRole("columnheader", { name: "备注" })).toBeInViewport({ ratio: 1 });
    await expect(page.getByRole("columnheader", { name: "操作" })).toBeInViewport({ ratio: 1 });
    expect(await overflowingTables(page)).toEqual([]);
  });
}
