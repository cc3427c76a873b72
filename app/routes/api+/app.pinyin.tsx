import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { pinyinOf, requireApiUser } from "~/services.server";

/** GET /api/app/pinyin?text=… → { pinYin, initial }: the product form fills both as the name is typed. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request);
  return json(pinyinOf((new URL(request.url).searchParams.get("text") ?? "").slice(0, 100)));
}
