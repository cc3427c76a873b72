import { expect, signIn, test } from "../helpers";

/**
 * 定时任务 (/system/setting/schedule): the operator stops a job, runs one now, changes an
 * interval and starts all again; a company manager has no such page. With JavaScript and as
 * plain HTML (every button is a form post).
 */
for (const js of [true, false]) {
  test(`定时任务: stop, run now, interval, start all — JavaScript ${js ? "on" : "off"}`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: js });
    try {
      const page = await context.newPage();
      await signIn(page, "admin");
      await page.goto("/system/setting/schedule");
      await expect(page.getByRole("heading", { level: 1, name: "定时任务" })).toBeVisible();
      const row = (name: string) => page.locator(`[data-testid="schedule-row"][data-name="${name}"]`);
      await expect(page.getByTestId("schedule-row")).toHaveCount(5);

      await page.getByRole("button", { name: "停止 清理过期会话" }).click();
      await expect(page.getByText("已停止 清理过期会话")).toBeVisible();
      await expect(row("purgeSessions").getByTestId("schedule-state")).toHaveText("已停止");

      await page.getByRole("button", { name: "立即执行 对账账龄检查" }).click();
      await expect(page.getByText(/对账账龄检查 已执行：已检查 \d+ 家公司/)).toBeVisible();
      await expect(row("statementAgeing").getByTestId("schedule-result")).toContainText("已检查");

      const interval = row("safeStockPlans").getByLabel("安全库存补货检查 执行间隔（秒）");
      await interval.fill(js ? "7200" : "5400");
      await page.getByRole("button", { name: "保存 安全库存补货检查 的执行间隔" }).click();
      await expect(page.getByText(/安全库存补货检查 的执行间隔已改为/)).toBeVisible();
      await expect(row("safeStockPlans").getByLabel("安全库存补货检查 执行间隔（秒）")).toHaveValue(js ? "7200" : "5400");

      await page.getByTestId("schedule-start-all").click();
      await expect(page.getByText("已启动 1 个任务")).toBeVisible();
      await expect(row("purgeSessions").getByTestId("schedule-state")).toHaveText("运行中");
    } finally {
      await context.close();
    }
  });
}

test("定时任务 is the platform operator's: a company manager is refused", async ({ page }) => {
  await signIn(page, "boss1");
  const res = await page.goto("/system/setting/schedule");
  expect(res!.status()).toBe(403);
});
