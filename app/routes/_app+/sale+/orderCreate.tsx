import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { pageResponse } from "~/components/documents/page-response.server";
import { OrderCreatePage } from "~/components/documents/OrderForm";
import { useDocumentRouteData } from "~/components/documents/route-data";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { loadSalesOrderCreate, salesOrderCreateAction } from "~/server/sale.server";

/** 销售开单 (XSGL-004, the top bar's button): a new sales order, saved as a draft or submitted. */
export async function loader({ request }: LoaderFunctionArgs) {
  const data = await loadSalesOrderCreate(request);
  return pageResponse(data);
}

export function action({ request }: ActionFunctionArgs) {
  return salesOrderCreateAction(request);
}

export default function SalesOrderCreatePage() {
  return <OrderCreatePage side="sale" {...useDocumentRouteData<typeof loader, typeof action>()} />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("销售开单") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
