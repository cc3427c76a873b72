import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { test as base, expect, type BrowserContext, type Page } from "@playwright/test";

export { expect };

/*
 * Accessibility: axe-core runs on every page the browser tests visit.
 *
 * Every spec imports `test` from here. Its `context` fixture notes each URL a test's pages
 * navigate to (JavaScript on or off); after a test passes, every URL not yet checked in this
 * run is opened again in the worker's JavaScript-enabled checking context (its HTTP cache
 * kept) with the test's cookies, left to settle (load, fonts, transitions), and axe runs on it.
 * A serious or critical violation fails the test, and so do the page-structure rules this app
 * once broke (one <h1>, one main landmark, all content inside landmarks). URLs count as the
 * same page when they differ only in values that do not change what is shown (filters, page,
 * sort …), and two records shown in the same state (the same test ids and form fields: two
 * 待发货 orders) count as one, so each page in each state and each dialog is checked once per
 * run, in a quiet state.
 */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

export interface A11yViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string; summary: string }[];
}

const FAILING_IMPACTS = new Set(["serious", "critical"]);
/** Moderate in axe's scale, but each was a finding (issue 7, item 24): they must not come back. */
const STRUCTURE_RULES = new Set(["landmark-one-main", "page-has-heading-one", "region"]);

/** Waits until the page is quiet: loaded, fonts in, transitions (dialogs fading in) finished. */
async function settle(page: Page) {
  await page.waitForLoadState("load");
  await page.evaluate(async () => {
    await document.fonts.ready;
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.race([Promise.all(finite.map((a) => a.finished.catch(() => undefined))), new Promise((r) => setTimeout(r, 3000))]);
  });
}

/** axe-core's violations on the page as it is now (the page must run JavaScript). */
export async function axeViolations(page: Page): Promise<A11yViolation[]> {
  await settle(page);
  // Evaluated through the DevTools protocol, so a Content-Security-Policy does not stop it.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    type Result = { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] };
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Result[] }> } }).axe;
    const { violations } = await axe.run(document, { resultTypes: ["violations"] });
    return violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.map(String).join(" "), summary: (n.failureSummary ?? "").split("\n").slice(0, 3).join(" ") })),
    }));
  });
}

/** The violations that fail a test: serious or critical, or one of the structure rules. */
export const failingViolations = (all: A11yViolation[]) => all.filter((v) => FAILING_IMPACTS.has(v.impact ?? "") || STRUCTURE_RULES.has(v.id));

export function describeViolations(url: string, list: A11yViolation[]) {
  return list
    .map(
      (v) =>
        `${url}: [${v.impact}] ${v.id} (${v.help}), ${v.nodes.length} element(s):\n${v.nodes
          .slice(0, 8)
          .map((n) => `    ${n.target}  ${n.summary}`)
          .join("\n")}`,
    )
    .join("\n");
}

/** Fails when axe finds a serious or critical violation (or a structure rule) on the page now. */
export async function expectAccessible(page: Page) {
  const failing = failingViolations(await axeViolations(page));
  expect(failing.length, describeViolations(page.url(), failing)).toBe(0);
}

/** Query parameters whose value selects what the page shows (a tab, a dialog, a notice). */
const VIEW_PARAMS = new Set(["actab", "dialog", "offline", "notice", "hidden"]);
/** Not pages: JSON, files and images. */
const NOT_PAGES = /^\/(api|auth|grid\/export|avatar|favicon|build)\b/;

/**
 * Query parameters that only fill a list's filter form, page or order its rows: a list page
 * with or without them has the same markup, so they do not make another page to check.
 */
const FILTER_PARAMS = new Set(["q", "page", "size", "sort", "dir", "status", "dateFrom", "dateTo", "no", "oe", "trackingNo"]);

/** Which URLs are "the same page" for the accessibility check. */
export function a11yKey(href: string): string {
  const u = new URL(href);
  const names = [...new Set(u.searchParams.keys())]
    .filter((n) => !FILTER_PARAMS.has(n))
    .sort()
    .map((n) => {
      if (VIEW_PARAMS.has(n)) return `${n}=${u.searchParams.get(n)}`;
      if (n === "edit") return `edit=${u.searchParams.get(n) === "new" ? "new" : "id"}`;
      return n;
    });
  return `${u.pathname}?${names.join("&")}`;
}

/**
 * What a page shows, as far as accessibility goes: its path with record ids as ":id", and every
 * test id and form field name in it (numbers in them as "#"). Two records of one document type
 * in the same status have the same state; a draft and a submitted order do not (their forms and
 * buttons differ), nor does a dialog open or closed.
 */
