import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { DocumentListPage } from "~/components/documents/DocumentListPage";
import { loadDocumentList } from "~/components/documents/document-list.server";
import { orderListConfig } from "~/components/documents/document-lists";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { resourcePageAction } from "~/server/kit.server";
import { saleFilterLookups, salePrintRedirectOf } from "~/server/sale.server";

const PAGE = "/sale/order";

/** 销售订单 list (XSGL-001): rows open the order's page; 打印 opens the selected order's print sheet in a new window. */
export function loader({ request }: LoaderFunctionArgs) {
  return loadDocumentList(request, PAGE, config, { first: salePrintRedirectOf, lookups: saleFilterLookups });
}

export function action({ request }: ActionFunctionArgs) {
  return resourcePageAction(request, PAGE);
}

const config = orderListConfig("sale", {
  afterTotals: [
    { field: "deliveredAmount", header: "已发货金额", width: 120, kind: "money", sort: "deliveredAmount" },
    { field: "salesmanName", header: "业务员", width: 90, hidden: true },
    { field: "contactName", header: "联系人", width: 90, hidden: true },
    { field: "contactPhone", header: "联系电话", width: 120, hidden: true },
  ],
  peopleFilters: [{ name: "salesmanId", label: "业务员", options: "salesman" }],
});

export default function SalesOrderListPage() {
  return <DocumentListPage config={config} create={{ href: "/sale/orderCreate", testId: "so-new" }} printTestId="so-print" />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("销售订单") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
