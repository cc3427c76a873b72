import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type { PageConfig } from "~/components/grid/page-config";
import { ResourcePage } from "~/components/grid/ResourcePage";
import { StockTotalsBar } from "~/components/stock/StockTotalsBar";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { STOCK_SOURCES } from "#server/lib/dictionary";
import { requirePage } from "~/server/auth.server";
import { loadResourcePage, resourcePageAction } from "~/server/kit.server";
import { stockPlaceOptions, stockResource, stockTotals, type StockTotals } from "~/server/warehouse.server";
import type { ActionFunctionArgs } from "@remix-run/node";

const PAGE = "/warehouse/goods";

/** 库存余额: one row per product, location and batch, with a totals row over the whole selection. */
export async function loader({ request }: LoaderFunctionArgs) {
  // The warehouse and location options do not depend on the list: read them beside it.
  const places = requirePage(request, PAGE).then((ctx) => stockPlaceOptions(ctx));
  places.catch(() => {}); // a refusal is thrown by loadResourcePage below; never an unhandled rejection
  const { ctx, data } = await loadResourcePage(request, PAGE, { columns: config.columns, filterLookups: ["productBrand"] });
  const [totals, placeOptions] = await Promise.all([stockTotals(ctx, stockResource, new URL(request.url).searchParams, !!data.result.totalCapped), places]);
  return json({ ...data, lookups: { ...data.lookups, ...placeOptions }, totals });
}

/** Column and page-size settings, export (nothing here writes stock). */
export function action({ request }: ActionFunctionArgs) {
  return resourcePageAction(request, PAGE);
}

const STOCK_COLUMNS: PageConfig["columns"] = [
  { field: "isNew", header: "新", width: 44, kind: "bool", yesNo: ["新", ""] },
  { field: "mainOE", header: "产品编码", width: 150 },
  { field: "productName", header: "产品名称", width: 140 },
  { field: "brandName", header: "品牌", width: 90 },
  { field: "warehouseName", header: "仓库", width: 100, hidden: true },
  { field: "fullName", header: "货位", width: 120 },
  { field: "batchNo", header: "批次", width: 130, sort: "batchNo", hidden: true },
  { field: "qty", header: "数量", width: 80, kind: "number", sort: "qty" },
  { field: "lockedQty", header: "锁定", width: 70, kind: "number", hidden: true },
  { field: "available", header: "可用", width: 80, kind: "number" },
  { field: "priceCost", header: "成本单价", width: 100, kind: "cost", sort: "priceCost" },
  { field: "amount", header: "金额", width: 110, kind: "money" },
  { field: "source", header: "库存来源", width: 80, kind: "enum", labels: STOCK_SOURCES, hidden: true },
  { field: "receivedAt", header: "入库时间", width: 140, kind: "datetime", sort: "receivedAt", hidden: true },
  { field: "ageDays", header: "库龄(天)", width: 70, kind: "number" },
];

const config: PageConfig = {
  columns: STOCK_COLUMNS,
  filters: [
    { name: "warehouseId", label: "仓库", options: "warehouse" },
    { name: "locationId", label: "货位", options: "stockLocation" },
    { name: "brandId", label: "品牌", options: "productBrand" },
    { name: "source", label: "库存来源", options: STOCK_SOURCES },
    {
      name: "onHand",
      label: "库存",
      options: [
        ["true", "仅有库存"],
        ["false", "含零库存"],
      ],
      noAll: true,
    },
  ],
  keywordPlaceholder: "产品编码、OE号、名称或拼音",
};

export default function StockGoodsPage() {
  const { totals } = useLoaderData<{ totals: StockTotals }>();
  return (
    <ResourcePage config={config}>
      <StockTotalsBar totals={totals} />
    </ResourcePage>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("库存余额") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
