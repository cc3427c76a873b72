import { Form, Link, useNavigation } from "@remix-run/react";
import { optionsOf, SALES_RETURN_REASONS } from "#server/lib/dictionary";
import { formatMoneyText } from "#server/lib/decimal-text";
import type { SalesReturnPageData } from "#server/sale/sales-return.page";
import type { SerializeFrom } from "@remix-run/node";
import { LineEditor, type LineColumn } from "~/components/lines/LineEditor";
import { qtyText } from "~/components/documents/DocumentActionButton";
import css from "~/components/grid/grid.module.css";
import po from "~/components/purchase/purchase.module.css";

const REASONS = optionsOf(SALES_RETURN_REASONS);

/** A free-standing return's lines: the customer's products, the price typed (default: this customer's last price, else the list price). */
const FREE_COLUMNS: LineColumn[] = [
  { kind: "product" },
  { kind: "number", name: "qty", label: "退货数量", required: true, total: true },
  { kind: "number", name: "price", label: "退货单价", defaultFrom: ["lastPrice", "priceSale"] },
  { kind: "amount", label: "金额", of: ["qty", "price"], total: true },
  { kind: "select", name: "reasonCode", label: "退货原因", options: REASONS, required: true, placeholder: "请选择" },
  { kind: "text", name: "remark", label: "备注", maxLength: 200 },
];

function FieldError({ errors, name }: { errors: Record<string, string[]>; name: string }) {
  const msg = errors[name]?.[0];
  return msg ? (
    <span className={po.fieldError} id={`sr-${name}-error`} role="alert">
      {msg}
    </span>
  ) : null;
}

/**
 * "从销售订单退货": a GET form of its own (outside the return's form) that reloads the create
 * page with the order's returnable delivery lines.
 */
export function ReturnOrderLookup({ data }: { data: SerializeFrom<SalesReturnPageData> }) {
  const err = data.errors.orderNo?.[0];
  return (
    <Form method="get" action="/sale/returnOrderCreate" className={po.titleRow} data-testid="sr-lookup">
      <label className={po.field} style={{ flexDirection: "row", alignItems: "center", gap: 8 }}>
        <span>销售单号</span>
        <input name="orderNo" defaultValue={data.values.orderNo ?? ""} placeholder="输入已发货的销售单号" maxLength={60} data-testid="sr-order-no-input" aria-invalid={err ? true : undefined} aria-describedby={err ? "sr-orderNo-error" : undefined} />
      </label>
      <button type="submit" className={css.btn} data-testid="sr-from-order">
        从销售订单退货
      </button>
      {data.values.salesOrderId ? (
        <Link to="/sale/returnOrderCreate" prefetch="none" className={css.btn}>
          改为直接退货
        </Link>
      ) : null}
      <FieldError errors={data.errors} name="orderNo" />
    </Form>
  );
}

