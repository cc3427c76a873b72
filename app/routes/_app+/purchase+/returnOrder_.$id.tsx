import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { ReturnDocumentPage } from "~/components/documents/ReturnPage";
import { useDocumentRouteData } from "~/components/documents/route-data";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { loadPurchaseReturnPage, purchaseReturnPageAction } from "~/server/purchase.server";

/** One purchase return: a draft is edited here; later statuses show their lines and the actions the status allows. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return json(await loadPurchaseReturnPage(request, params.id));
}

export function action({ request, params }: ActionFunctionArgs) {
  return purchaseReturnPageAction(request, params.id);
}

export default function PurchaseReturnPage() {
  return <ReturnDocumentPage side="purchase" {...useDocumentRouteData<typeof loader, typeof action>()} />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("采购退货") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
