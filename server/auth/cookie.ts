import { createCookie } from "@remix-run/node";
import { config } from "../lib/config";
import { WEB_SESSION_MS } from "./session.service";

let cookie: ReturnType<typeof createCookie> | undefined;

/**
 * The session cookie holds only the random session secret (signed). HttpOnly, SameSite=Lax,
 * Path=/, 30 days; Secure with the `__Host-` prefix in production.
 */
export function sessionCookie() {
  if (cookie) return cookie;
  const secret = process.env.SESSION_SECRET;
  if (!secret) throw new Error("SESSION_SECRET 未设置");
  const prod = config.isProduction;
  cookie = createCookie(prod ? "__Host-qp_session" : "qp_session", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: prod,
    maxAge: WEB_SESSION_MS / 1000,
    secrets: secret
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  });
  return cookie;
}

export async function readSessionToken(request: Request): Promise<string | undefined> {
  const header = request.headers.get("Cookie");
  if (!header) return undefined;
  const value = await sessionCookie().parse(header);
  return typeof value === "string" && value ? value : undefined;
}

export function hasSessionCookie(request: Request) {
  const header = request.headers.get("Cookie") ?? "";
  return header.includes(`${sessionCookie().name}=`);
}

export function commitSessionToken(token: string) {
  return sessionCookie().serialize(token);
}

export function clearSessionCookie() {
  return sessionCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}
