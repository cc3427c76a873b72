import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link } from "@remix-run/react";
import type { PageConfig } from "~/components/grid/page-config";
import { ResourcePage } from "~/components/grid/ResourcePage";
import css from "~/components/grid/grid.module.css";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { INVENTORY_ORDER_STATUSES } from "#server/lib/dictionary";
import { loadResourcePage, openRowRedirectOf, resourcePageAction } from "~/server/kit.server";
import { warehouseOptionsOf } from "~/server/warehouse.server";

const PAGE = "/warehouse/inventory";

/** 库存盘点 list: rows open the stocktake's page. */
export async function loader({ request }: LoaderFunctionArgs) {
  const open = await openRowRedirectOf(request, PAGE, config.rowHref!);
  if (open) return open;
  const { ctx, data } = await loadResourcePage(request, PAGE, { columns: config.columns });
  return json({ ...data, lookups: { ...data.lookups, warehouse: await warehouseOptionsOf(ctx) } });
}

export function action({ request }: ActionFunctionArgs) {
  return resourcePageAction(request, PAGE);
}

const config: PageConfig = {
  columns: [
    { field: "no", header: "盘点单号", width: 160, sort: "no" },
    { field: "status", header: "状态", width: 80, kind: "enum", labels: INVENTORY_ORDER_STATUSES, sort: "status" },
    { field: "warehouseName", header: "仓库", width: 110 },
    { field: "lineCount", header: "盘点行数", width: 80, kind: "number" },
    { field: "countedCount", header: "已录入", width: 80, kind: "number" },
    { field: "createdByName", header: "制单人", width: 90 },
    { field: "creationTime", header: "创建时间", width: 140, kind: "datetime", sort: "creationTime" },
    { field: "postedAt", header: "过账时间", width: 140, kind: "datetime", sort: "postedAt" },
    { field: "remark", header: "备注", width: 160 },
  ],
  filters: [
    { name: "status", label: "状态", options: INVENTORY_ORDER_STATUSES },
    { name: "warehouseId", label: "仓库", options: "warehouse" },
    { name: "date", label: "创建日期", kind: "dateRange" },
  ],
  keywordPlaceholder: "单号、产品编码或名称",
  rowHref: (id) => `/warehouse/inventory/${id}`,
};

export default function InventoryListPage() {
  return (
    <ResourcePage
      config={config}
      toolbar={
        <Link to="/warehouse/inventory/new" prefetch="none" className={`${css.btn} ${css.primary}`} data-testid="io-new">
          新建盘点
        </Link>
      }
    />
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("库存盘点") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
