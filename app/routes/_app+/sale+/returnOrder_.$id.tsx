import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { ReturnDocumentPage } from "~/components/documents/ReturnPage";
import { useDocumentRouteData } from "~/components/documents/route-data";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { loadSalesReturnPage, salesReturnPageAction } from "~/server/sale.server";

/** One sales return: a draft is edited here; later statuses show their lines and the actions the status allows. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return json(await loadSalesReturnPage(request, params.id));
}

export function action({ request, params }: ActionFunctionArgs) {
  return salesReturnPageAction(request, params.id);
}

export default function SalesReturnPage() {
  return <ReturnDocumentPage side="sale" {...useDocumentRouteData<typeof loader, typeof action>()} />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("销售退货") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
