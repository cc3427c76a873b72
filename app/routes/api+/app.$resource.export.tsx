import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { apiExport } from "~/server/kit.server";

/** POST /api/app/{resource}/export { sheetName, outPutFileName, filter, excelColumes } → .xlsx, streamed. */
export function action({ request, params }: ActionFunctionArgs) {
  return apiExport(request, params.resource);
}

export function loader({ request, params }: LoaderFunctionArgs) {
  return apiExport(request, params.resource);
}
