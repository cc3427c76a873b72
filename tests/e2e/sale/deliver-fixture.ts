import type { Browser, Page } from "@playwright/test";
import { expect, login } from "../helpers";

/** boss1, through the JSON API: a submitted sales order of `qty` pieces from a shelf (auto picking list 待拣货). */
type Api = { items: Record<string, unknown>[] };

export async function api(page: Page, method: "GET" | "POST", url: string, body?: unknown) {
  const origin = new URL(page.url()).origin;
  const res = await page.request.fetch(url, {
    method,
    headers: { Origin: origin, "Content-Type": "application/json" },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
}

/**
 * `waitingDelivery`: the picking confirmed with AutoConfirmDeliver off (a 待发货 note);
 * `delivered`: the picking confirmed as the company is set (the note posted, 发货完成).
 */
export async function orderWithPicking(browser: Browser, baseURL: string, opts: { qty?: string; waitingDelivery?: boolean; delivered?: boolean } = {}) {
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
      remark: "发货测试",
      submit: true,
      lines: [{ productId: stock.productId, qty: opts.qty ?? "2", price: "35.00" }],
    })) as { id: number; no: string };
    const picking = ((await api(page, "GET", `/api/app/pickingOrder?salesOrderId=${order.id}`)) as Api).items[0]! as { id: number; no: string };
    let delivery: { id: number; no: string } | null = null;
    if (opts.waitingDelivery) {
      await api(page, "POST", "/api/app/setting/current-company", { name: "AutoConfirmDeliver", value: "false" });
      try {
        await api(page, "POST", `/api/app/pickingOrder/${picking.id}/confirm`, { lines: [] });
      } finally {
        await api(page, "POST", "/api/app/setting/current-company", { name: "AutoConfirmDeliver", value: "true" });
      }
      delivery = ((await api(page, "GET", `/api/app/deliveryOrder?salesOrderId=${order.id}`)) as Api).items[0]! as { id: number; no: string };
    } else if (opts.delivered) {
      await api(page, "POST", `/api/app/pickingOrder/${picking.id}/confirm`, { lines: [] });
      delivery = ((await api(page, "GET", `/api/app/deliveryOrder?salesOrderId=${order.id}`)) as Api).items[0]! as { id: number; no: string };
    }
    return { order, picking, delivery, mainOE: String(stock.mainOE), customerName: String(customer.name) };
  } finally {
    await context.close();
  }
}
