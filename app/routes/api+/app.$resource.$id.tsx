import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiChange, apiGet } from "~/services.server";

/** GET /api/app/{resource}/{id}. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return apiGet(request, params.resource, params.id);
}

/** PUT /api/app/{resource}/{id} changes the row; DELETE removes it. */
export function action({ request, params }: ActionFunctionArgs) {
  return apiChange(request, params.resource, params.id);
}
