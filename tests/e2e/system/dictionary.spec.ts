import { expect, signIn, test } from "../helpers";

const suffix = () => Math.random().toString(36).slice(2, 7).toUpperCase();

/**
 * 数据字典 (/system/dictionary/dictType): the operator renames a built-in item (a closed
 * dictionary offers no add or delete), is told why a bad order is refused, creates a custom
 * type with items (a duplicate value refused) and deletes it. Plain forms: JavaScript on and off.
 */
for (const js of [true, false]) {
  test(`数据字典: edit a built-in label, add a custom type with items, JavaScript ${js ? "on" : "off"}`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: js });
    try {
      const page = await context.newPage();
      await signIn(page, "admin");
      await page.goto("/system/dictionary/dictType?type=ReasonCode");
      await expect(page.getByRole("heading", { level: 1, name: "数据字典" })).toBeVisible();
      const panel = page.getByTestId("dict-type-panel");
      await expect(panel.getByRole("heading", { name: "退货及差异原因" })).toBeVisible();
      await expect(panel.getByText("取值固定")).toBeVisible();
      await expect(page.getByTestId("dict-new-item")).toHaveCount(0);
      const other = page.locator('[data-testid="dict-item-row"][data-value="110"]');
      await expect(other.getByTestId("dict-item-delete")).toHaveCount(0);

      // A bad order is refused with the reason; the label typed stays in the form.
      const label = `其他原因${js ? "J" : "H"}${suffix()}`;
      await other.getByTestId("dict-item-edit").click();
      const editor = page.getByTestId("dict-item-form");
      await editor.getByLabel("显示名称").fill(label);
      await editor.getByLabel("排序").fill("abc");
      await page.getByTestId("dict-item-form-save").click();
      await expect(editor.getByRole("alert").filter({ hasText: "排序为 0–99999 的整数" })).toBeVisible();
      await expect(editor.getByLabel("显示名称")).toHaveValue(label);
      await expect(other.getByTestId("dict-item-label")).not.toHaveText(label);
      await editor.getByLabel("排序").fill("100");
      await page.getByTestId("dict-item-form-save").click();
      await expect(page.getByText(`已保存字典项 ${label}`)).toBeVisible();
      await expect(other.getByTestId("dict-item-label")).toHaveText(label);
      await expect(page.getByTestId("dict-item-form")).toHaveCount(0);

      // A custom type with two items.
      const code = `E2e${js ? "On" : "Off"}${suffix()}`;
      await page.getByTestId("dict-type-new").click();
      const typeForm = page.getByTestId("dict-new-type");
      await typeForm.getByLabel("类型编码").fill(code);
      await typeForm.getByLabel("类型名称").fill(`发票类型${code.slice(-5)}`);
      await page.getByTestId("dict-new-type-save").click();
      await expect(page.getByText(`已新增字典类型 发票类型${code.slice(-5)}`)).toBeVisible();
      await expect(page.getByTestId("dict-type-panel")).toHaveAttribute("data-code", code);
      await expect(page.locator(`[data-testid="dict-type-link"][data-code="${code}"]`)).toHaveAttribute("aria-current", "page");

      const add = async (value: string, text: string) => {
        const form = page.getByTestId("dict-new-item");
        await form.getByLabel("字典值").fill(value);
        await form.getByLabel("显示名称").fill(text);
        await page.getByTestId("dict-new-item-save").click();
      };
      await add("VAT", "增值税专用发票");
      await expect(page.getByText("已新增字典项 增值税专用发票")).toBeVisible();
      await add("VAT", "重复的值");
      await expect(page.getByTestId("dict-new-item").getByRole("alert").filter({ hasText: "该字典值已存在" })).toBeVisible();
      await add("NORMAL", "普通发票");
      await expect(page.getByText("已新增字典项 普通发票")).toBeVisible();
      await expect(page.getByTestId("dict-item-label")).toHaveText(["增值税专用发票", "普通发票"]);

      await page.getByTestId("dict-type-delete").click();
      await expect(page.getByTestId("dict-confirm")).toContainText("此操作将删除选中数据行, 是否继续?");
      await page.getByTestId("dict-confirm-delete").click();
      await expect(page.getByText("删除成功")).toBeVisible();
      await expect(page.locator(`[data-testid="dict-type-link"][data-code="${code}"]`)).toHaveCount(0);
    } finally {
      await context.close();
    }
  });
}

/** 银行设置 (/system/setting/bank): a company manager reads the platform's banks and cannot change them; 银行账户 suggests them. */
test("银行设置: boss1 sees the bank list read-only; the bank-account form suggests the banks", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await signIn(page, "boss1");
    await page.goto("/system/setting/bank?q=ICBC");
    await expect(page.getByRole("heading", { level: 1, name: "银行设置" })).toBeVisible();
    const grid = page.locator('table[aria-label="数据列表"]');
    await expect(grid.locator("tbody tr[data-id]").first()).toContainText("中国工商银行");
    await expect(page.getByTestId("grid-add")).toHaveCount(0);
    await expect(page.getByTestId("grid-delete")).toHaveCount(0);
    // A form post is refused by the server as well.
    const res = await page.request.post("/system/setting/bank", {
      form: { intent: "save", name: "老板银行" },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(res.status()).toBe(403);
    // 银行账户's form suggests the enabled banks for 开户银行.
    await page.goto("/organization/company/bankAccount?edit=new");
    await expect(page.getByRole("combobox", { name: "开户银行" })).toHaveAttribute("list", "bankName-suggestions");
    await expect(page.locator('#bankName-suggestions option[value="中国工商银行"]')).toHaveCount(1);
  } finally {
    await context.close();
  }
});
