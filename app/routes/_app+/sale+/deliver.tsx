import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { MoveListPage, moveListConfig } from "~/components/documents/MoveListPage";
import { DELIVER_ORDER_STATUSES } from "#server/lib/dictionary";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { loadResourcePage, openRowRedirectOf, resourcePageAction } from "~/server/kit.server";
import { deliveryFilterLookups, salePrintRedirect } from "~/server/sale.server";

const PAGE = "/sale/deliver";

/** 发货单 list (XSGL-007): rows open the delivery note's page; 打印 opens the selected note's print sheet. */
export async function loader({ request }: LoaderFunctionArgs) {
  const open = await openRowRedirectOf(request, PAGE, config.rowHref!);
  if (open) return open;
  const print = await salePrintRedirect(request, PAGE, (id) => `/print/deliver?type=deliver&orderId=${id}`);
  if (print) return print;
  const { ctx, data } = await loadResourcePage(request, PAGE, { columns: config.columns });
  return json({ ...data, lookups: { ...data.lookups, ...(await deliveryFilterLookups(ctx)) } });
}

export function action({ request }: ActionFunctionArgs) {
  return resourcePageAction(request, PAGE);
}

const config = moveListConfig({
  page: PAGE,
  verb: "发货",
  order: { field: "salesOrderNo", header: "销售单号" },
  partner: { header: "客户", options: "customer" },
  statuses: DELIVER_ORDER_STATUSES,
  columns: (status) => [
    status,
    { field: "totalQty", header: "数量", width: 80, kind: "number", hidden: true },
    { field: "totalAmount", header: "金额", width: 110, kind: "money", sort: "totalAmount" },
    { field: "logisticsCompanyName", header: "物流公司", width: 120, hidden: true },
    { field: "trackingNo", header: "物流单号", width: 140 },
    { field: "packages", header: "件数", width: 70, kind: "number", hidden: true },
    { field: "shippedAt", header: "发货时间", width: 140, kind: "datetime", sort: "shippedAt" },
    { field: "pickingOrderNo", header: "拣货单号", width: 160, hidden: true },
    { field: "warehouseName", header: "仓库", width: 100, hidden: true },
  ],
  filters: { beforeNo: [{ name: "logisticsCompanyId", label: "物流公司", options: "logistics" }], afterNo: [{ name: "trackingNo", label: "物流单号" }] },
  keywordPlaceholder: "发货单号、销售单号、客户或物流单号",
});

export default function DeliverListPage() {
  return <MoveListPage config={config} prefix="deliver" />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("发货单") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
