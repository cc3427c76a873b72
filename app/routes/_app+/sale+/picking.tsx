import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import type { PageConfig } from "~/components/grid/page-config";
import { ResourcePage } from "~/components/grid/ResourcePage";
import css from "~/components/grid/grid.module.css";
import { PICKING_ORDER_STATUSES } from "#server/lib/dictionary";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { loadResourcePage, openRowRedirectOf, resourcePageAction } from "~/server/kit.server";
import { deliveryFilterLookups, salePrintRedirect } from "~/server/sale.server";

const PAGE = "/sale/picking";

/** 拣货单 list (XSGL-006): rows open the picking list's page; 打印 opens the selected list's picking sheet. */
export async function loader({ request }: LoaderFunctionArgs) {
  const open = await openRowRedirectOf(request, PAGE, config.rowHref!);
  if (open) return open;
  const print = await salePrintRedirect(request, PAGE, (id) => `/print/picking?orderId=${id}`);
  if (print) return print;
  const { ctx, data } = await loadResourcePage(request, PAGE, { columns: config.columns });
  return json({ ...data, lookups: { ...data.lookups, ...(await deliveryFilterLookups(ctx)) } });
}

export function action({ request }: ActionFunctionArgs) {
  return resourcePageAction(request, PAGE);
}

const config: PageConfig = {
  columns: [
    { field: "no", header: "拣货单号", width: 160, sort: "no" },
    { field: "salesOrderNo", header: "销售单号", width: 160 },
    { field: "partnerName", header: "客户", width: 160 },
    { field: "warehouseName", header: "仓库", width: 100, hidden: true },
    { field: "status", header: "状态", width: 90, kind: "enum", labels: PICKING_ORDER_STATUSES, sort: "status" },
    { field: "totalQty", header: "计划数量", width: 90, kind: "number" },
    { field: "totalPicked", header: "已拣数量", width: 90, kind: "number" },
    { field: "pickerName", header: "拣货人", width: 90 },
    { field: "postedAt", header: "拣货时间", width: 140, kind: "datetime", sort: "postedAt" },
    { field: "createdByName", header: "创建人", width: 90, hidden: true },
    { field: "creationTime", header: "创建时间", width: 140, kind: "datetime", sort: "creationTime", hidden: true },
  ],
  filters: [
    { name: "status", label: "状态", options: PICKING_ORDER_STATUSES },
    { name: "partnerId", label: "客户", options: "customer" },
    { name: "warehouseId", label: "仓库", options: "warehouse" },
    { name: "no", label: "拣货单号" },
    { name: "date", label: "创建日期", kind: "dateRange" },
  ],
  keywordPlaceholder: "拣货单号、销售单号或客户",
  rowHref: (id) => `/sale/picking/${id}`,
};

export default function PickingListPage() {
  return (
    <ResourcePage
      config={config}
      toolbar={
        <button type="submit" name="do" value="print" formTarget="_blank" className={css.btn} data-testid="picking-print">
          打印拣货单
        </button>
      }
    />
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("拣货单") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
