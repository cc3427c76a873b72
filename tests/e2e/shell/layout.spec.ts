import { expect, login, test, waitForTabsHydrated } from "../helpers";

test.describe("narrow layout with JavaScript (1100px)", () => {
  test.use({ viewport: { width: 1100, height: 800 } });

  test("the menu button opens the drawer and choosing a page closes it", async ({ page }) => {
    await login(page, "boss1");
    await waitForTabsHydrated(page);
    const drawer = page.getByTestId("drawer");
    const x = async () => (await drawer.boundingBox())?.x ?? Number.NaN;
    await expect.poll(x).toBeLessThan(0);
    await page.getByTestId("menu-button").click();
    await expect.poll(x).toBeGreaterThanOrEqual(0);
    await drawer.locator('a[href="/profile?actab=0"]').click();
    await page.waitForURL((url) => url.pathname === "/profile");
    await expect(page.getByLabel("姓名")).toHaveValue("陈志强");
    await expect.poll(x).toBeLessThan(0);
  });
});

test.describe("wide layout (1440px): pinned mini drawer", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("收起菜单 shrinks the drawer to icons, the choice survives a reload, and it can be undone", async ({ page }) => {
    await login(page, "boss1");
    await waitForTabsHydrated(page);
    const drawer = page.getByTestId("drawer");
    const width = async () => (await drawer.boundingBox())?.width ?? Number.NaN;
    const toggle = page.getByTestId("pin-toggle");
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await expect.poll(width).toBe(240);

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    // Off the drawer: it expands on hover and while focus is inside (the clicked button).
    await page.mouse.click(1000, 600);
    await expect.poll(width).toBe(56);

    await expect.poll(async () => (await page.context().cookies()).find((c) => c.name === "qp_nav")?.value).toBe("mini");
    await page.reload();
    await page.mouse.move(1000, 500);
    await expect(page.getByTestId("pin-toggle")).toHaveAttribute("aria-pressed", "false");
    await expect.poll(width).toBe(56);

    // Hovering the mini drawer shows it in full over the page.
    await drawer.hover();
    await expect.poll(width).toBe(240);
    await page.getByTestId("pin-toggle").click();
    await page.mouse.click(1000, 600);
    await expect(page.getByTestId("pin-toggle")).toHaveAttribute("aria-pressed", "true");
    await expect.poll(width).toBe(240);
  });
});
