import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { clearSessionCookie, readSessionToken, endSession } from "~/server/auth.server";

/** Logout is a POST (a link cannot sign anyone out); it ends the session row and lands on `/`. */
export async function action({ request }: ActionFunctionArgs) {
  const token = await readSessionToken(request);
  if (token) await endSession(token);
  return redirect("/", { headers: { "Set-Cookie": await clearSessionCookie() } });
}

export async function loader() {
  return redirect("/");
}
