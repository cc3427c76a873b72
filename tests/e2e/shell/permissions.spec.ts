import { expect, login, test } from "../helpers";

test.describe("billing buttons follow the role's permissions", () => {
  test("sales1 (销售) sees 销售开单 but not 采购开单", async ({ page }) => {
    await login(page, "sales1");
    await expect(page.getByTestId("home-role")).toHaveText("销售");
    await expect(page.getByTestId("sales-billing")).toBeVisible();
    await expect(page.getByTestId("sales-billing")).toHaveText("销售开单");
    await expect(page.getByTestId("sales-billing")).toHaveAttribute("href", "/sale/orderCreate");
    await expect(page.getByTestId("purchase-billing")).toHaveCount(0);
    // The menu agrees: sales pages yes, purchasing pages no.
    const drawer = page.getByTestId("drawer");
    await expect(drawer.locator('a[data-code="XSGL-001"]')).toHaveCount(1);
    await expect(drawer.locator('a[data-code="CGGL-001"]')).toHaveCount(0);
  });

  test("buyer1 (采购) sees 采购开单 but not 销售开单", async ({ page }) => {
    await login(page, "buyer1");
    await expect(page.getByTestId("home-role")).toHaveText("采购");
    await expect(page.getByTestId("purchase-billing")).toBeVisible();
    await expect(page.getByTestId("purchase-billing")).toHaveText("采购开单");
    await expect(page.getByTestId("purchase-billing")).toHaveAttribute("href", "/purchase/orderCreate");
    await expect(page.getByTestId("sales-billing")).toHaveCount(0);
    const drawer = page.getByTestId("drawer");
    await expect(drawer.locator('a[data-code="CGGL-001"]')).toHaveCount(1);
    await expect(drawer.locator('a[data-code="XSGL-001"]')).toHaveCount(0);
  });

  test("stock1 (仓管) sees neither billing button", async ({ page }) => {
    await login(page, "stock1");
    await expect(page.getByTestId("home-role")).toHaveText("仓管");
    await expect(page.getByTestId("tabbar")).toBeVisible();
    await expect(page.getByTestId("sales-billing")).toHaveCount(0);
    await expect(page.getByTestId("purchase-billing")).toHaveCount(0);
  });

  // One sign-in for the three things boss1's /home shows about his role.
  test("boss1 (经理) sees both billing buttons, no platform-only menu entries and, in one company, no company switcher", async ({ page }) => {
    await login(page, "boss1");
    await expect(page.getByTestId("sales-billing")).toBeVisible();
    await expect(page.getByTestId("purchase-billing")).toBeVisible();

    // A company manager sees no platform-only menu entries.
    const drawer = page.getByTestId("drawer");
    await expect(drawer.locator('a[data-code="XTGL-001"]')).toHaveCount(1);
    await expect(drawer.locator('a[data-code="XTGL-015"]')).toHaveCount(0);
    await expect(drawer.locator('summary[data-code="XTGL-G3"]')).toHaveCount(0);

    // Single-company users get no company switcher.
    await expect(page.getByTestId("company-name")).toHaveText("穗通汽配");
    await expect(page.getByTestId("company-select")).toHaveCount(0);
  });
});

test.describe("company switch", () => {
  test("duo switches from 穗通汽配 to 鹏达汽配 (the locked company is not offered)", async ({ page }) => {
    await login(page, "duo");
    await expect(page.getByTestId("company-name")).toHaveText("穗通汽配");
    await expect(page.getByTestId("home-company")).toHaveText("广州穗通汽配有限公司");

    const select = page.getByTestId("company-select");
    await expect(select.locator("option")).toHaveText(["穗通汽配", "鹏达汽配"]);
    const target = await select.locator("option", { hasText: "鹏达汽配" }).getAttribute("value");
    expect(target).toBeTruthy();
    await select.selectOption({ label: "鹏达汽配" });
    await page.getByTestId("drawer").getByRole("button", { name: "切换", exact: true }).click();

    await expect(page.getByTestId("company-name")).toHaveText("鹏达汽配");
    await expect(page.getByTestId("home-company")).toHaveText("深圳鹏达汽配有限公司");
    expect(new URL(page.url()).pathname).toBe("/home");
    // The switch belongs to the session: it survives a reload.
    await page.reload();
    await expect(page.getByTestId("company-name")).toHaveText("鹏达汽配");
    await expect(page.getByTestId("company-select")).toHaveValue(target!);
  });

  test("the switch form ignores a hostile redirectTo", async ({ page, baseURL }) => {
    await login(page, "duo");
    const target = await page.getByTestId("company-select").locator("option", { hasText: "鹏达汽配" }).getAttribute("value");
    const res = await page.request.post("/company/switch", {
      form: { companyId: target!, redirectTo: "//evil.com" },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(302);
    expect(res.headers()["location"]).toBe("/home");
  });

  test("switching to a company the user does not belong to is refused", async ({ page, baseURL }) => {
    await login(page, "boss1");
    const res = await page.request.post("/company/switch", {
      form: { companyId: "999999", redirectTo: "/home" },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(403);
    await page.goto("/home");
    await expect(page.getByTestId("company-name")).toHaveText("穗通汽配");
  });
});
