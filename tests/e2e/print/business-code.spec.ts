import { expect, signIn, test } from "../helpers";

/**
 * 业务编码 (/system/businessCode) as the manager: every document type's rule with the next
 * number; a rule saved per row (refused with a Chinese message when invalid, what was typed
 * kept) and restored to the default. 销售退货单 is used because nothing in issue 8 numbers it.
 * JavaScript on and off.
 */
for (const js of [true, false]) {
  test.describe(js ? "JavaScript" : "no JavaScript", () => {
    test.use({ javaScriptEnabled: js });
    test("numbering rules: edit, refuse, restore", async ({ page }) => {
      await signIn(page, "boss1");
      await page.goto("/system/businessCode");
      await expect(page.getByTestId("rule-purchaseOrder")).toContainText("采购订单");
      await expect(page.getByTestId("preview-purchaseOrder")).toHaveText(/^CG\d{8}\d{4}$/);
      const row = () => page.getByTestId("rule-salesReturnOrder");
      await row().getByLabel("销售退货单前缀").fill("RT");
      await row().getByLabel("销售退货单日期部分").selectOption("yyyyMM");
      await row().getByLabel("销售退货单流水号长度").fill("6");
      await row().getByLabel("销售退货单重置周期").selectOption("month");
      await row().getByRole("button", { name: "保存" }).click();
      await expect(page.getByTestId("flash")).toContainText("销售退货单编码规则已保存");
      await expect(page.getByTestId("preview-salesReturnOrder")).toHaveText(/^RT\d{6}\d{6}$/);
      await expect(row()).toContainText("自定义");

      // The browser keeps the length within 3–9 (min/max); the server refuses a reset its date part cannot tell apart.
      await expect(row().getByLabel("销售退货单流水号长度")).toHaveAttribute("min", "3");
      await row().getByLabel("销售退货单重置周期").selectOption("day");
      await row().getByRole("button", { name: "保存" }).click();
      await expect(page.getByTestId("rule-error")).toContainText("每日重置时，日期部分须包含年月日，否则编号会重复");
      await expect(row().getByLabel("销售退货单前缀")).toHaveValue("RT");

      await page.goto("/system/businessCode");
      await row().getByRole("button", { name: "恢复默认" }).click();
      await expect(page.getByTestId("flash")).toContainText("销售退货单已恢复默认编码规则");
      await expect(page.getByTestId("preview-salesReturnOrder")).toHaveText(/^XT\d{8}\d{4}$/);
    });
  });
}

test("a stock keeper has no numbering rules page", async ({ page }) => {
  await signIn(page, "stock1");
  const res = await page.goto("/system/businessCode");
  expect(res!.status()).toBe(403);
});

test("系统设置 › 编码规则 is the same page under its own menu entry", async ({ page }) => {
  await signIn(page, "boss2");
  await page.goto("/system/setting/code");
  await expect(page.getByRole("heading", { level: 1, name: "编码规则" })).toBeVisible();
  await expect(page.getByText("业务编码规则")).toBeVisible();
  await expect(page.getByTestId("rule-salesOrder")).toContainText("销售订单");
  await expect(page.getByTestId("preview-salesOrder")).not.toBeEmpty();
});
