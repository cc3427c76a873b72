import crypto from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { EMPTY_SHA256, sha256Hex, signRequest } from "./aws-sigv4";
import { config } from "./config";

/**
 * Where uploaded files live: on disk under DATA_DIR/attachments, or in an S3-compatible
 * bucket when S3_* is configured (config.s3). Callers name files with keys they generate
 * (`assertStoreKey`): a user's file name never becomes a path.
 */
export interface StoredFile {
  size: number;
  body: ReadableStream<Uint8Array>;
}

export interface FileStore {
  readonly kind: "local" | "s3";
  /** Writes the whole file, or nothing (a reader never sees half of it). */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The file, or undefined when there is none under `key`. */
  get(key: string): Promise<StoredFile | undefined>;
  /** Removes the file; a missing one is no error. */
  remove(key: string): Promise<void>;
}

/** Segments of letters, digits, `_` and `-`, each with optional `.ext` parts: no `..`, no absolute path, no backslash. */
const KEY = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9]+)*(?:\/[A-Za-z0-9_-]+(?:\.[A-Za-z0-9]+)*)*$/;

export function assertStoreKey(key: string) {
  if (key.length > 300 || !KEY.test(key)) throw new Error(`invalid file store key: ${JSON.stringify(key).slice(0, 80)}`);
}

export class LocalFileStore implements FileStore {
  readonly kind = "local";
  readonly root: string;
  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private pathOf(key: string) {
    assertStoreKey(key);
    const full = path.resolve(this.root, key);
    // Belt and braces: the key pattern already rules out leaving the root.
    if (!full.startsWith(this.root + path.sep)) throw new Error("file store key leaves the root");
    return full;
  }

  // The type is the database's to remember; a file on disk is just its bytes.
  async put(key: string, bytes: Uint8Array, _contentType?: string) {
    const full = this.pathOf(key);
    await fs.mkdir(path.dirname(full), { recursive: true });
    // Written next to its final name and renamed: the rename is atomic on one file system.
    const tmp = `${full}.${crypto.randomBytes(6).toString("hex")}.tmp`;
    const fh = await fs.open(tmp, "wx", 0o640);
    try {
      await fh.writeFile(bytes);
      await fh.sync();
    } catch (e) {
      await fh.close();
      await fs.rm(tmp, { force: true });
      throw e;
    }
    await fh.close();
    try {
      await fs.rename(tmp, full);
    } catch (e) {
      await fs.rm(tmp, { force: true });
      throw e;
    }
  }

  async get(key: string): Promise<StoredFile | undefined> {
    const full = this.pathOf(key);
    let size: number;
    try {
      const st = await fs.stat(full);
      if (!st.isFile()) return undefined;
      size = st.size;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw e;
    }
    return { size, body: Readable.toWeb(createReadStream(full)) as unknown as ReadableStream<Uint8Array> };
  }

  async remove(key: string) {
    await fs.rm(this.pathOf(key), { force: true });
  }
}

export interface S3Options {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

/**
 * An S3-compatible bucket (AWS S3, MinIO, Ceph, R2 …) over plain fetch with Signature V4,
 * addressed path-style (`endpoint/bucket/key`), which every such service accepts.
 */
export class S3FileStore implements FileStore {
  readonly kind = "s3";
  constructor(
    private readonly opts: S3Options,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  private urlOf(key: string) {
    assertStoreKey(key);
    return new URL(`${this.opts.endpoint.replace(/\/+$/, "")}/${encodeURIComponent(this.opts.bucket)}/${key}`);
  }

  private async send(method: string, key: string, body?: Uint8Array, contentType?: string) {
    const url = this.urlOf(key);
    const payloadHash = body ? sha256Hex(body) : EMPTY_SHA256;
    const headers: Record<string, string> = { "x-amz-content-sha256": payloadHash };
    if (contentType) headers["content-type"] = contentType;
    const signed = signRequest({ method, url, headers, payloadHash }, { ...this.opts, service: "s3" });
    return this.fetchImpl(url, {
      method,
      headers: { ...headers, "x-amz-date": signed["x-amz-date"], authorization: signed.authorization },
      // A Uint8Array is an ArrayBufferView body; the DOM typing wants an ArrayBuffer-backed one.
      body: body as BodyInit | undefined,
    });
  }

  async put(key: string, bytes: Uint8Array, contentType: string) {
    const res = await this.send("PUT", key, bytes, contentType);
    await res.body?.cancel();
    if (!res.ok) throw new Error(`S3 PUT failed: HTTP ${res.status}`);
  }

  async get(key: string): Promise<StoredFile | undefined> {
    const res = await this.send("GET", key);
    if (res.status === 404) {
      await res.body?.cancel();
      return undefined;
    }
    if (!res.ok || !res.body) {
      await res.body?.cancel();
      throw new Error(`S3 GET failed: HTTP ${res.status}`);
    }
    return { size: Number(res.headers.get("content-length") ?? 0), body: res.body };
  }

  async remove(key: string) {
    const res = await this.send("DELETE", key);
    await res.body?.cancel();
    if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE failed: HTTP ${res.status}`);
  }
}

let current: FileStore | undefined;

/** The configured store, made on first use. */
export function fileStore(): FileStore {
  if (!current) {
    const s3 = config.s3;
    current = s3 ? new S3FileStore(s3) : new LocalFileStore(path.join(config.dataDir, "attachments"));
  }
  return current;
}

/** Tests: use this store (undefined: the configured one again). */
export function setFileStore(store: FileStore | undefined) {
  current = store;
}
