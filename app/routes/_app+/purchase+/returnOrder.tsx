import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { DocumentListPage } from "~/components/documents/DocumentListPage";
import { loadDocumentList } from "~/components/documents/document-list.server";
import { returnListConfig } from "~/components/documents/document-lists";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { resourcePageAction } from "~/server/kit.server";
import { purchaseReturnFilterLookups, returnPrintRedirectOf } from "~/server/purchase.server";

const PAGE = "/purchase/returnOrder";

/** 采购退货 list: rows open the return's page; 打印 opens the selected return's print sheet in a new window. */
export function loader({ request }: LoaderFunctionArgs) {
  return loadDocumentList(request, PAGE, config, { first: returnPrintRedirectOf, lookups: purchaseReturnFilterLookups });
}

export function action({ request }: ActionFunctionArgs) {
  return resourcePageAction(request, PAGE);
}

const config = returnListConfig("purchase", {
  // 总数量 is not sortable here (the list's query has no such sort).
  totals: [
    { field: "totalQty", header: "总数量", width: 90, kind: "number" },
    { field: "totalAmount", header: "总金额", width: 120, kind: "money", sort: "totalAmount" },
  ],
  productFilter: false,
  keywordPlaceholder: "退货单号或供应商",
});

export default function PurchaseReturnListPage() {
  return <DocumentListPage config={config} create={{ href: "/purchase/returnOrderCreate", testId: "pr-new" }} printTestId="pr-print" />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("采购退货") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
