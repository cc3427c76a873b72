// First: before anything loads @remix-run/router (see the module).
import { matchRoutes } from "./route-matching";
import crypto from "node:crypto";
import path from "node:path";
import { Readable } from "node:stream";
import { createRequestHandler } from "@remix-run/express";
import { json, writeReadableStreamToWritable, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import type { AgnosticRouteObject } from "@remix-run/router";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import { t } from "./lib/i18n/zh-CN";
import { config } from "./lib/config";
import { describeError } from "./lib/error-log";
import { escapeHtml } from "./lib/html";
import { parseMultipart } from "./lib/multipart";
import { requestScope } from "./lib/request-scope";
import { fileSizeText } from "./system/attachment.input";
import { pagePathsOf } from "./system/page-index";

declare module "@remix-run/node" {
  /** What loaders and actions receive as `context`. */
  interface AppLoadContext {
    ip?: string;
    pagePaths: ReadonlySet<string>;
    /** This response's Content-Security-Policy nonce: every inline <script> carries it. */
    cspNonce?: string;
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** The other methods Remix routes to an action; anything else is 405 before it reaches Remix. */
const ROUTED_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The HTTP server around the Remix app. Every request passes, in order: request id + log
 * line, security headers (CSP nonce), compression, the cross-site refusal for non-GET
 * requests, the sign-in flood guard, the body checks, the refusal of text PostgreSQL cannot
 * store, then static files or Remix.
 */
export function createApp(
  build: ServerBuild,
  opts: { log?: (line: string) => void; publicDir?: string; clientBuildDir?: string; loginRateLimit?: number } = {},
) {
  const log = opts.log ?? ((line: string) => console.log(line));
  const app = express();
  app.disable("x-powered-by");
  if (process.env.TRUST_PROXY) app.set("trust proxy", process.env.TRUST_PROXY);

  app.use(requestLog(log));
  app.use(securityHeaders);
  app.use(compression());
  app.use(refuseCrossSite);
  app.use(signInRateLimit(opts.loginRateLimit ?? config.loginRateLimit));
  app.use(checkRequestBody);
  app.use(refuseUnstorableText);

  const publicDir = opts.publicDir ?? path.resolve("public");
  // The browser build (vite.config.ts: base /build/): file names carry their content hash.
  app.use("/build", express.static(opts.clientBuildDir ?? path.resolve("build/client"), { immutable: true, maxAge: "1y", index: false }));
  app.use(express.static(publicDir, { maxAge: "1h", index: false }));

  const pagePaths = pagePathsOf(build.routes);
  const loadContext = (req: Request, res: Response): AppLoadContext => ({ ip: req.ip, pagePaths, cspNonce: res.locals.cspNonce as string });
  const remix = remixHandler(build, loadContext);
  const api = apiHandler(build, loadContext);
  app.all("*", (req, res, next) => requestScope.run(new Map(), () => api(req, res, () => remix(req, res, next))));
  // Errors raised before Remix (e.g. a malformed percent-encoded path): a Chinese page, no trace.
  // The log gets the error's class and code, never its message (SQL text with user data).
  app.use((err: { status?: number; statusCode?: number }, req: Request, res: Response, _next: NextFunction) => {
    const status = err.status ?? err.statusCode ?? 500;
    if (status >= 500) console.error(`[error] ${String(res.getHeader("X-Request-Id"))} ${req.method} ${req.path} ${describeError(err)}`);
    if (res.headersSent) return res.end();
    refuse(req, res, status, status >= 500 ? t.errors.pages[500]!.message : t.errors.badRequest);
  });
  return app;
}

function requestLog(log: (line: string) => void) {
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.get("X-Request-Id");
    const id = incoming && /^[\w-]{1,64}$/.test(incoming) ? incoming : crypto.randomUUID();
    res.setHeader("X-Request-Id", id);
    // Remix sees it too, so its error log can name the request.
    req.headers["x-request-id"] = id;
    const start = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      // Path only: query strings may carry search terms users would not want in logs.
      log(`${new Date().toISOString()} ${id} ${req.method} ${req.path} ${res.statusCode} ${ms.toFixed(1)}ms`);
    });
    next();
  };
}

/**
 * Scripts run only from this site or inline with this response's nonce; Mantine sets style
 * attributes, hence 'unsafe-inline' for styles (a nonce there would switch it off).
 */
function contentSecurityPolicy(nonce: string) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join("; ");
}

