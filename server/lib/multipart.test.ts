import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseMultipart, readUploadForm } from "./multipart";

const boundary = "----WebKitFormBoundaryAbCdEf0123456789";
const type = `multipart/form-data; boundary=${boundary}`;
const part = (disposition: string, body: string | number[]) =>
  Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`), Buffer.from(body as never), Buffer.from("\r\n")]);
const bodyOf = (...parts: Buffer[]) => Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]);

/** What Node's own parser (the routes' request.formData()) makes of a body: its entries, or "failure". */
async function nodeReads(body: Buffer) {
  try {
    const form = await new Response(new Uint8Array(body), { headers: { "Content-Type": type } }).formData();
    return [...form].map(([k, v]) => [k, typeof v === "string" ? v : `file:${v.name}`]);
  } catch {
    return "failure";
  }
}
function edgeReads(body: Buffer) {
  const parts = parseMultipart(body, type);
  if (!parts) return "failure";
  const text = (b: Uint8Array) => new TextDecoder().decode(b);
  return parts.map((p) => [text(p.name), p.filename ? `file:${text(p.filename)}` : text(p.body)]);
}

describe("multipart bodies (server/http.ts checks them, the routes read them)", () => {
  it("the edge's reading agrees with Node's, for any file name a browser sends and for malformed ones", async () => {
    const dispositions = [
      'form-data; name="file"; filename="报价单;2024.pdf"',
      'form-data; name="file"; filename="a=b.pdf"',
      'form-data; name="file"; filename="x%22y\'z.pdf"',
      'form-data; name="file"; filename="x; filename=evil.exe"',
      'form-data; name="file"; filename*="名.pdf"',
      'form-data; name="file"; filename=""',
      'form-data; name="a;b=c"',
      'form-data; name="file"; filename=a=b.pdf',
      'form-data; name="file"; filename="x"y.pdf"',
      'form-data; name="file"; filename="a.pdf',
      "form-data; name=file",
      'attachment; name="file"',
      'form-data; filename="a.pdf"; name="file"',
    ];
    for (const d of dispositions) {
      const body = bodyOf(part('form-data; name="intent"', "upload"), part(d, "%PDF-1.4"));
      expect(edgeReads(body), d).toEqual(await nodeReads(body));
    }
    for (const broken of [
      Buffer.from("not multipart"),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="x"\r\n\r\nno end`),
      Buffer.from(`--other\r\n`),
    ]) {
      expect(edgeReads(broken)).toEqual(await nodeReads(broken));
    }
  });

  it("keeps the raw bytes, so the edge can tell invalid UTF-8 from a real U+FFFD", () => {
    const parts = parseMultipart(bodyOf(part('form-data; name="t"', [0xe6, 0x9d]), part('form-data; name="f"; filename="x.pdf"', [0xff, 0x00])), type)!;
    expect(parts.map((p) => [...p.body])).toEqual([
      [0xe6, 0x9d],
      [0xff, 0x00],
    ]);
  });

  it("readUploadForm: a body that cannot be read is a Chinese 400, a file over the limit the page's own error", async () => {
    const request = (body: Buffer) => new Request("http://x/upload", { method: "POST", body: new Uint8Array(body), headers: { "Content-Type": type } });
    await expect(readUploadForm(request(Buffer.from("garbage")), 10, () => new Error("too large"))).rejects.toMatchObject({
      code: "bad_request",
      message: "上传的表单无法读取，请在页面上重新选择文件后提交",
    });
    const big = bodyOf(part('form-data; name="file"; filename="报价单;2024.pdf"', "x".repeat(11)));
    await expect(readUploadForm(request(big), 10, () => new Error("too large"))).rejects.toThrow("too large");
    const form = await readUploadForm(request(big), 11, () => new Error("too large"));
    expect((form.get("file") as File).name).toBe("报价单;2024.pdf");
  });

  it("no route reads a multipart body with Remix's unstable_parseMultipartFormData (it throws on ; and = in a file name: a 500)", () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (
          /\.tsx?$/.test(e.name) &&
          !e.name.endsWith(".test.ts") &&
          /unstable_parseMultipartFormData|unstable_createMemoryUploadHandler/.test(fs.readFileSync(p, "utf8"))
        )
          offenders.push(p);
      }
    };
    walk(path.resolve("app"));
    walk(path.resolve("server"));
    expect(offenders).toEqual([]);
  });
});
