import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { DocumentListPage } from "~/components/documents/DocumentListPage";
import { loadDocumentList } from "~/components/documents/document-list.server";
import { orderListConfig } from "~/components/documents/document-lists";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { resourcePageAction } from "~/server/kit.server";
import { printRedirectOf, purchaseFilterLookups } from "~/server/purchase.server";

const PAGE = "/purchase/order";

/** 采购订单 list: rows open the order's page; 打印 opens the selected order's print sheet in a new window. */
export function loader({ request }: LoaderFunctionArgs) {
  return loadDocumentList(request, PAGE, config, { first: printRedirectOf, lookups: purchaseFilterLookups });
}

export function action({ request }: ActionFunctionArgs) {
  return resourcePageAction(request, PAGE);
}

const config = orderListConfig("purchase", {
  beforeTotals: [{ field: "expectedDate", header: "预计到货", width: 100, sort: "expectedDate" }],
  afterTotals: [{ field: "buyerName", header: "采购员", width: 90, hidden: true }],
});

export default function PurchaseOrderListPage() {
  return <DocumentListPage config={config} create={{ href: "/purchase/orderCreate", testId: "po-new" }} printTestId="po-print" />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("采购订单") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