function securityHeaders(_req: Request, res: Response, next: NextFunction) {
  const nonce = crypto.randomBytes(16).toString("base64");
  res.locals.cspNonce = nonce;
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce));
  res.setHeader("X-Frame-Options", "SAMEORIGIN");
  res.setHeader("Referrer-Policy", "same-origin");
  if (config.isProduction) res.setHeader("Strict-Transport-Security", "max-age=15552000");
  next();
}

function wantsJson(req: Request) {
  return req.path.startsWith("/api/") || req.path.startsWith("/auth/") || "_data" in req.query || (req.get("Accept") ?? "").includes("application/json");
}

/** The page a refused form was posted from (same site only), for the refusal page's 返回 link. */
function backPathOf(req: Request): string | null {
  const referer = req.get("Referer");
  if (!referer || !sameSite(req, referer)) return null;
  const u = new URL(referer);
  return u.pathname + u.search;
}

function refuse(req: Request, res: Response, status: number, message: string) {
  if (wantsJson(req)) {
    const code =
      { 400: "bad_request", 403: "forbidden", 411: "length_required", 413: "too_large", 415: "unsupported_media_type", 429: "rate_limited" }[status] ?? "error";
    res.status(status).json({ error: { code, message } });
  } else {
    const back = status === 403 ? null : backPathOf(req);
    res
      .status(status)
      .type("html")
      .send(
        `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>${escapeHtml(message)}</title>` +
          `<body style="font-family:sans-serif;padding:48px;text-align:center"><h1>${status}</h1><p>${escapeHtml(message)}</p>` +
          `<p>${back ? `<a href="${escapeHtml(back)}">${t.errors.backToPage}</a>　` : ""}<a href="/home">${t.errors.backHome}</a></p></body></html>`,
      );
  }
}

function sameSite(req: Request, value: string) {
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    return false;
  }
  if (config.allowedOrigins.includes(u.origin)) return true;
  const host = req.get("X-Forwarded-Host") && req.app.get("trust proxy") ? req.get("X-Forwarded-Host") : req.get("Host");
  return !!host && u.host === host;
}

/**
 * CSRF wall: a state-changing request must come from this site. Bearer-token calls carry no
 * cookie, so a forged cross-site request cannot ride on them: they are exempt.
 */
function refuseCrossSite(req: Request, res: Response, next: NextFunction) {
  if (SAFE_METHODS.has(req.method)) return next();
  const auth = req.get("Authorization") ?? "";
  if (/^Bearer\s/i.test(auth) && !req.get("Cookie")) return next();
  if (req.get("Sec-Fetch-Site") === "cross-site") return refuse(req, res, 403, t.errors.forbiddenOrigin);
  const origin = req.get("Origin");
  if (origin !== undefined) {
    if (!sameSite(req, origin)) return refuse(req, res, 403, t.errors.forbiddenOrigin);
    return next();
  }
  // Old browsers omit Origin on same-origin form posts; fall back to the Referer.
  const referer = req.get("Referer");
  if (referer !== undefined && !sameSite(req, referer)) return refuse(req, res, 403, t.errors.forbiddenOrigin);
  next();
}

/** Largest request bodies: forms and JSON 1 MB; multipart (avatar upload) 2 MB. */
const MAX_BODY = 1024 * 1024;
const MAX_MULTIPART = 2 * 1024 * 1024;
/**
 * The attachment upload (/system/attachment) takes a file of up to config.attachmentMaxBytes:
 * its body may be that plus 1 MB (the form's other fields, and a file slightly over the limit,
 * which the page then refuses with its own message instead of this layer's 413).
 */
const ATTACHMENT_UPLOAD_PATH = "/system/attachment";
const maxMultipart = (req: Request) => (req.path === ATTACHMENT_UPLOAD_PATH ? Math.max(MAX_MULTIPART, config.attachmentMaxBytes + 1024 * 1024) : MAX_MULTIPART);

/**
 * Page actions accept only what an HTML form sends (urlencoded or multipart), the JSON API
 * also JSON; anything else is refused with a message instead of failing inside a route.
 * Oversized bodies are refused before anyone reads them.
 */
