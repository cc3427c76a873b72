import type { Page } from "@playwright/test";
import { expect } from "./helpers";

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
