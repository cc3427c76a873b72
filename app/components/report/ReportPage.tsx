import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { DataGrid, HiddenParams, hrefWith } from "~/components/grid/DataGrid";
import { DateRangeFilter } from "~/components/grid/DateRangeFilter";
import css from "~/components/grid/grid.module.css";
import { t } from "../../../server/lib/i18n/zh-CN";
import type { ReportPageData } from "#server/report/reports";
import { BarList } from "./BarList";
import { ColumnSetLink, reportColumns } from "./report-columns";
import rcss from "./report.module.css";
import { withMantineStyles } from "~/components/ui/mantine/full-styles";

/**
 * A statement report page: a GET filter form (date range, selects, keyword), the report's
 * server-rendered grid with sorting and paging links and a totals row, an export link (the same
 * selection as .xlsx) and, for the summaries, a chart of the top rows. Everything but the chart
 * works without JavaScript; the chart is a plain bar list until the page hydrates, then a
 * @mantine/charts BarChart loaded as its own chunk (pages without a chart never fetch it).
 */
const BarChartView = lazy(() => withMantineStyles(import("./ReportBarChart.lazy")));

export interface ReportFilter {
  name: string;
  label: string;
  /** An option list the loader sends (customer, salesman …) or fixed [value, label] pairs. */
  options?: string | readonly (readonly [string | number, string])[];
  /** `dateRange`: `<name>From` / `<name>To`. */
  kind?: "dateRange";
  /** The first option is the default (按产品): no 全部 entry. */
  noAll?: boolean;
}

export function ReportPage({ filters, keywordPlaceholder, children }: { filters: ReportFilter[]; keywordPlaceholder?: string; children?: ReactNode }) {
  const { report, options } = useLoaderData<ReportPageData>();
  const location = useLocation();
  const search = location.search;
  const names = ["q", ...filters.flatMap((f) => (f.kind === "dateRange" ? [`${f.name}From`, `${f.name}To`] : [f.name]))];
  const columns = reportColumns(report.columns, search);
  const rows = [...report.items, report.totals];
  const exportHref = `/statements/export${hrefWith(search, { report: report.pageUrl, page: null })}`;
  const value = (n: string) => {
    const v = report.query.filters[n];
    return v === undefined ? "" : String(v);
  };
  return (
    <div className={css.wrap}>
      <Form method="get" className={`${css.card} ${css.filters}`} role="search" aria-label={`${report.pageName}筛选`}>
        <HiddenParams search={search} except={[...names, "page"]} />
        {filters.map((f) =>
          f.kind === "dateRange" ? (
            <DateRangeFilter key={f.name} name={f.name} label={f.label} from={value(`${f.name}From`)} to={value(`${f.name}To`)} />
          ) : (
            <label key={f.name}>
              {f.label}
              <select name={f.name} defaultValue={value(f.name)} key={value(f.name)} data-testid={`filter-${f.name}`}>
                {f.noAll ? null : <option value="">{t.grid.all}</option>}
                {(typeof f.options === "string" ? (options[f.options] ?? []).map((o) => [o.value, o.label] as const) : (f.options ?? [])).map(([v, label]) => (
                  <option key={v} value={v}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
          ),
        )}
        {keywordPlaceholder ? (
          <label>
            {t.grid.keyword}
            <input type="search" name="q" defaultValue={report.query.keyword} key={report.query.keyword} placeholder={keywordPlaceholder} maxLength={100} />
          </label>
        ) : null}
        <button type="submit" className={`${css.btn} ${css.primary}`} data-testid="report-search">
          {t.grid.search}
        </button>
        <Link to={report.pageUrl} prefetch="none" className={css.btn}>
          {t.grid.reset}
        </Link>
        <a href={exportHref} className={css.btn} data-testid="report-export" download>
          导出
        </a>
        <ColumnSetLink columns={report.columns} search={search} />
      </Form>
      {children}
      {report.chart && report.chart.rows.length ? <ReportChartBox chart={report.chart} title={report.pageName} /> : null}
      <DataGrid gridId={report.pageUrl} columns={columns} rows={rows} total={report.totalCount} query={report.query} search={search} />
    </div>
  );
}

function ReportChartBox({ chart, title }: { chart: NonNullable<ReportPageData["report"]["chart"]>; title: string }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const list = <BarList chart={chart} />;
  return (
    <figure className={`${css.card} ${rcss.chart}`} data-testid="report-chart">
      <figcaption className={rcss.caption}>
        {title}：前 {chart.rows.length} 名（{chart.config.series.map((s) => s.name).join("、")}）
      </figcaption>
      {hydrated ? (
        <Suspense fallback={list}>
          <BarChartView chart={chart} />
        </Suspense>
      ) : (
        list
      )}
    </figure>
  );
}
