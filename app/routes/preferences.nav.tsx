import type { ActionFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { safeRedirect } from "~/server/kit.server";

/** Remembers the drawer's mini/full state in a cookie so the server renders it right away. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const nav = form.get("nav") === "mini" ? "mini" : "full";
  const cookie = `qp_nav=${nav}; Path=/; Max-Age=31536000; SameSite=Lax`;
  if (new URL(request.url).searchParams.has("_data")) return json({ nav }, { headers: { "Set-Cookie": cookie } });
  return redirect(safeRedirect(form.get("redirectTo")), { headers: { "Set-Cookie": cookie } });
}

export async function loader() {
  return redirect("/home");
}
