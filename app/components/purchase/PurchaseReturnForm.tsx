import { Form, Link, useNavigation } from "@remix-run/react";
import { optionsOf, PURCHASE_RETURN_REASONS } from "#server/lib/dictionary";
import type { PurchaseReturnPageData } from "#server/purchase/purchase-return.page";
import type { SerializeFrom } from "@remix-run/node";
import { LineEditor, type LineColumn } from "~/components/lines/LineEditor";
import css from "~/components/grid/grid.module.css";
import po from "./purchase.module.css";

const REASONS = optionsOf(PURCHASE_RETURN_REASONS);

export function returnLineColumns(locations: { value: string; label: string }[]): LineColumn[] {
  return [
    { kind: "product" },
    { kind: "info", field: "available", label: "可用库存", format: "qty" },
    { kind: "select", name: "locationId", label: "货位", options: locations, required: true, placeholder: "请选择" },
    { kind: "text", name: "batchNo", label: "批次", maxLength: 60 },
    { kind: "number", name: "qty", label: "退货数量", required: true, total: true },
    { kind: "number", name: "price", label: "退货单价", defaultFrom: "lastPrice" },
    { kind: "amount", label: "金额", of: ["qty", "price"], total: true },
    { kind: "select", name: "reasonCode", label: "退货原因", options: REASONS, required: true, placeholder: "请选择" },
    { kind: "text", name: "remark", label: "备注", maxLength: 200 },
  ];
}

function FieldError({ errors, name }: { errors: Record<string, string[]>; name: string }) {
  const msg = errors[name]?.[0];
  return msg ? (
    <span className={po.fieldError} id={`${name}-error`} role="alert">
      {msg}
    </span>
  ) : null;
}

/**
 * The purchase return form (新建, 从采购单退货, a draft's page): supplier, warehouse, lines (the
 * shared line editor) and the batches on hand to take lines from (选用). A plain POST form.
 */
export function PurchaseReturnForm({ data, extraButtons }: { data: SerializeFrom<PurchaseReturnPageData>; extraButtons?: React.ReactNode }) {
  const { values, errors } = data;
  const busy = useNavigation().state === "submitting";
  const fromOrder = !!values.purchaseOrderId;
  return (
    <Form method="post" className={po.form} data-testid="pr-form" noValidate>
      {data.message ? (
        <div className={css.formError} role="alert" data-testid="pr-message">
          {data.message}
        </div>
      ) : null}
      <div className={po.header}>
        <label className={po.field}>
          <span>
            供应商<span className={po.req}>*</span>
          </span>
          {fromOrder ? <input type="hidden" name="partnerId" value={values.partnerId ?? ""} /> : null}
          <select name={fromOrder ? undefined : "partnerId"} defaultValue={values.partnerId ?? ""} disabled={fromOrder} data-testid="pr-supplier" aria-invalid={errors.partnerId ? true : undefined}>
            <option value="">请选择</option>
            {data.suppliers.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
          <FieldError errors={errors} name="partnerId" />
        </label>
        <label className={po.field}>
          <span>
            仓库<span className={po.req}>*</span>
          </span>
          {fromOrder ? <input type="hidden" name="warehouseId" value={values.warehouseId ?? ""} /> : null}
          <select name={fromOrder ? undefined : "warehouseId"} defaultValue={values.warehouseId ?? ""} disabled={fromOrder} data-testid="pr-warehouse">
            <option value="">请选择</option>
            {data.warehouses.map((w) => (
              <option key={w.value} value={w.value}>
                {w.label}
              </option>
            ))}
          </select>
          <FieldError errors={errors} name="warehouseId" />
        </label>
        <label className={po.field}>
          <span>采购单</span>
          <input value={values.purchaseOrderNo || "无（直接退货）"} readOnly data-testid="pr-order-no" />
          <input type="hidden" name="purchaseOrderId" value={values.purchaseOrderId ?? ""} />
          <input type="hidden" name="purchaseOrderNo" value={values.purchaseOrderNo ?? ""} />
        </label>
        <label className={`${po.field} ${po.wide}`}>
          <span>备注</span>
          <input name="remark" defaultValue={values.remark ?? ""} maxLength={500} data-testid="pr-remark" />
          <FieldError errors={errors} name="remark" />
        </label>
      </div>
      <LineEditor columns={returnLineColumns(data.locations)} lines={data.lines} errors={errors} partnerField="partnerId" warehouseField="warehouseId" submitIntent="submit" caption="退货明细" blankLine={{ reasonCode: "70" }} />
      <div className={po.buttons}>
        <button type="submit" name="intent" value="save" className={css.btn} disabled={busy} data-testid="pr-save">
          保存草稿
        </button>
        <button type="submit" name="intent" value="submit" className={`${css.btn} ${css.primary}`} disabled={busy} title="Ctrl+Enter" data-testid="pr-submit">
          提交
        </button>
        {extraButtons}
        <Link to="/purchase/returnOrder" prefetch="none" className={css.btn}>
          返回列表
        </Link>
      </div>
      <section aria-label="库存批次" className={po.page}>
        <div className={po.titleRow}>
          <h2 style={{ fontSize: 14, margin: 0 }}>库存批次（所选仓库）</h2>
          <input name="batchQ" defaultValue={values.batchQ ?? ""} placeholder="产品编码、名称或拼音" aria-label="查找库存批次" data-testid="pr-batch-q" />
          <button type="submit" name="intent" value="findBatches" className={css.btn} data-testid="pr-batch-find">
            查找批次
          </button>
        </div>
        {data.batches.length ? (
          <table className={po.table} data-testid="pr-batches">
            <thead>
              <tr>
                <th>产品编码</th>
                <th>名称</th>
                <th>货位</th>
                <th>批次</th>
                <th className={po.num}>库存</th>
                <th className={po.num}>可用</th>
                <th>操作</th>
              </tr>
            </thead>
            <tbody>
              {data.batches.map((b) => (
                <tr key={`${b.productId}|${b.locationId}|${b.batchNo}`}>
                  <td>{b.mainOE}</td>
                  <td>{b.productName}</td>
                  <td>{b.locationName}</td>
                  <td>{b.batchNo || "—"}</td>
                  <td className={po.num}>{b.qty}</td>
                  <td className={po.num}>{b.available}</td>
                  <td>
                    <button type="submit" name="intent" value={`useBatch:${b.productId}:${b.locationId}:${encodeURIComponent(b.batchNo)}`} className={css.btn} data-testid="pr-use-batch">
                      选用
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p style={{ fontSize: 13, color: "#666e76", margin: 0 }}>输入产品后点“查找批次”，显示所选仓库中有库存的批次。</p>
        )}
      </section>
    </Form>
  );
}
