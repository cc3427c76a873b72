import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { ReturnCreatePage } from "~/components/documents/ReturnPage";
import { useDocumentRouteData } from "~/components/documents/route-data";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { loadSalesReturnCreate, salesReturnCreateAction } from "~/server/sale.server";

/** 销售退货开单: free-standing (customer + products) or 从销售订单退货 (?orderNo=… / ?orderId=…: the returnable delivery lines). */
export async function loader({ request }: LoaderFunctionArgs) {
  return json(await loadSalesReturnCreate(request));
}

export function action({ request }: ActionFunctionArgs) {
  return salesReturnCreateAction(request);
}

export default function SalesReturnCreatePage() {
  return <ReturnCreatePage side="sale" {...useDocumentRouteData<typeof loader, typeof action>()} />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("销售退货开单") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
