import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import type { PageConfig } from "~/components/grid/page-config";
import { ResourcePage } from "~/components/grid/ResourcePage";
import css from "~/components/grid/grid.module.css";
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

const config: PageConfig = {
  columns: [
    { field: "no", header: "发货单号", width: 160, sort: "no" },
    { field: "salesOrderNo", header: "销售单号", width: 160 },
    { field: "partnerName", header: "客户", width: 160 },
    { field: "status", header: "状态", width: 90, kind: "enum", labels: DELIVER_ORDER_STATUSES, sort: "status" },
    { field: "totalQty", header: "数量", width: 80, kind: "number", hidden: true },
    { field: "totalAmount", header: "金额", width: 110, kind: "money", sort: "totalAmount" },
    { field: "logisticsCompanyName", header: "物流公司", width: 120, hidden: true },
    { field: "trackingNo", header: "物流单号", width: 140 },
    { field: "packages", header: "件数", width: 70, kind: "number", hidden: true },
    { field: "shippedAt", header: "发货时间", width: 140, kind: "datetime", sort: "shippedAt" },
    { field: "pickingOrderNo", header: "拣货单号", width: 160, hidden: true },
    { field: "warehouseName", header: "仓库", width: 100, hidden: true },
    { field: "creationTime", header: "创建时间", width: 140, kind: "datetime", sort: "creationTime", hidden: true },
  ],
  filters: [
    { name: "status", label: "状态", options: DELIVER_ORDER_STATUSES },
    { name: "partnerId", label: "客户", options: "customer" },
    { name: "logisticsCompanyId", label: "物流公司", options: "logistics" },
    { name: "no", label: "发货单号" },
    { name: "trackingNo", label: "物流单号" },
    { name: "date", label: "创建日期", kind: "dateRange" },
  ],
  keywordPlaceholder: "发货单号、销售单号、客户或物流单号",
  rowHref: (id) => `/sale/deliver/${id}`,
};

export default function DeliverListPage() {
  return (
    <ResourcePage
      config={config}
      toolbar={
        <button type="submit" name="do" value="print" formTarget="_blank" className={css.btn} data-testid="deliver-print">
          打印
        </button>
      }
    />
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("发货单") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
