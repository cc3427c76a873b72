import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp } from "../test/http-app";
import { TEST_PASSWORD, useTestDatabase } from "../test/test-db";

/**
 * 附件管理 through the real build and HTTP stack: the body limit of the upload (10 MB there,
 * 2 MB elsewhere), the refusal of a file over 10 MB with the form's message, and how /files/:id
 * answers (headers, 304, 404 for another company, 405 for a write).
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
    const res = await fetch(base + "/auth/user/auth", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ username, password: TEST_PASSWORD }) });
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
    const ok = await fetch(base + "/system/attachment", { method: "POST", headers: boss1, body: uploadForm(pdfOf(3 * 1024 * 1024), "送货回单.pdf"), redirect: "manual" });
    expect(ok.status).toBe(302);
    const stored = (fs.readdirSync(path.join(root, "attachments"), { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(root, "attachments", f)).isFile());
    expect(stored).toHaveLength(1);
    expect(fs.statSync(path.join(root, "attachments", stored[0]!)).size).toBe(3 * 1024 * 1024);
    const elsewhere = await fetch(base + "/profile", { method: "POST", headers: boss1, body: uploadForm(pdfOf(3 * 1024 * 1024), "x.pdf"), redirect: "manual" });
    expect(elsewhere.status).toBe(413);

    const over = await fetch(base + "/system/attachment", { method: "POST", headers: boss1, body: uploadForm(pdfOf(10 * 1024 * 1024 + 1), "大.pdf"), redirect: "manual" });
    expect(over.status).toBe(400);
    expect(await over.text()).toContain("文件不能超过 10 MB");
    // Refused at the door, before the body is read: the page says the limit and links back to the form (same site only).
    const from = `${base}/system/attachment?owner=product&q=<b>"x"`;
    const huge = await fetch(base + "/system/attachment", { method: "POST", headers: { ...boss1, Referer: from }, body: uploadForm(pdfOf(12 * 1024 * 1024), "巨大.pdf"), redirect: "manual" });
    expect(huge.status).toBe(413);
    const page = await huge.text();
    expect(page).toContain("提交的内容过大：附件不能超过 10 MB");
    expect(page).toContain(`<a href="/system/attachment?owner=product&amp;q=%3Cb%3E%22x%22">返回上一页</a>`);
    const foreign = await fetch(base + "/system/attachment", { method: "POST", headers: { ...boss1, Referer: "https://evil.example/x" }, body: uploadForm(pdfOf(12 * 1024 * 1024), "巨大.pdf"), redirect: "manual" });
    expect(foreign.status).toBe(413);
    expect(await foreign.text()).not.toContain("返回上一页");

    const sales1 = await auth("sales1");
    const refused = await fetch(base + "/system/attachment", { method: "POST", headers: sales1, body: uploadForm(pdfOf(100), "x.pdf"), redirect: "manual" });
    expect(refused.status).toBe(403);
  });

  it("serves the file to its company with its type, name, nosniff and private revalidation; 404 to anyone else", async () => {
    const boss1 = await auth("boss1");
    const data = (await (await fetch(base + "/system/attachment?_data=routes/_app%2B/system.attachment", { headers: boss1 })).json()) as { items: { id: number; fileName: string }[] };
    const item = data.items.find((a) => a.fileName === "送货回单.pdf")!;
    expect(item).toBeDefined();

    const res = await fetch(`${base}/files/${item.id}`, { headers: boss1 });
    expect(res.status).toBe(200);
    expect(Object.fromEntries(["content-type", "content-length", "content-disposition", "x-content-type-options", "cache-control"].map((h) => [h, res.headers.get(h)]))).toEqual({
      "content-type": "application/pdf",
      "content-length": String(3 * 1024 * 1024),
      "content-disposition": `attachment; filename="____.pdf"; filename*=UTF-8''${encodeURIComponent("送货回单.pdf")}`,
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-cache",
    });
    expect((await res.arrayBuffer()).byteLength).toBe(3 * 1024 * 1024);
    const again = await fetch(`${base}/files/${item.id}`, { headers: { ...boss1, "If-None-Match": res.headers.get("etag")! } });
    expect(again.status).toBe(304);

    expect((await fetch(`${base}/files/${item.id}/thumb`, { headers: boss1 })).status).toBe(404);
    expect((await fetch(`${base}/files/${item.id}`, { headers: await auth("boss2") })).status).toBe(404);
    expect((await fetch(`${base}/files/${item.id}`, { headers: await auth("admin") })).status).toBe(404);
    for (const bad of ["0", "abc", "1.0", "99999999999"]) expect((await fetch(`${base}/files/${bad}`, { headers: boss1 })).status, bad).toBe(404);
    expect((await fetch(`${base}/files/${item.id}`, { method: "POST", headers: boss1, body: new URLSearchParams() })).status).toBe(405);
    const anonymous = await fetch(`${base}/files/${item.id}`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toContain("/login");
  });
});
