import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link } from "@remix-run/react";
import type { PageConfig } from "~/components/grid/page-config";
import { ResourcePage } from "~/components/grid/ResourcePage";
import css from "~/components/grid/grid.module.css";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { MOVE_ORDER_STATUSES } from "#server/lib/dictionary";
import { loadResourcePage, openRowRedirectOf, resourcePageAction } from "~/server/kit.server";
import { allocationPrintRedirect, warehouseOptionsOf } from "~/server/warehouse.server";

const PAGE = "/warehouse/allocation";

/** 库存调拨 list: rows open the transfer's page; 打印 opens the selected transfer's sheet in a new window (every status prints). */
export async function loader({ request }: LoaderFunctionArgs) {
  const print = (await allocationPrintRedirect(request)) ?? (await openRowRedirectOf(request, PAGE, config.rowHref!));
  if (print) return print;
  const { ctx, data } = await loadResourcePage(request, PAGE, { columns: config.columns });
  return json({ ...data, lookups: { ...data.lookups, warehouse: await warehouseOptionsOf(ctx) } });
}

export function action({ request }: ActionFunctionArgs) {
  return resourcePageAction(request, PAGE);
}

const config: PageConfig = {
  columns: [
    { field: "no", header: "调拨单号", width: 160, sort: "no" },
    { field: "status", header: "状态", width: 80, kind: "enum", labels: MOVE_ORDER_STATUSES, sort: "status" },
    { field: "fromWarehouseName", header: "调出仓库", width: 110 },
    { field: "toWarehouseName", header: "调入仓库", width: 110 },
    { field: "lineCount", header: "行数", width: 60, kind: "number" },
    { field: "totalQty", header: "总数量", width: 90, kind: "number" },
    { field: "createdByName", header: "制单人", width: 90 },
    { field: "creationTime", header: "创建时间", width: 140, kind: "datetime", sort: "creationTime" },
    { field: "postedAt", header: "完成时间", width: 140, kind: "datetime", sort: "postedAt" },
    { field: "remark", header: "备注", width: 160, hidden: true },
  ],
  filters: [
    { name: "status", label: "状态", options: MOVE_ORDER_STATUSES },
    { name: "fromWarehouseId", label: "调出仓库", options: "warehouse" },
    { name: "toWarehouseId", label: "调入仓库", options: "warehouse" },
    { name: "date", label: "创建日期", kind: "dateRange" },
  ],
  keywordPlaceholder: "单号、产品编码或名称",
  rowHref: (id) => `/warehouse/allocation/${id}`,
};

export default function AllocationListPage() {
  return (
    <ResourcePage
      config={config}
      toolbar={
        <>
          <Link to="/warehouse/allocation/new" prefetch="none" className={`${css.btn} ${css.primary}`} data-testid="mo-new">
            新建调拨
          </Link>
          <button type="submit" name="do" value="print" formTarget="_blank" className={css.btn} data-testid="mo-print">
            打印
          </button>
        </>
      }
    />
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("库存调拨") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
