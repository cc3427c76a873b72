import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { getCtx } from "~/server/auth.server";

/** `/`: signed-in users go to /home, everyone else to /login. */
export async function loader({ request }: LoaderFunctionArgs) {
  return redirect((await getCtx(request)) ? "/home" : "/login");
}
