import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { DocumentActionButton, qtyText, type DocumentActionSpec } from "~/components/documents/DocumentActionButton";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { DocumentHeader, DocumentSummary } from "~/components/documents/DocumentPage";
import { useEffect, useState } from "react";
import css from "~/components/grid/grid.module.css";
import wh from "~/components/warehouse/warehouse.module.css";
import type { InventoryPageData } from "#server/warehouse/inventory-order.page";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { inventoryPageAction, loadInventoryPage } from "~/server/warehouse.server";

/** A stocktake: create (new), start, count (plain form of counted inputs), post, void, reverse. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return json(await loadInventoryPage(request, params.id));
}

export function action({ request, params }: ActionFunctionArgs) {
  return inventoryPageAction(request, params.id);
}

const ACTIONS: Record<string, DocumentActionSpec> = {
  start: { label: "开始盘点", primary: true },
  post: { label: "过账", primary: true, confirm: "过账将按实盘数与录入时账面数的差异调整库存，是否继续？" },
  void: { label: "作废", danger: true, confirm: "确定作废该盘点单吗？" },
  reverse: { label: "红冲", danger: true, confirm: "红冲将冲回盘盈盘亏，是否继续？" },
  remove: { label: "删除", danger: true, confirm: "此操作将删除该草稿, 是否继续?" },
};

function ActionButton({ action }: { action: string }) {
  return <DocumentActionButton action={action} spec={ACTIONS[action]} testId={`io-action-${action}`} />;
}

const qty = qtyText;

export default function InventoryPage() {
  const loaded = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const data = answered && "warehouses" in answered ? answered : loaded;
  return <div className={wh.page}>{data.doc ? <Stocktake data={data} /> : <NewStocktake data={data} />}</div>;
}

function NewStocktake({ data }: { data: SerializeFrom<InventoryPageData> }) {
  const v = data.values;
  // With JavaScript only the chosen warehouse's shelves are offered; without it every warehouse's, each under its name.
  const [warehouseId, setWarehouseId] = useState(v.warehouseId ?? String(data.warehouses[0]?.id ?? ""));
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const chosenIds = new Set((v.locationIds ?? "").split(",").filter(Boolean));
  return (
    <>
      <div className={wh.titleRow}>
        <h2 style={{ fontSize: 16, margin: 0 }}>新建盘点单</h2>
        <Link to="/warehouse/inventory" prefetch="none" className={css.btn}>
          返回列表
        </Link>
      </div>
      {data.message ? (
        <div role="alert" className={wh.error} data-testid="io-error">
          {data.message}
        </div>
      ) : null}
      <Form method="post" className={wh.form} data-testid="io-new-form">
        <div className={wh.header}>
          <label className={wh.field}>
            仓库
            <select
              name="warehouseId"
              defaultValue={v.warehouseId ?? String(data.warehouses[0]?.id ?? "")}
              onChange={(e) => setWarehouseId(e.target.value)}
              data-testid="io-warehouse"
            >
              {data.warehouses.map((w) => (
                <option key={w.id} value={w.id}>
                  {w.name}
                </option>
              ))}
            </select>
          </label>
          <label className={wh.field}>
            产品（编码、名称或拼音，可留空）
            <input name="keyword" defaultValue={v.keyword ?? ""} maxLength={60} data-testid="io-keyword" />
          </label>
          <label className={wh.field} style={{ gridColumn: "span 2" }}>
            备注
            <input name="remark" defaultValue={v.remark ?? ""} maxLength={500} />
          </label>
          <fieldset className={wh.field} style={{ gridColumn: "1 / -1", border: "none", padding: 0, margin: 0 }} data-testid="io-locations">
            <legend>货位（勾选要盘的货位，不勾选为整个仓库；须属于所选仓库）</legend>
            <div style={{ maxHeight: 220, overflowY: "auto", border: "1px solid #e3e6ea", borderRadius: 4, padding: "6px 10px" }}>
              {data.warehouses.map((w) => (
                <div key={w.id} data-warehouse={w.id} hidden={hydrated && String(w.id) !== warehouseId}>
                  {!hydrated ? <div style={{ fontWeight: 600, margin: "4px 0" }}>{w.name}</div> : null}
                  <div style={{ display: "flex", flexWrap: "wrap", gap: "4px 16px" }}>
                    {w.locations.map((l) => (
                      <label key={l.id} style={{ display: "inline-flex", gap: 4, alignItems: "center", fontSize: 13 }}>
                        <input
                          type="checkbox"
                          name="locationIds"
                          value={l.id}
                          defaultChecked={chosenIds.has(String(l.id))}
                          disabled={hydrated && String(w.id) !== warehouseId}
                        />
                        {l.fullName}
                      </label>
                    ))}
                    {w.locations.length ? null : <span style={{ color: "#868e96", fontSize: 13 }}>该仓库没有货位</span>}
                  </div>
                </div>
              ))}
            </div>
          </fieldset>
        </div>
        <div className={wh.buttons}>
          <button type="submit" name="intent" value="create" className={`${css.btn} ${css.primary}`} data-testid="io-create">
            创建盘点单
          </button>
        </div>
      </Form>
    </>
  );
}

function Stocktake({ data }: { data: SerializeFrom<InventoryPageData> }) {
  const doc = data.doc!;
  const counting = doc.status === 10;
  const posted = doc.status === 100 || (doc.status === 90 && doc.postedAt);
  const wh0 = data.warehouses.find((w) => w.id === doc.warehouseId);
  return (
    <>
      <DocumentHeader
        title="盘点单"
        no={doc.no}
        status={doc.statusLabel}
        statusTestId="io-status"
        printHref={`/warehouse/inventory/${doc.id}/sheet`}
        printTestId="io-sheet"
        printLabel="打印盘点表"
      >
        <Link to={data.showSystem ? `/warehouse/inventory/${doc.id}` : `/warehouse/inventory/${doc.id}?system=1`} prefetch="none" className={css.btn}>
          {data.showSystem ? "隐藏当前账面数" : "显示当前账面数"}
        </Link>
        <Link to="/warehouse/inventory" prefetch="none" className={css.btn}>
          返回列表
        </Link>
      </DocumentHeader>
      {data.message ? (
        <div role="alert" className={wh.error} data-testid="io-error">
          {data.message}
        </div>
      ) : null}
      <DocumentSummary
        items={[
          { label: "仓库", value: doc.warehouseName ?? "—" },
          { label: "盘点行数", value: doc.lineCount },
          { label: "已录入", value: doc.countedCount, testId: "io-counted" },
          { label: "制单人", value: doc.createdByName ?? "—" },
        ]}
      />
      {counting ? (
        <p className={wh.hint}>
          录入实盘数后点“保存实盘”：每行记录录入时的账面数；过账按“实盘数 − 录入时账面数”调整库存，录入后发生的出入库不会被覆盖。未录入的行不调整。
        </p>
      ) : null}
      <Form method="post" className={wh.form} data-testid="io-count-form">
        <table className={wh.table} data-testid="io-lines">
          <caption className="visually-hidden">盘点明细</caption>
          <thead>
            <tr>
              <th scope="col">序号</th>
              <th scope="col">货位</th>
              <th scope="col">产品编码</th>
              <th scope="col">名称</th>
              <th scope="col">批次</th>
              {data.showSystem ? (
                <th scope="col" className={wh.num}>
                  当前账面数
                </th>
              ) : null}
              <th scope="col" className={wh.num}>
                录入时账面数
              </th>
              <th scope="col" className={wh.num} style={{ width: 110 }}>
                实盘数
              </th>
              <th scope="col" className={wh.num}>
                差异
              </th>
            </tr>
          </thead>
          <tbody>
            {doc.lines.map((l, i) => (
              <tr key={l.id} data-testid={`io-line-${l.mainOE}-${l.batchNo}`}>
                <td>{l.lineNo}</td>
                <td>{l.locationName}</td>
                <td>{l.mainOE}</td>
                <td>{l.productName}</td>
                <td>{l.batchNo || "—"}</td>
                {data.showSystem ? <td className={wh.num}>{qty(l.currentQty)}</td> : null}
                <td className={wh.num}>{qty(l.systemQty)}</td>
                <td className={`${wh.num} ${wh.cell}`}>
                  {counting && data.canWrite ? (
                    <>
                      <input type="hidden" name={`counts[${i}].lineId`} value={l.id} />
                      <input
                        name={`counts[${i}].countedQty`}
                        defaultValue={data.values[`c${l.id}`] ?? qty(l.countedQty)}
                        inputMode="decimal"
                        aria-label={`第 ${l.lineNo} 行实盘数`}
                        data-testid={`io-count-${i}`}
                        style={{ textAlign: "right" }}
                      />
                    </>
                  ) : (
                    qty(l.countedQty)
                  )}
                </td>
                <td className={`${wh.num} ${l.diffQty && l.diffQty.startsWith("-") ? wh.shortage : l.diffQty && l.diffQty !== "0.00" ? wh.surplus : ""}`}>
                  {qty(l.diffQty)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {data.canWrite ? (
          <div className={wh.buttons}>
            {counting ? (
              <button type="submit" name="intent" value="count" className={`${css.btn}`} data-testid="io-save-counts">
                保存实盘
              </button>
            ) : null}
            {doc.actions
              .filter((a) => a in ACTIONS)
              .map((a) => (
                <ActionButton key={a} action={a} />
              ))}
          </div>
        ) : null}
      </Form>
      {counting && data.canWrite ? (
        <Form method="post" className={wh.form} data-testid="io-add-form">
          <strong style={{ fontSize: 13 }}>添加盘盈行（在无账面库存的货位发现的产品）</strong>
          <div className={wh.header}>
            <label className={wh.field}>
              产品编码或名称
              <input name="product" defaultValue={data.values.product ?? ""} maxLength={100} required data-testid="io-add-product" />
            </label>
            <label className={wh.field}>
              货位
              <select name="locationId" defaultValue={data.values.locationId ?? ""} data-testid="io-add-location">
                {(wh0?.locations ?? []).map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.fullName}
                  </option>
                ))}
              </select>
            </label>
            <label className={wh.field}>
              批次（可留空）
              <input name="batchNo" defaultValue={data.values.batchNo ?? ""} maxLength={60} />
            </label>
            <label className={wh.field}>
              实盘数
              <input name="countedQty" defaultValue={data.values.countedQty ?? ""} inputMode="decimal" required data-testid="io-add-qty" />
            </label>
          </div>
          <div className={wh.buttons}>
            <button type="submit" name="intent" value="addLine" className={css.btn} data-testid="io-add-line">
              添加盘盈行
            </button>
          </div>
        </Form>
      ) : null}
      {posted ? <p className={wh.hint}>过账人：{doc.postedByName ?? "—"}</p> : null}
    </>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("库存盘点") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
