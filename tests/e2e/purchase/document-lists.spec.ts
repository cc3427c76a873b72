import type { Page } from "@playwright/test";
import { expect, login, signIn, test } from "../helpers";
import { rowIds, selectRow, waitForHydration } from "../lists/grid";

/**
 * The document lists as boss1 (穗通汽配): 打开 on the selected row opens the document's page
 * (with and without JavaScript); the 创建日期 range filters without JavaScript (native date
 * inputs) and with it (the @mantine/dates picker, a lazy chunk; never the line editor's grid);
 * the purchase order page links its receiving notes and returns.
 *
 * Every list is filtered by date as plain HTML; with JavaScript each list is checked to show the
 * picker holding the URL's day, and the round trip through 搜索 runs on the first list only (the
 * server's filtering is the same). The order page's links and its 收货 button are plain links and
 * a plain form: JavaScript off only.
 */
const LISTS = ["/purchase/order", "/purchase/receive", "/purchase/returnOrder", "/purchase/pickingIn", "/warehouse/allocation", "/warehouse/inventory"];
const DAY = 86_400_000;
const tomorrow = () => new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10);
const longAgo = "2000-01-01";

async function apiGet(page: Page, url: string) {
  const res = await page.request.get(url, { headers: { Origin: new URL(page.url()).origin } });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

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

/** A submitted order of boss1's company without a receiving note (AutoCreateReceipt off for that moment, restored at once). */
async function orderWithoutNote(page: Page) {
  const partners = ((await api(page, "GET", "/api/app/enterpriseRelation?maxResultCount=100")) as Api).items;
  const warehouses = ((await api(page, "GET", "/api/app/warehouse?maxResultCount=10")) as Api).items;
  const products = ((await api(page, "GET", "/api/app/product?maxResultCount=3")) as Api).items;
  await api(page, "POST", "/api/app/setting/current-company", { name: "AutoCreateReceipt", value: "false" });
  try {
    return (await api(page, "POST", "/api/app/purchaseOrder", {
      partnerId: partners.find((p) => p.rel === 0)!.id,
      warehouseId: (warehouses.find((w) => w.isDefault) ?? warehouses[0])!.id,
      remark: "收货链接测试",
      submit: true,
      lines: [{ productId: products[1]!.id, qty: "3", price: "8.00" }],
    })) as { id: number; no: string };
  } finally {
    await api(page, "POST", "/api/app/setting/current-company", { name: "AutoCreateReceipt", value: "true" });
  }
}

for (const js of [true, false]) {
  test.describe(`document lists, JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("打开 opens the selected receiving note's page", async ({ page }) => {
      await signIn(page, "boss1");
      await page.goto("/purchase/receive");
      if (js) await waitForHydration(page);
      const ids = await rowIds(page);
      expect(ids.length).toBeGreaterThan(0);
      await selectRow(page, ids[0]!, js);
      await expect(page.getByTestId("grid-edit")).toHaveText("打开");
      await page.getByTestId("grid-edit").click();
      await expect(page).toHaveURL((url) => url.pathname === `/purchase/receive/${ids[0]}`);
    });

    test("the creation-date range filters every document list", async ({ page }) => {
      await login(page, "boss1");
      const scripts: string[] = [];
      page.on("request", (r) => r.resourceType() === "script" && scripts.push(r.url()));
      for (const list of LISTS) {
        if (js) {
          // The picker writes the same fields: a day in the URL is shown and posted again by 搜索.
          await page.goto(`${list}?dateFrom=${tomorrow()}`);
          await waitForHydration(page);
          await expect(page.locator('[data-date-range-picker="date"]')).toBeVisible();
          await expect(page.locator('[data-date-range-picker="date"] button, [data-date-range-picker="date"] input').first()).toBeVisible();
          await expect(page.locator('[data-date-range-picker="date"] input[type="hidden"][name="dateFrom"]')).toHaveValue(tomorrow());
          if (list === LISTS[0]) {
            await page.getByRole("search").getByRole("button", { name: "搜索" }).click();
            await expect(page).toHaveURL((url) => url.pathname === list && url.searchParams.get("dateFrom") === tomorrow());
          }
        } else {
          await page.goto(list);
          await page.getByRole("search").locator('input[type="date"][name="dateFrom"]').fill(tomorrow());
          await page.getByRole("search").getByRole("button", { name: "搜索" }).click();
          await expect(page).toHaveURL((url) => url.searchParams.get("dateFrom") === tomorrow());
        }
        await expect(page.getByTestId("grid-total")).toBeVisible();
        expect(await rowIds(page), list).toEqual([]);
        if (js) continue;
        await page.goto(`${list}?dateFrom=${longAgo}&dateTo=${tomorrow()}`);
        await expect(page.getByTestId("grid-total")).toBeVisible();
      }
      if (js) {
        expect(scripts.some((u) => /DateRangePicker-/.test(u))).toBe(true);
        expect(scripts.filter((u) => /LineGrid-|mantine-react-table/i.test(u))).toEqual([]);
      }
    });

    // The calendar is the JavaScript picker's.
    if (js)
      test("the calendar's header reads 2026年11月, not 十一月 2026 (issue 20 item 8)", async ({ page }) => {
        await signIn(page, "boss1");
        await page.goto(`${LISTS[0]}?dateFrom=${tomorrow()}`);
        await waitForHydration(page);
        await page.locator('[data-date-range-picker="date"] button').first().click();
        const [y, m] = tomorrow().split("-");
        await expect(page.locator(".mantine-DatePickerInput-calendarHeaderLevel").first()).toHaveText(`${y}年${Number(m)}月`);
      });

    if (!js)
      test("the purchase order page links its receiving notes and returns", async ({ page }) => {
        await login(page, "boss1");
        const notes = (await apiGet(page, "/api/app/receiveOrder?maxResultCount=50")).items as { id: number; no: string; purchaseOrderId: number | null }[];
        const note = notes.find((n) => n.purchaseOrderId);
        expect(note, "a receiving note of a purchase order in the demo data").toBeTruthy();
        await page.goto(`/purchase/order/${note!.purchaseOrderId}`);
        if (js) await waitForHydration(page);
        const receipts = page.getByTestId("po-receipts");
        await expect(receipts).toContainText(note!.no);
        const order = await apiGet(page, `/api/app/purchaseOrder/${note!.purchaseOrderId}`);
        const returnable = (order.lines as { receivedQty: string; returnedQty: string }[]).some((l) => Number(l.receivedQty) > Number(l.returnedQty));
        if (returnable) await expect(page.getByTestId("po-return")).toHaveAttribute("href", `/purchase/returnOrderCreate?orderId=${note!.purchaseOrderId}`);
        await receipts.getByRole("link", { name: note!.no }).click();
        await expect(page).toHaveURL((url) => url.pathname === `/purchase/receive/${note!.id}`);
      });

    if (!js)
      test("收货 on a submitted order without a note makes one; then it opens that note", async ({ page }) => {
        await login(page, "boss1");
        const order = await orderWithoutNote(page);
        await page.goto(`/purchase/order/${order.id}`);
        if (js) await waitForHydration(page);
        await expect(page.getByTestId("po-receipts")).toHaveCount(0);
        await expect(page.getByTestId("po-return")).toHaveCount(0);
        await page.getByTestId("po-receive").click();
        await expect(page).toHaveURL(/\/purchase\/receive\/\d+$/);
        await expect(page.getByTestId("flash")).toContainText("已生成收货单");
        const noteUrl = new URL(page.url()).pathname;
        await page.goto(`/purchase/order/${order.id}`);
        await expect(page.getByTestId("po-receive")).toHaveAttribute("href", noteUrl);
        await expect(page.getByTestId("po-receipts").getByRole("link")).toHaveAttribute("href", noteUrl);
      });
  });
}
