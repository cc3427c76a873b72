import { json } from "@remix-run/node";
import { t } from "./i18n/zh-CN";
import { DomainError, STATUS_OF, isDomainError } from "./errors";

/** Error body of the JSON API: `{ error: { code, message, fields? } }`. */
export function apiError(status: number, code: string, message: string, fields?: Record<string, string[]>) {
  return json({ error: { code, message, ...(fields ? { fields } : {}) } }, { status });
}

/** Maps a thrown DomainError to its JSON answer; rethrows anything else (a real 500). */
export function apiFailure(e: unknown) {
  if (isDomainError(e)) return apiError(STATUS_OF[e.code], e.code, e.message, e.fields);
  throw e;
}

/** The request body as JSON (or a form), never throwing on bad input. */
export async function readBody(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get("Content-Type") ?? "";
  try {
    if (type.includes("application/json")) {
      const body = await request.json();
      if (body && typeof body === "object" && !Array.isArray(body)) return body as Record<string, unknown>;
      throw new DomainError("bad_request", t.errors.badRequest);
    }
    const form = await request.formData();
    return Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string"));
  } catch (e) {
    if (isDomainError(e)) throw e;
    throw new DomainError("bad_request", t.errors.badRequest);
  }
}

/**
 * 405 in the API's error shape, with the route's methods in `Allow` (HEAD goes with GET).
 */
export function methodNotAllowed(allow: readonly string[] = []) {
  const res = apiError(405, "method_not_allowed", t.errors.pages[405]!.message);
  const methods = allow.includes("GET") && !allow.includes("HEAD") ? [...allow, "HEAD"] : allow;
  if (methods.length) res.headers.set("Allow", methods.join(", "));
  return res;
}

export type ApiMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type MethodHandlers = Partial<Record<ApiMethod, () => Promise<Response> | Response>>;

/**
 * One JSON API route: each method it offers, and for every other method (a POST to a read-only
 * route, OPTIONS, PATCH …) 405 in the API's error shape with an `Allow` header, never Remix's
 * English answer. HEAD is answered as GET. A refused request (DomainError) becomes its JSON
 * answer; thrown responses (401/403 from the guards) pass through.
 */
export async function answerMethods(request: Request, handlers: MethodHandlers): Promise<Response> {
  const method = request.method === "HEAD" ? "GET" : request.method.toUpperCase();
  const handler = Object.hasOwn(handlers, method) ? handlers[method as ApiMethod] : undefined;
  if (!handler) return methodNotAllowed(Object.keys(handlers));
  try {
    return await handler();
  } catch (e) {
    return apiFailure(e);
  }
}
