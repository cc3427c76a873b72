import { expect, signIn, test, waitForHydration } from "../helpers";
import { orderWithPicking } from "./deliver-fixture";

/**
 * 扫码发货 (/scan/delivery) as stock1, with JavaScript and without: a waiting delivery note
 * (AutoConfirmDeliver off while it was made) is opened by its number; a code of no product on it
 * is flagged at once, the product's OE counts pieces, a surplus scan is flagged; once complete,
 * 确认发货 posts it.
 */
for (const js of [true, false]) {
  test.describe(`扫码发货, JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("stock1 scans a wrong code, the right one twice, a surplus, and confirms", async ({ page, browser, baseURL }) => {
      const made = await orderWithPicking(browser, baseURL!, { qty: "2", waitingDelivery: true });
      await signIn(page, "stock1");
      await page.goto("/scan/delivery");
      if (js) await waitForHydration(page);
      await page.getByTestId("scan-no").fill(made.delivery!.no.toLowerCase());
      await page.getByTestId("scan-no").press("Enter");
      await expect(page.getByTestId("scan-doc-no")).toHaveText(made.delivery!.no);
      await expect(page.getByTestId("scan-confirm")).toBeDisabled();

      const scan = async (code: string) => {
        await page.getByTestId("scan-code").fill(code);
        await page.getByTestId("scan-code").press("Enter");
      };
      await scan("NOT-ON-NOTE-1");
      await expect(page.getByTestId("scan-result")).toHaveText("不在本单: NOT-ON-NOTE-1");
      await expect(page.getByTestId("scan-result")).toHaveAttribute("data-kind", "wrong");
      await scan(made.mainOE.toLowerCase());
      await expect(page.getByTestId("scan-count-1")).toHaveText("1");
      await expect(page.getByTestId("scan-result")).toHaveAttribute("data-kind", "counted");
      if (js) await expect(page.getByTestId("scan-code")).toBeFocused();
      await scan(made.mainOE);
      await expect(page.getByTestId("scan-count-1")).toHaveText("2");
      await scan(made.mainOE);
      await expect(page.getByTestId("scan-result")).toContainText("超出:");
      await expect(page.getByTestId("scan-count-1")).toHaveText("2");

      await expect(page.getByTestId("scan-confirm")).toBeEnabled();
      await page.getByTestId("scan-confirm").click();
      await expect(page.getByTestId("flash")).toContainText(`发货单 ${made.delivery!.no} 已确认发货`);
      await page.goto(`/sale/deliver/${made.delivery!.id}`);
      await expect(page.getByTestId("deliver-status")).toHaveText("发货完成");
    });
  });
}