export async function pageState(page: Page): Promise<string> {
  const path = new URL(page.url()).pathname.replace(/\/\d+(?=\/|$)/g, "/:id");
  const parts = await page.evaluate(() => {
    const names = new Set<string>();
    document.querySelectorAll("[data-testid], [name], [role=dialog], [role=alert]").forEach((e) => {
      const id = e.getAttribute("data-testid") ?? `${e.tagName.toLowerCase()}:${e.getAttribute("name") ?? e.getAttribute("role")}`;
      names.add(id.replace(/\d+/g, "#"));
    });
    return [...names].sort();
  });
  return `state:${path}|${parts.join(",")}`;
}

/**
 * Keys already checked in this run. Playwright starts a new worker after a failed test, so the
 * set is also kept in a file in the run's directory (tests/e2e/global-setup.ts): once per run.
 */
const checkedFile = process.env.E2E_RUN_DIR ? path.join(process.env.E2E_RUN_DIR, "a11y-checked.txt") : undefined;
const checkedPages = {
  keys: new Set<string>(checkedFile && fs.existsSync(checkedFile) ? fs.readFileSync(checkedFile, "utf8").split("\n").filter(Boolean) : []),
  has(key: string) {
    return this.keys.has(key);
  },
  add(key: string) {
    if (this.keys.has(key)) return;
    this.keys.add(key);
    if (checkedFile) fs.appendFileSync(checkedFile, `${key}\n`);
  },
};

/**
 * Runs axe on the page as it is now unless this page (or another record in the same state) was
 * checked in this run already, and marks it checked. Returns the failing violations, described,
 * or undefined. A test that loads many pages anyway (the 1366 px walk over the menu) checks them
 * here, so the checker does not load them again after later tests.
 */
export async function checkOnce(page: Page): Promise<string | undefined> {
  const landed = a11yKey(page.url());
  if (checkedPages.has(landed)) return undefined;
  checkedPages.add(landed);
  // Another record of a page already checked in the same state (order 47 and order 48,
  // both 待发货) has the same markup: checked once.
  await settle(page);
  const state = await pageState(page);
  if (checkedPages.has(state)) return undefined;
  checkedPages.add(state);
  const failing = failingViolations(await axeViolations(page));
  return failing.length ? describeViolations(page.url(), failing) : undefined;
}

/** The app servers of this run, one per worker (playwright.config.ts, tests/e2e/global-setup.ts). */
const PORTS = (process.env.E2E_PORTS ?? "").split(",").filter(Boolean);

export const test = base.extend<{}, { a11yChecker: BrowserContext }>({
  // One JavaScript-enabled context per worker for the accessibility check: it keeps its HTTP
  // cache (the app's scripts and styles are immutable), so checking a page does not download
  // and compile the bundle again; each test's cookies replace the previous test's.
  a11yChecker: [
    async ({ browser }, use) => {
      const checker = await browser.newContext({ locale: "zh-CN", javaScriptEnabled: true });
      await use(checker);
      await checker.close();
    },
    { scope: "worker" },
  ],
  // Each worker talks to its own server (its parallel index stays the same across worker restarts).
  baseURL: async ({ baseURL }, use, testInfo) => {
    await use(PORTS.length ? `http://127.0.0.1:${PORTS[testInfo.parallelIndex % PORTS.length]}` : baseURL);
  },
  context: async ({ context, a11yChecker, baseURL }, use, testInfo) => {
    const origin = new URL(baseURL!).origin;
    const visited = new Map<string, string>();
    const note = (href: string) => {
      if (!href.startsWith(origin)) return;
      const url = new URL(href);
      if (NOT_PAGES.test(url.pathname)) return;
      const key = a11yKey(href);
      if (!visited.has(key)) visited.set(key, url.pathname + url.search);
    };
    const track = (p: Page) => p.on("framenavigated", (frame) => frame === p.mainFrame() && note(frame.url()));
    context.pages().forEach(track);
    context.on("page", track);

    await use(context);

    if (testInfo.status !== testInfo.expectedStatus || testInfo.expectedStatus === "skipped") return;
    const todo = [...visited].filter(([key]) => !checkedPages.has(key));
    if (!todo.length) return;
    const checker = a11yChecker;
    await checker.clearCookies();
    await checker.addCookies((await context.storageState()).cookies);
    const report: string[] = [];
    try {
      for (const [key, url] of todo) {
        if (checkedPages.has(key)) continue;
        const page = await checker.newPage();
        const res = await page.goto(new URL(url, origin).href).catch(() => null);
        const landed = a11yKey(page.url());
        // A page that redirects elsewhere (signed out by now: /login) is checked as where it landed;
        // the original stays unchecked for a later test that is still signed in there.
        if (res && (res.headers()["content-type"] ?? "").includes("text/html")) {
          const found = await checkOnce(page);
          if (found) report.push(found);
        }
        if (landed === key || !res) checkedPages.add(key);
        await page.close();
      }
    } finally {
      await checker.clearCookies();
    }
    expect(report.length, `axe-core found accessibility violations:\n${report.join("\n")}`).toBe(0);
  },
});

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

