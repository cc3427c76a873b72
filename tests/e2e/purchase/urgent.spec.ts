import type { Browser, Page } from "@playwright/test";
import { expect, login, signIn, test } from "../helpers";

/**
 * 紧急采购 as buyer1 (穗通汽配), with and without JavaScript: a sales order submitted short of
 * stock (made by boss1 through the JSON API) shows on /purchase/urgent grouped by product with
 * its last supplier; ticking it and 生成采购订单 makes a draft purchase order at the last price
 * and says its number; a product never bought is refused with 无上次供应商，请手工下单.
 *
 * 生成采购订单 runs in both modes; the purchase order list and the server's refusals (a product
 * never bought, no selection, sales1's 403) run as plain HTML only.
 */
type Api = { items: Record<string, unknown>[] };

async function api(page: Page, method: "GET" | "POST", url: string, body?: unknown) {
  const res = await page.request.fetch(url, {
    method,
    headers: { Origin: new URL(page.url()).origin, "Content-Type": "application/json" },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
}

/**
 * As boss1: product `bought` gets a submitted purchase order from a supplier (its last supplier
 * and price), then both products get a sales order line far above their stock, submitted with
 * the shortage allowed. Returns the codes and the supplier's name.
 */
async function shortOrders(browser: Browser, offset: number) {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await login(page, "boss1");
    const suppliers = ((await api(page, "GET", "/api/app/enterpriseRelation?rel=0&maxResultCount=20")) as Api).items.filter((p) => p.isEnabled !== false);
    const customers = ((await api(page, "GET", "/api/app/enterpriseRelation?rel=1&maxResultCount=20")) as Api).items.filter((p) => p.isEnabled !== false);
    const warehouses = ((await api(page, "GET", "/api/app/warehouse?maxResultCount=10")) as Api).items;
    // Products from the start of the list: the demo purchase documents use the end of it.
    const products = ((await api(page, "GET", `/api/app/product?maxResultCount=2&skipCount=${20 + offset * 2}&sorting=creationTime.asc`)) as Api).items;
    const warehouseId = (warehouses.find((w) => w.isDefault) ?? warehouses[0])!.id;
    const [bought, never] = products as { id: number; mainOE: string }[];
    const supplier = suppliers[offset % suppliers.length]! as { id: number; name: string };
    await api(page, "POST", "/api/app/purchaseOrder", {
      partnerId: supplier.id,
      warehouseId,
      submit: true,
      remark: "紧急采购测试（上次进价）",
      lines: [{ productId: bought!.id, qty: "1", price: "12.34" }],
    });
    const order = (await api(page, "POST", "/api/app/salesOrder", {
      partnerId: customers[0]!.id,
      warehouseId,
      submit: true,
      allowShortage: true,
      remark: "紧急采购测试（缺货）",
      lines: [
        { productId: bought!.id, qty: "5000", price: "0", discount: "100" },
        { productId: never!.id, qty: "4000", price: "0", discount: "100" },
      ],
    })) as { id: number; status: number };
    expect(order.status).toBe(30);
    return { bought: bought!.mainOE, never: never!.mainOE, supplier: supplier.name };
  } finally {
    await context.close();
  }
}

for (const js of [true, false]) {
  test.describe(`紧急采购, JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("buyer1 sees the short lines by product and makes a draft purchase order from the last supplier", async ({ page, browser }) => {
      const { bought, never, supplier } = await shortOrders(browser, js ? 0 : 1);
      await signIn(page, "buyer1");
      await page.goto("/purchase/urgent");
      await page.getByTestId("urgent-keyword").fill(bought);
      await page.getByTestId("urgent-search").click();
      await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe(bought);
      const row = page.getByTestId("urgent-row").filter({ hasText: bought });
      await expect(row).toHaveCount(1);
      await expect(row.getByTestId("urgent-supplier-name")).toHaveText(supplier);
      await expect(row).toContainText("￥12.34");
      const urgent = Number((await row.getByTestId("urgent-qty").textContent())!.replace(/,/g, ""));
      expect(urgent).toBeGreaterThan(4000);
      await page.screenshot({ path: `/tmp/h6-shots/urgent-${js ? "js" : "nojs"}.png`, fullPage: true });

      await row.getByRole("checkbox").check();
      await page.getByTestId("urgent-generate").click();
      await expect(page.getByTestId("flash")).toContainText("已生成 1 张采购订单（草稿）");
      await expect(page.getByTestId("flash")).toContainText(supplier);
      const no = /(CG[0-9A-Za-z-]+)（/.exec((await page.getByTestId("flash").textContent())!)?.[1];
      expect(no, "the new order's number").toBeTruthy();
      // The filter survives the post; the row now shows the draft, and nothing is left to suggest.
      await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe(bought);
      await expect(row.getByTestId("urgent-draft")).not.toHaveText("0");
      await expect(row.getByTestId("urgent-suggest")).toHaveText("0");
      if (js) return;

      // The draft is on the purchase order list.
      await page.goto(`/purchase/order?q=${no}`);
      await expect(page.locator("table")).toContainText(no!);
      await expect(page.locator("table")).toContainText("草稿");

      // A product never bought: refused with the reason, nothing made.
      await page.goto(`/purchase/urgent?q=${encodeURIComponent(never)}`);
      const lonely = page.getByTestId("urgent-row").filter({ hasText: never });
      await expect(lonely).toContainText("无上次供应商");
      await lonely.getByRole("checkbox").check();
      await page.getByTestId("urgent-generate").click();
      await expect(page.getByTestId("flash")).toContainText(`${never} 无上次供应商，请手工下单`);
      await expect(page.getByTestId("flash")).not.toContainText("已生成");
    });

    if (!js)
      test("生成采购订单 without a selection says what to do", async ({ page }) => {
        await signIn(page, "buyer1");
        await page.goto("/purchase/urgent");
        await page.getByTestId("urgent-generate").click();
        await expect(page.getByTestId("flash")).toHaveText("请先勾选要采购的产品");
      });
  });
}

test("the urgent list is the buyers' page: sales1 is refused", async ({ page }) => {
  await signIn(page, "sales1");
  const res = await page.goto("/purchase/urgent");
  expect(res!.status()).toBe(403);
});
