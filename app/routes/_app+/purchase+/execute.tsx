import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import type { PageConfig } from "~/components/grid/page-config";
import { ResourcePage } from "~/components/grid/ResourcePage";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { PURCHASE_ORDER_STATUSES } from "#server/lib/dictionary";
import { loadResourcePage, openRowRedirectOf, resourcePageAction } from "~/server/kit.server";
import { purchaseFilterLookups } from "~/server/purchase.server";

const PAGE = "/purchase/execute";

/** 采购执行: progress of every order line (ordered, received, put away, returned, open); a row opens its order. */
export async function loader({ request }: LoaderFunctionArgs) {
  const open = await openRowRedirectOf(request, PAGE, config.rowHref!);
  if (open) return open;
  const { ctx, data } = await loadResourcePage(request, PAGE, { columns: config.columns });
  return json({ ...data, lookups: { ...data.lookups, ...(await purchaseFilterLookups(ctx)) } });
}

export function action({ request }: ActionFunctionArgs) {
  return resourcePageAction(request, PAGE);
}

const config: PageConfig = {
  columns: [
    { field: "orderNo", header: "订单号", width: 160 },
    { field: "partnerName", header: "供应商", width: 140 },
    { field: "warehouseName", header: "仓库", width: 100, hidden: true },
    { field: "status", header: "订单状态", width: 90, kind: "enum", labels: PURCHASE_ORDER_STATUSES },
    { field: "mainOE", header: "产品编码", width: 140 },
    { field: "productName", header: "产品名称", width: 140 },
    { field: "qty", header: "订购", width: 80, kind: "number", sort: "qty" },
    { field: "receivedQty", header: "已收", width: 80, kind: "number", sort: "receivedQty" },
    { field: "putawayQty", header: "已上架", width: 80, kind: "number", hidden: true },
    { field: "returnedQty", header: "已退", width: 80, kind: "number", hidden: true },
    { field: "openQty", header: "未收", width: 80, kind: "number", sort: "openQty" },
    { field: "expectedDate", header: "预计到货", width: 100 },
    { field: "orderTime", header: "下单时间", width: 140, kind: "datetime", hidden: true },
  ],
  filters: [
    { name: "status", label: "订单状态", options: PURCHASE_ORDER_STATUSES },
    { name: "partnerId", label: "供应商", options: "supplier" },
    {
      name: "open",
      label: "收货",
      options: [
        ["true", "未收完"],
        ["false", "已收完"],
      ],
    },
    { name: "oe", label: "产品编码" },
    { name: "date", label: "下单日期", kind: "dateRange" },
  ],
  keywordPlaceholder: "订单号、产品编码或名称",
  rowHref: (id) => `/purchase/order/line/${id}`,
};

export default function PurchaseExecutePage() {
  return <ResourcePage config={config} />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("采购执行") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
