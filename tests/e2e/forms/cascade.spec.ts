import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../helpers";
import { columnTexts, expectFlash, field, gridRows, letters, openList, searchKeyword, signIn, suffix } from "../lists/grid";

/**
 * Dependent pickers (issue 7 item 17): 二级分类 lists only the chosen 一级分类's children and
 * 汽车品牌 only the chosen 车系分组's makes (demo data, server/db/seed-master.ts); 汽车厂商 of a
 * car model only its make's. With JavaScript the list follows the parent at once and an
 * impossible child is cleared; without, 刷新选项 posts the form back (nothing typed is lost)
 * and the server refuses a pair that does not belong together.
 */
const LIST = "/product/list?size=20";
const FILTERS = ["机油滤清器", "空气滤清器", "空调滤清器", "燃油滤清器"];
const BRAKES = ["刹车片", "刹车盘", "刹车油", "刹车分泵"];
const JAPANESE = ["丰田", "本田", "日产"];

/** The labels of a select's options, without the empty choice. */
async function optionLabels(select: Locator) {
  return (await select.locator("option").allTextContents()).map((s) => s.trim()).filter((s) => s !== "" && s !== "—" && s !== "请选择");
}

async function openNewProduct(page: Page, js: boolean) {
  await openList(page, LIST, js);
  await page.getByTestId("grid-add").click();
  const dialog = page.getByTestId("edit-dialog");
  await expect(dialog).toBeVisible();
  const code = `CAS-${suffix()}`;
  await field(dialog, "mainOE").fill(code);
  await field(dialog, "name").fill(`级联测试${letters()}`);
  return { dialog, code };
}

async function expectSaved(page: Page, code: string, cells: Record<string, string>) {
  await expectFlash(page, "保存成功");
  await searchKeyword(page, code);
  await expect(gridRows(page)).toHaveCount(1);
  for (const [name, text] of Object.entries(cells)) expect(await columnTexts(page, name)).toEqual([text]);
}

test.describe("dependent pickers, JavaScript on", () => {
  test.use({ javaScriptEnabled: true });

  test("the product form's 二级分类 and 汽车品牌 follow their parents", async ({ page }) => {
    await signIn(page, "boss1", true);
    const { dialog, code } = await openNewProduct(page, true);
    const level0 = field(dialog, "categoryLevel0Id");
    const level1 = field(dialog, "categoryLevel1Id");

    // A child picked first fills its parent in.
    await level1.selectOption({ label: "火花塞" });
    await expect(level0.locator("option:checked")).toHaveText("点火系统");

    await level0.selectOption({ label: "滤清器" });
    await expect.poll(() => optionLabels(level1)).toEqual(FILTERS);
    await expect(level1).toHaveValue("");
    await level1.selectOption({ label: "机油滤清器" });
    await level0.selectOption({ label: "制动系统" });
    await expect.poll(() => optionLabels(level1)).toEqual(BRAKES);
    await expect(level1).toHaveValue("");
    await level1.selectOption({ label: "刹车片" });

    const group = field(dialog, "carGroupId");
    const make = field(dialog, "makeId");
    await group.selectOption({ label: "日系" });
    await expect.poll(() => optionLabels(make)).toEqual(JAPANESE);
    await make.selectOption({ label: "本田" });
    await group.selectOption({ label: "德系" });
    await expect(make).toHaveValue("");
    await expect.poll(() => optionLabels(make)).toEqual(["大众", "奥迪", "宝马", "奔驰"]);
    await make.selectOption({ label: "宝马" });

    // 选择分类 (the category picker) fills both selects through the same cascade.
    await dialog.getByTestId("category-picker-open").click();
    const picker = page.getByTestId("category-picker");
    await picker.getByRole("button", { name: "刹车盘", exact: true }).click();
    await expect(picker).toBeHidden();
    await expect(level0.locator("option:checked")).toHaveText("制动系统");
    await expect(level1.locator("option:checked")).toHaveText("刹车盘");
    await dialog.getByTestId("category-picker-open").click();
    await picker.getByRole("button", { name: "燃油滤清器", exact: true }).click();
    await expect(level0.locator("option:checked")).toHaveText("滤清器");
    await expect(level1.locator("option:checked")).toHaveText("燃油滤清器");
    await expect.poll(() => optionLabels(level1)).toEqual(FILTERS);

    await dialog.getByTestId("form-save").click();
    await expectSaved(page, code, { categoryLevel1Name: "燃油滤清器", makeName: "宝马" });
  });

  test("a car model's 汽车厂商 lists only the chosen make's manufacturers", async ({ page }) => {
    await signIn(page, "admin", true);
    await openList(page, "/system/vehicle/model", true);
    await page.getByTestId("grid-add").click();
    const dialog = page.getByTestId("edit-dialog");
    await field(dialog, "makeId").selectOption({ label: "大众" });
    await expect.poll(() => optionLabels(field(dialog, "mfrId"))).toEqual(["一汽-大众", "上汽大众"]);
    await field(dialog, "mfrId").selectOption({ label: "上汽大众" });
    await field(dialog, "makeId").selectOption({ label: "奥迪" });
    await expect(field(dialog, "mfrId")).toHaveValue("");
    await expect.poll(() => optionLabels(field(dialog, "mfrId"))).toEqual(["一汽-大众奥迪"]);
  });
});