/**
 * Signs in without showing a page: posts the /login form as the browser would (same action,
 * same checks, same session cookie, stored in the page's context), without loading /login and
 * /home first. For a test that goes to its own page next; about the form itself, use login()
 * from /login or fillLogin.
 */
export async function signIn(page: Page, username: string, opts: { password?: string } = {}) {
  const res = await page.request.post("/login", {
    form: { username, password: opts.password ?? DEMO_PASSWORD },
    maxRedirects: 0,
  });
  expect(res.status(), `sign-in of ${username} was refused: ${res.status()} ${(await res.text()).slice(0, 200)}`).toBe(302);
}

/**
 * Signs in and waits for the signed-in landing page (default /home). On a /login page (a test
 * that opened it, or was sent there) it fills and submits the form; elsewhere it posts the form
 * (signIn) and opens /home, which is what the form leads to, without loading /login first.
 */
export async function login(page: Page, username: string, opts: { password?: string; expectPath?: string | RegExp } = {}) {
  if (new URL(page.url(), "http://x").pathname.startsWith("/login")) {
    await fillLogin(page, username, opts.password ?? DEMO_PASSWORD);
  } else {
    await signIn(page, username, opts);
    await page.goto("/home");
  }
  const expected = opts.expectPath ?? "/home";
  await page.waitForURL((url) => (typeof expected === "string" ? url.pathname === expected : expected.test(url.pathname + url.search)));
  if (expected === "/home") await expect(page.getByTestId("home-role")).toBeVisible();
}

/** The tab bar's tabs, one div per tab carrying data-url. */
export function tabs(page: Page) {
  return page.getByTestId("tabbar").locator("div[data-url]");
}

/**
 * Waits until the page has hydrated: app/root.tsx sets <html data-hydrated> after every effect
 * of the first render ran (the tab bar's restore included). A fresh document (after goto or
 * reload) starts without it, so this never passes on the previous page's state.
 */
export async function waitForHydration(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
}

/**
 * Waits until a document form's line editor is the keyboard grid (its chunk loads after
 * hydration; until then the plain table is shown): what a user sees before typing a line.
 */
export async function waitForLineGrid(page: Page) {
  await waitForHydration(page);
  await expect(page.locator("[data-line-row]").first()).toBeVisible();
}

/** Waits until the signed-in shell is there and has hydrated (tab close buttons, shortcuts …). */
export async function waitForTabsHydrated(page: Page) {
  await expect(page.getByTestId("tabbar")).toBeVisible();
  await waitForHydration(page);
}

/** The signed-in user's id, read from the tab storage key the shell writes after hydration. */
export async function currentUserId(page: Page): Promise<number> {
  await waitForTabsHydrated(page);
  await page.waitForFunction(() => Object.keys(localStorage).some((k) => k.startsWith("qp.tabs.")));
  const key = await page.evaluate(() => Object.keys(localStorage).find((k) => k.startsWith("qp.tabs.")));
  const id = Number(key?.slice("qp.tabs.".length));
  expect(Number.isInteger(id) && id > 0, `tab storage key found: ${key}`).toBe(true);
  return id;
}

/**
 * Answers 确定 to every question a page asks before posting: the kit's dialog (ConfirmSubmitButton,
 * data-testid confirm-dialog) and, should one remain, the browser's own. `onAsk` hears each question.
 */
export function acceptConfirms(page: Page, onAsk?: (question: string) => void) {
  page.on("dialog", (d) => {
    onAsk?.(d.message());
    void d.accept().catch(() => undefined);
  });
  const open = page.locator('dialog[open][data-testid="confirm-dialog"]');
  void page.addLocatorHandler(open, async (dialog) => {
    onAsk?.((await dialog.textContent()) ?? "");
    await dialog.getByTestId("confirm-ok").click();
  });
}
