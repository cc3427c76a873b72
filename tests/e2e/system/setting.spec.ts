import { expect, signIn, test } from "../helpers";

/** 系统设置 (/system/setting): boss2 changes company settings on the one form; a bad value is refused with its message. */
for (const js of [true, false]) {
  test(`系统设置 saves the company's settings, JavaScript ${js ? "on" : "off"}`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: js });
    try {
      const page = await context.newPage();
      await signIn(page, "boss2");
      await page.goto("/system/setting");
      await expect(page.getByRole("heading", { level: 1, name: "系统设置" })).toBeVisible();
      const form = page.getByTestId("settings-form");
      const idle = form.getByLabel("闲置自动退出（分钟）");
      await idle.fill("2");
      await page.getByTestId("settings-save").click();
      await expect(page.getByRole("alert").filter({ hasText: "5 到 43200" }).first()).toBeVisible();

      const minutes = js ? "120" : "90";
      await idle.fill(minutes);
      const pick = form.getByLabel("提交销售订单后自动生成拣货单");
      if (js) await pick.uncheck();
      else await pick.check();
      await page.getByTestId("settings-save").click();
      await expect(page.getByText(/已保存 \d+ 项设置，立即生效/)).toBeVisible();
      await page.reload();
      await expect(form.getByLabel("闲置自动退出（分钟）")).toHaveValue(minutes);
      await expect(form.getByLabel("提交销售订单后自动生成拣货单")).toBeChecked({ checked: !js });
    } finally {
      await context.close();
    }
  });
}

/** 参数设置 (/system/setting/params): the operator's platform parameters; a bad address is refused and nothing changes. Plain HTML. */
test("参数设置: the operator saves a platform parameter; a bad one is refused", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await signIn(page, "admin");
    await page.goto("/system/setting/params");
    await expect(page.getByRole("heading", { level: 1, name: "参数设置" })).toBeVisible();
    const site = page.getByTestId("params-form").getByLabel("平台网址");
    await site.fill("www.example.com");
    await page.getByTestId("params-save").click();
    await expect(page.getByRole("alert").filter({ hasText: "平台网址须以 http:// 或 https:// 开头" }).first()).toBeVisible();
    await page.getByTestId("params-form").getByLabel("平台网址").fill("https://qipei.example.com");
    await page.getByTestId("params-save").click();
    await expect(page.getByText("已保存 1 项参数，立即生效")).toBeVisible();
    await expect(page.getByTestId("params-form").getByLabel("平台网址")).toHaveValue("https://qipei.example.com");
  } finally {
    await context.close();
  }
});
