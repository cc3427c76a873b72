import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { bearerToken, requireApiUser, readSessionToken, endSession, methodNotAllowed } from "~/services.server";

/** POST /auth/user/logout ends the calling token's (or cookie's) session. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  await requireApiUser(request);
  const token = bearerToken(request) ?? (await readSessionToken(request));
  if (token) await endSession(token);
  return json({ success: true });
}

export async function loader() {
  return methodNotAllowed();
}
