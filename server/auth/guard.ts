import { json, redirect } from "@remix-run/node";
import { t } from "../lib/i18n/zh-CN";
import { isDomainError, STATUS_OF } from "../lib/errors";
import { clearSessionCookie, hasSessionCookie, readSessionToken } from "./cookie";
import type { Ctx } from "../lib/context";
import { memoInRequest } from "../lib/request-scope";
import { resolveSession } from "./session.service";
import { ensureDictionaryLabels } from "../reference/dictionary-labels.service";
import { readsAsLinked, worksStep } from "../lib/document-chain";

/** The signed-in user of a request, or undefined. Cookie first, then a bearer token. */
export async function getCtx(request: Request): Promise<Ctx | undefined> {
  const token = bearerToken(request) ?? (await readSessionToken(request));
  if (!token) return undefined;
  // 数据字典's labels, as every page and API answer names values (read at most every 15 s).
  await ensureDictionaryLabels();
  // The loaders of one page view share the lookup. Never across a change: a POST (whose
  // action may switch company or end sessions) always reads afresh.
  if (request.method !== "GET" && request.method !== "HEAD") return resolveSession(token);
  return memoInRequest(`session:${token}`, () => resolveSession(token));
}

export function bearerToken(request: Request) {
  const h = request.headers.get("Authorization");
  const m = h && /^Bearer\s+([A-Za-z0-9_\-.~+/=]{10,200})$/i.exec(h.trim());
  return m ? m[1] : undefined;
}

/**
 * A page's signed-in user. Signed-out: redirect to /login remembering the path. A cookie
 * whose session was removed or expired: /login with the "offline" notice, cookie cleared.
 */
export async function requireUser(request: Request): Promise<Ctx> {
  const ctx = await getCtx(request);
  if (ctx) return ctx;
  const url = new URL(request.url);
  const params = new URLSearchParams();
  const here = url.pathname + url.search;
  if (request.method === "GET" && here !== "/" && here !== "/home") params.set("redirectTo", here);
  const stale = hasSessionCookie(request);
  if (stale) params.set("offline", "1");
  const qs = params.toString();
  throw redirect(`/login${qs ? `?${qs}` : ""}`, stale ? { headers: { "Set-Cookie": await clearSessionCookie() } } : undefined);
}

export function forbidden(): never {
  throw json({ message: t.errors.pages[403]!.message }, { status: 403 });
}

/**
 * A page that requires its menu entry: the user's role must hold the menu code (or, given a
 * url, the entry with that url). Whatever the UI hides, the server refuses with 403.
 */
export async function requirePage(request: Request, codeOrUrl: string): Promise<Ctx> {
  const ctx = await requireUser(request);
  requirePermission(ctx, codeOrUrl);
  return ctx;
}

/**
 * A document's page (server/lib/document-chain.ts): its own menu entry opens it to work on
 * (`readOnly` false); whoever works a step of its chain opens it read-only (`readOnly` true: the
 * page offers only that step's actions and no prices the document's price rule hides); anyone
 * else is refused with 403.
 */
export async function requireDocumentPage(request: Request, pageUrl: string, doc: string): Promise<{ ctx: Ctx; readOnly: boolean }> {
  const ctx = await requireUser(request);
  if (ctx.allowedUrls.has(pageUrl)) return { ctx, readOnly: false };
  if (readsAsLinked(ctx, doc)) return { ctx, readOnly: true };
  forbidden();
}

/** A post to a document's page: its own menu entry, or the worker of the step `intent` is. */
export async function requireDocumentAction(request: Request, pageUrl: string, doc: string, intent: string): Promise<Ctx> {
  const ctx = await requireUser(request);
  if (ctx.allowedUrls.has(pageUrl) || worksStep(ctx, doc, intent)) return ctx;
  forbidden();
}

export function requirePermission(ctx: Ctx, codeOrUrl: string) {
  const ok = codeOrUrl.startsWith("/") ? ctx.allowedUrls.has(codeOrUrl) : ctx.permissions.has(codeOrUrl);
  if (!ok) forbidden();
}

/** JSON API calls: a missing, removed or expired session answers 401 JSON (spec 000 §8). */
export async function requireApiUser(request: Request, code?: string): Promise<Ctx> {
  const ctx = await getCtx(request);
  if (!ctx) {
    throw json({ error: { code: "unauthorized", message: t.errors.unauthorized } }, { status: 401 });
  }
  if (code) {
    const ok = code.startsWith("/") ? ctx.allowedUrls.has(code) : ctx.permissions.has(code);
    if (!ok) throw json({ error: { code: "forbidden", message: t.errors.pages[403]!.message } }, { status: 403 });
  }
  return ctx;
}

/**
 * A route's validity check (spec 000 §2): when the URL's parameters make no sense for the
 * page, it is answered as a page that does not exist (404).
 */
export function requireValid(ok: boolean): asserts ok {
  if (!ok) throw json({ message: undefined }, { status: 404 });
}

/** A loader's service call: a DomainError (a row not found, a bad parameter) becomes its page status (404, 400 …), never a 500. */
export async function orErrorPage<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (e) {
    if (isDomainError(e)) throw json({ message: e.message }, { status: STATUS_OF[e.code] });
    throw e;
  }
}
