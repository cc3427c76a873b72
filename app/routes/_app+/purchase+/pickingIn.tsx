import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import type { PageConfig } from "~/components/grid/page-config";
import { ResourcePage } from "~/components/grid/ResourcePage";
import { PUTAWAY_ORDER_STATUSES } from "#server/lib/dictionary";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { loadResourcePage, openRowRedirectOf, resourcePageAction } from "~/server/kit.server";
import { purchaseFilterLookups } from "~/server/purchase.server";

const PAGE = "/purchase/pickingIn";

/** 上架单 list: rows open the note's page (choose the shelves, confirm). */
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
    { field: "no", header: "上架单号", width: 160, sort: "no" },
    { field: "receiveOrderNo", header: "收货单号", width: 160 },
    { field: "purchaseOrderNo", header: "采购单号", width: 160, hidden: true },
    { field: "partnerName", header: "供应商", width: 160 },
    { field: "warehouseName", header: "仓库", width: 100 },
    { field: "status", header: "状态", width: 90, kind: "enum", labels: PUTAWAY_ORDER_STATUSES, sort: "status" },
    { field: "totalQty", header: "数量", width: 90, kind: "number" },
    { field: "createdByName", header: "创建人", width: 90 },
    { field: "postedAt", header: "上架时间", width: 140, kind: "datetime", sort: "postedAt" },
    { field: "creationTime", header: "创建时间", width: 140, kind: "datetime", sort: "creationTime", hidden: true },
  ],
  filters: [
    { name: "status", label: "状态", options: PUTAWAY_ORDER_STATUSES },
    { name: "warehouseId", label: "仓库", options: "warehouse" },
    { name: "no", label: "上架单号" },
    { name: "date", label: "创建日期", kind: "dateRange" },
  ],
  keywordPlaceholder: "上架单号或收货单号",
  rowHref: (id) => `/purchase/pickingIn/${id}`,
};

export default function PutawayListPage() {
  return <ResourcePage config={config} />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("上架单") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
