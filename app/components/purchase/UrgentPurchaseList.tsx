import { useEffect, useRef, useState } from "react";
import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { hrefWith } from "~/components/grid/DataGrid";
import { SimplePager } from "~/components/grid/SimplePager";
import { t } from "#server/lib/i18n/zh-CN";
import css from "~/components/grid/grid.module.css";
import { formatMoneyText, formatQtyText } from "#server/lib/decimal-text";
import { cellText } from "#server/lib/grid-settings";
import type { UrgentRow } from "#server/purchase/urgent-purchase.service";

/**
 * 紧急采购: the short lines grouped by product and warehouse, as a plain form. Filters are a GET
 * form, sorting and paging are links, and the selection is checkboxes of the POST form whose one
 * button 生成采购订单 makes the draft purchase orders; all of it works without JavaScript. With
 * JavaScript a header checkbox selects the whole page.
 */
export interface UrgentListData {
  items: UrgentRow[];
  totalCount: number;
  page: number;
  size: number;
  sort: { field: string; dir: "asc" | "desc" };
  keyword: string;
  warehouseId: number | null;
  partnerId: number | null;
  lookups: { warehouse: { value: number; label: string }[]; supplier: { value: number; label: string }[] };
}

const qty = (v: string | null | undefined) => formatQtyText(v ?? "0") ?? v ?? "";
const over = (a: string, b: string, c: string) => {
  // Display only: the server computes what it orders with exact decimals.
  const n = Number(a) - Number(b) - Number(c);
  return n > 0 ? n.toFixed(2) : "0.00";
};

const SORTS: Record<string, string> = { mainOE: "产品编码", urgentQty: "紧急数量", orderCount: "等待订单", waitingSince: "最早等待" };

