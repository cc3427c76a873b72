import { acceptConfirms, expect, signIn, test, waitForHydration } from "../helpers";
import { orderWithPicking } from "./deliver-fixture";

/**
 * 红冲 of a posted delivery note, as the warehouse (stock1), with JavaScript and without: boss1's
 * order was picked and delivered at once (发货完成, the order 发货完成). stock1 opens the note,
 * presses 红冲 (JavaScript asks first); the note is 已红冲 with no actions left. As plain HTML
 * (read-only pages, the same with JavaScript) the delivery list finds it by that status, and the
 * salesperson sees the order 待发货 again with the 红冲 in its history.
 */
for (const js of [true, false]) {
  test.describe(`发货单红冲, JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    const title = js ? "stock1 reverses a posted delivery note after the confirm question" : "stock1 reverses a posted delivery note; the order is open again";
    test(title, async ({ page, browser, baseURL }) => {
      const asked: string[] = [];
      acceptConfirms(page, (q) => asked.push(q));
      const made = await orderWithPicking(browser, baseURL!, { delivered: true });
      expect(made.delivery).not.toBeNull();
      await signIn(page, "stock1");

      await page.goto(`/sale/deliver/${made.delivery!.id}`);
      if (js) await waitForHydration(page);
      await expect(page.getByTestId("deliver-status")).toHaveText("发货完成");
      await expect(page.getByTestId("deliver-void")).toHaveCount(0);
      await page.getByTestId("deliver-reverse").click();
      await expect(page.getByTestId("flash")).toContainText(`发货单 ${made.delivery!.no} 已红冲`);
      await expect(page.getByTestId("deliver-status")).toHaveText("已红冲");
      await expect(page.getByTestId("deliver-reverse")).toHaveCount(0);
      expect(asked.length).toBe(js ? 1 : 0);
      if (js) {
        expect(asked[0]).toContain("红冲");
        // What follows only reads the server's state: JavaScript off only.
        return;
      }

      // The delivery list: filtered by 已红冲.
      await page.goto(`/sale/deliver?status=95&q=${encodeURIComponent(made.delivery!.no)}`);
      await expect(page.locator("tr", { hasText: made.delivery!.no })).toContainText("已红冲");

      // The order, as the salesperson sees it: 待发货 again, the 红冲 in its history.
      const sales = await browser.newContext({ baseURL, locale: "zh-CN", javaScriptEnabled: false });
      try {
        const sp = await sales.newPage();
        await signIn(sp, "sales1");
        await sp.goto(`/sale/order/${made.order.id}`);
        await expect(sp.getByTestId("so-status")).toHaveText("待发货");
        await expect(sp.getByTestId("so-history")).toContainText("红冲发货单");
      } finally {
        await sales.close();
      }
    });
  });
}
