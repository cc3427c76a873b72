import type { Page } from "@playwright/test";
import { expect, test } from "../helpers";
import { expectFlash, field, grid, gridRows, openList, signIn, suffix } from "../lists/grid";

/**
 * 行政区域 (/system/basic/adminArea, the operator) and 商圈 (/system/basic/businessArea, boss1 of
 * 穗通汽配, whose demo 商圈 are 广州市区 (广州), 珠三角西岸 (佛山 …) and 粤东), with JavaScript and
 * as plain HTML.
 *
 * The 行政区域 tree is links and a GET form: plain HTML only. 商圈's form runs in both modes (its
 * 覆盖区域 is a searchable multi-select with JavaScript, checkboxes without); its list filter and
 * the server's refusal of a duplicate name run as plain HTML only.
 */
const AREAS = "/system/basic/adminArea";
const BUSINESS = "/system/basic/businessArea";

/** The business area's row in the grid, by its name cell. */
const rowNamed = (page: Page, name: string) => gridRows(page).filter({ has: page.locator("td", { hasText: new RegExp(`^${name}$`) }) });

for (const js of [true, false]) {
  test.describe(`行政区域 and 商圈, JavaScript ${js ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled: js });

    if (!js)
      test("the operator browses 广东省 → 广州市 → its districts and finds 天河区 by name; a bad code is 404", async ({ page }) => {
        await signIn(page, "admin", js);
        await page.goto(AREAS);
        const provinces = page.getByTestId("area-provinces");
        await expect(page.getByTestId("area-provinces-count")).toHaveText("共 31 个");
        await expect(page.getByTestId("area-cities")).toContainText("请先在左侧选择省份");

        await provinces.getByRole("link", { name: /^广东省/ }).click();
        await expect(page).toHaveURL((url) => url.searchParams.get("province") === "44" && !url.searchParams.has("city"));
        const cities = page.getByTestId("area-cities");
        await expect(cities.getByRole("heading")).toContainText("广东省的城市");
        await expect(page.getByTestId("area-cities-count")).toHaveText("共 21 个");
        await expect(provinces.getByRole("link", { name: /^广东省/ })).toHaveAttribute("aria-current", "true");

        await cities.getByRole("link", { name: /^广州市/ }).click();
        await expect(page).toHaveURL((url) => url.searchParams.get("city") === "4401");
        const districts = page.getByTestId("area-districts");
        await expect(districts.getByRole("heading")).toContainText("广州市的区县");
        await expect(districts.getByRole("listitem").filter({ hasText: "天河区" })).toContainText("440106");
        await expect(page.getByTestId("area-districts-count")).toHaveText("共 11 个");
        await expect(page.getByTestId("area-crumbs")).toContainText("全国/广东省/广州市");

        // A keyword lists matches at every level with their full path; the path leads into the tree.
        await page.getByTestId("area-keyword").fill("天河");
        await page.getByTestId("area-search").click();
        await expect(page).toHaveURL((url) => url.searchParams.get("keyword") === "天河");
        const found = page.getByTestId("area-found");
        await expect(page.getByTestId("area-found-count")).toContainText("找到");
        await found.getByRole("link", { name: "广东省 / 广州市 / 天河区" }).click();
        await expect(page).toHaveURL((url) => url.searchParams.get("city") === "4401" && url.hash === "#area-440106");
        await expect(page.locator("#area-440106")).toContainText("天河区");

        await page.goto(`${AREAS}?keyword=不存在的地方`);
        await expect(page.getByTestId("area-found-count")).toHaveText("没有名称包含“不存在的地方”的行政区域");

        const bad = await page.goto(`${AREAS}?province=44&city=1101`);
        expect(bad?.status()).toBe(404);
        await expect(page.getByTestId("error-page")).toContainText("行政区域不存在");
      });

    test("boss1 creates a 商圈 covering 广州市 and 佛山市, filters the list by area, and a duplicate name is refused", async ({ page }) => {
      const name = `E2E商圈${suffix()}`;
      await signIn(page, "boss1", js);
      await openList(page, BUSINESS, js);
      await page.getByTestId("grid-add").click();
      const dialog = page.getByTestId("edit-dialog");
      await expect(dialog).toBeVisible();
      await field(dialog, "name").fill(name);
      await field(dialog, "code").fill(`E${suffix()}`);
      if (js) {
        // The searchable multi-select (it replaces the checkboxes once the page runs).
        const select = dialog.getByRole("textbox", { name: "覆盖区域" });
        await select.fill("广州");
        await page.getByRole("option", { name: "广州市", exact: true }).click();
        await select.fill("佛山");
        await page.getByRole("option", { name: "佛山市", exact: true }).click();
        // Esc closes the list, not the dialog.
        await select.press("Escape");
        await expect(page.getByRole("listbox")).toBeHidden();
      } else {
        const boxes = dialog.getByTestId("region-boxes");
        await boxes.locator("summary", { hasText: "广东省" }).click();
        await boxes.getByLabel("广州市", { exact: true }).check();
        await boxes.getByLabel("佛山市", { exact: true }).check();
      }
      await dialog.getByTestId("form-save").click();
      await expectFlash(page, "保存成功");
      await expect(dialog).toBeHidden();
      await expect(rowNamed(page, name)).toContainText("广州市、佛山市");
      if (js) return;

      // 覆盖区域 filter: 佛山市 finds this one and 珠三角西岸, not 广州市区.
      const search = page.getByRole("search");
      await search.getByLabel("覆盖区域").selectOption({ label: "广东省 / 佛山市" });
      await search.getByRole("button", { name: "搜索" }).click();
      await expect(page).toHaveURL((url) => url.searchParams.get("areaCode") === "4406");
      await expect(rowNamed(page, name)).toHaveCount(1);
      await expect(rowNamed(page, "珠三角西岸")).toHaveCount(1);
      await expect(grid(page)).not.toContainText("广州市区");

      // The same name again: refused in Chinese, the dialog stays with what was typed.
      await page.getByTestId("grid-add").click();
      await expect(dialog).toBeVisible();
      await field(dialog, "name").fill(name);
      await dialog.getByTestId("form-save").click();
      await expect(dialog.getByTestId("form-error")).toHaveText("商圈名称已存在");
      await expect(field(dialog, "name")).toHaveValue(name);
    });
  });
}
