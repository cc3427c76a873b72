import type { Browser, Page } from "@playwright/test";
import { expect, login, test } from "../helpers";

/**
 * Issue 20 item 6, as plain HTML: the stock keeper finishes the goods' path. boss1
 * makes a delivered sales order, sales1's return of one piece is approved (JSON API); stock1
 * (仓管) finds it on 退货入库, confirms it into the warehouse on the return's page, and opens the
 * sales order it links to: read only, without prices, and without any action. 确认入库 with
 * JavaScript (its confirm question) is in return.spec.ts; here everything is a plain link or post.
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

/** A delivered order of 2 pieces and an approved return of one of them. */
async function approvedReturn(browser: Browser, baseURL: string) {
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
      remark: "退货入库测试",
      submit: true,
      lines: [{ productId: stock.productId, qty: "2", price: "35.00" }],
    })) as { id: number; no: string };
    const picking = ((await api(page, "GET", `/api/app/pickingOrder?salesOrderId=${order.id}`)) as Api).items[0]!;
    await api(page, "POST", `/api/app/pickingOrder/${picking.id}/confirm`, { lines: [] });
    const delivery = ((await api(page, "GET", `/api/app/deliveryOrder?salesOrderId=${order.id}`)) as Api).items[0]!;
    const note = (await api(page, "GET", `/api/app/deliveryOrder/${delivery.id}`)) as { lines: { id: number; productId: number }[] };
    const made = (await api(page, "POST", "/api/app/salesReturnOrder", {
      partnerId: customer.id,
      warehouseId: stock.warehouseId,
      salesOrderId: order.id,
      submit: true,
      lines: [{ productId: note.lines[0]!.productId, qty: "1", reasonCode: 50, deliverOrderLineId: note.lines[0]!.id }],
    })) as { id: number; no: string };
    await api(page, "POST", `/api/app/salesReturnOrder/${made.id}/approve`, { comment: "同意" });
    return { orderNo: order.no, orderId: order.id, returnId: made.id, returnNo: made.no };
  } finally {
    await context.close();
  }
}

test.describe("退货入库, JavaScript off", () => {
  test.use({ javaScriptEnabled: false });

  test("stock1 confirms an approved return into the warehouse and opens its sales order read only, without prices", async ({ page, browser, baseURL }) => {
    const r = await approvedReturn(browser, baseURL!);

    await login(page, "stock1");
    // 退货入库 lists the returns waiting for the warehouse.
    await page.goto(`/sale/returnInbound?q=${encodeURIComponent(r.returnNo)}`);
    const row = page.locator("tr", { hasText: r.returnNo });
    await expect(row).toContainText("待入库");
    await row.locator('input[type="radio"]').check();
    await page.getByTestId("grid-edit").click();
    await page.waitForURL(new RegExp(`/sale/returnOrder/${r.returnId}$`));
    await expect(page.getByTestId("sr-status")).toHaveText("待入库");
    // Only his step's action: 确认入库, nothing of sales'.
    await expect(page.getByTestId("sr-action-cancel")).toHaveCount(0);
    await page.getByTestId("sr-action-confirm").click();
    await expect(page.getByTestId("flash")).toContainText(`销售退货单 ${r.returnNo} 已确认入库`);
    await expect(page.getByTestId("sr-status")).toHaveText("已完成");
    expect((await page.getByTestId("sr-location").textContent())!.trim()).not.toBe("—");

    // The sales order it links to: read only, no prices, no actions.
    await page.getByRole("link", { name: r.orderNo }).click();
    await page.waitForURL(new RegExp(`/sale/order/${r.orderId}$`));
    await expect(page.getByTestId("so-read-only")).toHaveText("只读");
    await expect(page.getByTestId("so-lines")).toBeVisible();
    await expect(page.getByTestId("so-lines").locator("th", { hasText: "单价" })).toHaveCount(0);
    await expect(page.getByTestId("so-lines").locator("th", { hasText: "金额" })).toHaveCount(0);
    await expect(page.getByTestId("so-total")).toHaveCount(0);
    await expect(page.getByText("35.00")).toHaveCount(0);
    await expect(page.locator('[data-testid^="so-action-"]')).toHaveCount(0);
  });
});
