import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import type { PageConfig } from "~/components/grid/page-config";
import { ResourcePage } from "~/components/grid/ResourcePage";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { SALES_RETURN_STATUSES } from "#server/lib/dictionary";
import { loadResourcePage, openRowRedirectOf, resourcePageAction } from "~/server/kit.server";
import { salesReturnFilterLookups } from "~/server/sale.server";

const PAGE = "/sale/returnInbound";

/** 退货入库 (XSGL-010): the warehouse's list of sales returns, opening at 待入库; a row opens the return to confirm it into stock. */
export async function loader({ request }: LoaderFunctionArgs) {
  const open = await openRowRedirectOf(request, PAGE, config.rowHref!);
  if (open) return open;
  const { ctx, data } = await loadResourcePage(request, PAGE, { columns: config.columns });
  return json({ ...data, lookups: { ...data.lookups, ...(await salesReturnFilterLookups(ctx)) } });
}

export function action({ request }: ActionFunctionArgs) {
  return resourcePageAction(request, PAGE);
}

const config: PageConfig = {
  columns: [
    { field: "no", header: "退货单号", width: 160, sort: "no" },
    { field: "partnerName", header: "客户", width: 180 },
    { field: "warehouseName", header: "仓库", width: 100 },
    { field: "status", header: "状态", width: 90, kind: "enum", labels: SALES_RETURN_STATUSES, sort: "status" },
    { field: "salesOrderNo", header: "销售单号", width: 160 },
    { field: "totalQty", header: "总数量", width: 90, kind: "number", sort: "totalQty" },
    { field: "createdByName", header: "制单人", width: 90 },
    { field: "remark", header: "备注", width: 160, hidden: true },
    { field: "creationTime", header: "创建时间", width: 140, kind: "datetime", sort: "creationTime" },
  ],
  filters: [
    { name: "status", label: "状态", options: SALES_RETURN_STATUSES },
    { name: "partnerId", label: "客户", options: "customer" },
    { name: "warehouseId", label: "仓库", options: "warehouse" },
    { name: "no", label: "退货单号" },
    { name: "date", label: "创建日期", kind: "dateRange" },
  ],
  keywordPlaceholder: "退货单号、客户或销售单号",
  rowHref: (id) => `/sale/returnOrder/${id}`,
};

export default function SalesReturnInboundPage() {
  return <ResourcePage config={config} />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("退货入库") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
