import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { apiFailure, deleteBrand, getBrand, methodNotAllowed, readBody, requireApiUser, updateBrand } from "~/services.server";

/** GET /api/app/productBrand/{id}. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const ctx = await requireApiUser(request);
  try {
    return json(await getBrand(ctx, Number(params.id)));
  } catch (e) {
    return apiFailure(e);
  }
}

/** PUT /api/app/productBrand/{id} changes it; DELETE removes it (platform operator only). */
export async function action({ request, params }: ActionFunctionArgs) {
  const ctx = await requireApiUser(request);
  const id = Number(params.id);
  try {
    if (request.method === "PUT") return json(await updateBrand(ctx, id, await readBody(request)));
    if (request.method === "DELETE") {
      await deleteBrand(ctx, id);
      return json({ success: true });
    }
    return methodNotAllowed();
  } catch (e) {
    return apiFailure(e);
  }
}