function checkRequestBody(req: Request, res: Response, next: NextFunction) {
  if (SAFE_METHODS.has(req.method)) return next();
  // Methods no route handles (PROPFIND, TRACE …): Remix would answer them in English.
  if (!ROUTED_METHODS.has(req.method)) {
    res.setHeader("Allow", [...SAFE_METHODS, ...ROUTED_METHODS].join(", "));
    if (wantsJson(req)) return res.status(405).json({ error: { code: "method_not_allowed", message: t.errors.pages[405]!.message } });
    return refuse(req, res, 405, t.errors.pages[405]!.message);
  }
  const type = (req.get("Content-Type") ?? "").toLowerCase();
  const multipart = type.startsWith("multipart/form-data");
  const length = Number(req.get("Content-Length") ?? 0);
  if (length > (multipart ? maxMultipart(req) : MAX_BODY)) {
    const upload = multipart && req.path === ATTACHMENT_UPLOAD_PATH;
    return refuse(req, res, 413, upload ? `${t.errors.tooLarge}：附件不能超过 ${fileSizeText(config.attachmentMaxBytes)}` : t.errors.tooLarge);
  }
  if (req.get("Transfer-Encoding") && !req.get("Content-Length")) return refuse(req, res, 411, t.errors.lengthRequired);
  const api = req.path.startsWith("/api/") || req.path.startsWith("/auth/");
  const form = multipart || type.startsWith("application/x-www-form-urlencoded");
  const emptyBody = !length && !req.get("Transfer-Encoding");
  // An empty body needs no content type (a bare POST to /logout): the route reads it as an empty form.
  if (emptyBody && !type) {
    req.headers["content-type"] = "application/x-www-form-urlencoded";
    return next();
  }
  const ok = form || (api && (emptyBody || type.startsWith("application/json")));
  if (!ok) return refuse(req, res, 415, t.errors.unsupportedBody);
  next();
}

/**
 * A coarse flood guard: sign-in attempts per minute per client address, counted per instance.
 * The real throttle (per account and address, shared by all instances) is in the database:
 * server/auth/login.service.ts.
 */
function signInRateLimit(limit: number, windowMs = 60_000) {
  const hits = new Map<string, number[]>();
  let lastSweep = Date.now();
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "POST" || !(req.path === "/login" || req.path === "/auth/user/auth")) return next();
    const now = Date.now();
    if (now - lastSweep > windowMs) {
      for (const [k, v] of hits) if (v[v.length - 1]! <= now - windowMs) hits.delete(k);
      lastSweep = now;
    }
    const key = req.ip ?? "unknown";
    const recent = (hits.get(key) ?? []).filter((ts) => ts > now - windowMs);
    if (recent.length >= limit) {
      res.setHeader("Retry-After", String(Math.ceil((recent[0]! + windowMs - now) / 1000)));
      return refuse(req, res, 429, t.login.tooManyAttempts);
    }
    recent.push(now);
    hits.set(key, recent);
    next();
  };
}

/**
 * Text PostgreSQL cannot store (U+0000, or a lone UTF-16 surrogate that has no UTF-8 form)
 * would fail deep inside a query as a 500.
 */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Every key and string of a parsed JSON value, however deep (a loop: no recursion limit to slip under). */
function hasUnstorableText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length) {
    const v = pending.pop();
    if (typeof v === "string") {
      if (UNSTORABLE.test(v)) return true;
    } else if (v !== null && typeof v === "object") {
      for (const [k, child] of Object.entries(v)) {
        if (UNSTORABLE.test(k)) return true;
        pending.push(child);
      }
    }
  }
  return false;
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * Whether bytes are text that can be stored: valid UTF-8 (a lenient decoder would turn
 * invalid bytes into "\uFFFD" and the garbage would be saved as if typed) without U+0000.
 */
function isStorableText(bytes: Uint8Array): boolean {
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    return false;
  }
  return !UNSTORABLE.test(text);
}

const hexValue = (c: number) => (c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x41 && c <= 0x46 ? c - 0x37 : c >= 0x61 && c <= 0x66 ? c - 0x57 : -1);

/**
 * The bytes an application/x-www-form-urlencoded text (a body or a query string) stands for:
 * `%XX` decoded, `+` a space, a `%` without two hex digits kept (as URLSearchParams does).
 * `&` and `=` are ASCII, so no multi-byte character can straddle them: checking the whole
 * decoded text checks every key and value.
 */
function urlencodedBytes(raw: Uint8Array): Uint8Array {
  const out = new Uint8Array(raw.length);
  let n = 0;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    const hi = c === 0x25 && i + 2 < raw.length ? hexValue(raw[i + 1]!) : -1;
    const lo = hi >= 0 ? hexValue(raw[i + 2]!) : -1;
    if (lo >= 0) {
      out[n++] = hi * 16 + lo;
      i += 2;
    } else out[n++] = c === 0x2b ? 0x20 : c;
  }
  return out.subarray(0, n);
}

