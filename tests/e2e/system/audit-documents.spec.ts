import { expect, login, test } from "../helpers";
import { columnTexts, openList } from "../lists/grid";

/**
 * 操作日志 (/system/permissions/log) shows the documents the demo data posted and reversed
 * (单据过账 / 单据撤销): boss1 of 穗通汽配 filters by 操作 and finds his company's purchase
 * orders submitted and receiving notes confirmed, with their numbers and amounts; another
 * company's documents are not there. With JavaScript and as plain HTML.
 */
for (const js of [true, false]) {
  test.describe(`操作日志 单据, JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("boss1 finds 单据过账 and 单据撤销 entries of his company's documents", async ({ page }) => {
      await login(page, "boss1");

      await openList(page, "/system/permissions/log?action=documentPost&q=%E6%94%B6%E8%B4%A7%E5%8D%95&size=50", js);
      await expect(page.getByRole("heading", { level: 1, name: "操作日志" })).toBeVisible();
      expect(new Set(await columnTexts(page, "action"))).toEqual(new Set(["单据过账"]));
      const posted = await columnTexts(page, "summary");
      expect(posted.length).toBeGreaterThan(0);
      expect(posted.some((s) => /^收货单 \S+ 确认收货：待收货 → 收货完成，金额 ￥[\d,]+\.\d\d/.test(s))).toBe(true);
      expect(new Set(await columnTexts(page, "companyName"))).toEqual(new Set(["穗通汽配"]));
      // The demo data posted as boss1; other browser tests post as buyer1 or stock1 of the same company.
      expect(await columnTexts(page, "userName")).toContain("boss1");

      await openList(page, "/system/permissions/log?action=documentReverse&size=50", js);
      expect(new Set(await columnTexts(page, "action"))).toEqual(new Set(["单据撤销"]));
      const reversed = await columnTexts(page, "summary");
      expect(reversed.some((s) => /(作废|红冲|取消订单)：/.test(s))).toBe(true);
      expect(new Set(await columnTexts(page, "companyName"))).toEqual(new Set(["穗通汽配"]));
    });
  });
}
