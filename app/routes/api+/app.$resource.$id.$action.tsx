import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiDocumentAction } from "~/server/kit.server";

/** POST /api/app/{document}/{id}/{action}: submit, confirm, cancel, reverse … (other methods 405). */
export function loader({ request, params }: LoaderFunctionArgs) {
  return apiDocumentAction(request, params.resource, params.id, params.action);
}

export function action({ request, params }: ActionFunctionArgs) {
  return apiDocumentAction(request, params.resource, params.id, params.action);
}
