import crypto from "node:crypto";
import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import { t } from "./lib/i18n/zh-CN";
import { config } from "./lib/config";
import { requestScope } from "./lib/request-scope";
import { pagePathsOf } from "./system/page-index";

declare module "@remix-run/node" {
  /** What loaders and actions receive as `context`. */
  interface AppLoadContext {
    ip?: string;
    pagePaths: ReadonlySet<string>;
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The HTTP server around the Remix app. Every request passes, in order: request id + log
 * line, security headers, compression, the cross-site refusal for non-GET requests, the
 * sign-in rate limit, then static files or Remix.
 */
export function createApp(
  build: ServerBuild,
  opts: { log?: (line: string) => void; publicDir?: string; loginRateLimit?: number } = {},
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

  const publicDir = opts.publicDir ?? path.resolve("public");
  app.use("/build", express.static(path.join(publicDir, "build"), { immutable: true, maxAge: "1y", index: false }));
  app.use(express.static(publicDir, { maxAge: "1h", index: false }));

  const pagePaths = pagePathsOf(build.routes);
  const remix = createRequestHandler({
    build,
    mode: config.remixMode,
    getLoadContext: (req) => ({ ip: req.ip, pagePaths }),
  });
  app.all("*", (req, res, next) => requestScope.run(new Map(), () => remix(req, res, next)));
  // Errors raised before Remix (e.g. a malformed percent-encoded path): a Chinese page, no trace.
  app.use((err: { status?: number; statusCode?: number }, req: Request, res: Response, _next: NextFunction) => {
    const status = err.status ?? err.statusCode ?? 500;
    if (status >= 500) console.error(`[error] ${req.method} ${req.path}`, err);
    refuse(req, res, status, status >= 500 ? t.errors.pages[500]!.message : t.errors.badRequest);
  });
  return app;
}

function requestLog(log: (line: string) => void) {
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.get("X-Request-Id");
    const id = incoming && /^[\w-]{1,64}$/.test(incoming) ? incoming : crypto.randomUUID();
    res.setHeader("X-Request-Id", id);
    const start = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      // Path only: query strings may carry search terms users would not want in logs.
      log(`${new Date().toISOString()} ${id} ${req.method} ${req.path} ${res.statusCode} ${ms.toFixed(1)}ms`);
    });
    next();
  };
}

function securityHeaders(_req: Request, res: Response, next: NextFunction) {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Content-Security-Policy", "frame-ancestors 'self'");
  res.setHeader("X-Frame-Options", "SAMEORIGIN");
  res.setHeader("Referrer-Policy", "same-origin");
  if (config.isProduction) res.setHeader("Strict-Transport-Security", "max-age=15552000");
  next();
}

function wantsJson(req: Request) {
  return req.path.startsWith("/api/") || req.path.startsWith("/auth/") || "_data" in req.query || (req.get("Accept") ?? "").includes("application/json");
}

function refuse(req: Request, res: Response, status: number, message: string) {
  if (wantsJson(req)) {
    const code = { 400: "bad_request", 403: "forbidden", 411: "length_required", 413: "too_large", 415: "unsupported_media_type", 429: "rate_limited" }[status] ?? "error";
    res.status(status).json({ error: { code, message } });
  } else {
    res
      .status(status)
      .type("html")
      .send(
        `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>${message}</title>` +
          `<body style="font-family:sans-serif;padding:48px;text-align:center"><h1>${status}</h1><p>${message}</p>` +
          `<p><a href="/home">${t.errors.backHome}</a></p></body></html>`,
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
 * Page actions accept only what an HTML form sends (urlencoded or multipart), the JSON API
 * also JSON; anything else is refused with a message instead of failing inside a route.
 * Oversized bodies are refused before anyone reads them.
 */
function checkRequestBody(req: Request, res: Response, next: NextFunction) {
  if (SAFE_METHODS.has(req.method)) return next();
  const type = (req.get("Content-Type") ?? "").toLowerCase();
  const multipart = type.startsWith("multipart/form-data");
  const length = Number(req.get("Content-Length") ?? 0);
  if (length > (multipart ? MAX_MULTIPART : MAX_BODY)) return refuse(req, res, 413, t.errors.tooLarge);
  if (req.get("Transfer-Encoding") && !req.get("Content-Length")) return refuse(req, res, 411, t.errors.lengthRequired);
  const api = req.path.startsWith("/api/") || req.path.startsWith("/auth/");
  const form = multipart || type.startsWith("application/x-www-form-urlencoded");
  const emptyBody = !length && !req.get("Transfer-Encoding");
  const ok = form || (api && (emptyBody || type.startsWith("application/json")));
  if (!ok) return refuse(req, res, 415, t.errors.unsupportedBody);
  next();
}

/** Sign-in attempts per minute per client address (10 by default; per instance, the lockout is in the database). */
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
