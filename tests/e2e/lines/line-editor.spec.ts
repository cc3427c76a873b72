import type { Page } from "@playwright/test";
import { expect, login, signIn, test, waitForHydration } from "../helpers";
import { answerDocumentConfirm, firstPartner } from "../document-forms";

/**
 * The shared line editor on 采购开单 (/purchase/orderCreate), as a buyer: keyboard-first with
 * JavaScript (type an OE, Enter picks it, quantity, Enter … a new line; Ctrl+Enter submits),
 * and a plain form without (添加行 / 删除 keep what was typed; typed codes are settled by the
 * server). List pages never load the grid's chunk.
 */
async function someProduct(page: Page) {
  const res = await page.request.get("/api/app/product?maxResultCount=50&sorting=mainOE%20asc");
  expect(res.ok()).toBe(true);
  const { items } = (await res.json()) as { items: { id: number; mainOE: string; name: string; isEnabled: boolean }[] };
  const usable = items.filter((p) => p.isEnabled && /\d/.test(p.mainOE));
  // A code that is nobody else's prefix, so typing it names exactly one product.
  const p = usable.find((x) => !usable.some((y) => y !== x && y.mainOE.toUpperCase().startsWith(x.mainOE.toUpperCase())))!;
  expect(p).toBeTruthy();
  return p;
}

async function fillHeader(page: Page, js = true) {
  const supplier = await firstPartner(page, "po-supplier", js);
  await page.getByTestId("po-supplier").fill(supplier);
  await page.getByTestId("po-warehouse").selectOption({ index: 1 });
}

const cell = (page: Page, row: number, col: string) => page.locator(`[data-line-row="${row}"][data-line-col="${col}"]`);

test.describe("line editor with JavaScript", () => {
  test("type an OE, Enter, quantity, Enter … a new line; arrows move between lines; Ctrl+Enter submits", async ({ page }) => {
    await login(page, "buyer1");
    const product = await someProduct(page);
    const scripts: string[] = [];
    page.on("request", (r) => r.resourceType() === "script" && scripts.push(r.url()));
    await page.goto("/purchase/orderCreate");
    await waitForHydration(page);
    await expect(page.locator('[data-line-mode="grid"]')).toBeVisible();
    expect(scripts.some((u) => /LineGrid-/.test(u))).toBe(true);
    await fillHeader(page);

    const product0 = cell(page, 0, "productText");
    await product0.click();
    await product0.pressSequentially(product.mainOE.toLowerCase());
    await product0.press("Enter");
    // Picked: the line shows the product, the cursor is in the quantity.
    await expect(product0).toHaveValue(`${product.mainOE} ${product.name}`);
    await expect(cell(page, 0, "qty")).toBeFocused();
    await page.keyboard.type("3");
    await page.keyboard.press("Enter");
    await expect(cell(page, 0, "price")).toBeFocused();
    await page.keyboard.press("Control+A");
    await page.keyboard.type("12.5");
    await page.keyboard.press("Enter");
    await expect(cell(page, 0, "remark")).toBeFocused();
    await expect(page.locator('[data-amount="0"]')).toHaveText("￥37.50");
    await page.keyboard.press("Enter");
    // Enter at the end of the last line adds a line and goes to its product.
    await expect(cell(page, 1, "productText")).toBeFocused();
    await page.keyboard.press("ArrowUp");
    await expect(cell(page, 0, "productText")).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(cell(page, 1, "productText")).toBeFocused();
    // Esc leaves the picker: the list closes and the text is as it was.
    await page.keyboard.type("zzzz");
    await page.keyboard.press("Escape");
    await page.keyboard.press("Control+A");
    await page.keyboard.press("Delete");
    await expect(page.locator('[data-total="qty"]').first()).toHaveText("3.00");

    await cell(page, 0, "qty").focus();
    await page.keyboard.press("Control+Enter");
    await answerDocumentConfirm(page, "po-submit", true);
    // Submitted (not saved as a draft): one line of 3 at 12.50.
    await expect(page.getByRole("alert").filter({ hasText: /采购订单 \S+ 已提交/ })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: "￥37.50" }).first()).toBeVisible();
  });

  test("what is typed into the table while the grid's chunk still loads is kept, and so is the focus", async ({ page }) => {
    await login(page, "buyer1");
    const product = await someProduct(page);
    // A slow PC: the grid's chunk arrives only after the user has typed.
    let release!: () => void;
    const typed = new Promise<void>((r) => (release = r));
    await page.route(/LineGrid-[^/]*\.js$/, async (route) => {
      await typed;
      await route.continue();
    });
    await page.goto("/purchase/orderCreate");
    await waitForHydration(page);
    await expect(page.locator('[data-line-mode="plain"]')).toBeVisible();
    await page.getByRole("textbox", { name: "第1行 产品" }).fill(product.mainOE);
    const qty = page.getByRole("textbox", { name: "第1行 数量" });
    await qty.fill("7");
    await qty.focus();
    release();
    await expect(page.locator('[data-line-mode="grid"]')).toBeVisible();
    await expect(cell(page, 0, "productText")).toHaveValue(product.mainOE);
    await expect(cell(page, 0, "qty")).toHaveValue("7");
    await expect(cell(page, 0, "qty")).toBeFocused();
  });

  test("a column widens by dragging its header's edge; deleting a middle line renumbers the rest", async ({ page }) => {
    await signIn(page, "buyer1");
    await page.goto("/purchase/orderCreate");
    await waitForHydration(page);
    const grid = page.locator('[data-line-mode="grid"]');
    await expect(grid).toBeVisible();
    const header = grid.getByRole("columnheader", { name: "产品" });
    const before = (await header.boundingBox())!;
    const handle = header.locator("span[aria-hidden]");
    await handle.scrollIntoViewIfNeeded();
    const box = (await handle.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 80, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    await expect.poll(async () => (await header.boundingBox())!.width).toBeGreaterThan(before.width + 60);

    // Three lines with remarks A, B, C; deleting B leaves A as line 1 and C as line 2.
    for (const [i, text] of ["A", "B", "C"].entries()) {
      if (i > 0) await grid.getByRole("button", { name: "添加行" }).click();
      await cell(page, i, "remark").fill(text);
    }
    await grid.getByRole("button", { name: "删除第2行" }).click();
    await expect(cell(page, 1, "remark")).toHaveValue("C");
    await expect(page.getByRole("textbox", { name: "第2行 备注" })).toHaveValue("C");
    await expect(page.locator('input[type="hidden"][name="lines[1].remark"]')).toHaveValue("C");
    await expect(cell(page, 2, "remark")).toHaveCount(0);
  });

  test("the purchase order list does not load the grid's chunk", async ({ page }) => {
    await login(page, "buyer1");
    const scripts: string[] = [];
    page.on("request", (r) => r.resourceType() === "script" && scripts.push(r.url()));
    await page.goto("/purchase/order");
    await waitForHydration(page);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((u) => /LineGrid-|mantine-react-table/i.test(u))).toEqual([]);
  });
});

