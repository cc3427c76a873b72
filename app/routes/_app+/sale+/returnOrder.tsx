import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { DocumentListPage } from "~/components/documents/DocumentListPage";
import { loadDocumentList } from "~/components/documents/document-list.server";
import { returnListConfig } from "~/components/documents/document-lists";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { resourcePageAction } from "~/server/kit.server";
import { salesReturnFilterLookups, salesReturnPrintRedirectOf } from "~/server/sale.server";

const PAGE = "/sale/returnOrder";

/** 销售退货 list: rows open the return's page; 打印 opens the selected return's print sheet in a new window. */
export function loader({ request }: LoaderFunctionArgs) {
  return loadDocumentList(request, PAGE, config, { first: salesReturnPrintRedirectOf, lookups: salesReturnFilterLookups });
}

export function action({ request }: ActionFunctionArgs) {
  return resourcePageAction(request, PAGE);
}

const config = returnListConfig("sale", {
  totals: [
    { field: "totalQty", header: "总数量", width: 90, kind: "number", sort: "totalQty" },
    { field: "totalAmount", header: "退货金额", width: 120, kind: "money", sort: "totalAmount" },
  ],
  productFilter: true,
  keywordPlaceholder: "退货单号、客户或销售单号",
});

export default function SalesReturnListPage() {
  return <DocumentListPage config={config} create={{ href: "/sale/returnOrderCreate", testId: "sr-new" }} printTestId="sr-list-print" />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("销售退货") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
