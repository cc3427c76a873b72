import { acceptConfirms, expect, signIn, test, waitForHydration } from "../helpers";
import { orderWithPicking } from "./deliver-fixture";
import { pressDocumentButton } from "../document-forms";

/**
 * From picking to what left, as the warehouse (stock1), with JavaScript and without: boss1's
 * submitted order made a picking list (待拣货); stock1 finds it on /sale/picking, confirms the
 * picking (a short pick is refused first), the delivery note is made and confirmed at once
 * (AutoCreateDeliver, AutoConfirmDeliver), stock1 adds the tracking number and packages on the
 * note, and /sale/shippingList shows it.
 *
 * The flow runs in both modes; the picking list's row, the refusal of a short pick, the shipping
 * list and the print sheet reach the same server either way and run as plain HTML only.
 */
for (const js of [true, false]) {
  test.describe(`拣货到发货, JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("stock1 confirms a picking list; the delivery is posted and shows on the shipping list", async ({ page, browser, baseURL }) => {
      acceptConfirms(page);
      const made = await orderWithPicking(browser, baseURL!);
      await signIn(page, "stock1");

      if (!js) {
        await page.goto(`/sale/picking?q=${encodeURIComponent(made.order.no)}`);
        const row = page.locator("tr", { hasText: made.picking.no });
        await expect(row).toContainText("待拣货");
      }
      await page.goto(`/sale/picking/${made.picking.id}`);
      if (js) await waitForHydration(page);
      await expect(page.getByTestId("picking-status")).toHaveText("待拣货");
      await expect(page.getByTestId("picking-lines")).toContainText(made.mainOE);

      if (!js) {
        // More than planned is refused with the reason; nothing changes.
        await page.getByTestId("picking-qty-1").fill("99");
        await pressDocumentButton(page, "picking-confirm", js);
        await expect(page.getByTestId("picking-error")).toContainText("超过计划数量");
        await expect(page.getByTestId("picking-status")).toHaveText("待拣货");
      }
      await page.getByTestId("picking-qty-1").fill("2");
      await pressDocumentButton(page, "picking-confirm", js);
      await expect(page.getByTestId("flash")).toContainText("已确认拣货");
      await expect(page.getByTestId("picking-status")).toHaveText("拣货完成");
      const link = page.getByTestId("picking-deliveries").getByRole("link");
      await expect(link).toContainText("发货完成");
      const deliveryNo = (await link.textContent())!.replace(/（.*$/, "").trim();

      // The delivery note: posted; stock1 adds the logistics information.
      await link.click();
      await expect(page.getByTestId("deliver-status")).toHaveText("发货完成");
      const deliveryPath = new URL(page.url()).pathname;
      await expect(page.getByTestId("deliver-amount")).toHaveText("￥70.00");
      if (js) await waitForHydration(page);
      const tracking = `SF${js ? 1 : 2}${Date.now() % 1000000}`;
      await page.getByTestId("deliver-tracking").fill(tracking);
      await page.getByTestId("deliver-packages").fill("3");
      await page.getByTestId("deliver-save-logistics").click();
      await expect(page.getByTestId("flash")).toContainText("物流信息已保存");
      await expect(page.getByTestId("deliver-logistics")).toContainText(tracking);
      await expect(page.getByTestId("deliver-logistics")).toContainText("3 件");
      if (js) return;

      // What left: the shipping list finds it by tracking number.
      await page.goto(`/sale/shippingList?trackingNo=${tracking}`);
      const shipped = page.locator("tr", { hasText: deliveryNo });
      await expect(shipped).toContainText(tracking);
      await expect(shipped).toContainText(made.customerName);
      await expect(shipped).toContainText("70.00");

      // The note's print sheet: 发货单 with the amount in capitals (柒拾元整).
      await page.goto(deliveryPath.replace("/sale/deliver/", "/print/deliver?type=deliver&orderId="));
      await expect(page.getByText("发货单").first()).toBeVisible();
      await expect(page.getByText(/柒拾/).first()).toBeVisible();
    });
  });
}
