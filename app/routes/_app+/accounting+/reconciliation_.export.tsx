import type { LoaderFunctionArgs } from "@remix-run/node";
import { reconciliationExportOf } from "~/server/finance.server";

/**
 * /accounting/reconciliation/export?partnerId=…&from=…&to=… — the statement as .xlsx. A resource
 * route (no component): a page route's loader Response would be read as the page's data.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  url.searchParams.set("export", "1");
  return (await reconciliationExportOf(new Request(url, { headers: request.headers })))!;
}
