import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { apiFailure, importProductBatch, methodNotAllowed, readBody, requireApiUser } from "~/services.server";

/** POST /api/app/product/batch { data: [{ basicInfo, productTemplateLibId }] } → the new product ids (all or none). */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const ctx = await requireApiUser(request);
  try {
    return json(await importProductBatch(ctx, await readBody(request)));
  } catch (e) {
    return apiFailure(e);
  }
}

export function loader() {
  return methodNotAllowed();
}
