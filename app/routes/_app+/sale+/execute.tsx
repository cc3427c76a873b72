import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import type { PageConfig } from "~/components/grid/page-config";
import { ResourcePage } from "~/components/grid/ResourcePage";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { SALES_ORDER_STATUSES } from "#server/lib/dictionary";
import { loadResourcePage, openRowRedirectOf, resourcePageAction } from "~/server/kit.server";
import { saleExecuteRowHref, saleFilterLookups } from "~/server/sale.server";

const PAGE = "/sale/execute";

/** 销售执行 (XSGL-002): progress of every sales order line (ordered, locked, short, picked, delivered, returned, open); a row opens its order. */
export async function loader({ request }: LoaderFunctionArgs) {
  const open = (await openRowRedirectOf(request, PAGE, config.rowHref!)) ?? (await saleExecuteRowHref(request));
  if (open) return open;
  const { ctx, data } = await loadResourcePage(request, PAGE, { columns: config.columns });
  return json({ ...data, lookups: { ...data.lookups, ...(await saleFilterLookups(ctx)) } });
}

export function action({ request }: ActionFunctionArgs) {
  return resourcePageAction(request, PAGE);
}

const config: PageConfig = {
  columns: [
    { field: "orderNo", header: "订单号", width: 160 },
    { field: "partnerName", header: "客户", width: 140 },
    { field: "status", header: "订单状态", width: 90, kind: "enum", labels: SALES_ORDER_STATUSES },
    { field: "mainOE", header: "产品编码", width: 140 },
    { field: "productName", header: "产品名称", width: 140 },
    { field: "qty", header: "订购", width: 80, kind: "number", sort: "qty" },
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
  filters: [
    { name: "status", label: "订单状态", options: SALES_ORDER_STATUSES },
    { name: "partnerId", label: "客户", options: "customer" },
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
    { name: "oe", label: "产品编码" },
    { name: "date", label: "下单日期", kind: "dateRange" },
  ],
  keywordPlaceholder: "订单号、客户、产品编码或名称",
  rowHref: (id) => `/sale/execute?line=${id}`,
};

export default function SaleExecutePage() {
  return <ResourcePage config={config} />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("销售执行") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
