import type { Browser, Page } from "@playwright/test";
import { expect, login, test } from "../helpers";
import { expectFlash, grid, gridRows, openList, screenPath, searchKeyword, selectRow, suffix } from "../lists/grid";

/**
 * 需求审批 (/demand/approval), with JavaScript and without. Through the JSON API boss1 gives a new
 * customer a credit limit of ￥100 (the partner API), writes a ￥200 order for it, sees its submit
 * refused over the limit and sends it for approval. On the page boss1 finds it among the waiting
 * approvals, opens it and approves (the order is submitted) or rejects it with a comment (a
 * comment is required; the order stays a draft). sales1 has no such page.
 *
 * Approving runs in both modes; the decided lists, 驳回 with its required comment and sales1's
 * refusal reach the same server either way and run as plain HTML only.
 */
type Api = { items: Record<string, unknown>[] };

async function api(page: Page, method: "GET" | "POST" | "PUT", url: string, body?: unknown, expectStatus?: number) {
  const origin = new URL(page.url()).origin;
  const res = await page.request.fetch(url, {
    method,
    headers: { Origin: origin, "Content-Type": "application/json" },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  if (expectStatus) expect(res.status(), `${method} ${url}: ${await res.text()}`).toBe(expectStatus);
  else expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
}

/** An over-limit order sent for approval; returns its number and id. */
async function orderWaitingForApproval(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, locale: "zh-CN" });
  const page = await context.newPage();
  try {
    await login(page, "boss1");
    const name = `信用审批客户${suffix()}`;
    const customer = (await api(page, "POST", "/api/app/enterpriseRelation", { rel: 1, name })) as { id: number };
    await api(page, "PUT", `/api/app/enterpriseRelation/${customer.id}`, { creditLimit: "100.00" });
    const stock = ((await api(page, "GET", "/api/app/stock?maxResultCount=100&sorting=qty%20desc")) as Api).items.find(
      (s) => Number(s.available) >= 5 && !/收货|退货/.test(String(s.fullName)),
    )!;
    const order = (await api(page, "POST", "/api/app/salesOrder", {
      partnerId: customer.id,
      warehouseId: stock.warehouseId,
      remark: "信用审批测试",
      lines: [{ productId: stock.productId, qty: "2", price: "100.00" }],
    })) as { id: number; no: string };
    const refused = (await api(page, "POST", `/api/app/salesOrder/${order.id}/submit`, {}, 409)) as { error?: { message?: string }; message?: string };
    expect(JSON.stringify(refused)).toContain(`客户 ${name} 信用额度 ￥100.00，已欠款 ￥0.00，未发货订单 ￥0.00，本单 ￥200.00，超出 ￥100.00，请提交审批`);
    await api(page, "POST", `/api/app/salesOrder/${order.id}/requestApproval`, { reason: "老客户" });
    return { ...order, customer: name };
  } finally {
    await context.close();
  }
}

async function orderStatus(page: Page, id: number) {
  return (await api(page, "GET", `/api/app/salesOrder/${id}`)) as { status: number; approvalStatus: number | null; lines: { lockedQty: string }[] };
}

/** Opens the waiting approval of the order from the list (selected, 打开). */
async function openApproval(page: Page, js: boolean, orderNo: string) {
  await openList(page, "/demand/approval", js);
  await searchKeyword(page, orderNo);
  await expect(gridRows(page)).toHaveCount(1);
  const id = (await gridRows(page).first().getAttribute("data-id"))!;
  await expect(grid(page).locator("tbody tr").first()).toContainText("待审核");
  await selectRow(page, id, js);
  await page.getByTestId("grid-edit").click();
  const panel = page.getByTestId("approval-panel");
  await expect(panel).toBeVisible();
  await expect(page.getByTestId("approval-order")).toHaveText(orderNo);
  await expect(page.getByTestId("approval-amount")).toHaveText("￥200.00");
  await expect(page.getByTestId("approval-reason")).toHaveText("超出信用额度 ￥100.00；老客户");
  return id;
}

for (const js of [true, false]) {
  test.describe(`需求审批, JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("boss1 approves an over-limit order: it is submitted", async ({ page, browser, baseURL }) => {
      const order = await orderWaitingForApproval(browser, baseURL!);
      await login(page, "boss1");
      await openApproval(page, js, order.no);
      await expect(page.getByTestId("approval-customer")).toHaveText(order.customer);
      if (js) await page.screenshot({ path: screenPath("demand-approval.png"), fullPage: true });
      await page.getByTestId("approval-comment-input").fill("同意，本月回款");
      await page.getByTestId("approval-approve").click();
      await expectFlash(page, `已通过，销售订单 ${order.no} 已提交`);
      await expect(page.getByTestId("approval-panel")).toHaveCount(0);
      const o = await orderStatus(page, order.id);
      expect([30, 40]).toContain(o.status);
      expect(o.approvalStatus).toBe(1);
      expect(o.lines[0]!.lockedQty).toBe("2.00");
      if (js) return;
      // Decided: under 通过, no longer under 待审核.
      await openList(page, `/demand/approval?status=1&q=${order.no}`, js);
      await expect(gridRows(page)).toHaveCount(1);
      await expect(gridRows(page).first()).toContainText("同意，本月回款");
      // The order number opens the order's page.
      await page.goto(`/demand/approval?status=1&decide=${await gridRows(page).first().getAttribute("data-id")}`);
      await expect(page.getByTestId("approval-order")).toHaveAttribute("href", `/sale/order/${order.id}`);
      await expect(page.getByTestId("approval-form")).toHaveCount(0);
    });

    if (!js)
      test("boss1 rejects with a comment (required): the order stays a draft; sales1 has no approval page", async ({ page, browser, baseURL }) => {
        const order = await orderWaitingForApproval(browser, baseURL!);
        await login(page, "boss1");
        await expect(page.locator('nav a[data-code="XQGL-005"]')).toHaveAttribute("href", "/demand/approval");
        await openApproval(page, js, order.no);
        await page.getByTestId("approval-reject").click();
        await expectFlash(page, "请填写驳回理由");
        await expect(page.getByTestId("approval-panel")).toBeVisible();
        await page.getByTestId("approval-comment-input").fill("欠款太多，先回款");
        await page.getByTestId("approval-reject").click();
        await expectFlash(page, `已驳回销售订单 ${order.no} 的信用审批`);
        const o = await orderStatus(page, order.id);
        expect([o.status, o.approvalStatus]).toEqual([0, 2]);
        await openList(page, `/demand/approval?status=2&q=${order.no}`, js);
        await expect(gridRows(page).first()).toContainText("欠款太多，先回款");

        await page.getByTestId("logout").click();
        await page.waitForURL((url) => url.pathname === "/login");
        await login(page, "sales1");
        await expect(page.locator('nav a[data-code="XQGL-001"]')).toHaveCount(1);
        await expect(page.locator('nav a[data-code="XQGL-005"]')).toHaveCount(0);
        const res = await page.goto("/demand/approval");
        expect(res!.status()).toBe(403);
      });
  });
}