export function UrgentPurchaseList({ data }: { data: UrgentListData }) {
  const { search } = useLocation();
  // 品牌, 订单数 and 可用库存 are for 显示全部列: with them the list is wider than a 1366 px screen.
  const all = new URLSearchParams(search).get("cols") === "all";
  const busy = useNavigation().state === "submitting";
  const tableRef = useRef<HTMLTableElement>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  function sortLink(field: string) {
    const active = data.sort.field === field;
    const dir = active && data.sort.dir === "asc" ? "desc" : "asc";
    return (
      <Link to={hrefWith(search, { sort: `${field}.${dir}`, page: null })} prefetch="none" aria-label={`按${SORTS[field]}排序`}>
        {SORTS[field]}
        {active ? <span className={css.sortMark}>{data.sort.dir === "asc" ? "▲" : "▼"}</span> : null}
      </Link>
    );
  }

  function toggleAll(on: boolean) {
    tableRef.current?.querySelectorAll<HTMLInputElement>('input[name="key"]').forEach((b) => (b.checked = on));
  }

  return (
    <div className={css.wrap}>
      <Form method="get" className={`${css.card} ${css.filters}`} data-testid="urgent-filters">
        <label>
          产品
          <input name="q" defaultValue={data.keyword} placeholder="OE号（任意写法）或名称" data-testid="urgent-keyword" />
        </label>
        <label>
          仓库
          <select name="warehouseId" defaultValue={data.warehouseId ?? ""} data-testid="urgent-warehouse">
            <option value="">全部</option>
            {data.lookups.warehouse.map((w) => (
              <option key={w.value} value={w.value}>
                {w.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          上次供应商
          <select name="partnerId" defaultValue={data.partnerId ?? ""} data-testid="urgent-supplier">
            <option value="">全部</option>
            {data.lookups.supplier.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
        {data.sort.field !== "waitingSince" || data.sort.dir !== "asc" ? (
          <input type="hidden" name="sort" value={`${data.sort.field}.${data.sort.dir}`} />
        ) : null}
        {all ? <input type="hidden" name="cols" value="all" /> : null}
        <button type="submit" className={`${css.btn} ${css.primary}`} data-testid="urgent-search">
          查询
        </button>
        <Link to="?" prefetch="none" className={css.btn}>
          重置
        </Link>
        <Link to={hrefWith(search, { cols: all ? null : "all" })} prefetch="none" preventScrollReset className={css.btn} data-testid="report-columns">
          {all ? t.grid.defaultColumns : t.grid.allColumns}
        </Link>
      </Form>
      <Form method="post" className={css.card} data-testid="urgent-form">
        <input type="hidden" name="back" value={search} />
        <div className={css.toolbar}>
          <button type="submit" name="intent" value="generate" className={`${css.btn} ${css.primary}`} disabled={busy} data-testid="urgent-generate">
            生成采购订单
          </button>
          <span className={css.muted}>勾选产品后生成草稿采购订单：按上次供应商和仓库各一张，数量 = 紧急数量 − 在途 − 草稿中，单价 = 上次进价。</span>
        </div>
        <div className={css.scroll}>
          <table className={css.table} ref={tableRef} data-testid="urgent-table">
            <thead>
              <tr>
                <th className={css.sel}>
                  {hydrated ? (
                    <input type="checkbox" aria-label="全选本页" onChange={(e) => toggleAll(e.currentTarget.checked)} data-testid="urgent-all" />
                  ) : (
                    <span className="visually-hidden">选择</span>
                  )}
                </th>
                <th style={{ width: 130 }}>{sortLink("mainOE")}</th>
                <th style={{ width: 140 }}>产品名称</th>
                {all ? <th style={{ width: 90 }}>品牌</th> : null}
                <th style={{ width: 80 }}>仓库</th>
                <th style={{ width: 90 }} className={css.num}>
                  {sortLink("urgentQty")}
                </th>
                {all ? (
                  <th style={{ width: 80 }} className={css.num}>
                    {sortLink("orderCount")}
                  </th>
                ) : null}
                <th style={{ width: 140 }}>{sortLink("waitingSince")}</th>
                {all ? (
                  <th style={{ width: 80 }} className={css.num}>
                    可用库存
                  </th>
                ) : null}
                <th style={{ width: 70 }} className={css.num}>
                  在途
                </th>
                <th style={{ width: 70 }} className={css.num}>
                  草稿中
                </th>
                <th style={{ width: 90 }} className={css.num}>
                  建议采购
                </th>
                <th style={{ width: 130 }}>上次供应商</th>
                <th style={{ width: 90 }} className={css.num}>
                  上次进价
                </th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((r) => (
                <tr key={`${r.productId}:${r.warehouseId}`} data-testid="urgent-row">
                  <td className={css.sel}>
                    <input type="checkbox" name="key" value={`${r.productId}:${r.warehouseId}`} aria-label={`选择 ${r.mainOE} ${r.warehouseName ?? ""}`} />
                  </td>
                  <td>{r.mainOE}</td>
                  <td>{r.productName}</td>
                  {all ? <td>{r.brandName ?? ""}</td> : null}
                  <td>{r.warehouseName ?? ""}</td>
                  <td className={css.num} data-testid="urgent-qty">
                    {qty(r.urgentQty)}
                  </td>
                  {all ? <td className={css.num}>{r.orderCount}</td> : null}
                  <td>{cellText({ field: "waitingSince", header: "", kind: "datetime" }, r.waitingSince)}</td>
                  {all ? <td className={css.num}>{qty(r.availableQty)}</td> : null}
                  <td className={css.num}>{qty(r.onOrderQty)}</td>
                  <td className={css.num} data-testid="urgent-draft">
                    {qty(r.draftQty)}
                  </td>
                  <td className={css.num} data-testid="urgent-suggest">
                    {r.lastPartnerId ? qty(over(r.urgentQty, r.onOrderQty, r.draftQty)) : ""}
                  </td>
                  <td data-testid="urgent-supplier-name">{r.lastPartnerName ?? <span className={css.muted}>无上次供应商</span>}</td>
                  <td className={css.num}>{r.lastPrice !== null ? formatMoneyText(r.lastPrice) : ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {data.items.length === 0 ? (
            <div className={css.empty}>
              <span className={css.emptyBox}>没有缺货的销售订单</span>
            </div>
          ) : null}
        </div>
        <SimplePager total={data.totalCount} page={data.page} size={data.size} search={search} totalTestId="urgent-total" />
      </Form>
    </div>
  );
}
