import ExcelJS from "exceljs";
import { expect, login, signIn, test } from "../helpers";

/**
 * Where stock lives, as the stock keeper (stock1) uses it: 库位管理, 默认库位, 库位检索. The forms
 * that change something (a warehouse, 默认库位) run in both modes; the server's refusals (a
 * duplicate name, the bad rows of an import) and the read-only 库位检索 run as plain HTML only.
 */
async function xlsx(rows: unknown[][], header: unknown[]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Sheet1");
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
const OPENING_HEADER = ["产品编码(OE)", "仓库", "货位", "批次号", "数量", "单位成本"];

for (const js of [true, false]) {
  test.describe(`places (JavaScript ${js ? "on" : "off"})`, () => {
    test.use({ javaScriptEnabled: js });
    const tag = js ? "J" : "N";

    test("库位管理: create and rename a warehouse (its 收货区 and 退货区 follow), filter by it, refuse a duplicate name", async ({ page }) => {
      await signIn(page, "stock1");
      await page.goto("/warehouse/manage/stock");
      await expect(page.getByTestId("warehouse-panel")).toContainText("主仓");
      await page.getByTestId("warehouse-add").click();
      const dialog = page.getByTestId("warehouse-dialog");
      await dialog.getByLabel("仓库名称").fill(`测试仓${tag}`);
      await dialog.getByTestId("warehouse-save").click();
      await expect(page.getByTestId("warehouse-panel")).toContainText(`测试仓${tag}`);
      // Its receiving and returns areas came with it.
      await page
        .getByTestId("warehouse-panel")
        .getByRole("link", { name: `测试仓${tag}` })
        .click();
      await expect(page.getByText(`测试仓${tag}-收货区`)).toBeVisible();
      await page.getByTestId(`warehouse-edit-测试仓${tag}`).click();
      await page.getByTestId("warehouse-dialog").getByLabel("仓库名称").fill(`改名仓${tag}`);
      await page.getByTestId("warehouse-dialog").getByTestId("warehouse-save").click();
      await expect(page.getByTestId("warehouse-panel")).toContainText(`改名仓${tag}`);
      await page
        .getByTestId("warehouse-panel")
        .getByRole("link", { name: `改名仓${tag}` })
        .click();
      await expect(page.getByText(`改名仓${tag}-退货区`)).toBeVisible();
      if (js) return;
      // A duplicate name is refused in Chinese.
      await page.getByTestId("warehouse-add").click();
      await page.getByTestId("warehouse-dialog").getByLabel("仓库名称").fill("主仓");
      await page.getByTestId("warehouse-dialog").getByTestId("warehouse-save").click();
      await expect(page.getByTestId("form-error")).toContainText("仓库名称已存在");
    });

    if (!js)
      test("库位管理: 导入期初库存 reports every bad row with its row number", async ({ page }) => {
        await signIn(page, "stock1");
        await page.goto("/warehouse/manage/stock");
        await page.getByTestId("opening-import").click();
        const dialog = page.getByTestId("opening-dialog");
        await expect(dialog.getByTestId("opening-template")).toBeVisible();
        await dialog.locator('input[type="file"]').setInputFiles({
          name: "bad.xlsx",
          mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
          buffer: await xlsx(
            [
              ["NO-SUCH-OE", "主仓", "A-01-01", "", 1, 1],
              ["NO-SUCH-OE2", "主仓", "A-01-01", "", "abc", 1],
            ],
            OPENING_HEADER,
          ),
        });
        await dialog.getByTestId("opening-submit").click();
        const errors = page.getByTestId("opening-errors");
        await expect(errors).toContainText("第 2 行：产品编码“NO-SUCH-OE”不存在");
        await expect(errors).toContainText("第 3 行");
        await expect(errors).toContainText("数量“abc”不是数字");
      });

    test("默认库位: assign the selected product to a location", async ({ page }) => {
      await signIn(page, "stock1");
      await page.goto("/warehouse/manage/relation?unset=1");
      const first = page.getByTestId("relation-row").first();
      await expect(first).toContainText("未设置");
      const oe = (await first.locator("td").nth(1).textContent())!.trim();
      await first.locator('input[type="checkbox"]').check();
      await page.getByTestId("relation-location").selectOption({ label: "主仓-C-04-03" });
      await page.getByTestId("relation-assign").click();
      await expect(page.getByText("已为 1 个产品设置默认货位")).toBeVisible();
      await page.goto(`/warehouse/manage/relation?q=${encodeURIComponent(oe)}`);
      await expect(page.getByTestId("relation-row").filter({ hasText: oe }).first()).toContainText("主仓-C-04-03");
    });

    if (!js)
      test("库位检索: a product's code finds where it is, with batch, quantity and age", async ({ page }) => {
        await login(page, "stock1");
        // Codes of a few products (4 of 5 demo products have opening stock): one of them is on a shelf.
        await page.goto("/warehouse/manage/relation");
        const oes = (await page.getByTestId("relation-row").locator("td:nth-child(2)").allTextContents()).slice(0, 5).map((t) => t.trim());
        let found = false;
        for (const oe of oes) {
          await page.goto("/warehouse/manage/retrieve");
          await page.getByTestId("retrieve-q").fill(oe.toLowerCase());
          await page.getByTestId("retrieve-search").click();
          await expect(page.getByTestId("retrieve-results")).toBeVisible();
          // A product with its opening batch (4 of 5 have one; others may only have receipts of the demo documents).
          const opening = page.getByTestId("retrieve-row").filter({ hasText: "QC-DEMO-0001" });
          if ((await opening.count()) > 0) {
            await expect(opening.first()).toContainText(oe);
            found = true;
            break;
          }
        }
        expect(found).toBe(true);
      });
  });
}
