import type { Locator, Page } from "@playwright/test";
import { expect, login, test, waitForTabsHydrated } from "../helpers";

/**
 * The keyboard on list pages and in their dialogs (issue 7 item 15), as a user on a slow PC
 * with no mouse would meet it: 部门 (/organization/department) as boss1 of 穗通汽配.
 */
const PAGE = "/organization/department";

const grid = (page: Page) => page.locator('table[aria-label="数据列表"]');
const dialogOf = (page: Page) => page.getByTestId("edit-dialog");
const field = (scope: Locator, name: string) => scope.locator(`[name="${name}"]:not([type="hidden"])`);
const suffix = () => Math.random().toString(36).slice(2, 8).toUpperCase();

async function openList(page: Page, url = PAGE) {
  await page.goto(url);
  await expect(page.getByTestId("grid-total")).toBeVisible();
  await waitForTabsHydrated(page);
}

/** Focus is on the page body (nothing focused), as after a click on an empty spot. */
async function focusBody(page: Page) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await expect.poll(() => page.evaluate(() => document.activeElement === document.body)).toBe(true);
}

const focusedInside = (page: Page, testId: string) => page.evaluate((id) => !!document.activeElement?.closest(`[data-testid="${id}"]`), testId);

async function selectFirstRow(page: Page) {
  const tr = grid(page).locator("tbody tr[data-id]").first();
  await tr.locator("td").nth(1).click();
  await expect(tr).toHaveClass(/\bselected\b/);
  return (await tr.getAttribute("data-id"))!;
}

test.describe("list shortcuts and dialog keyboard (JavaScript)", () => {
  test.beforeEach(async ({ page }) => {
    await login(page, "boss1");
  });

  test("a opens 新增 with the focus in its first field; Tab and Shift+Tab stay inside the dialog", async ({ page }) => {
    await openList(page);
    await focusBody(page);
    await page.keyboard.press("a");
    const dialog = dialogOf(page);
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL((url) => url.searchParams.get("edit") === "new");
    await expect(field(dialog, "name")).toBeFocused();
    // The 'a' was a shortcut, not typing.
    await expect(field(dialog, "name")).toHaveValue("");

    const count = await dialog.locator("a[href], button:not([disabled]), input:not([type=hidden]):not([disabled]), select, textarea").count();
    for (let i = 0; i < count + 2; i++) {
      await page.keyboard.press("Tab");
      expect(await focusedInside(page, "edit-dialog"), `Tab #${i + 1} stays in the dialog`).toBe(true);
    }
    await field(dialog, "name").focus();
    for (let i = 0; i < count + 2; i++) {
      await page.keyboard.press("Shift+Tab");
      expect(await focusedInside(page, "edit-dialog"), `Shift+Tab #${i + 1} stays in the dialog`).toBe(true);
    }
  });

  test("Esc closes an untouched dialog at once, and focus comes back to the page", async ({ page }) => {
    await openList(page);
    await page.getByTestId("grid-add").click();
    await expect(dialogOf(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialogOf(page)).toBeHidden();
    await expect(page).toHaveURL((url) => url.pathname === PAGE && !url.searchParams.has("edit"));
    await expect(page.getByTestId("dialog-unsaved")).toHaveCount(0);
  });

  test("Esc with unsaved edits asks 有未保存的修改，确定关闭吗？: 继续编辑 keeps the text, 确定 closes; 取消 closes at once", async ({ page }) => {
    await openList(page);
    await page.getByTestId("grid-add").click();
    const dialog = dialogOf(page);
    await field(dialog, "name").fill("未保存的部门");
    await page.keyboard.press("Escape");
    const ask = page.getByTestId("dialog-unsaved");
    await expect(ask).toBeVisible();
    await expect(ask).toContainText("有未保存的修改，确定关闭吗？");
    await expect(page.getByTestId("dialog-keep-editing")).toBeFocused();
    // The question holds the focus too.
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press("Tab");
      expect(await focusedInside(page, "dialog-unsaved")).toBe(true);
    }
    await page.getByTestId("dialog-keep-editing").click();
    await expect(ask).toBeHidden();
    await expect(dialog).toBeVisible();
    await expect(field(dialog, "name")).toHaveValue("未保存的部门");

    // Esc in the question means "no": still editing.
    await field(dialog, "name").focus();
    await page.keyboard.press("Escape");
    await expect(ask).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(ask).toBeHidden();
    await expect(dialog).toBeVisible();

    // 确定 closes without saving.
    await page.keyboard.press("Escape");
    await expect(ask).toBeVisible();
    await page.getByTestId("dialog-discard").click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL((url) => !url.searchParams.has("edit"));
    await page.getByRole("search").locator('input[name="q"]').fill("未保存的部门");
    await page.getByRole("search").getByRole("button", { name: "搜索" }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get("q") === "未保存的部门");
    await expect(page.getByTestId("grid-total")).toHaveText("共 0 条");

    // 取消 is a deliberate choice: it closes at once, edits or not.
    await page.getByTestId("grid-add").click();
    await field(dialog, "name").fill("也不保存");
    await dialog.getByRole("link", { name: "取消" }).click();
    await expect(dialog).toBeHidden();
    await expect(ask).toHaveCount(0);
  });

  test("Ctrl+Enter saves the form being edited", async ({ page }) => {
    await openList(page);
    await focusBody(page);
    await page.keyboard.press("a");
    const dialog = dialogOf(page);
    const name = `快捷键部门${suffix()}`;
    await field(dialog, "name").fill(name);
    await page.keyboard.press("Control+Enter");
    await expect(page.getByTestId("flash")).toContainText("保存成功");
    await expect(dialog).toBeHidden();
    await page.getByRole("search").locator('input[name="q"]').fill(name);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL((url) => url.searchParams.get("q") === name);
    await expect(grid(page).locator("tbody tr[data-id]")).toHaveCount(1);
    await expect(grid(page).locator("tbody tr[data-id]").first()).toContainText(name);
  });

  test("q puts the cursor in the keyword box without typing a q; a typed in a field is just a letter", async ({ page }) => {
    await openList(page);
    await focusBody(page);
    await page.keyboard.press("q");
    const box = page.getByRole("search").locator('input[name="q"]');
    await expect(box).toBeFocused();
    await expect(box).toHaveValue("");
    await page.keyboard.type("aq");
    await expect(box).toHaveValue("aq");
    await expect(dialogOf(page)).toHaveCount(0);
  });

  test("Delete on a selected row opens the confirmation with 确定 focused; Enter opens 修改", async ({ page }) => {
    await openList(page);
    const id = await selectFirstRow(page);
    // Focus is on the grid after the click: still the page body for the shortcuts.
    await page.keyboard.press("Delete");
    const confirm = page.getByTestId("confirm-dialog");
    await expect(confirm).toBeVisible();
    await expect(page).toHaveURL((url) => url.searchParams.get("confirmDelete") === id);
    await expect(page.getByTestId("confirm-delete")).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(confirm).toBeHidden();

    await selectFirstRow(page);
    await focusBody(page);
    await page.keyboard.press("Enter");
    await expect(dialogOf(page)).toBeVisible();
    await expect(page).toHaveURL((url) => url.searchParams.get("edit") === id);
    await expect(field(dialogOf(page), "name")).toBeFocused();
  });

  test("Enter or Delete with no row selected says 请选择数据行", async ({ page }) => {
    await openList(page);
    await focusBody(page);
    await page.keyboard.press("Delete");
    await expect(page.getByTestId("grid-notice")).toHaveText("请选择数据行");
    await expect(page.getByTestId("confirm-dialog")).toHaveCount(0);
    await expect(page.getByTestId("grid-notice")).toBeHidden();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("grid-notice")).toHaveText("请选择数据行");
    await expect(dialogOf(page)).toHaveCount(0);
  });

  test("shortcut keys do nothing while a dialog is open", async ({ page }) => {
    await openList(page);
    await page.getByTestId("grid-columns").click();
    const columns = page.getByTestId("columns-dialog");
    await expect(columns).toBeVisible();
    await focusBody(page);
    await page.keyboard.press("a");
    await page.keyboard.press("Delete");
    await expect(columns).toBeVisible();
    await expect(page).toHaveURL((url) => url.searchParams.get("dialog") === "columns" && !url.searchParams.has("edit"));
    // Esc closes it (nothing was changed).
    await page.keyboard.press("Escape");
    await expect(columns).toBeHidden();
  });
});

