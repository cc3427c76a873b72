import type { Page } from "@playwright/test";
import { expect, login, test, acceptConfirms } from "../helpers";
import { waitForHydration } from "../lists/grid";

/**
 * Purchase returns, safe stock and purchase plans as the buyer (buyer1 of 穗通汽配): a return is
 * made from a batch on hand (选用), submitted (stock locked) and confirmed (stock out), and the
 * list finds it by status, with JavaScript and without; 安全库存 offers its template and import
 * and 我的采购计划 generates a plan from safe stock or says why not, as plain HTML.
 */
async function open(page: Page, url: string, js: boolean) {
  await page.goto(url);
  if (js) await waitForHydration(page);
}

for (const js of [true, false]) {
  test.describe(`采购退货与采购计划, JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("buyer1 returns goods from a batch on hand: submit locks, confirm posts", async ({ page }) => {
      acceptConfirms(page);
      await login(page, "buyer1");
      await open(page, "/purchase/returnOrderCreate", js);
      await expect(page.getByTestId("pr-form")).toBeVisible();
      const supplier = page.getByTestId("pr-supplier");
      const first = await supplier.locator("option").nth(1).getAttribute("value");
      await supplier.selectOption(first!);
      await expect(page.getByTestId("pr-warehouse")).not.toHaveValue("");
      await page.getByTestId("pr-batch-q").fill("0");
      await page.getByTestId("pr-batch-find").click();
      await expect(page.getByTestId("pr-batches")).toBeVisible();
      await page.getByTestId("pr-use-batch").first().click();
      await expect(page.locator('[name="lines[0].productId"]')).not.toHaveValue("");
      // The plain table's input without JavaScript; the grid's cell with it.
      await (js ? page.locator('[data-line-row="0"][data-line-col="qty"]') : page.locator('input[name="lines[0].qty"]:not([type="hidden"])')).fill("1");
      await page.getByTestId("pr-submit").click();
      await page.waitForURL(/\/purchase\/returnOrder\/\d+$/);
      await expect(page.getByTestId("pr-status")).toHaveText("待出库");
      if (js) await waitForHydration(page);
      await page.getByTestId("pr-action-confirm").click();
      await expect(page.getByTestId("pr-status")).toHaveText("已完成");
      await expect(page.getByTestId("pr-lines")).toContainText("质量问题");
      await open(page, "/purchase/returnOrder?status=100", js);
      await expect(page.getByRole("cell", { name: "已完成" }).first()).toBeVisible();
    });

    // A read-only page and a plain form post (plan-pss.spec.ts generates a plan in both modes).
    if (!js)
      test("buyer1 sees safe stock with its template and a plan generated or refused with a reason", async ({ page }) => {
        await login(page, "buyer1");
        await open(page, "/warehouse/safe", js);
        await expect(page.getByTestId("safe-template")).toBeVisible();
        await expect(page.getByTestId("safe-import")).toBeVisible();
        await open(page, "/purchase/plan/my", js);
        await page.getByTestId("plan-generate").click();
        await expect(page.getByTestId("flash")).toContainText(/已生成采购计划|没有低于安全库存下限/);
      });
  });
}
