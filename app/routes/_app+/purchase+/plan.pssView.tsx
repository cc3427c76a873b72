import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import type { PageConfig } from "~/components/grid/page-config";
import { ResourcePage } from "~/components/grid/ResourcePage";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { loadResourcePage, resourcePageAction } from "~/server/kit.server";

const PAGE = "/purchase/plan/pssView";

/**
 * 进销存视图: per product on hand, locked, on order, received / sold / returned in the last 30 and
 * 90 days, safe-stock min/max and the suggested purchase quantity (largest first). Read-only;
 * 自定义导出 exports the same selection.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return json((await loadResourcePage(request, PAGE, { columns: config.columns, filterLookups: ["productBrand"] })).data);
}

export function action({ request }: ActionFunctionArgs) {
  return resourcePageAction(request, PAGE);
}

const config: PageConfig = {
  columns: [
    { field: "mainOE", header: "产品编码", width: 150, sort: "mainOE" },
    { field: "name", header: "产品名称", width: 140, sort: "name" },
    { field: "brandName", header: "品牌", width: 90, hidden: true },
    { field: "stockQty", header: "库存数量", width: 90, kind: "number", sort: "stockQty" },
    { field: "lockedQty", header: "锁定数量", width: 90, kind: "number", hidden: true },
    { field: "availableQty", header: "可用数量", width: 90, kind: "number", hidden: true },
    { field: "onOrderQty", header: "在途数量", width: 90, kind: "number" },
    { field: "received30", header: "30天入库", width: 90, kind: "number" },
    { field: "received90", header: "90天入库", width: 90, kind: "number", hidden: true },
    { field: "sold30", header: "30天销售", width: 90, kind: "number" },
    { field: "sold90", header: "90天销售", width: 90, kind: "number", hidden: true },
    { field: "returned30", header: "30天采购退货", width: 110, kind: "number", hidden: true },
    { field: "returned90", header: "90天采购退货", width: 110, kind: "number", hidden: true },
    { field: "minQty", header: "库存下限", width: 90, kind: "number" },
    { field: "maxQty", header: "库存上限", width: 90, kind: "number" },
    { field: "suggestQty", header: "建议采购", width: 90, kind: "number", sort: "suggestQty" },
  ],
  filters: [
    { name: "brandId", label: "品牌", options: "productBrand" },
    { name: "suggested", label: "建议采购", options: [["true", "只看建议采购"]] },
  ],
  keywordPlaceholder: "产品编码、OE号、名称或拼音",
};

export default function PurchasePssPage() {
  return <ResourcePage config={config} />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("进销存视图") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
