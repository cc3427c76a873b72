import crypto from "node:crypto";

/**
 * AWS Signature Version 4 for the Authorization header, on node:crypto alone (no SDK): enough
 * for an S3-compatible store's PUT, GET and DELETE. Tested against AWS's published examples
 * (server/lib/aws-sigv4.test.ts). Paths are encoded once, the way S3 wants them (other AWS
 * services encode twice; this module never talks to them).
 */
export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service: string;
}

export interface SigV4Request {
  method: string;
  url: URL | string;
  /** Headers to sign besides host and x-amz-date (e.g. content-type, x-amz-content-sha256). */
  headers?: Record<string, string>;
  /** Hex SHA-256 of the body (EMPTY_SHA256 for none), or UNSIGNED-PAYLOAD. */
  payloadHash: string;
}

export const EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

export function sha256Hex(data: string | Uint8Array) {
  return crypto.createHash("sha256").update(data).digest("hex");
}

const hmac = (key: crypto.BinaryLike, data: string) => crypto.createHmac("sha256", key).update(data, "utf8").digest();

/** RFC 3986: A-Z a-z 0-9 - . _ ~ stay, every other byte is %XX in upper case. */
export function uriEncode(s: string) {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function decodeSegment(seg: string) {
  try {
    return decodeURIComponent(seg);
  } catch {
    return seg;
  }
}

/** 20130524T000000Z */
export function amzDate(at: Date) {
  return at
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
}

export function canonicalRequestOf(req: SigV4Request, date: string) {
  const url = typeof req.url === "string" ? new URL(req.url) : req.url;
  const path =
    url.pathname
      .split("/")
      .map((seg) => uriEncode(decodeSegment(seg)))
      .join("/") || "/";
  const query = [...url.searchParams]
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
  const headers = new Map<string, string>();
  for (const [k, v] of Object.entries(req.headers ?? {})) headers.set(k.toLowerCase().trim(), v.trim().replace(/\s+/g, " "));
  headers.set("host", url.host);
  headers.set("x-amz-date", date);
  const names = [...headers.keys()].sort();
  const signedHeaders = names.join(";");
  const canonical = [req.method.toUpperCase(), path, query, names.map((n) => `${n}:${headers.get(n)}\n`).join(""), signedHeaders, req.payloadHash].join("\n");
  return { canonical, signedHeaders };
}

/**
 * The headers that authorise `req` at `at`: x-amz-date and authorization (to send along with
 * the request's own headers; host is the URL's, which fetch sends by itself).
 */
export function signRequest(req: SigV4Request, cred: SigV4Credentials, at: Date = new Date()) {
  const date = amzDate(at);
  const day = date.slice(0, 8);
  const { canonical, signedHeaders } = canonicalRequestOf(req, date);
  const scope = `${day}/${cred.region}/${cred.service}/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", date, scope, sha256Hex(canonical)].join("\n");
  const key = hmac(hmac(hmac(hmac(`AWS4${cred.secretAccessKey}`, day), cred.region), cred.service), "aws4_request");
  const signature = crypto.createHmac("sha256", key).update(stringToSign, "utf8").digest("hex");
  return {
    "x-amz-date": date,
    authorization: `AWS4-HMAC-SHA256 Credential=${cred.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
    signature,
    canonicalRequest: canonical,
    stringToSign,
  };
}
