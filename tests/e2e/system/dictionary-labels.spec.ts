import { expect, login, signIn, test, waitForHydration } from "../helpers";
import { gridRows, header } from "../lists/grid";

/**
 * A label renamed in 数据字典 is what the pages show, and still so once the browser has taken
 * over the page (JavaScript on: the browser renders with the server's labels, so hydration keeps
 * them). The label is put back at the end.
 */
test("数据字典: 待发货 renamed 待出库 shows in 销售订单's cells and filter after hydration", async ({ browser }) => {
  const adminContext = await browser.newContext();
  const bossContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const boss = await bossContext.newPage();
  const rename = async (label: string) => {
    await admin.goto("/system/dictionary/dictType?type=SalesOrderStatus");
    await waitForHydration(admin);
    const item = admin.locator('[data-testid="dict-item-row"][data-value="30"]');
    await item.getByTestId("dict-item-edit").click();
    await admin.getByTestId("dict-item-form").getByLabel("显示名称").fill(label);
    await admin.getByTestId("dict-item-form-save").click();
    await expect(item.getByTestId("dict-item-label")).toHaveText(label);
  };
  try {
    await login(admin, "admin");
    await rename("待出库");

    await signIn(boss, "boss1");
    await boss.goto("/sale/order?status=30");
    await waitForHydration(boss);
    await expect(gridRows(boss).first()).toContainText("待出库");
    await expect(gridRows(boss).first()).not.toContainText("待发货");
    await expect(boss.locator('select[name="status"] option[value="30"]')).toHaveText("待出库");
    // Sorting is a client-side navigation once hydrated: the rows the browser draws name it alike.
    await header(boss, "no").locator("a").click();
    await expect(boss).toHaveURL(/sort=/);
    await expect(gridRows(boss).first()).toContainText("待出库");
  } finally {
    await rename("待发货");
    await adminContext.close();
    await bossContext.close();
  }
});
