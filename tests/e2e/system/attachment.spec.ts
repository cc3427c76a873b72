import sharp from "sharp";
import { expect, signIn, test, waitForHydration } from "../helpers";
import { expectFlash, suffix } from "../lists/grid";

/**
 * 附件管理 (/system/attachment) as boss1 of 穗通汽配, with JavaScript and without: a text file
 * named .png is refused by its content; a small PNG attached to a demo product (its code typed
 * another way) is listed with its thumbnail, opens as the same bytes, shows in the product's
 * edit dialog, and is deleted after the confirmation, after which its address is 404.
 */
const DEMO_CODE_TYPED = "04e-903-186f"; // 04E 903 186F, a demo product of 穗通汽配 (server/db/seed-master.ts)

for (const js of [true, false]) {
  test(`附件管理: upload, thumbnail, open and delete; a text file is refused, JavaScript ${js ? "on" : "off"}`, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: js });
    try {
      const page = await context.newPage();
      await signIn(page, "boss1");
      await page.goto("/system/attachment");
      await expect(page.getByRole("heading", { level: 1, name: "附件管理" })).toBeVisible();
      if (js) await waitForHydration(page);
      const form = page.getByTestId("attachment-upload");

      await form.getByLabel("所属类型").selectOption("product");
      await form.getByLabel("产品编码 / 单据编号").fill(DEMO_CODE_TYPED);
      await form.getByLabel("文件").setInputFiles({ name: "说明.png", mimeType: "image/png", buffer: Buffer.from("这不是图片，只是文字") });
      await page.getByTestId("attachment-submit").click();
      await expect(page.getByTestId("attachment-error")).toHaveText("只能上传 JPG、PNG、WebP、GIF 图片或 PDF 文件（按文件内容判断，改扩展名无效）");
      await expect(form.getByLabel("产品编码 / 单据编号")).toHaveValue(DEMO_CODE_TYPED);

      const name = `零件照片-${suffix()}.png`;
      const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: "#fd7e14" } })
        .png()
        .toBuffer();
      await form.getByLabel("文件").setInputFiles({ name, mimeType: "image/png", buffer: png });
      await page.getByTestId("attachment-submit").click();
      await expectFlash(page, `已上传 ${name}`);

      const row = page.getByTestId("attachment-row").filter({ hasText: name });
      await expect(row).toContainText("产品");
      await expect(row).toContainText("04E 903 186F");
      await expect(row).toContainText("320 × 200");
      const thumb = row.getByTestId("attachment-thumb");
      await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(240);

      const href = (await row.getByTestId("attachment-link").getAttribute("href"))!;
      expect(href).toMatch(/^\/files\/\d+$/);
      const file = await page.request.get(href);
      expect(file.status()).toBe(200);
      expect(file.headers()["content-type"]).toBe("image/png");
      expect(file.headers()["x-content-type-options"]).toBe("nosniff");
      expect(file.headers()["content-disposition"]).toContain(`filename*=UTF-8''${encodeURIComponent(name)}`);
      expect(Buffer.compare(await file.body(), png)).toBe(0);

      // The product's edit dialog shows it too.
      await row.getByRole("link", { name: "04E 903 186F" }).click();
      await expect(page.getByTestId("product-attachments").getByRole("img", { name })).toBeVisible();
      await page.goto("/system/attachment");
      await row.getByRole("link", { name: `删除 ${name}` }).click();
      const confirm = page.getByTestId("attachment-confirm-delete");
      await expect(confirm).toContainText(`此操作将删除选中数据行, 是否继续?（${name}）`);
      await page.getByTestId("attachment-delete-confirm").click();
      await expectFlash(page, "删除成功");
      await expect(page.getByTestId("attachment-row").filter({ hasText: name })).toHaveCount(0);
      expect((await page.request.get(href)).status()).toBe(404);
    } finally {
      await context.close();
    }
  });
}
