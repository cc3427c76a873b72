import type { Browser, Page } from "@playwright/test";
import { expect, expectAccessible, login, signIn, test, waitForHydration } from "../helpers";
import { expectFlash, screenPath, suffix } from "../lists/grid";

/**
 * 站内消息. boss1 submits two sales orders through the JSON API; stock1 (拣货单) sees the bell
 * count 2 (with JavaScript also checked by axe) and opens /notifications; as plain HTML he marks
 * one read (count 1) and opens the other, which follows its link to the picking list (count
 * gone): plain forms and links, the same with JavaScript. With both, the operator edits
 * a message template: an unknown variable is refused with the allowed ones listed, a good one
 * is previewed and saved, then the default is restored; an event is disabled and enabled.
 */
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

/** Sales orders submitted by boss1 (each notifies 穗通汽配's picking users); their numbers, in order. */
async function submitOrders(browser: Browser, baseURL: string, n: number) {
  const context = await browser.newContext({ baseURL, locale: "zh-CN" });
  const page = await context.newPage();
  try {
    await login(page, "boss1");
    const customer = (await api(page, "POST", "/api/app/enterpriseRelation", { rel: 1, name: `消息客户${suffix()}` })) as { id: number };
    const stock = ((await api(page, "GET", "/api/app/stock?maxResultCount=100&sorting=qty%20desc")) as { items: Record<string, unknown>[] }).items.find(
      (s) => Number(s.available) >= 5 && !/收货|退货/.test(String(s.fullName)),
    )!;
    const nos: string[] = [];
    for (let i = 0; i < n; i++) {
      const order = (await api(page, "POST", "/api/app/salesOrder", {
        partnerId: customer.id,
        warehouseId: stock.warehouseId,
        lines: [{ productId: stock.productId, qty: "1", price: "10.00" }],
      })) as { id: number; no: string };
      await api(page, "POST", `/api/app/salesOrder/${order.id}/submit`, {});
      nos.push(order.no);
    }
    return nos;
  } finally {
    await context.close();
  }
}

const bell = (page: Page) => page.getByTestId("notification-bell");
const item = (page: Page, text: string) => page.getByTestId("notification").filter({ hasText: text });

for (const js of [true, false]) {
  test.describe(`站内消息, JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    const title = js ? "stock1 sees the bell count and the unread messages" : "stock1 sees the bell count, marks one read and opens the other";
    test(title, async ({ page, browser, baseURL }) => {
      await signIn(page, "stock1");
      await page.goto("/notifications");
      await expect(page.getByRole("heading", { level: 1, name: "消息通知" })).toBeVisible();
      await page.getByTestId("notifications-read-all").click();
      await expect(page.getByTestId("flash")).toBeVisible();
      await expect(page.getByTestId("notification-count")).toHaveCount(0);
      await expect(bell(page)).toHaveAccessibleName("消息通知");

      const [first, second] = await submitOrders(browser, baseURL!, 2);
      await page.goto("/home");
      await expect(page.getByTestId("notification-count")).toHaveText("2");
      await expect(bell(page)).toHaveAccessibleName(/^消息通知\s*2\s*条未读$/);
      if (js) await expectAccessible(page);
      await bell(page).click();
      await expect(page).toHaveURL(/\/notifications$/);
      if (js) await waitForHydration(page);
      // Newest first, both unread.
      await expect(page.getByTestId("notification").first()).toContainText(second!);
      await expect(item(page, first!).getByTestId("notification-state")).toHaveText("未读");
      if (js) {
        await page.screenshot({ path: screenPath("notifications.png"), fullPage: true });
        // Marking read and opening are a plain form and a link: JavaScript off only.
        return;
      }

      await item(page, first!).getByTestId("notification-read").click();
      await expect(item(page, first!).getByTestId("notification-state")).toHaveText("已读");
      await expect(page.getByTestId("notification-count")).toHaveText("1");
      await expect(page.getByTestId("notifications-unread-filter")).toHaveText("未读（1）");

      await item(page, second!).getByTestId("notification-open").click();
      await expect(page).toHaveURL((url) => url.pathname === "/sale/picking" && url.searchParams.get("q") === second);
      await expect(page.getByTestId("notification-count")).toHaveCount(0);
    });

    test("the operator edits a message template and switches an event off and on", async ({ page }) => {
      await signIn(page, "admin");
      await page.goto("/system/setting/message/event");
      const event = page.locator('[data-testid="message-event-row"][data-code="receivingConfirmed"]');
      await event.getByRole("button", { name: "停用 采购收货完成" }).click();
      await expectFlash(page, "已停用消息事件 采购收货完成");
      await expect(event.getByTestId("message-event-state")).toHaveText("停用");
      await event.getByRole("button", { name: "启用 采购收货完成" }).click();
      await expect(event.getByTestId("message-event-state")).toHaveText("启用");

      await event.getByRole("link", { name: "编辑模板：采购收货完成" }).click();
      await expect(page).toHaveURL(/\/system\/setting\/message\/template\?edit=receivingConfirmed$/);
      const editor = page.getByTestId("message-template-editor");
      await expect(editor.getByTestId("message-template-variables")).toContainText("{{supplierName}}");
      if (js) await waitForHydration(page);
      const title = editor.getByTestId("message-template-title-input");
      await title.fill("到货 {{receiveNo}} {{供应商}}");
      await editor.getByTestId("message-template-save").click();
      await expect(page.getByTestId("message-template-error")).toContainText("模板中有未知的变量 {{供应商}}。可用的变量：{{receiveNo}}（收货单号）");
      await expect(title).toHaveValue("到货 {{receiveNo}} {{供应商}}");

      await title.fill("到货提醒：{{receiveNo}}（{{supplierName}}）");
      if (!js) await editor.getByTestId("message-template-preview").click();
      await expect(editor.getByTestId("message-template-preview-title")).toHaveText("到货提醒：SH202611200001（佛山精工制动系统有限公司）");
      if (js) await page.screenshot({ path: screenPath("message-template.png"), fullPage: true });
      await editor.getByTestId("message-template-save").click();
      await expectFlash(page, "已保存 采购收货完成 的消息模板");
      const row = page.locator('[data-testid="message-template-row"][data-code="receivingConfirmed"]');
      await expect(row.getByTestId("message-template-title")).toHaveText("到货提醒：{{receiveNo}}（{{supplierName}}）");

      await row.getByTestId("message-template-edit").click();
      await page.getByTestId("message-template-restore").click();
      await expectFlash(page, "采购收货完成 的消息模板已恢复默认");
      await expect(row.getByTestId("message-template-title")).toHaveText("收货单 {{receiveNo}} 已收货");
    });
  });
}
