import chartsCss from "@mantine/charts/styles.css?url";
import { BarChart } from "@mantine/charts";
import { useEffect } from "react";
import type { ReportResult } from "#server/report/reports";

/**
 * The report chart with JavaScript: a @mantine/charts BarChart (recharts) of the top rows. A
 * lazy chunk: only report pages with a chart load it, after hydration; its stylesheet is linked
 * when it first loads.
 */
const COLORS = ["orange.6", "blue.6", "teal.6"];

export default function ReportBarChart({ chart }: { chart: NonNullable<ReportResult["chart"]> }) {
  useEffect(() => {
    if (document.querySelector(`link[rel="stylesheet"][href="${chartsCss}"]`)) return;
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = chartsCss;
    document.head.appendChild(link);
  }, []);
  const data = chart.rows.map((r) => {
    const row: Record<string, string | number> = { label: String(r[chart.config.label] ?? "") };
    for (const s of chart.config.series) row[s.name] = Number(r[s.field] ?? 0);
    return row;
  });
  return (
    <div data-testid="report-barchart" role="img" aria-label={chart.rows.map((r) => String(r[chart.config.label] ?? "")).join("、")}>
      <BarChart
        h={260}
        data={data}
        dataKey="label"
        series={chart.config.series.map((s, i) => ({ name: s.name, color: COLORS[i % COLORS.length]! }))}
        withLegend={chart.config.series.length > 1}
        valueFormatter={(v) => `￥${new Intl.NumberFormat("zh-CN", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(v)}`}
        tickLine="y"
        gridAxis="y"
      />
    </div>
  );
}
