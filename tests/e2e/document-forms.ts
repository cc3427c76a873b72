import type { Page } from "@playwright/test";
import { expect } from "./helpers";

/**
 * Presses a document's main button (po-submit, picking-confirm). When the company's automatic
 * flow settings make it do more (提交并收货入库, 确认拣货并发货), with JavaScript it asks first in a
 * dialog: this answers it with the dialog's own button. Without JavaScript the press posts.
 */
export async function pressDocumentButton(page: Page, testId: string, js: boolean) {
  await page.getByTestId(testId).click();
  await answerDocumentConfirm(page, testId, js);
}

/** Answers yes to the button's confirmation when there is one (JavaScript and a flow that books stock). */
export async function answerDocumentConfirm(page: Page, testId: string, js: boolean) {
  if (!js) return;
  const dialog = page.getByTestId(`${testId}-confirm`);
  if ((await dialog.count()) === 0) return;
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button").last().click();
}

/**
 * The first partner a document form offers (the customer / supplier field `testId`): with
 * JavaScript from the picker's own list (↓ opens it), without from the page's <datalist>.
 */
export async function firstPartner(page: Page, testId: string, js: boolean): Promise<string> {
  const input = page.getByTestId(testId);
  if (!js) {
    const listId = await input.getAttribute("list");
    return (await page.locator(`datalist[id="${listId}"] option`).first().getAttribute("value"))!;
  }
  await input.focus();
  await input.press("ArrowDown");
  const first = page.getByTestId(`${testId}-list`).getByRole("option").first();
  const name = (await first.getAttribute("data-partner"))!;
  await input.press("Escape");
  await expect(page.getByTestId(`${testId}-list`)).toHaveCount(0);
  return name;
}
