import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import type { PageConfig } from "~/components/grid/page-config";
import { ResourcePage } from "~/components/grid/ResourcePage";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { STOCK_DOC_TYPES } from "#server/lib/dictionary";
import { requirePage } from "~/server/auth.server";
import { loadResourcePage, openRowRedirectOf, parseId, resourcePageAction, setFlash } from "~/server/kit.server";
import { lockedDocumentHref, stockPlaceOptions } from "~/server/warehouse.server";

const PAGE = "/warehouse/locked";

/** 锁定库存: what each document holds; a row opens its document (when that kind has a page). */
export async function loader({ request }: LoaderFunctionArgs) {
  const row = await openRowRedirectOf(request, PAGE, config.rowHref!);
  if (row) return row;
  const url = new URL(request.url);
  const open = url.searchParams.get("open");
  if (open !== null) {
    const ctx = await requirePage(request, PAGE);
    const id = parseId(open);
    const href = id ? await lockedDocumentHref(ctx, id) : null;
    if (href) throw redirect(href);
    url.searchParams.delete("open");
    throw redirect(`${PAGE}${url.search}`, { headers: await setFlash({ type: "info", message: "该单据没有可打开的页面" }) });
  }
  const { ctx, data } = await loadResourcePage(request, PAGE, { columns: config.columns });
  return json({ ...data, lookups: { ...data.lookups, ...(await stockPlaceOptions(ctx)) } });
}

export function action({ request }: ActionFunctionArgs) {
  return resourcePageAction(request, PAGE);
}

const config: PageConfig = {
  columns: [
    { field: "mainOE", header: "产品编码", width: 150 },
    { field: "productName", header: "产品名称", width: 160 },
    { field: "brandName", header: "品牌", width: 90 },
    { field: "warehouseName", header: "仓库", width: 100, hidden: true },
    { field: "fullName", header: "货位", width: 130 },
    { field: "batchNo", header: "批次", width: 130, hidden: true },
    { field: "qty", header: "锁定数量", width: 90, kind: "number", sort: "qty" },
    { field: "docType", header: "单据类型", width: 100, kind: "enum", labels: STOCK_DOC_TYPES },
    { field: "docNo", header: "单据编号", width: 150, sort: "docNo" },
    { field: "userName", header: "操作人", width: 90, hidden: true },
    { field: "createdAt", header: "锁定时间", width: 140, kind: "datetime", sort: "createdAt" },
  ],
  filters: [
    { name: "warehouseId", label: "仓库", options: "warehouse" },
    { name: "locationId", label: "货位", options: "stockLocation" },
    { name: "docType", label: "单据类型", options: STOCK_DOC_TYPES },
    { name: "docNo", label: "单据编号" },
  ],
  keywordPlaceholder: "产品编码、OE号、名称或拼音",
  rowHref: (id) => `${PAGE}?open=${id}`,
};

export default function StockLockedPage() {
  return <ResourcePage config={config} />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("锁定库存") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
