import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiCreate, apiList } from "~/services.server";

/** GET /api/app/{resource}?skipCount&maxResultCount&sorting&filter&… → { totalCount, items }. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return apiList(request, params.resource);
}

/** POST /api/app/{resource} → the created row. */
export function action({ request, params }: ActionFunctionArgs) {
  return apiCreate(request, params.resource);
}
