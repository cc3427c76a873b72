import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { EMPTY_SHA256, sha256Hex } from "./aws-sigv4";
import { assertStoreKey, LocalFileStore, S3FileStore } from "./file-store";

const text = async (body: ReadableStream<Uint8Array>) => Buffer.from(await new Response(body).arrayBuffer()).toString("utf8");

describe("file store keys", () => {
  it("accepts generated keys and refuses anything that could leave the root", () => {
    expect(() => assertStoreKey("c12/202611/0b6f2a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b")).not.toThrow();
    expect(() => assertStoreKey("c12/202611/0b6f2a4e.thumb.webp")).not.toThrow();
    for (const bad of ["../x", "a/../b", "/etc/passwd", "a//b", "a\\b", "..", ".", "a/.hidden", "a/b/", "", "c1/名字.png", "a b"]) {
      expect(() => assertStoreKey(bad), bad).toThrow();
    }
  });
});

describe("LocalFileStore", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "qipei-store-"));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const store = new LocalFileStore(root);

  it("writes through a temporary file and a rename: only the final file remains; reads and removes it", async () => {
    await store.put("c1/202611/abc", new TextEncoder().encode("第一版"), "text/plain");
    await store.put("c1/202611/abc", new TextEncoder().encode("second"), "text/plain");
    expect(fs.readdirSync(path.join(root, "c1/202611"))).toEqual(["abc"]);
    const got = await store.get("c1/202611/abc");
    expect(got?.size).toBe(6);
    expect(await text(got!.body)).toBe("second");
    await store.remove("c1/202611/abc");
    expect(await store.get("c1/202611/abc")).toBeUndefined();
    await expect(store.remove("c1/202611/abc")).resolves.toBeUndefined();
  });

  it("refuses a key that names a path outside its root before touching the disk", async () => {
    await expect(store.put("../escaped", new Uint8Array([1]), "x")).rejects.toThrow(/invalid file store key/);
    await expect(store.get("c1/../../etc/passwd")).rejects.toThrow(/invalid file store key/);
    expect(fs.existsSync(path.join(root, "..", "escaped"))).toBe(false);
  });
});

describe("S3FileStore", () => {
  it("PUTs, GETs and DELETEs path-style with a SigV4 Authorization and the body's SHA-256", async () => {
    const objects = new Map<string, { body: Uint8Array; type: string }>();
    const seen: { method: string; url: string; headers: Record<string, string> }[] = [];
    const fakeS3 = (async (input: URL | RequestInfo, init?: RequestInit) => {
      const url = new URL(String(input));
      const headers = Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]));
      const method = init?.method ?? "GET";
      seen.push({ method, url: url.href, headers });
      if (
        !/^AWS4-HMAC-SHA256 Credential=AK\/\d{8}\/eu-central-1\/s3\/aws4_request, SignedHeaders=[a-z0-9;-]+, Signature=[0-9a-f]{64}$/.test(
          headers.authorization ?? "",
        )
      ) {
        return new Response("denied", { status: 403 });
      }
      const key = url.pathname;
      if (method === "PUT") {
        const body = new Uint8Array(init!.body as Uint8Array);
        if (headers["x-amz-content-sha256"] !== sha256Hex(body)) return new Response("bad hash", { status: 400 });
        objects.set(key, { body, type: headers["content-type"]! });
        return new Response(null, { status: 200 });
      }
      if (method === "GET") {
        const o = objects.get(key);
        return o
          ? new Response(o.body as BodyInit, { status: 200, headers: { "content-length": String(o.body.length) } })
          : new Response("<NoSuchKey/>", { status: 404 });
      }
      if (method === "DELETE") {
        objects.delete(key);
        return new Response(null, { status: 204 });
      }
      return new Response(null, { status: 405 });
    }) as typeof fetch;
    const store = new S3FileStore(
      { endpoint: "http://minio.local:9000/", bucket: "qipei", accessKeyId: "AK", secretAccessKey: "SK", region: "eu-central-1" },
      fakeS3,
    );

    await store.put("c3/202611/k1", new TextEncoder().encode("收货单扫描"), "application/pdf");
    expect(seen[0]).toMatchObject({ method: "PUT", url: "http://minio.local:9000/qipei/c3/202611/k1" });
    expect(seen[0]!.headers.authorization).toContain("SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date,");
    expect(objects.get("/qipei/c3/202611/k1")?.type).toBe("application/pdf");

    const got = await store.get("c3/202611/k1");
    expect(got?.size).toBe(15);
    expect(await text(got!.body)).toBe("收货单扫描");
    expect(seen[1]!.headers["x-amz-content-sha256"]).toBe(EMPTY_SHA256);

    await store.remove("c3/202611/k1");
    expect(await store.get("c3/202611/k1")).toBeUndefined();
    await expect(store.put("../x", new Uint8Array([1]), "x")).rejects.toThrow(/invalid file store key/);
  });

  it("reports a refused request as an error, not as a stored file", async () => {
    const store = new S3FileStore(
      { endpoint: "https://s3.example.com", bucket: "b", accessKeyId: "AK", secretAccessKey: "SK", region: "us-east-1" },
      (async () => new Response("<AccessDenied/>", { status: 403 })) as typeof fetch,
    );
    await expect(store.put("c1/k", new Uint8Array([1]), "image/png")).rejects.toThrow("S3 PUT failed: HTTP 403");
    await expect(store.get("c1/k")).rejects.toThrow("S3 GET failed: HTTP 403");
    await expect(store.remove("c1/k")).rejects.toThrow("S3 DELETE failed: HTTP 403");
  });
});