test.describe("dependent pickers, JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("刷新选项 redraws the child list from the chosen parent and keeps what was typed", async ({ page }) => {
    await signIn(page, "boss1", false);
    const { dialog, code } = await openNewProduct(page, false);
    await field(dialog, "priceSale").fill("66");
    await field(dialog, "categoryLevel0Id").selectOption({ label: "滤清器" });
    await field(dialog, "carGroupId").selectOption({ label: "日系" });
    await dialog.getByTestId("refresh-categoryLevel1Id").click();

    const again = page.getByTestId("edit-dialog");
    await expect(again.getByTestId("form-error")).toHaveCount(0);
    await expect(field(again, "mainOE")).toHaveValue(code);
    await expect(field(again, "priceSale")).toHaveValue("66");
    expect(await optionLabels(field(again, "categoryLevel1Id"))).toEqual(FILTERS);
    expect(await optionLabels(field(again, "makeId"))).toEqual(JAPANESE);
    await field(again, "categoryLevel1Id").selectOption({ label: "空调滤清器" });
    await field(again, "makeId").selectOption({ label: "丰田" });
    await again.getByTestId("form-save").click();
    await expectSaved(page, code, { categoryLevel1Name: "空调滤清器", makeName: "丰田" });
  });

  test("a make that is not of the chosen 车系分组 is refused with a message next to it", async ({ page }) => {
    await signIn(page, "boss1", false);
    const { dialog, code } = await openNewProduct(page, false);
    await field(dialog, "carGroupId").selectOption({ label: "德系" });
    await dialog.getByTestId("refresh-makeId").click();
    const again = page.getByTestId("edit-dialog");
    await field(again, "makeId").selectOption({ label: "宝马" });
    // The group changes, but the page is not refreshed before saving.
    await field(again, "carGroupId").selectOption({ label: "日系" });
    await again.getByTestId("form-save").click();
    const refused = page.getByTestId("edit-dialog");
    await expect(refused.getByTestId("form-error")).toContainText("汽车品牌不属于所选车系分组");
    await expect(refused.locator('[data-field="makeId"]')).toContainText("汽车品牌不属于所选车系分组");
    await expect(field(refused, "mainOE")).toHaveValue(code);
  });

  test("a car model's 汽车厂商 follows the make after 刷新选项", async ({ page }) => {
    await signIn(page, "admin", false);
    await openList(page, "/system/vehicle/model", false);
    await page.getByTestId("grid-add").click();
    const dialog = page.getByTestId("edit-dialog");
    await field(dialog, "name").fill(`测试车型${letters()}`);
    await field(dialog, "makeId").selectOption({ label: "大众" });
    await dialog.getByTestId("refresh-mfrId").click();
    const again = page.getByTestId("edit-dialog");
    expect(await optionLabels(field(again, "mfrId"))).toEqual(["一汽-大众", "上汽大众"]);
    await expect(field(again, "name")).toHaveValue(/测试车型/);
  });
});