/** The rows of a return from an order: each returnable delivery line with its own quantity, reason and remark. */
function OrderReturnLines({ data }: { data: SerializeFrom<SalesReturnPageData> }) {
  const rows = data.orderLines ?? [];
  const typed = new Map(data.lines.map((l) => [l.values.deliverOrderLineId ?? "", l.values]));
  if (rows.length === 0) return <p style={{ fontSize: 13, margin: 0 }}>该销售单没有可退的已发货明细。</p>;
  return (
    <table className={po.table} data-testid="sr-order-lines">
      <caption className="visually-hidden">可退明细</caption>
      <thead>
        <tr>
          <th scope="col">发货单</th>
          <th scope="col">产品编码</th>
          <th scope="col">产品名称</th>
          <th scope="col">批次</th>
          <th scope="col" className={po.num}>已发</th>
          <th scope="col" className={po.num}>可退</th>
          <th scope="col" className={po.num}>单价</th>
          <th scope="col">退货数量</th>
          <th scope="col">退货原因</th>
          <th scope="col">备注</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => {
          const v = typed.get(String(r.deliverOrderLineId)) ?? {};
          const name = (f: string) => `lines[${i}].${f}`;
          const qtyErr = data.errors[name("qty")]?.[0] ?? data.errors[`lines[${i}]`]?.[0];
          const reasonErr = data.errors[name("reasonCode")]?.[0];
          return (
            <tr key={r.deliverOrderLineId} data-testid="sr-order-line">
              <td>{r.deliverOrderNo}</td>
              <td>{r.mainOE}</td>
              <td>{r.productName}</td>
              <td>{r.batchNo || "—"}</td>
              <td className={po.num}>{qtyText(r.deliveredQty)}</td>
              <td className={po.num} data-testid="sr-returnable">
                {qtyText(r.returnable)}
              </td>
              <td className={po.num}>{formatMoneyText(r.price)}</td>
              <td>
                <input type="hidden" name={name("deliverOrderLineId")} value={r.deliverOrderLineId} />
                <input type="hidden" name={name("productId")} value={r.productId} />
                <input
                  name={name("qty")}
                  defaultValue={v.qty ?? ""}
                  inputMode="decimal"
                  size={8}
                  aria-label={`${r.mainOE} 退货数量`}
                  aria-invalid={qtyErr ? true : undefined}
                  title={qtyErr}
                  data-testid="sr-line-qty"
                />
              </td>
              <td>
                <select name={name("reasonCode")} defaultValue={v.reasonCode ?? "70"} aria-label={`${r.mainOE} 退货原因`} aria-invalid={reasonErr ? true : undefined} data-testid="sr-line-reason">
                  <option value="">请选择</option>
                  {REASONS.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              </td>
              <td>
                <input name={name("remark")} defaultValue={v.remark ?? ""} maxLength={200} size={12} aria-label={`${r.mainOE} 备注`} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * The sales return form (新建, 从销售订单退货, a draft's page): customer, warehouse, the lines
 * (the order's returnable delivery lines, or the shared line editor for a free-standing
 * return). A plain POST form.
 */
export function ReturnForm({ data, extraButtons }: { data: SerializeFrom<SalesReturnPageData>; extraButtons?: React.ReactNode }) {
  const { values, errors } = data;
  const busy = useNavigation().state === "submitting";
  const fromOrder = !!values.salesOrderId;
  return (
    <Form method="post" className={po.form} data-testid="sr-form" noValidate>
      {data.message ? (
        <div className={css.formError} role="alert" data-testid="sr-message">
          {data.message}
        </div>
      ) : null}
      {data.doc?.approval?.status === 2 && data.doc.status === 0 ? (
        <div className={css.formError} role="status" data-testid="sr-rejected">
          审批驳回{data.doc.approval.decidedByName ? `（${data.doc.approval.decidedByName}）` : ""}：{data.doc.approval.comment ?? ""}
        </div>
      ) : null}
      <div className={po.header}>
        <label className={po.field}>
          <span>
            客户<span className={po.req}>*</span>
          </span>
          {fromOrder ? <input type="hidden" name="partnerId" value={values.partnerId ?? ""} /> : null}
          <select name={fromOrder ? undefined : "partnerId"} defaultValue={values.partnerId ?? ""} disabled={fromOrder} data-testid="sr-customer" aria-invalid={errors.partnerId ? true : undefined}>
            <option value="">请选择</option>
            {data.customers.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
          <FieldError errors={errors} name="partnerId" />
        </label>
        <label className={po.field}>
          <span>
            退货仓库<span className={po.req}>*</span>
          </span>
          <select name="warehouseId" defaultValue={values.warehouseId ?? ""} data-testid="sr-warehouse">
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
          <span>销售单</span>
          <input value={values.salesOrderNo || "无（直接退货）"} readOnly data-testid="sr-order-no" />
          <input type="hidden" name="salesOrderId" value={values.salesOrderId ?? ""} />
          <input type="hidden" name="salesOrderNo" value={values.salesOrderNo ?? ""} />
        </label>
        <label className={`${po.field} ${po.wide}`}>
          <span>备注</span>
          <input name="remark" defaultValue={values.remark ?? ""} maxLength={500} data-testid="sr-remark" />
          <FieldError errors={errors} name="remark" />
        </label>
      </div>
      {fromOrder ? (
        <OrderReturnLines data={data} />
      ) : (
        <LineEditor
          columns={FREE_COLUMNS}
          lines={data.lines}
          errors={errors}
          partnerField="partnerId"
          warehouseField="warehouseId"
          pickerSide="sale"
          submitIntent="submit"
          caption="退货明细"
          blankLine={{ reasonCode: "70" }}
        />
      )}
      <div className={po.buttons}>
        <button type="submit" name="intent" value="save" className={css.btn} disabled={busy} data-testid="sr-save">
          保存草稿
        </button>
        <button type="submit" name="intent" value="submit" className={`${css.btn} ${css.primary}`} disabled={busy} title="Ctrl+Enter" data-testid="sr-submit">
          提交审批
        </button>
        {extraButtons}
        <Link to="/sale/returnOrder" prefetch="none" className={css.btn}>
          返回列表
        </Link>
      </div>
    </Form>
  );
}