test.describe("公库产品导入 dialog (JavaScript)", () => {
  test("the search box has the focus first; after picking a product the cursor is in its form; Esc asks once it was edited", async ({ page }) => {
    await login(page, "boss1");
    await openList(page, "/product/list");
    await page.getByTestId("library-import").click();
    const dialog = page.getByTestId("library-dialog");
    await expect(dialog).toBeVisible();
    const search = dialog.locator('input[name="libq"]');
    await expect(search).toBeFocused();
    await search.fill("火花塞");
    await page.keyboard.press("Enter");
    const first = dialog.getByTestId("library-results").locator("tbody tr").first();
    await expect(first).toContainText("火花塞");
    await first.getByRole("link", { name: "导入" }).click();
    await expect(page).toHaveURL((url) => url.searchParams.has("lib"));
    const code = field(dialog, "mainOE");
    await expect(code).toBeFocused();
    // Typing in the search box is not an unsaved edit; a changed product field is.
    await field(dialog, "name").fill("改过的名称");
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("dialog-unsaved")).toBeVisible();
    await page.getByTestId("dialog-discard").click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL((url) => !url.searchParams.has("import") && !url.searchParams.has("lib"));
  });
});

test.describe("long forms at 1366×768", () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test("the product form keeps 保存 and 取消 on screen, and the last field can be reached above them", async ({ page }) => {
    await login(page, "boss1");
    await page.goto("/product/list?edit=new");
    const dialog = dialogOf(page);
    await expect(dialog).toBeVisible();
    const viewport = page.viewportSize()!;
    for (const button of [dialog.getByTestId("form-save"), dialog.getByRole("link", { name: "取消" })]) {
      const box = (await button.boundingBox())!;
      expect(box.y + box.height, "the button ends inside the window").toBeLessThanOrEqual(viewport.height);
      expect(box.y).toBeGreaterThanOrEqual(0);
    }
    // Focus the last field: it scrolls into view above the footer, not under it.
    const fields = dialog.locator("input:not([type=hidden]), select, textarea");
    const last = fields.last();
    await last.focus();
    const foot = (await dialog.getByTestId("form-save").boundingBox())!;
    const lastBox = (await last.boundingBox())!;
    expect(lastBox.y + lastBox.height).toBeLessThanOrEqual(foot.y);
    await page.screenshot({ path: test.info().outputPath("product-form-1366x768.png") });
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the delete confirmation's 确定 takes the focus (autofocus)", async ({ page }) => {
    await login(page, "boss1");
    await page.goto(PAGE);
    const id = await grid(page).locator("tbody tr[data-id]").first().getAttribute("data-id");
    await page.goto(`${PAGE}?confirmDelete=${id}`);
    await expect(page.getByTestId("confirm-dialog")).toBeVisible();
    await expect(page.getByTestId("confirm-delete")).toBeFocused();
  });
});
