import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiItem } from "~/server/kit.server";

/** GET /api/app/{resource}/{id} reads the row; PUT changes the fields sent; DELETE removes it; other methods 405. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return apiItem(request, params.resource, params.id);
}

export function action({ request, params }: ActionFunctionArgs) {
  return apiItem(request, params.resource, params.id);
}
