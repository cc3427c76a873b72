import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { verifyCredentials, API_TOKEN_SECONDS, startSession, SignInThrottled } from "~/server/auth.server";
import { apiFailure, methodNotAllowed, readBody } from "~/server/kit.server";

/** POST /auth/user/auth {username, password} → {access_token, token_type: "Bearer", expires_in}. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  try {
    const body = await readBody(request);
    const userId = await verifyCredentials(
      { username: body.username, password: body.password },
      { ip: context.ip, userAgent: request.headers.get("User-Agent") },
    );
    const { token } = await startSession({ userId, kind: "api", ip: context.ip, userAgent: request.headers.get("User-Agent") });
    return json({ access_token: token, token_type: "Bearer", expires_in: API_TOKEN_SECONDS }, { headers: { "Cache-Control": "no-store" } });
  } catch (e) {
    const res = apiFailure(e);
    if (e instanceof SignInThrottled) res.headers.set("Retry-After", String(e.retryAfterSeconds));
    return res;
  }
}

export async function loader() {
  return methodNotAllowed(["POST"]);
}
