import type { Page } from "@playwright/test";

/** Each table in the page's main area whose scrolling region is narrower than the table. */
export async function overflowingTables(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll("main table")].flatMap((table) => {
      let region = table.parentElement;
      while (region && region !== document.body && getComputedStyle(region).overflowX === "visible") region = region.parentElement;
      const box = region ?? document.body;
      const headers = [...table.querySelectorAll("thead th")].map((th) => th.textContent?.trim()).join("|");
      return box.scrollWidth > box.clientWidth + 1 ? [`${box.scrollWidth} > ${box.clientWidth}: ${headers}`] : [];
    }),
  );
}
