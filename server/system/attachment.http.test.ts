import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp } from "../test/http-app";
import { TEST_PASSWORD, useTestDatabase } from "../test/test-db";

/**
 * 附件管理 through the real build and HTTP stack: the body limit of the upload (10 MB there,
 * 2 MB elsewhere), the refusal of a file over 10 MB with the form's message, how /files/:id
 * answers (headers, 404 for another company, 405 for a write), and any file name a browser
 * can send (stored as named, or a Chinese 400: never a 500).
 */
describe("attachments over HTTP: /system/attachment and /files/:id", () => {
  useTestDatabase();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "qipei-attachments-http-"));
  const dataDir = process.env.DATA_DIR;
  let base = "";
  let close: () => Promise<unknown>;
  beforeAll(async () => {
    // The build has its own copy of the file store module: it is pointed at a temporary DATA_DIR (read on first use).
    process.env.DATA_DIR = root;
    ({ base, close } = await startTestApp());
  });
  afterAll(async () => {
    await close?.();
    if (dataDir === undefined) delete process.env.DATA_DIR;
    else process.env.DATA_DIR = dataDir;
    fs.rmSync(root, { recursive: true, force: true });
  });

  async function auth(username: string) {
    const res = await fetch(base + "/auth/user/auth", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username, password: TEST_PASSWORD }),
    });
    const { access_token } = (await res.json()) as { access_token: string };
    return { Authorization: `Bearer ${access_token}` };
  }

  const pdfOf = (bytes: number) => {
    const b = new Uint8Array(bytes);
    b.set(new TextEncoder().encode("%PDF-1.4\n"));
    return b;
  };
  const uploadForm = (file: Uint8Array, name: string) => {
    const form = new FormData();
    form.set("intent", "upload");
    form.set("ownerType", "product");
    form.set("ownerNo", "04E903186F");
    form.set("file", new File([file as BlobPart], name, { type: "application/pdf" }));
    return form;
  };

  it("takes a 3 MB scan on the attachment page (other forms stop at 2 MB), refuses 10 MB + 1 with its message and 12 MB at the door", async () => {
    const boss1 = await auth("boss1");
    const ok = await fetch(base + "/system/attachment", {
      method: "POST",
      headers: boss1,
      body: uploadForm(pdfOf(3 * 1024 * 1024), "送货回单.pdf"),
      redirect: "manual",
    });
    expect(ok.status).toBe(302);
    const stored = (fs.readdirSync(path.join(root, "attachments"), { recursive: true }) as string[]).filter((f) =>
      fs.statSync(path.join(root, "attachments", f)).isFile(),
    );
    expect(stored).toHaveLength(1);
    expect(fs.statSync(path.join(root, "attachments", stored[0]!)).size).toBe(3 * 1024 * 1024);
    const elsewhere = await fetch(base + "/profile", { method: "POST", headers: boss1, body: uploadForm(pdfOf(3 * 1024 * 1024), "x.pdf"), redirect: "manual" });
    expect(elsewhere.status).toBe(413);

    const over = await fetch(base + "/system/attachment", {
      method: "POST",
      headers: boss1,
      body: uploadForm(pdfOf(10 * 1024 * 1024 + 1), "大.pdf"),
      redirect: "manual",
    });
    expect(over.status).toBe(400);
    expect(await over.text()).toContain("文件不能超过 10 MB");
    // Refused at the door, before the body is read: the page says the limit and links back to the form (same site only).
    const from = `${base}/system/attachment?owner=product&q=<b>"x"`;
    const huge = await fetch(base + "/system/attachment", {
      method: "POST",
      headers: { ...boss1, Referer: from },
      body: uploadForm(pdfOf(12 * 1024 * 1024), "巨大.pdf"),
      redirect: "manual",
    });
    expect(huge.status).toBe(413);
    const page = await huge.text();
    expect(page).toContain("提交的内容过大：附件不能超过 10 MB");
    expect(page).toContain(`<a href="/system/attachment?owner=product&amp;q=%3Cb%3E%22x%22">返回上一页</a>`);
    const foreign = await fetch(base + "/system/attachment", {
      method: "POST",
      headers: { ...boss1, Referer: "https://evil.example/x" },
      body: uploadForm(pdfOf(12 * 1024 * 1024), "巨大.pdf"),
      redirect: "manual",
    });
    expect(foreign.status).toBe(413);
    expect(await foreign.text()).not.toContain("返回上一页");

    const sales1 = await auth("sales1");
    const refused = await fetch(base + "/system/attachment", { method: "POST", headers: sales1, body: uploadForm(pdfOf(100), "x.pdf"), redirect: "manual" });
    expect(refused.status).toBe(403);
  });

  it("serves the file to its company with its type, name, nosniff and no-store; 404 to anyone else", async () => {
    const boss1 = await auth("boss1");
    const data = (await (await fetch(base + "/system/attachment?_data=routes/_app%2B/system%2B/attachment", { headers: boss1 })).json()) as {
      items: { id: number; fileName: string }[];
    };
    const item = data.items.find((a) => a.fileName === "送货回单.pdf")!;
    expect(item).toBeDefined();

    const res = await fetch(`${base}/files/${item.id}`, { headers: boss1 });
    expect(res.status).toBe(200);
    expect(
      Object.fromEntries(
        ["content-type", "content-length", "content-disposition", "x-content-type-options", "cache-control"].map((h) => [h, res.headers.get(h)]),
      ),
    ).toEqual({
      "content-type": "application/pdf",
      "content-length": String(3 * 1024 * 1024),
      "content-disposition": `attachment; filename="____.pdf"; filename*=UTF-8''${encodeURIComponent("送货回单.pdf")}`,
      "x-content-type-options": "nosniff",
      "cache-control": "no-store",
    });
    expect((await res.arrayBuffer()).byteLength).toBe(3 * 1024 * 1024);

    expect((await fetch(`${base}/files/${item.id}/thumb`, { headers: boss1 })).status).toBe(404);
    expect((await fetch(`${base}/files/${item.id}`, { headers: await auth("boss2") })).status).toBe(404);
    expect((await fetch(`${base}/files/${item.id}`, { headers: await auth("admin") })).status).toBe(404);
    for (const bad of ["0", "abc", "1.0", "99999999999"]) expect((await fetch(`${base}/files/${bad}`, { headers: boss1 })).status, bad).toBe(404);
    expect((await fetch(`${base}/files/${item.id}`, { method: "POST", headers: boss1, body: new URLSearchParams() })).status).toBe(405);
    const anonymous = await fetch(`${base}/files/${item.id}`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toContain("/login");
  });

  const attachmentList = async (headers: Record<string, string>) =>
    (
      (await (await fetch(base + "/system/attachment?_data=routes/_app%2B/system%2B/attachment", { headers })).json()) as {
        items: { id: number; fileName: string }[];
      }
    ).items;
  /** What filename* says (RFC 5987): UTF-8, percent-encoded, ' ( ) * too. */
  const rfc5987 = (name: string) => encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

  it("any file name a browser sends is stored as named and offered back intact (RFC 5987), never a 500", async () => {
    const boss1 = await auth("boss1");
    const long = "很长的文件名".repeat(40);
    const names: [sent: string, stored: string][] = [
      ["报价单;2024.pdf", "报价单;2024.pdf"],
      ["a=b.pdf", "a=b.pdf"],
      ["\"引号\" 和 '单引号'.pdf", "\"引号\" 和 '单引号'.pdf"],
      ["x; filename=evil.exe.pdf", "x; filename=evil.exe.pdf"],
      // A literal "%22" reads as a quote: that is how browsers send ", so the two cannot be told apart.
      ["<b>&amp;%22 (1) *.pdf", '<b>&amp;" (1) *.pdf'],
      ["🚗 配件 ñ.pdf", "🚗 配件 ñ.pdf"],
      [`${long}.pdf`, `${[...long].slice(0, 110).join("")}.pdf`],
    ];
    for (const [sent, stored] of names) {
      const res = await fetch(base + "/system/attachment", { method: "POST", headers: boss1, body: uploadForm(pdfOf(100), sent), redirect: "manual" });
      expect(res.status, sent).toBe(302);
      const item = (await attachmentList(boss1)).find((a) => a.fileName === stored);
      expect(item, sent).toBeDefined();
      const file = await fetch(`${base}/files/${item!.id}`, { headers: boss1 });
      expect(file.status).toBe(200);
      const disposition = file.headers.get("content-disposition")!;
      expect(disposition.endsWith(`; filename*=UTF-8''${rfc5987(stored)}`), disposition).toBe(true);
      // The ASCII fallback is one quoted string: nothing of the name ends it early or adds a parameter.
      expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]*"; filename\*=UTF-8''[A-Za-z0-9%!._~-]+$/);
      expect(/^attachment; filename="([^"\\;]*)"; filename\*/.test(disposition), disposition).toBe(true);
      expect(file.headers.get("cache-control")).toBe("no-store");
    }
  });

  it("a multipart body no parser can read, or a file name or field that is not UTF-8, is a Chinese 400", async () => {
    const boss1 = await auth("boss1");
    const before = (await attachmentList(boss1)).length;
    const boundary = "----WebKitFormBoundaryQiPeiAbC123xyz";
    const body = (disposition: Buffer | string, file = Buffer.from("%PDF-1.4\n")) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nupload\r\n--${boundary}\r\nContent-Disposition: form-data; name="ownerType"\r\n\r\nproduct\r\n`,
        ),
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="ownerNo"\r\n\r\n04E903186F\r\n--${boundary}\r\n`),
        Buffer.from("Content-Disposition: "),
        Buffer.from(disposition),
        Buffer.from(`\r\nContent-Type: application/pdf\r\n\r\n`),
        file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
    const send = (b: Buffer, headers: Record<string, string> = {}) =>
      fetch(base + "/system/attachment", {
        method: "POST",
        headers: { ...boss1, "Content-Type": `multipart/form-data; boundary=${boundary}`, ...headers },
        body: new Uint8Array(b),
        redirect: "manual",
      });
    // As a browser sends it (raw UTF-8 in quotes): stored. The boundary's capitals matter.
    const ok = await send(body(Buffer.from('form-data; name="file"; filename="报价单;2024=终版.pdf"')));
    expect(ok.status).toBe(302);
    expect((await attachmentList(boss1)).map((a) => a.fileName)).toContain("报价单;2024=终版.pdf");
    // Unquoted, half-quoted, a quote inside: no parser reads these; the answer says so in Chinese.
    for (const d of [
      'form-data; name="file"; filename=a=b.pdf',
      'form-data; name="file"; filename="a.pdf',
      'form-data; name="file"; filename="x"y.pdf"',
      "form-data; name=file",
    ]) {
      const res = await send(body(Buffer.from(d)), { Accept: "application/json" });
      expect(res.status, d).toBe(400);
      expect(await res.json(), d).toEqual({ error: { code: "bad_request", message: "上传的表单无法读取，请在页面上重新选择文件后提交" } });
    }
    // Bytes that are not UTF-8 in a file name, or in a text field, are refused like NUL (not stored as "\uFFFD").
    const latin1Name = Buffer.concat([Buffer.from('form-data; name="file"; filename="'), Buffer.from([0xb1, 0xa8, 0xbc, 0xdb]), Buffer.from('.pdf"')]);
    for (const b of [
      body(latin1Name),
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="ownerNo"\r\n\r\n`),
        Buffer.from([0xff, 0xfe]),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    ]) {
      const res = await send(b, { Accept: "application/json" });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe("提交的内容含有无法识别的字符（如空字符），请删除后重试");
    }
    // A file's own bytes are not text: a PDF with bytes that are not UTF-8 is fine.
    const binary = Buffer.from([...Buffer.from("%PDF-1.4\n"), 0xff, 0xfe, 0x00]);
    expect((await send(body(Buffer.from('form-data; name="file"; filename="二进制.pdf"'), binary))).status).toBe(302);
    expect((await attachmentList(boss1)).length).toBe(before + 2);
  });

  it("a picture's thumbnail is not stored by the browser either; an avatar of any file name is taken", async () => {
    const boss1 = await auth("boss1");
    const png = new Uint8Array(
      await sharp({ create: { width: 300, height: 200, channels: 3, background: "#fd7e14" } })
        .png()
        .toBuffer(),
    );
    const form = uploadForm(png, "照片;1=2.png");
    form.set("file", new File([png as BlobPart], "照片;1=2.png", { type: "image/png" }));
    expect((await fetch(base + "/system/attachment", { method: "POST", headers: boss1, body: form, redirect: "manual" })).status).toBe(302);
    const item = (await attachmentList(boss1)).find((a) => a.fileName === "照片;1=2.png")!;
    const thumb = await fetch(`${base}/files/${item.id}/thumb`, { headers: boss1 });
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get("content-type")).toBe("image/webp");
    expect(thumb.headers.get("cache-control")).toBe("no-store");

    for (const name of ["报价单;2024.png", "a=b.png", 'x"y.png']) {
      const avatar = new FormData();
      avatar.set("intent", "avatar");
      avatar.set("avatar", new File([png as BlobPart], name, { type: "image/png" }));
      const res = await fetch(base + "/profile", { method: "POST", headers: boss1, body: avatar, redirect: "manual" });
      expect(res.status, name).toBe(302);
    }
  });
});
