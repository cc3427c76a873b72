import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { OrderCreatePage } from "~/components/documents/OrderForm";
import { useDocumentRouteData } from "~/components/documents/route-data";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { loadPurchaseOrderCreate, purchaseOrderCreateAction } from "~/server/purchase.server";

/** 采购开单: a new purchase order, saved as a draft or submitted. */
export async function loader({ request }: LoaderFunctionArgs) {
  return json(await loadPurchaseOrderCreate(request));
}

export function action({ request }: ActionFunctionArgs) {
  return purchaseOrderCreateAction(request);
}

export default function PurchaseOrderCreatePage() {
  return <OrderCreatePage side="purchase" {...useDocumentRouteData<typeof loader, typeof action>()} />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("采购开单") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