test.describe("line editor without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("添加行 settles the typed code and keeps everything; 删除 removes a line", async ({ page }) => {
    await login(page, "buyer1");
    const product = await someProduct(page);
    await page.goto("/purchase/orderCreate");
    await expect(page.locator('[data-line-mode="plain"]')).toBeVisible();
    await fillHeader(page, false);
    await page.locator('input[name="lines[0].productText"]').fill(product.mainOE.toLowerCase().replace(/(\d)(?=\d)/, "$1 "));
    await page.locator('input[name="lines[0].qty"]').fill("2");
    await page.locator('input[name="lines[0].price"]').fill("10");
    await page.getByRole("button", { name: "添加行" }).last().click();
    await expect(page.locator('input[name="lines[0].productText"]')).toHaveValue(`${product.mainOE} ${product.name}`);
    await expect(page.locator('input[name="lines[0].productId"]')).toHaveValue(String(product.id));
    await expect(page.locator('input[name="lines[0].qty"]')).toHaveValue("2");
    await expect(page.locator('input[name="lines[1].qty"]')).toHaveCount(1);
    await expect(page.locator('[data-amount="0"]')).toHaveText("￥20.00");

    await page.locator('input[name="lines[1].productText"]').fill("不存在的产品甲乙");
    await page.getByRole("button", { name: "添加行" }).last().click();
    await expect(page.getByText("未找到产品“不存在的产品甲乙”")).toBeVisible();
    await page.getByRole("button", { name: "删除第2行" }).click();
    await expect(page.locator('input[name="lines[1].qty"]')).toHaveCount(1); // the third (blank) line moved up
    await page.getByRole("button", { name: "删除第2行" }).click();
    await expect(page.locator('input[name="lines[1].qty"]')).toHaveCount(0);
    await expect(page.locator('input[name="lines[0].qty"]')).toHaveValue("2");
  });
});
