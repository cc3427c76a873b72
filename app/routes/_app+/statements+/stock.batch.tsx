import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { PageConfig } from "~/components/grid/page-config";
import { ResourcePage } from "~/components/grid/ResourcePage";
import { StockTotalsBar } from "~/components/stock/StockTotalsBar";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { STOCK_SOURCES } from "#server/lib/dictionary";
import { loadResourcePage, resourcePageAction } from "~/server/kit.server";
import { stockBatchResource, stockPlaceOptions, stockTotals, type StockTotals } from "~/server/warehouse.server";

const PAGE = "/statements/stock/batch";

/** 批次库存: the batches on hand (oldest first), each with its own cost, source and received time. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx, data } = await loadResourcePage(request, PAGE, { columns: config.columns, filterLookups: ["productBrand"] });
  const [totals, places] = await Promise.all([
    stockTotals(ctx, stockBatchResource, new URL(request.url).searchParams, !!data.result.totalCapped),
    stockPlaceOptions(ctx),
  ]);
  return json({ ...data, lookups: { ...data.lookups, ...places }, totals });
}

export function action({ request }: ActionFunctionArgs) {
  return resourcePageAction(request, PAGE);
}

const config: PageConfig = {
  columns: [
    { field: "batchNo", header: "批次", width: 140, sort: "batchNo" },
    { field: "mainOE", header: "产品编码", width: 150 },
    { field: "productName", header: "产品名称", width: 160 },
    { field: "brandName", header: "品牌", width: 90 },
    { field: "warehouseName", header: "仓库", width: 100 },
    { field: "fullName", header: "货位", width: 130, hidden: true },
    { field: "qty", header: "数量", width: 80, kind: "number", sort: "qty" },
    { field: "lockedQty", header: "锁定", width: 70, kind: "number", hidden: true },
    { field: "available", header: "可用", width: 80, kind: "number", hidden: true },
    { field: "priceCost", header: "批次成本", width: 100, kind: "cost", sort: "priceCost" },
    { field: "amount", header: "金额", width: 110, kind: "money" },
    { field: "source", header: "库存来源", width: 80, kind: "enum", labels: STOCK_SOURCES, hidden: true },
    { field: "receivedAt", header: "入库时间", width: 140, kind: "datetime", sort: "receivedAt", hidden: true },
    { field: "ageDays", header: "库龄(天)", width: 70, kind: "number" },
  ],
  filters: [
    { name: "batchNo", label: "批次", placeholder: "批次号开头" },
    { name: "warehouseId", label: "仓库", options: "warehouse" },
    { name: "brandId", label: "品牌", options: "productBrand" },
    { name: "source", label: "库存来源", options: STOCK_SOURCES },
  ],
  keywordPlaceholder: "产品编码、OE号、名称或拼音",
};

export default function StockBatchPage() {
  const { totals } = useLoaderData<{ totals: StockTotals }>();
  return (
    <ResourcePage config={config}>
      <StockTotalsBar totals={totals} />
    </ResourcePage>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("批次库存") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
