import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiCollection } from "~/server/kit.server";

/** GET /api/app/{resource}?skipCount&maxResultCount&sorting&filter&… → { totalCount, items }; POST → the created row. */
export function loader({ request, params }: LoaderFunctionArgs) {
  return apiCollection(request, params.resource);
}

export function action({ request, params }: ActionFunctionArgs) {
  return apiCollection(request, params.resource);
}
