import type { Page } from "@playwright/test";
import { expect, test } from "../helpers";
import { columnTexts, grid, gridRows, header, settled, signIn } from "../lists/grid";

/**
 * The stock views and ledger reports as the people who use them see them: stock1 (仓管员, no
 * 产品价格: no cost or amount anywhere) and boss1 (经理: cost and amount). Figures come from the
 * demo opening stock; each check compares the page with itself (the totals row with the rows it
 * totals), so it holds whatever stock earlier tests posted. The views are read-only GET pages:
 * they run as plain HTML; with JavaScript only the date-range picker of 库存流水 is checked.
 */

async function open(page: Page, url: string, js: boolean) {
  await page.goto(url);
  if (js) await page.locator("html[data-hydrated]").waitFor();
  await expect(grid(page)).toBeVisible();
}

const num = (s: string) => Number(s.replace(/[￥,\s]/g, "") || "0");

for (const js of [true, false]) {
  test.describe(`stock views (${js ? "JS" : "no JS"})`, () => {
    test.use({ javaScriptEnabled: js });

    if (!js)
      test("库存余额 as stock1: quantities, no cost; filtered by warehouse the totals row adds up the rows", async ({ page }) => {
        await signIn(page, "stock1", js);
        await open(page, "/warehouse/goods", js);
        await expect(page.getByRole("heading", { level: 1 })).toContainText("库存余额");
        await expect(header(page, "qty")).toBeVisible();
        await expect(header(page, "available")).toBeVisible();
        await expect(header(page, "priceCost")).toHaveCount(0);
        await expect(header(page, "amount")).toHaveCount(0);
        // Only-with-stock is on by default: its select shows 仅有库存 and no 全部.
        await expect(page.locator('select[name="onHand"]')).toHaveValue("true");
        await expect(page.locator('select[name="onHand"] option')).toHaveText(["仅有库存", "含零库存"]);

        // Narrow to one warehouse and a page big enough to hold it: the totals row is the sum of the rows.
        const warehouse = page.locator('select[name="warehouseId"] option').nth(1);
        const value = await warehouse.getAttribute("value");
        test.skip(!value, "no warehouse in the demo data");
        await page.goto(`/warehouse/goods?warehouseId=${value}&size=800`);
        if (js) await page.locator("html[data-hydrated]").waitFor();
        await settled(page);
        await expect(page.getByTestId("stock-totals")).toBeVisible();
        await expect(page.getByTestId("total-amount")).toHaveCount(0);
        const rows = await gridRows(page).count();
        if (rows > 0 && rows < 800) {
          const qty = (await columnTexts(page, "qty")).reduce((s, v) => s + num(v), 0);
          expect(num((await page.getByTestId("total-qty").textContent()) ?? "")).toBeCloseTo(qty, 2);
          const ages = await columnTexts(page, "ageDays");
          expect(ages.every((a) => /^\d+$/.test(a))).toBe(true);
        }
      });

    if (!js)
      test("库存余额 as boss1: batch cost and amount, and the keyword finds a product's balances", async ({ page }) => {
        await signIn(page, "boss1", js);
        await open(page, "/warehouse/goods?size=50", js);
        await expect(header(page, "priceCost")).toBeVisible();
        await expect(header(page, "amount")).toBeVisible();
        const codes = await columnTexts(page, "mainOE");
        test.skip(codes.length === 0, "no stock in the demo data");
        const code = codes[0]!;
        await page.locator('input[name="q"]').fill(code);
        await page.getByRole("button", { name: "搜索" }).click();
        await page.waitForURL((u) => u.searchParams.get("q") === code);
        await settled(page);
        expect(await columnTexts(page, "mainOE")).toContain(code);
        // A keyword filters the selection: the totals row is computed (with the amount for boss1).
        await expect(page.getByTestId("total-amount")).toBeVisible();
        const amounts = (await columnTexts(page, "amount")).reduce((s, v) => s + num(v), 0);
        if ((await gridRows(page).count()) < 50) expect(num((await page.getByTestId("total-amount").textContent()) ?? "")).toBeCloseTo(amounts, 2);
      });

    if (!js)
      test("锁定库存 and 批次库存 open for stock1; 成本流水 is not stock1's", async ({ page }) => {
        await signIn(page, "stock1", js);
        await open(page, "/warehouse/locked", js);
        await expect(header(page, "docNo")).toBeVisible();
        await expect(header(page, "docType")).toBeVisible();
        await open(page, "/statements/stock/batch", js);
        await expect(header(page, "batchNo")).toBeVisible();
        await expect(header(page, "priceCost")).toHaveCount(0);
        const res = await page.goto("/statements/stock/flow/cost");
        expect(res?.status()).toBe(403);
      });

    test("库存流水: newest first with running balances, filtered by date range and business type", async ({ page }) => {
      await signIn(page, "stock1", js);
      await open(page, "/statements/stock/flow", js);
      await expect(header(page, "productQtyAfter")).toBeVisible();
      await expect(header(page, "unitCost")).toHaveCount(0);
      // The date range: native date inputs without JavaScript, the @mantine/dates picker with it.
      if (js) await expect(page.locator('[data-date-range-picker="date"]')).toBeVisible();
      else await expect(page.locator('input[name="dateFrom"]')).toHaveAttribute("type", "date");
      if (js) return;
      // Tomorrow onwards: nothing has happened yet.
      const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
      await page.goto(`/statements/stock/flow?dateFrom=${tomorrow}`);
      await settled(page);
      await expect(page.getByTestId("grid-empty")).toBeVisible();
      await page.goto("/statements/stock/flow?bizType=StockInit&size=50");
      await settled(page);
      for (const label of await columnTexts(page, "bizType")) expect(label).toBe("期初库存");
    });

    if (!js)
      test("成本流水 and 库龄报表 as boss1: unit cost and amounts; the age buckets add up to the totals", async ({ page }) => {
        await signIn(page, "boss1", js);
        await open(page, "/statements/stock/flow/cost", js);
        await expect(header(page, "unitCost")).toBeVisible();
        await expect(header(page, "avgCostAfter")).toBeVisible();
        // The bucket amounts are behind 显示全部列 (the report fits 1366 px without them).
        await open(page, "/statements/stock/age?size=800&cols=all", js);
        await expect(header(page, "b0Qty")).toBeVisible();
        await expect(header(page, "b4Amount")).toBeVisible();
        const total = grid(page).locator('tbody tr[data-id="total"]');
        if ((await gridRows(page).count()) > 0) {
          await expect(total).toContainText("合计");
          const cells = await total.locator("td").allTextContents();
          const heads = await grid(page)
            .locator("thead th")
            .evaluateAll((ths) => ths.map((th) => (th as HTMLElement).dataset.field));
          const at = (f: string) => num(cells[heads.indexOf(f)] ?? "");
          expect(at("b0Qty") + at("b1Qty") + at("b2Qty") + at("b3Qty") + at("b4Qty")).toBeCloseTo(at("qty"), 2);
          expect(at("b0Amount") + at("b1Amount") + at("b2Amount") + at("b3Amount") + at("b4Amount")).toBeCloseTo(at("amount"), 2);
        }
        await expect(page.getByTestId("age-export")).toHaveAttribute("href", /export=1/);
      });

    if (!js)
      test("库龄报表 as stock1: quantities only", async ({ page }) => {
        await signIn(page, "stock1", js);
        await open(page, "/statements/stock/age", js);
        await expect(header(page, "b0Qty")).toBeVisible();
        await expect(header(page, "b0Amount")).toHaveCount(0);
        await expect(header(page, "amount")).toHaveCount(0);
      });
  });
}
