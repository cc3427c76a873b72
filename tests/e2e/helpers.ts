import { expect, type Page } from "@playwright/test";

/** Every demo user shares this password (server/db/seed.ts). */
export const DEMO_PASSWORD = "Demo@123456";

/**
 * Fills the /login form and submits it. Does not navigate when already on a /login page,
 * so a test can open /login?redirectTo=... first. Waits for the URL to leave /login.
 * Works with and without JavaScript.
 */
export async function fillLogin(page: Page, username: string, password: string) {
  if (!new URL(page.url(), "http://x").pathname.startsWith("/login")) await page.goto("/login");
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.getByTestId("login-submit").click();
}

/** Signs in through the form and waits for the signed-in landing page (default /home). */
export async function login(page: Page, username: string, opts: { password?: string; expectPath?: string | RegExp } = {}) {
  await fillLogin(page, username, opts.password ?? DEMO_PASSWORD);
  const expected = opts.expectPath ?? "/home";
  await page.waitForURL((url) => (typeof expected === "string" ? url.pathname === expected : expected.test(url.pathname + url.search)));
  if (expected === "/home") await expect(page.getByTestId("home-role")).toBeVisible();
}

/** The tab bar's tabs, one div per tab carrying data-url. */
export function tabs(page: Page) {
  return page.getByTestId("tabbar").locator("div[data-url]");
}

/**
 * Waits until the shell has hydrated: the tab bar writes its tab list to localStorage only
 * after the restore effect ran (in a fresh browser context the key cannot exist before).
 */
export async function waitForTabsHydrated(page: Page) {
  await expect(page.getByTestId("tabbar")).toBeVisible();
  await page.waitForFunction(() => Object.keys(localStorage).some((k) => k.startsWith("qp.tabs.")));
}

/** The signed-in user's id, read from the tab storage key the shell writes after hydration. */
export async function currentUserId(page: Page): Promise<number> {
  await waitForTabsHydrated(page);
  const key = await page.evaluate(() => Object.keys(localStorage).find((k) => k.startsWith("qp.tabs.")));
  const id = Number(key?.slice("qp.tabs.".length));
  expect(Number.isInteger(id) && id > 0, `tab storage key found: ${key}`).toBe(true);
  return id;
}
