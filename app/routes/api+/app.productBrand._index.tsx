import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { BRAND_LIST, apiFailure, createBrand, listBrands, methodNotAllowed, parseListQuery, readBody, requireApiUser } from "~/services.server";

/** GET /api/app/productBrand?skipCount&maxResultCount&sorting&filter&isEnabled → { totalCount, items }. */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requireApiUser(request);
  return json(await listBrands(ctx, parseListQuery(new URL(request.url).searchParams, BRAND_LIST)));
}

/** POST /api/app/productBrand → the created brand (platform operator only). */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const ctx = await requireApiUser(request);
  try {
    return json(await createBrand(ctx, await readBody(request)));
  } catch (e) {
    return apiFailure(e);
  }
}
