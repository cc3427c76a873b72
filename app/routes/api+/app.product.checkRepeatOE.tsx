import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { isProductCodeTaken, requireApiUser } from "~/services.server";

/** GET /api/app/product/checkRepeatOE?oe=…&id=… → true when the company already has this code (any spelling). */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireApiUser(request);
  const params = new URL(request.url).searchParams;
  const id = Number(params.get("id"));
  return json(await isProductCodeTaken(ctx, (params.get("oe") ?? "").slice(0, 100), Number.isSafeInteger(id) && id > 0 ? id : undefined));
}
