import type { Browser, Page } from "@playwright/test";
import { expect, login, test, acceptConfirms } from "../helpers";
import { waitForHydration } from "../lists/grid";

/**
 * Sales returns, with JavaScript and without: boss1 makes a delivered sales order through the
 * JSON API (submit → picking list → confirm picking → the delivery confirmed automatically);
 * sales1 returns one piece of it (从销售订单退货 by its number) and submits; boss1 approves on
 * 退货审批 and confirms the inflow on the return's page (XSGL-003); the goods are then on the
 * stock list as 销售退货 stock (source 3) in the return location.
 *
 * The flows run in both modes; their read-only checks (the stock list, the list's filter, the
 * print sheet and its refusal of a draft, the approval page's 403 for sales1) and the refusal of
 * a 驳回 without a comment reach the same server either way and run as plain HTML only.
 */
type Api = { items: Record<string, unknown>[] };

async function api(page: Page, method: "GET" | "POST", url: string, body?: unknown) {
  const origin = new URL(page.url()).origin;
  const res = await page.request.fetch(url, {
    method,
    headers: { Origin: origin, "Content-Type": "application/json" },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
}

async function open(page: Page, url: string, js: boolean) {
  await page.goto(url);
  if (js) await waitForHydration(page);
}

/** A sales order of 2 pieces of a product on a shelf, delivered (发货完成). */
async function deliveredOrder(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, locale: "zh-CN" });
  const page = await context.newPage();
  try {
    await login(page, "boss1");
    const customer = ((await api(page, "GET", "/api/app/enterpriseRelation?maxResultCount=200")) as Api).items.find(
      (p) => p.rel === 1 && (!p.creditLimit || Number(p.creditLimit) >= 50000),
    )!;
    const stock = ((await api(page, "GET", "/api/app/stock?maxResultCount=100&sorting=qty%20desc")) as Api).items.find(
      (s) => Number(s.available) >= 5 && !/收货|退货/.test(String(s.fullName)),
    )!;
    const order = (await api(page, "POST", "/api/app/salesOrder", {
      partnerId: customer.id,
      warehouseId: stock.warehouseId,
      remark: "退货测试",
      submit: true,
      lines: [{ productId: stock.productId, qty: "2", price: "35.00" }],
    })) as { id: number; no: string };
    const picking = ((await api(page, "GET", `/api/app/pickingOrder?salesOrderId=${order.id}`)) as Api).items[0]!;
    await api(page, "POST", `/api/app/pickingOrder/${picking.id}/confirm`, { lines: [] });
    return { orderNo: order.no, mainOE: String(stock.mainOE) };
  } finally {
    await context.close();
  }
}

