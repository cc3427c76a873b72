import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { notPageData } from "~/components/documents/page-response.server";
import { DataGrid, hrefWith } from "~/components/grid/DataGrid";
import css from "~/components/grid/grid.module.css";
import { pageTitle, t } from "../../../../server/lib/i18n/zh-CN";
import type { GridColumn } from "../../../../server/lib/grid-settings";
import { ColumnSetLink, reportColumns } from "~/components/report/report-columns";
import { AGE_BUCKET_LABELS } from "#server/report/stock-age.labels";
import { requirePage } from "~/server/auth.server";
import { xlsxResponse } from "~/server/kit.server";
import { exportStockAge, parseStockAgeQuery, stockAgeReport, type StockAgeReport } from "~/server/report.server";
import { getCompanyTimeZone } from "~/server/setting.server";
import { stockPlaceOptions } from "~/server/warehouse.server";

const PAGE = "/statements/stock/age";

/** 库龄报表: quantity (and, for 产品价格 holders, amount) per product in age buckets; ?export=1 downloads it. */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requirePage(request, PAGE);
  const params = new URL(request.url).searchParams;
  const query = parseStockAgeQuery(params);
  if (params.get("export") === "1") return notPageData(xlsxResponse(await exportStockAge(ctx, query, await getCompanyTimeZone(ctx))));
  const [report, places] = await Promise.all([stockAgeReport(ctx, query), stockPlaceOptions(ctx)]);
  return json({ report, warehouses: places.warehouse });
}

type Flat = Record<string, unknown>;

function flatten(r: Omit<StockAgeReport["items"][number], "productId" | "warehouseId"> | StockAgeReport["totals"], id: string | number): Flat {
  const out: Flat = { ...r, id };
  for (const [key, v] of Object.entries(r.buckets)) {
    out[`${key}Qty`] = v.qty;
    out[`${key}Amount`] = v.amount;
  }
  return out;
}

export default function StockAgePage() {
  const { report, warehouses } = useLoaderData<typeof loader>();
  const search = useLocation().search;
  const q = report.query;
  const columns: GridColumn[] = [
    { field: "mainOE", header: "产品编码", width: 150 },
    { field: "productName", header: "产品名称", width: 160 },
    { field: "brandName", header: "品牌", width: 90 },
    ...(q.byWarehouse ? [{ field: "warehouseName", header: "仓库", width: 100 }] : []),
    ...AGE_BUCKET_LABELS.flatMap(([key, label]): GridColumn[] => [
      { field: `${key}Qty`, header: `${label}数量`, width: 90, kind: "number" },
      // The buckets' amounts are for 显示全部列: with them the report is wider than a 1366 px screen.
      ...(report.showAmount ? [{ field: `${key}Amount`, header: `${label}金额`, width: 110, kind: "money" as const, hidden: true }] : []),
    ]),
    { field: "qty", header: "合计数量", width: 90, kind: "number" },
    ...(report.showAmount ? [{ field: "amount", header: "合计金额", width: 110, kind: "money" as const }] : []),
  ];
  const rows = report.items.map((r) => flatten(r, `${r.productId}-${r.warehouseId ?? 0}`));
  if (rows.length) rows.push({ ...flatten(report.totals, "total"), mainOE: "合计" });
  const exportHref = `${PAGE}${hrefWith(search, { export: "1", page: null })}`;
  return (
    <div className={css.wrap}>
      <Form method="get" className={`${css.card} ${css.filters}`} role="search">
        {new URLSearchParams(search).get("cols") === "all" ? <input type="hidden" name="cols" value="all" /> : null}
        <label>
          {t.grid.keyword}
          <input type="search" name="q" defaultValue={q.keyword} key={q.keyword} placeholder="产品编码、OE号、名称或拼音" maxLength={100} />
        </label>
        <label>
          仓库
          <select name="warehouseId" defaultValue={q.warehouseId ?? ""} key={q.warehouseId ?? ""}>
            <option value="">{t.grid.all}</option>
            {warehouses.map((w) => (
              <option key={w.value} value={w.value}>
                {w.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          按仓库分行
          <select name="byWarehouse" defaultValue={q.byWarehouse ? "1" : ""} key={String(q.byWarehouse)}>
            <option value="">否</option>
            <option value="1">是</option>
          </select>
        </label>
        <button type="submit" className={`${css.btn} ${css.primary}`}>
          {t.grid.search}
        </button>
        <Link to={PAGE} prefetch="none" className={css.btn}>
          {t.grid.reset}
        </Link>
        <a href={exportHref} className={css.btn} data-testid="age-export" download>
          导出
        </a>
        <ColumnSetLink columns={columns} search={search} />
      </Form>
      <DataGrid
        gridId={PAGE}
        columns={reportColumns(columns, search)}
        rows={rows}
        total={report.totalCount}
        query={{ page: q.page, size: q.size, sort: { field: "", dir: "asc" } }}
        search={search}
      />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("库龄报表") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
