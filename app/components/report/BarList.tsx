import type { ReportResult } from "#server/report/reports";
import { formatMoneyText } from "../../../server/lib/decimal-text";
import rcss from "./report.module.css";

/**
 * The chart without JavaScript (and while the chart chunk loads): one row per bar, its label,
 * its value as text and a bar as wide as its share of the largest value. Plain HTML, so it
 * prints, reads aloud and needs no script.
 */
export function BarList({ chart }: { chart: NonNullable<ReportResult["chart"]> }) {
  const first = chart.config.series[0]!;
  const values = chart.rows.map((r) => Number(r[first.field] ?? 0));
  const max = Math.max(0, ...values);
  return (
    <ol className={rcss.bars} data-testid="report-bars">
      {chart.rows.map((r, i) => (
        <li key={String(r.id ?? i)}>
          <span className={rcss.barLabel}>{String(r[chart.config.label] ?? "")}</span>
          <span className={rcss.barTrack} aria-hidden="true">
            <span className={rcss.bar} style={{ width: `${max > 0 ? Math.max(0, (values[i]! / max) * 100) : 0}%` }} />
          </span>
          <span className={rcss.barValue}>
            {first.name} {formatMoneyText(String(r[first.field] ?? "0"))}
          </span>
        </li>
      ))}
    </ol>
  );
}
