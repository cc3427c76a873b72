import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import css from "~/components/grid/grid.module.css";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { requirePage } from "~/server/auth.server";
import { parseId } from "~/server/kit.server";
import { findStock, RETRIEVE_PAGE, warehouseOptions } from "~/server/warehouse.server";

/** 库存查找: where a product is (any OE spelling, pinyin or name) — per location and batch. */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requirePage(request, RETRIEVE_PAGE);
  const params = new URL(request.url).searchParams;
  const keyword = (params.get("q") ?? "").slice(0, 100);
  const warehouseId = parseId(params.get("warehouseId"));
  const [rows, warehouses] = await Promise.all([findStock(ctx, keyword, { warehouseId }), warehouseOptions(ctx)]);
  return json({ keyword, warehouseId, rows, warehouses });
}

const day = (iso: string) => iso.slice(0, 10);

export default function RetrievePage() {
  const { keyword, warehouseId, rows, warehouses } = useLoaderData<typeof loader>();
  return (
    <div className={css.wrap}>
      <Form method="get" className={`${css.card} ${css.toolbar}`} style={{ display: "flex", gap: 8, padding: 8 }}>
        <input
          name="q"
          defaultValue={keyword}
          placeholder="OE号（任意写法）、名称或拼音"
          aria-label="查找产品"
          className={css.btn}
          style={{ cursor: "text", minWidth: 260 }}
          data-testid="retrieve-q"
        />
        <select name="warehouseId" defaultValue={warehouseId ?? ""} aria-label="仓库" className={css.btn}>
          <option value="">全部仓库</option>
          {warehouses.map((w) => (
            <option key={w.id} value={w.id}>
              {w.name}
            </option>
          ))}
        </select>
        <button type="submit" className={`${css.btn} ${css.primary}`} data-testid="retrieve-search">
          查找
        </button>
      </Form>
      <div className={css.card} style={{ padding: 8 }}>
        {!keyword ? (
          <p className={css.muted}>输入产品编码、名称或拼音，查找它在哪些货位、各有多少库存。</p>
        ) : (
          <table className={css.colTable} data-testid="retrieve-results">
            <thead>
              <tr>
                <th>产品编码</th>
                <th>名称</th>
                <th>货位</th>
                <th>批次号</th>
                <th style={{ textAlign: "right" }}>数量</th>
                <th style={{ textAlign: "right" }}>锁定</th>
                <th style={{ textAlign: "right" }}>可用</th>
                <th>入库日期</th>
                <th style={{ textAlign: "right" }}>库龄(天)</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={i} data-testid="retrieve-row">
                  <td>{r.mainOE}</td>
                  <td>{r.name}</td>
                  <td>{r.locationName}</td>
                  <td>{r.batchNo}</td>
                  <td style={{ textAlign: "right" }}>{r.qty}</td>
                  <td style={{ textAlign: "right" }}>{r.lockedQty}</td>
                  <td style={{ textAlign: "right" }}>{r.available}</td>
                  <td>{day(r.receivedAt)}</td>
                  <td style={{ textAlign: "right" }}>{r.ageDays}</td>
                </tr>
              ))}
              {rows.length === 0 ? (
                <tr>
                  <td colSpan={9} className={css.muted}>
                    没有找到库存
                  </td>
                </tr>
              ) : null}
            </tbody>
          </table>
        )}
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("库位检索") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
