import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, login, test } from "../helpers";

/** test-results/screens/<name> (the project's output directory). */
const shot = (name: string) => path.join(test.info().project.outputDir, "screens", name);

async function expectNoHorizontalOverflow(page: Page) {
  const m = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
    bodyScrollWidth: document.body.scrollWidth,
  }));
  expect(m.scrollWidth, JSON.stringify(m)).toBeLessThanOrEqual(m.clientWidth + 1);
  expect(m.bodyScrollWidth, JSON.stringify(m)).toBeLessThanOrEqual(m.clientWidth + 1);
}

/** Home, signed in, hydrated (close buttons/tab restore done) and with fonts loaded. */
async function openHome(page: Page) {
  await login(page, "boss1");
  await page.waitForFunction(() => Object.keys(localStorage).some((k) => k.startsWith("qp.tabs.")));
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

test.describe("screens", () => {
  test("login", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByTestId("login-submit")).toBeVisible();
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await page.screenshot({ path: shot("login.png"), fullPage: true, animations: "disabled" });
    await expectNoHorizontalOverflow(page);
  });

  test("home, wide (1440x900)", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openHome(page);
    await expect(page.getByTestId("drawer")).toBeInViewport();
    await expect(page.getByTestId("menu-button")).toBeHidden();
    await page.screenshot({ path: shot("home-wide.png"), fullPage: true, animations: "disabled" });
    await expectNoHorizontalOverflow(page);
  });

  test("home, narrow (1100x800)", async ({ page }) => {
    await page.setViewportSize({ width: 1100, height: 800 });
    await openHome(page);
    await expect(page.getByTestId("menu-button")).toBeVisible();
    await expect(page.getByTestId("drawer")).not.toBeInViewport();
    await page.screenshot({ path: shot("home-narrow.png"), fullPage: true, animations: "disabled" });
    await expectNoHorizontalOverflow(page);
  });
});
