import { MENU_TREE, type MenuSeed } from "../../../server/system/menu.data";
import { checkOnce, expect, signIn, test } from "../helpers";
import { overflowingTables } from "../shell/fit";

/**
 * One walk over every menu page, each loaded once for two checks:
 * - the office PCs' screen is 1366×768: every list's default columns fit it without sideways
 *   scrolling (wider columns are in 自定义列 or 显示全部列; the entry grids: shell/fit-1366.spec.ts);
 * - axe-core (helpers.ts): each page is checked here and marked checked for the run, so the
 *   tests that visit these pages later do not load them again for it.
 * In a11y/ so it runs first: the pages it checks are the ones the later tests skip.
 */
function menuPages(nodes: readonly MenuSeed[] = MENU_TREE): string[] {
  return nodes.flatMap((n) => [...(n.url && !n.action && !n.p ? [n.url] : []), ...menuPages(n.children ?? [])]);
}

test("every menu page: its list's default columns fit a 1366 px screen, and axe-core passes", async ({ browser, baseURL }) => {
  test.setTimeout(600_000);
  // A context of its own, at 1366 × 768; the accessibility check runs here, on the walk's pages.
  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 768 }, locale: "zh-CN" });
  const page = await context.newPage();
  await signIn(page, "boss1");
  const over: string[] = [];
  const a11y: string[] = [];
  let tables = 0;
  for (const url of menuPages()) {
    const res = await page.goto(url);
    if (!res || res.status() !== 200) continue;
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    tables += await page.locator("main table").count();
    for (const t of await overflowingTables(page)) over.push(`${url} ${t}`);
    const found = await checkOnce(page);
    if (found) a11y.push(found);
  }
  // The menu's lists, reports and admin tables were measured (not an empty walk).
  expect(tables).toBeGreaterThan(50);
  expect(over).toEqual([]);
  expect(a11y, `axe-core found accessibility violations:\n${a11y.join("\n")}`).toEqual([]);
  await context.close();
});
