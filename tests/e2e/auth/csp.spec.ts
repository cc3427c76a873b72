import type { Page } from "@playwright/test";
import { expect, login, test, waitForTabsHydrated } from "../helpers";

/**
 * The Content-Security-Policy (script-src 'self' with a per-response nonce) must not cost the
 * app anything: pages hydrate, client-side navigation loads route modules, and the browser
 * reports no blocked script or style and no console error on the way.
 */
async function watchPolicy(page: Page) {
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`console: ${m.text()}`);
  });
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  // Injected through the DevTools protocol, so the policy does not apply to this listener itself.
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      const w = window as unknown as { __cspViolations?: string[] };
      (w.__cspViolations ??= []).push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return async () => {
    const violations = await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
    return [...problems, ...violations.map((v) => `csp: ${v}`)];
  };
}

test.describe("Content-Security-Policy", () => {
  test("sign-in, the shell and a list page hydrate and navigate with no policy violation", async ({ page }) => {
    const problems = await watchPolicy(page);
    const res = await page.goto("/login");
    expect(res!.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+'/);
    await login(page, "boss1");
    await waitForTabsHydrated(page);
    // Client-side navigation: the route module is imported from /build under script-src 'self'.
    await page.goto("/organization/partner");
    await expect(page.getByRole("table").first()).toBeVisible();
    await page.getByRole("link", { name: "首页" }).first().click();
    await page.waitForURL("**/home");
    await expect(page.getByTestId("home-role")).toBeVisible();
    expect(await problems()).toEqual([]);
  });
});
