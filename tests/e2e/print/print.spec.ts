import type { Page } from "@playwright/test";
import { expect, login, signIn, test } from "../helpers";

/**
 * Print pages (spec 000 §2, §8): a submitted purchase order prints on an A4 sheet with its lines
 * and the amount in Chinese capitals; a draft is refused with the §8 message; another company's
 * order is not found; a transfer prints even as a draft. As plain HTML: print sheets are
 * read-only pages, the same with JavaScript.
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

/** A purchase order of boss1's company with two lines (12 × 100.50 + 3 × 9.50 = 1234.50), submitted or left as a draft. */
async function makeOrder(page: Page, submit: boolean) {
  const partners = ((await api(page, "GET", "/api/app/enterpriseRelation?maxResultCount=100")) as Api).items;
  const supplier = partners.find((p) => p.rel === 0)!;
  const warehouses = ((await api(page, "GET", "/api/app/warehouse?maxResultCount=10")) as Api).items;
  const products = ((await api(page, "GET", "/api/app/product?maxResultCount=2")) as Api).items;
  const created = (await api(page, "POST", "/api/app/purchaseOrder", {
    partnerId: supplier.id,
    warehouseId: warehouses[0]!.id,
    remark: "打印测试",
    submit,
    lines: [
      { productId: products[0]!.id, qty: "12", price: "100.50" },
      { productId: products[1]!.id, qty: "3", price: "9.50" },
    ],
  })) as { id: number; no: string };
  return { ...created, supplier: String(supplier.name), mainOE: String(products[0]!.mainOE) };
}

test.describe("print pages (no JavaScript)", () => {
  test.use({ javaScriptEnabled: false });

  test("a submitted purchase order prints with its lines, totals and 大写", async ({ page }) => {
    await login(page, "boss1");
    const order = await makeOrder(page, true);
    const res = await page.goto(`/print/purchase?type=purchase&orderId=${order.id}`);
    expect(res!.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "采购订单" })).toBeVisible();
    await expect(page.getByTestId("print-company")).toHaveText("广州穗通汽配有限公司");
    await expect(page.getByTestId("print-no")).toHaveText(order.no);
    await expect(page.getByTestId("print-sheet")).toContainText(order.supplier);
    const lines = page.getByTestId("print-lines").locator("tbody tr");
    await expect(lines).toHaveCount(2);
    await expect(lines.first()).toContainText(order.mainOE);
    await expect(lines.first()).toContainText("1,206.00");
    await expect(page.getByTestId("print-totals")).toContainText("1,234.50");
    await expect(page.getByTestId("print-capitals")).toHaveText("壹仟贰佰叁拾肆元伍角整");
    for (const s of ["制单", "审核", "仓管", "收货人"]) await expect(page.getByTestId("print-sheet").locator("footer")).toContainText(s);
    // No shell around the sheet; the 打印 button is there on screen and gone in print.
    await expect(page.getByTestId("tabbar")).toHaveCount(0);
    await expect(page.getByTestId("print-button")).toBeVisible();
    await page.emulateMedia({ media: "print" });
    await expect(page.getByTestId("print-button")).toBeHidden();
    await page.emulateMedia({ media: "screen" });
  });

  test("a draft is refused with the §8 message; another company's order is not found", async ({ page }) => {
    await login(page, "boss1");
    const draft = await makeOrder(page, false);
    const refused = await page.goto(`/print/purchase?type=purchase&orderId=${draft.id}`);
    expect(refused!.status()).toBe(409);
    await expect(page.getByRole("alert")).toHaveText("草稿或未成交状态的订单不允许打印");
    await expect(page.getByTestId("print-sheet")).toHaveCount(0);

    await page.context().clearCookies();
    await signIn(page, "boss2");
    const other = await page.goto(`/print/purchase?type=purchase&orderId=${draft.id}`);
    expect(other!.status()).toBe(404);
    await expect(page.getByTestId("print-sheet")).toHaveCount(0);
  });

  test("a stock keeper may not print purchase orders but prints receiving notes without prices", async ({ page }) => {
    await login(page, "boss1");
    const order = await makeOrder(page, true);
    await page.context().clearCookies();
    await signIn(page, "stock1");
    const forbidden = await page.goto(`/print/purchase?type=purchase&orderId=${order.id}`);
    expect(forbidden!.status()).toBe(403);
    const notes = ((await api(page, "GET", `/api/app/receiveOrder?maxResultCount=50`)) as Api).items;
    const note = notes.find((n) => n.purchaseOrderNo === order.no) ?? notes[0];
    test.skip(!note, "no receiving note");
    const res = await page.goto(`/print/receive?type=receive&orderId=${note!.id}`);
    expect(res!.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "收货单" })).toBeVisible();
    await expect(page.getByTestId("print-lines").locator("thead")).not.toContainText("单价");
    await expect(page.getByTestId("print-amount")).toHaveCount(0);
  });
});

test("a transfer prints in every status, draft included", async ({ page }) => {
  await login(page, "boss1");
  const locations = ((await api(page, "GET", "/api/app/location?maxResultCount=10")) as Api).items;
  const products = ((await api(page, "GET", "/api/app/product?maxResultCount=1")) as Api).items;
  const draft = (await api(page, "POST", "/api/app/moveOrder", {
    remark: "打印测试",
    lines: [{ productId: products[0]!.id, fromLocationId: locations[0]!.id, toLocationId: locations[1]!.id, qty: "1" }],
  })) as { id: number; no: string };
  const res = await page.goto(`/print/allocation?type=allocation&orderId=${draft.id}`);
  expect(res!.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "调拨单" })).toBeVisible();
  await expect(page.getByTestId("print-no")).toHaveText(draft.no);
  await expect(page.getByTestId("print-sheet")).toContainText("草稿");
  await expect(page.getByTestId("print-lines").locator("tbody tr")).toHaveCount(1);
});