type BodyProblem = "unstorable" | "malformed" | null;

/**
 * What is wrong with a request body's text, if anything: urlencoded keys and values, every
 * string and key of JSON, multipart field names, file names and text fields (file contents
 * are bytes, not text) must be storable UTF-8; a multipart body must be readable at all.
 */
function bodyProblem(contentType: string, body: Buffer): BodyProblem {
  if (!body.length) return null;
  // The boundary is case-sensitive (a browser's is "----WebKitFormBoundaryAbC…"): only the type is lowered.
  const type = contentType.toLowerCase();
  if (type.startsWith("application/x-www-form-urlencoded")) return isStorableText(urlencodedBytes(body)) ? null : "unstorable";
  if (type.startsWith("application/json")) {
    if (!isStorableText(body)) return "unstorable";
    try {
      return hasUnstorableText(JSON.parse(body.toString("utf8"))) ? "unstorable" : null;
    } catch {
      return null; // not JSON: the route answers that with its own 400
    }
  }
  if (type.startsWith("multipart/form-data")) {
    const parts = parseMultipart(body, contentType);
    if (!parts) return "malformed";
    for (const p of parts) {
      if (!isStorableText(p.name) || (p.filename ? !isStorableText(p.filename) : !isStorableText(p.body))) return "unstorable";
    }
  }
  return null;
}

function readRawBody(req: Request): Promise<Buffer> {
  const limit = maxMultipart(req);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      // checkRequestBody held Content-Length to the limit; a body longer than it said is refused.
      if (size > limit) reject(Object.assign(new Error("body too large"), { status: 413 }));
      else chunks.push(c);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

/**
 * Refuses, with a Chinese 400, any request whose path, query string or body text holds text
 * PostgreSQL cannot store or bytes that are not UTF-8 (and a multipart body no parser can
 * read): every field of every page and API, signed in or not, before any
 * route or query sees it. Bodies (already limited in size) are read here once and handed to
 * Remix from memory (res.locals.body).
 */
async function refuseUnstorableText(req: Request, res: Response, next: NextFunction) {
  try {
    let decodedPath: string;
    try {
      decodedPath = decodeURIComponent(req.path);
    } catch {
      return refuse(req, res, 400, t.errors.badRequest);
    }
    const q = req.originalUrl.indexOf("?");
    const query = q < 0 ? "" : req.originalUrl.slice(q + 1);
    let bad = UNSTORABLE.test(decodedPath) || !isStorableText(urlencodedBytes(Buffer.from(query, "latin1")));
    if (!SAFE_METHODS.has(req.method)) {
      const body = await readRawBody(req);
      res.locals.body = body;
      const problem = bad ? null : bodyProblem(req.get("Content-Type") ?? "", body);
      if (problem === "malformed") return refuse(req, res, 400, t.errors.badMultipart);
      if (problem) bad = true;
    }
    if (bad) return refuse(req, res, 400, t.errors.unstorableText);
    next();
  } catch (e) {
    next(e);
  }
}

/**
 * Remix behind @remix-run/express, with two differences. The request body comes from the
 * buffer that refuseUnstorableText read (the stream is spent by then). Answers that do not say
 * how to cache say no-store: signed-in pages, data and API answers never stay in a browser or
 * proxy cache (static files under /build and public/ are served before this and keep their
 * long cache lifetimes); a route's own header replaces the middleware's (an image's stricter
 * CSP, its caching), cookies add up.
 */
function remixHandler(build: ServerBuild, getLoadContext: (req: Request, res: Response) => AppLoadContext) {
  const handle = createRequestHandler({ build, mode: config.remixMode, getLoadContext });
  return (req: Request, res: Response, next: NextFunction) => {
    res.setHeader("Cache-Control", "no-store");
    const append = res.append.bind(res);
    res.append = ((field: string, value?: string | string[]) =>
      field.toLowerCase() === "set-cookie" ? append(field, value) : res.set(field, value)) as Response["append"];
    const body = res.locals.body as Buffer | undefined;
    return handle(body ? withBufferedBody(req, body) : req, res, next);
  };
}

/** The id prefix of the JSON API's route modules (app/routes/api+/). */
const API_ROUTE = "routes/api+/";

/**
 * The JSON API without Remix (issue 21: its request handling cost more than most API calls'
 * own work): a request whose path Remix would route to a module under app/routes/api+/ (the
 * same route table, matched the same way) is answered here by that module's loader (GET, HEAD,
 * OPTIONS) or action (POST, PUT, PATCH, DELETE), as Remix answers a resource route: its
 * Response, or a thrown Response, as it is; any other error logged by the app's handleError and
 * answered 500 "Unexpected Server Error". The modules do their own guards and permission
 * checks, so nothing about who may do what changes. Requests from Remix's own client (a
 * fetcher's `?_data=`) and everything else go on to Remix.
 */
function apiHandler(build: ServerBuild, getLoadContext: (req: Request, res: Response) => AppLoadContext) {
  const routes = routeTree(build);
  const handleError = build.entry.module.handleError;
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!req.path.startsWith("/api") || req.originalUrl.includes("_data=")) return next();
    const matches = matchRoutes(routes, req.path);
    const leaf = matches?.[matches.length - 1];
    if (!leaf?.route.id?.startsWith(API_ROUTE)) return next();
    const module = build.routes[leaf.route.id]!.module;
    const handler = ROUTED_METHODS.has(req.method) ? module.action : module.loader;
    if (!handler) return next();
    try {
      const request = fetchRequestOf(req, res);
      const context = getLoadContext(req, res);
      const args = { request, params: leaf.params, context };
      let response: globalThis.Response;
      try {
        const value: unknown = await handler(args);
        response = value instanceof globalThis.Response ? value : json(value);
      } catch (e) {
        if (!(e instanceof globalThis.Response)) {
          if (!request.signal.aborted) handleError?.(e, args);
          const detail = config.remixMode === "development" && e instanceof Error ? `\n\n${e.stack}` : "";
          response = new globalThis.Response(`Unexpected Server Error${detail}`, { status: 500, headers: { "Content-Type": "text/plain" } });
        } else {
          e.headers.set("X-Remix-Catch", "yes");
          response = e;
        }
      }
      await sendResponse(res, response);
    } catch (e) {
      next(e);
    }
  };
}

