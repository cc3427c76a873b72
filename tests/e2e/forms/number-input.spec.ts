import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../helpers";
import { columnTexts, expectFlash, field, gridRows, letters, openList, searchKeyword, signIn, suffix } from "../lists/grid";

/**
 * Number fields of the product form (/product/list, issue 7 item 14): what a clerk types —
 * `1,234.50`, full-width `１２３`, `￥88` — is understood; rounding to 2 decimals is said, not
 * silent; text that is no number is refused next to the field and never silently undone;
 * integer fields say 请输入整数. The same with JavaScript (on blur) and without (by the server).
 */
const LIST = "/product/list?size=20";

async function openNewProduct(page: Page, js: boolean) {
  await openList(page, LIST, js);
  await page.getByTestId("grid-add").click();
  const dialog = page.getByTestId("edit-dialog");
  await expect(dialog).toBeVisible();
  const code = `NUM-${suffix()}`;
  await field(dialog, "mainOE").fill(code);
  await field(dialog, "name").fill(`数字测试${letters()}`);
  return { dialog, code };
}

/** The message line of one field of the form (Mantine's error or our hint), by field name. */
const fieldBox = (dialog: Locator, name: string) => dialog.locator(`[data-field="${name}"]`);

async function expectSavedPrice(page: Page, code: string, money: RegExp) {
  await searchKeyword(page, code);
  await expect(gridRows(page)).toHaveCount(1);
  expect(await columnTexts(page, "priceSale")).toEqual([expect.stringMatching(money)]);
}

test.describe("number fields, JavaScript on", () => {
  test.use({ javaScriptEnabled: true });

  test("understands 1,234.50, full-width digits and ￥, says when it rounds, refuses the rest in place", async ({ page }) => {
    await signIn(page, "boss1", true);
    const { dialog, code } = await openNewProduct(page, true);

    const price = field(dialog, "priceSale");
    await price.fill("１,２３４.５６７");
    await price.blur();
    await expect(price).toHaveValue("1234.57");
    await expect(fieldBox(dialog, "priceSale")).toContainText("已按两位小数四舍五入");

    const cost = field(dialog, "priceCost");
    await cost.fill("八十八");
    await cost.blur();
    // Refused next to the field, and what was typed stays there to be corrected.
    await expect(fieldBox(dialog, "priceCost")).toContainText("请输入数字");
    await expect(cost).toHaveValue("八十八");

    const minOrder = field(dialog, "minOrderCount");
    await minOrder.fill("2.5");
    await minOrder.blur();
    await expect(fieldBox(dialog, "minOrderCount")).toContainText("请输入整数");
    await expect(minOrder).toHaveValue("2.5");

    // The form is not sent while a number field is refused.
    await dialog.getByTestId("form-save").click();
    await expect(dialog).toBeVisible();
    await expect(page.getByTestId("flash")).toHaveCount(0);

    await cost.fill("￥88");
    await cost.blur();
    await expect(cost).toHaveValue("88");
    await expect(fieldBox(dialog, "priceCost")).not.toContainText("请输入数字");
    await minOrder.fill("１,２００");
    await minOrder.blur();
    await expect(minOrder).toHaveValue("1200");
    await expect(fieldBox(dialog, "minOrderCount")).not.toContainText("请输入整数");

    await dialog.getByTestId("form-save").click();
    await expectFlash(page, "保存成功");
    await expect(dialog).toBeHidden();
    await expectSavedPrice(page, code, /^￥1,?234\.57$/);
  });
});

test.describe("number fields, JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("the server reads the same text and says that it rounded", async ({ page }) => {
    await signIn(page, "boss1", false);
    const { dialog, code } = await openNewProduct(page, false);
    await field(dialog, "priceSale").fill("¥1,234.567");
    await field(dialog, "priceCost").fill("８８");
    await field(dialog, "minOrderCount").fill("1,200");
    await dialog.getByTestId("form-save").click();
    await expectFlash(page, "保存成功");
    await expectFlash(page, "销售价已按两位小数四舍五入");
    await expectSavedPrice(page, code, /^￥1,?234\.57$/);
  });

  test("text that is no number comes back next to its field with everything typed kept", async ({ page }) => {
    await signIn(page, "boss1", false);
    const { dialog, code } = await openNewProduct(page, false);
    await field(dialog, "priceSale").fill("abc");
    await field(dialog, "orderCycle").fill("3.5");
    await dialog.getByTestId("form-save").click();
    const again = page.getByTestId("edit-dialog");
    await expect(again.getByTestId("form-error")).toBeVisible();
    await expect(fieldBox(again, "priceSale")).toContainText("销售价必须是数字");
    await expect(fieldBox(again, "orderCycle")).toContainText("请输入整数");
    await expect(field(again, "priceSale")).toHaveValue("abc");
    await expect(field(again, "mainOE")).toHaveValue(code);
  });
});
