import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { DocumentListPage } from "~/components/documents/DocumentListPage";
import { loadDocumentList } from "~/components/documents/document-list.server";
import { executeListConfig } from "~/components/documents/document-lists";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { resourcePageAction } from "~/server/kit.server";
import { saleExecuteRowHref, saleFilterLookups } from "~/server/sale.server";

const PAGE = "/sale/execute";

/** 销售执行 (XSGL-002): progress of every sales order line (ordered, locked, short, picked, delivered, returned, open); a row opens its order. */
export function loader({ request }: LoaderFunctionArgs) {
  return loadDocumentList(request, PAGE, config, { then: saleExecuteRowHref, lookups: saleFilterLookups });
}

export function action({ request }: ActionFunctionArgs) {
  return resourcePageAction(request, PAGE);
}

const config = executeListConfig("sale", {
  progress: [
    { field: "lockedQty", header: "已锁定", width: 80, kind: "number" },
    { field: "shortQty", header: "缺货", width: 80, kind: "number" },
    { field: "pickedQty", header: "已拣货", width: 80, kind: "number", hidden: true },
    { field: "deliveredQty", header: "已发货", width: 80, kind: "number", sort: "deliveredQty", hidden: true },
    { field: "returnedQty", header: "已退货", width: 80, kind: "number", hidden: true },
    { field: "openQty", header: "未发", width: 80, kind: "number", sort: "openQty" },
    { field: "warehouseName", header: "仓库", width: 100, hidden: true },
    { field: "salesmanName", header: "业务员", width: 90, hidden: true },
    { field: "orderTime", header: "下单时间", width: 140, kind: "datetime", sort: "creationTime", hidden: true },
  ],
  progressFilters: [
    {
      name: "open",
      label: "发货",
      options: [
        ["true", "未发完"],
        ["false", "已发完"],
      ],
    },
    {
      name: "short",
      label: "缺货",
      options: [
        ["true", "有缺货"],
        ["false", "无缺货"],
      ],
    },
  ],
  keywordPlaceholder: "订单号、客户、产品编码或名称",
  // The line's order, opened by the loader (saleExecuteRowHref).
  rowHref: (id) => `/sale/execute?line=${id}`,
});

export default function SaleExecutePage() {
  return <DocumentListPage config={config} />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("销售执行") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
