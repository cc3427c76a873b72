import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import type { PageConfig } from "~/components/grid/page-config";
import { ResourcePage } from "~/components/grid/ResourcePage";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { loadResourcePage, openRowRedirectOf, resourcePageAction } from "~/server/kit.server";
import { deliveryFilterLookups } from "~/server/sale.server";

const PAGE = "/sale/shippingList";

/** 发货清单 (XSGL-008): what left — confirmed delivery notes; a row opens the note (logistics are edited there). */
export async function loader({ request }: LoaderFunctionArgs) {
  const open = await openRowRedirectOf(request, PAGE, config.rowHref!);
  if (open) return open;
  const { ctx, data } = await loadResourcePage(request, PAGE, { columns: config.columns });
  return json({ ...data, lookups: { ...data.lookups, ...(await deliveryFilterLookups(ctx)) } });
}

export function action({ request }: ActionFunctionArgs) {
  return resourcePageAction(request, PAGE);
}

const config: PageConfig = {
  columns: [
    { field: "shippedAt", header: "发货时间", width: 140, kind: "datetime", sort: "shippedAt" },
    { field: "no", header: "发货单号", width: 160, sort: "no" },
    { field: "partnerName", header: "客户", width: 160 },
    { field: "salesOrderNo", header: "销售单号", width: 160 },
    { field: "logisticsCompanyName", header: "物流公司", width: 120 },
    { field: "trackingNo", header: "物流单号", width: 150 },
    { field: "packages", header: "件数", width: 70, kind: "number", hidden: true },
    { field: "totalQty", header: "数量", width: 80, kind: "number", sort: "totalQty", hidden: true },
    { field: "totalAmount", header: "金额", width: 110, kind: "money", sort: "totalAmount" },
    { field: "receiverName", header: "收货人", width: 90, hidden: true },
    { field: "receiverPhone", header: "收货电话", width: 120, hidden: true },
    { field: "address", header: "收货地址", width: 220, hidden: true },
    { field: "warehouseName", header: "仓库", width: 100, hidden: true },
  ],
  filters: [
    { name: "partnerId", label: "客户", options: "customer" },
    { name: "logisticsCompanyId", label: "物流公司", options: "logistics" },
    { name: "trackingNo", label: "物流单号" },
    { name: "no", label: "发货单号" },
    { name: "date", label: "发货日期", kind: "dateRange" },
  ],
  keywordPlaceholder: "发货单号、销售单号、客户或物流单号",
  rowHref: (id) => `/sale/deliver/${id}`,
};

export default function ShippingListPage() {
  return <ResourcePage config={config} />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("发货清单") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
