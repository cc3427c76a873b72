import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { ReturnCreatePage } from "~/components/documents/ReturnPage";
import { useDocumentRouteData } from "~/components/documents/route-data";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { loadPurchaseReturnCreate, purchaseReturnCreateAction } from "~/server/purchase.server";

/** 采购退货开单: free-standing (batches on hand) or 从采购单退货 (?orderId=…, the received lines prefilled). */
export async function loader({ request }: LoaderFunctionArgs) {
  return json(await loadPurchaseReturnCreate(request));
}

export function action({ request }: ActionFunctionArgs) {
  return purchaseReturnCreateAction(request);
}

export default function PurchaseReturnCreatePage() {
  return <ReturnCreatePage side="purchase" {...useDocumentRouteData<typeof loader, typeof action>()} />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("采购退货开单") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