for (const js of [true, false]) {
  test.describe(`销售退货, JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("sales1 returns a delivered piece, boss1 approves and confirms: the stock comes back as 销售退货; 红冲 undoes it", async ({
      page,
      browser,
      baseURL,
    }) => {
      acceptConfirms(page);
      const made = await deliveredOrder(browser, baseURL!);

      // sales1: 从销售订单退货 by the order's number, one piece, 产品破损.
      await login(page, "sales1");
      await open(page, "/sale/returnOrderCreate", js);
      await page.getByTestId("sr-order-no-input").fill(made.orderNo);
      await page.getByTestId("sr-from-order").click();
      await expect(page.getByTestId("sr-order-lines")).toContainText(made.mainOE);
      await expect(page.getByTestId("sr-returnable").first()).toHaveText("2");
      if (js) await waitForHydration(page);
      // More than was delivered is refused with the reason, nothing saved.
      await page.getByTestId("sr-line-qty").first().fill("3");
      await page.getByTestId("sr-submit").click();
      await page.waitForURL(/\/sale\/returnOrder\/\d+$/);
      await expect(page.getByTestId("flash")).toContainText("最多可退 2.00 件");
      await expect(page.getByTestId("sr-status")).toHaveText("草稿");
      // The saved draft: one piece instead, submitted for approval.
      if (js) await waitForHydration(page);
      await page.getByTestId("sr-line-qty").first().fill("1");
      await page.getByTestId("sr-line-reason").first().selectOption({ label: "产品破损" });
      await page.getByTestId("sr-submit").click();
      await expect(page.getByTestId("sr-status")).toHaveText("待审核");
      const returnUrl = new URL(page.url()).pathname;
      const returnNo = (await page.locator("h2").first().textContent())!.replace("销售退货单", "").trim();
      if (!js) {
        // The salesperson cannot approve.
        const denied = await page.goto("/demand/returnOrder/approval");
        expect(denied!.status()).toBe(403);
      }

      // boss1 approves on 退货审批.
      await page.context().clearCookies();
      await login(page, "boss1");
      await open(page, `/demand/returnOrder/approval?q=${encodeURIComponent(returnNo)}`, js);
      const row = page.locator("tr", { hasText: returnNo });
      await row.locator('input[type="radio"]').check();
      await page.getByTestId("grid-edit").click();
      await expect(page.getByTestId("sr-review")).toContainText(made.mainOE);
      if (js) await waitForHydration(page);
      await page.getByTestId("sr-comment").fill("同意退货");
      await page.getByTestId("sr-approve").click();
      await expect(page.getByTestId("flash")).toContainText(`销售退货单 ${returnNo} 已审核通过`);

      // The return waits for its inflow; boss1 (销售退货, XSGL-003) confirms it.
      await open(page, returnUrl, js);
      await expect(page.getByTestId("sr-status")).toHaveText("待入库");
      await expect(page.getByTestId("sr-approval")).toContainText("同意退货");
      await page.getByTestId("sr-action-confirm").click();
      await expect(page.getByTestId("sr-status")).toHaveText("已完成");
      const location = (await page.getByTestId("sr-location").textContent())!.trim();
      expect(location).not.toBe("—");

      if (!js) {
        // The stock list shows the returned piece in that location as 销售退货 stock.
        await open(page, `/warehouse/goods?q=${encodeURIComponent(made.mainOE)}&source=3`, js);
        await expect(page.locator("tr", { hasText: location }).first()).toBeVisible();

        // The list finds the return by status and order number; its print sheet shows 大写.
        await open(page, `/sale/returnOrder?status=100&q=${encodeURIComponent(made.orderNo)}`, js);
        await expect(page.locator("tr", { hasText: returnNo })).toBeVisible();
        await page.goto(`${returnUrl.replace("/sale/returnOrder/", "/print/saleReturn?type=saleReturn&orderId=")}`);
        await expect(page.getByText("销售退货单").first()).toBeVisible();
        await expect(page.getByText(/大写|壹|贰|叁|肆|伍/).first()).toBeVisible();
      }

      // Booked in by mistake: 红冲 takes the piece back out of that location and the credit back.
      await open(page, returnUrl, js);
      await page.getByTestId("sr-action-reverse").click();
      await expect(page.getByTestId("flash")).toContainText(`销售退货单 ${returnNo} 已红冲`);
      await expect(page.getByTestId("sr-status")).toHaveText("已红冲");
      await expect(page.getByTestId("sr-action-reverse")).toHaveCount(0);
    });

    test("a free-standing return: sales1 types the product, boss1 rejects it with a comment, the draft says why", async ({ page }) => {
      acceptConfirms(page);
      await login(page, "sales1");
      const stock = ((await api(page, "GET", "/api/app/stock?maxResultCount=1")) as Api).items[0]!;
      const product = { mainOE: String(stock.mainOE), name: String(stock.productName) };
      await open(page, "/sale/returnOrderCreate", js);
      const customer = page.getByTestId("sr-customer");
      await customer.selectOption((await customer.locator("option").nth(1).getAttribute("value"))!);
      if (js) {
        const cell = (col: string) => page.locator(`[data-line-row="0"][data-line-col="${col}"]`);
        await expect(page.locator('[data-line-mode="grid"]')).toBeVisible();
        await cell("productText").click();
        await cell("productText").pressSequentially(String(product.mainOE).toLowerCase());
        await cell("productText").press("Enter");
        await expect(cell("productText")).toHaveValue(`${product.mainOE} ${product.name}`);
        await cell("qty").fill("1");
        await cell("price").fill("48");
      } else {
        await page.locator('input[name="lines[0].productText"]').fill(String(product.mainOE));
        await page.locator('input[name="lines[0].qty"]:not([type="hidden"])').fill("1");
        await page.locator('input[name="lines[0].price"]:not([type="hidden"])').fill("48");
      }
      await page.getByTestId("sr-submit").click();
      await page.waitForURL(/\/sale\/returnOrder\/\d+$/);
      await expect(page.getByTestId("sr-status")).toHaveText("待审核");
      await expect(page.getByTestId("sr-total")).toHaveText("￥48.00");
      const returnUrl = new URL(page.url()).pathname;
      const returnNo = (await page.locator("h2").first().textContent())!.replace("销售退货单", "").trim();

      await page.context().clearCookies();
      await login(page, "boss1");
      await open(page, `/demand/returnOrder/approval?q=${encodeURIComponent(returnNo)}`, js);
      await page.locator("tr", { hasText: returnNo }).locator('input[type="radio"]').check();
      await page.getByTestId("grid-edit").click();
      await expect(page.getByTestId("sr-review")).toContainText(String(product.mainOE));
      if (js) await waitForHydration(page);
      if (!js) {
        // 驳回 without a comment is refused and the return still waits.
        await page.getByTestId("sr-reject").click();
        await expect(page.getByTestId("flash")).toContainText("请填写驳回原因");
        await expect(page.getByTestId("sr-review-status")).toHaveText("待审核");
      }
      await page.getByTestId("sr-comment").fill("请附破损照片");
      await page.getByTestId("sr-reject").click();
      await expect(page.getByTestId("flash")).toContainText(`销售退货单 ${returnNo} 已驳回`);

      await open(page, returnUrl, js);
      await expect(page.getByTestId("sr-status")).toHaveText("草稿");
      await expect(page.getByTestId("sr-rejected")).toContainText("请附破损照片");
      if (js) return;
      // A draft is not printed (spec 000 §8).
      const refused = await page.goto(`/print/saleReturn?type=saleReturn&orderId=${returnUrl.split("/").pop()}`);
      expect(refused!.status()).toBe(409);
      await expect(page.getByText("草稿或未成交状态的订单不允许打印")).toBeVisible();
    });
  });
}
