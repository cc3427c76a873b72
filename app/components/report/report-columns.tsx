import { Link } from "@remix-run/react";
import css from "~/components/grid/grid.module.css";
import { applyGridSettings, type EffectiveColumn, type GridColumn } from "../../../server/lib/grid-settings";
import { t } from "../../../server/lib/i18n/zh-CN";
import { hrefWith } from "~/components/grid/DataGrid";

/**
 * A report's columns as the page shows them. By default the columns marked `hidden` stay out, so
 * that the report fits a 1366 px screen; `cols=all` in the URL (a link, bookmarkable, no
 * JavaScript needed) shows every column. The export always has them all.
 */
export function reportColumns(columns: readonly GridColumn[], search: string): EffectiveColumn[] {
  const all = new URLSearchParams(search).get("cols") === "all";
  return applyGridSettings(all ? columns.map((c) => ({ ...c, hidden: false })) : [...columns], null);
}

/** The link that switches between the default columns and all of them (only where some are hidden). */
export function ColumnSetLink({ columns, search }: { columns: readonly GridColumn[]; search: string }) {
  if (!columns.some((c) => c.hidden)) return null;
  const all = new URLSearchParams(search).get("cols") === "all";
  return (
    <Link to={hrefWith(search, { cols: all ? null : "all" })} prefetch="none" preventScrollReset className={css.btn} data-testid="report-columns">
      {all ? t.grid.defaultColumns : t.grid.allColumns}
    </Link>
  );
}
