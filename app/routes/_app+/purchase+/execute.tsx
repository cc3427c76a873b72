import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { DocumentListPage } from "~/components/documents/DocumentListPage";
import { loadDocumentList } from "~/components/documents/document-list.server";
import { executeListConfig } from "~/components/documents/document-lists";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { resourcePageAction } from "~/server/kit.server";
import { purchaseFilterLookups } from "~/server/purchase.server";

const PAGE = "/purchase/execute";

/** 采购执行: progress of every order line (ordered, received, put away, returned, open); a row opens its order. */
export function loader({ request }: LoaderFunctionArgs) {
  return loadDocumentList(request, PAGE, config, { lookups: purchaseFilterLookups });
}

export function action({ request }: ActionFunctionArgs) {
  return resourcePageAction(request, PAGE);
}

const config = executeListConfig("purchase", {
  afterPartner: [{ field: "warehouseName", header: "仓库", width: 100, hidden: true }],
  progress: [
    { field: "receivedQty", header: "已收", width: 80, kind: "number", sort: "receivedQty" },
    { field: "putawayQty", header: "已上架", width: 80, kind: "number", hidden: true },
    { field: "returnedQty", header: "已退", width: 80, kind: "number", hidden: true },
    { field: "openQty", header: "未收", width: 80, kind: "number", sort: "openQty" },
    { field: "expectedDate", header: "预计到货", width: 100 },
    { field: "orderTime", header: "下单时间", width: 140, kind: "datetime", hidden: true },
  ],
  progressFilters: [
    {
      name: "open",
      label: "收货",
      options: [
        ["true", "未收完"],
        ["false", "已收完"],
      ],
    },
  ],
  keywordPlaceholder: "订单号、产品编码或名称",
  // The line's order (the purchase order line route redirects to it).
  rowHref: (id) => `/purchase/order/line/${id}`,
});

export default function PurchaseExecutePage() {
  return <DocumentListPage config={config} />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("采购执行") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