/** The build's route table as react-router matches it (what Remix's server builds from it too). */
function routeTree(build: ServerBuild): AgnosticRouteObject[] {
  const byParent = new Map<string | undefined, ServerBuild["routes"][string][]>();
  for (const r of Object.values(build.routes)) byParent.set(r.parentId, [...(byParent.get(r.parentId) ?? []), r]);
  const children = (parentId: string | undefined): AgnosticRouteObject[] =>
    (byParent.get(parentId) ?? []).map((r) =>
      r.index
        ? { id: r.id, path: r.path, index: true, caseSensitive: r.caseSensitive }
        : { id: r.id, path: r.path, caseSensitive: r.caseSensitive, children: children(r.id) },
    );
  return children(undefined);
}

/** The Fetch API request for a route module, as @remix-run/express makes it (the body from refuseUnstorableText's buffer). */
function fetchRequestOf(req: Request, res: Response): globalThis.Request {
  const port = (h: string | undefined) => Number.parseInt(h?.split(":")[1] ?? "", 10);
  const p = Number.isSafeInteger(port(req.get("X-Forwarded-Host"))) ? port(req.get("X-Forwarded-Host")) : port(req.get("Host"));
  const url = `${req.protocol}://${req.hostname}${Number.isSafeInteger(p) ? `:${p}` : ""}${req.originalUrl}`;
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value) headers.set(key, value);
  }
  let controller: AbortController | null = new AbortController();
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  const buffered = res.locals.body as Buffer | undefined;
  const body = req.method === "GET" || req.method === "HEAD" ? undefined : new Uint8Array(buffered ?? []);
  return new globalThis.Request(url, { method: req.method, headers, signal: controller.signal, body });
}

/** A Fetch API response onto Express, with remixHandler's header rules (no-store unless said, a route's header replaces, cookies add up). */
async function sendResponse(res: Response, response: globalThis.Response) {
  res.setHeader("Cache-Control", "no-store");
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) {
    if (key.toLowerCase() === "set-cookie") res.append(key, value);
    else res.set(key, value);
  }
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

/** The request as @remix-run/express reads it (method, url parts, headers, address), its body replayed from `body`. */
function withBufferedBody(req: Request, body: Buffer): Request {
  const replay = Readable.from(body.length ? [body] : []);
  return Object.assign(replay, {
    method: req.method,
    headers: req.headers,
    originalUrl: req.originalUrl,
    protocol: req.protocol,
    hostname: req.hostname,
    ip: req.ip,
    get: req.get.bind(req),
  }) as unknown as Request;
}
