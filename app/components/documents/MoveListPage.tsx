import type { ReactNode } from "react";
import type { Dict } from "#server/lib/dictionary";
import type { GridColumn } from "#server/lib/grid-settings";
import type { FilterField, PageConfig } from "~/components/grid/page-config";
import { ResourcePage } from "~/components/grid/ResourcePage";
import css from "~/components/grid/grid.module.css";

/**
 * The list of a stock-moving note, both sides (发货单 / 收货单): the columns and filters both
 * lists have (the note's and its order's numbers, the partner, the status, the creation time;
 * filters by status, partner, number and date) around the side's own, rows that open the note's
 * page, and 打印 (the selected note's print sheet, a GET the loader answers) after the side's
 * toolbar buttons.
 */

export interface MoveListSpec {
  /** The list's URL: /sale/deliver. */
  page: string;
  /** 发货 / 收货: 发货单号. */
  verb: string;
  order: { field: string; header: string };
  partner: { header: string; options: string };
  statuses: Dict;
  /** The side's columns between the partner and the creation time; `status` is the status column. */
  columns: (status: GridColumn) => GridColumn[];
  /** The side's filters before the number's, and after it. */
  filters: { beforeNo: FilterField[]; afterNo?: FilterField[] };
  keywordPlaceholder: string;
}

export function moveListConfig(spec: MoveListSpec): PageConfig {
  const noHeader = `${spec.verb}单号`;
  return {
    columns: [
      { field: "no", header: noHeader, width: 160, sort: "no" },
      { field: spec.order.field, header: spec.order.header, width: 160 },
      { field: "partnerName", header: spec.partner.header, width: 160 },
      ...spec.columns({ field: "status", header: "状态", width: 90, kind: "enum", labels: spec.statuses, sort: "status" }),
      { field: "creationTime", header: "创建时间", width: 140, kind: "datetime", sort: "creationTime", hidden: true },
    ],
    filters: [
      { name: "status", label: "状态", options: spec.statuses },
      { name: "partnerId", label: spec.partner.header, options: spec.partner.options },
      ...spec.filters.beforeNo,
      { name: "no", label: noHeader },
      ...(spec.filters.afterNo ?? []),
      { name: "date", label: "创建日期", kind: "dateRange" },
    ],
    keywordPlaceholder: spec.keywordPlaceholder,
    rowHref: (id) => `${spec.page}/${id}`,
  };
}

export function MoveListPage({ config, prefix, toolbar, children }: { config: PageConfig; prefix: string; toolbar?: ReactNode; children?: ReactNode }) {
  return (
    <ResourcePage
      config={config}
      toolbar={
        <>
          {toolbar}
          <button type="submit" name="do" value="print" formTarget="_blank" className={css.btn} data-testid={`${prefix}-print`}>
            打印
          </button>
        </>
      }
    >
      {children}
    </ResourcePage>
  );
}
