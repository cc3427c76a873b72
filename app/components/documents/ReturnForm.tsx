import type { SerializeFrom } from "@remix-run/node";
import { Form, Link, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { formatMoneyText } from "#server/lib/decimal-text";
import { optionsOf, PURCHASE_RETURN_REASONS, SALES_RETURN_REASONS } from "#server/lib/dictionary";
import type { PurchaseReturnPageData } from "#server/purchase/purchase-return.page";
import type { SalesReturnPageData } from "#server/sale/sales-return.page";
import { qtyText } from "~/components/documents/DocumentActionButton";
import css from "~/components/grid/grid.module.css";
import { LineEditor, type LineColumn } from "~/components/lines/LineEditor";
import po from "~/components/purchase/purchase.module.css";

const SALE_REASONS = optionsOf(SALES_RETURN_REASONS);
const PURCHASE_REASONS = optionsOf(PURCHASE_RETURN_REASONS);

/** A free-standing sales return's lines: the customer's products, the price typed (default: this customer's last price, else the list price). */
const SALE_FREE_COLUMNS: LineColumn[] = [
  { kind: "product" },
  { kind: "number", name: "qty", label: "退货数量", required: true, total: true },
  { kind: "number", name: "price", label: "退货单价", defaultFrom: ["lastPrice", "priceSale"] },
  { kind: "amount", label: "金额", of: ["qty", "price"], total: true },
  { kind: "select", name: "reasonCode", label: "退货原因", options: SALE_REASONS, required: true, placeholder: "请选择" },
  { kind: "text", name: "remark", label: "备注", maxLength: 200 },
];

/** A purchase return's lines: each from a location and batch on hand. */
export function purchaseReturnLineColumns(locations: { value: string; label: string }[]): LineColumn[] {
  return [
    { kind: "product" },
    { kind: "info", field: "available", label: "可用库存", format: "qty" },
    { kind: "select", name: "locationId", label: "货位", options: locations, required: true, placeholder: "请选择" },
    { kind: "text", name: "batchNo", label: "批次", maxLength: 60 },
    { kind: "number", name: "qty", label: "退货数量", required: true, total: true },
    { kind: "number", name: "price", label: "退货单价", defaultFrom: "lastPrice" },
    { kind: "amount", label: "金额", of: ["qty", "price"], total: true },
    { kind: "select", name: "reasonCode", label: "退货原因", options: PURCHASE_REASONS, required: true, placeholder: "请选择" },
    { kind: "text", name: "remark", label: "备注", maxLength: 200 },
  ];
}

/** What differs between the two sides' return forms besides their own parts. */
const SIDES = {
  sale: {
    prefix: "sr",
    errorPrefix: "sr-",
    partner: "客户",
    partnerTestId: "sr-customer",
    warehouse: "退货仓库",
    order: "销售单",
    orderField: "salesOrder",
    submit: "提交审批",
    list: "/sale/returnOrder",
  },
  purchase: {
    prefix: "pr",
    errorPrefix: "",
    partner: "供应商",
    partnerTestId: "pr-supplier",
    warehouse: "仓库",
    order: "采购单",
    orderField: "purchaseOrder",
    submit: "提交",
    list: "/purchase/returnOrder",
  },
} as const;

export type ReturnFormProps =
  | { side: "sale"; data: SerializeFrom<SalesReturnPageData>; extraButtons?: ReactNode }
  | { side: "purchase"; data: SerializeFrom<PurchaseReturnPageData>; extraButtons?: ReactNode };

function FieldError({ errors, name, idPrefix }: { errors: Record<string, string[]>; name: string; idPrefix: string }) {
  const msg = errors[name]?.[0];
  return msg ? (
    <span className={po.fieldError} id={`${idPrefix}${name}-error`} role="alert">
      {msg}
    </span>
  ) : null;
}

/**
 * The return form of both sides (新建, 从销售订单 / 从采购单退货, a draft's page): the partner,
 * the warehouse, the order returned against (if any), the lines and 保存草稿 / 提交. A sales return
 * from an order lists the order's returnable delivery lines; otherwise the shared line editor
 * (a purchase return's lines also from the batches on hand: 查找批次, 选用). A plain POST form.
 */
export function ReturnForm(props: ReturnFormProps) {
  const { side, data, extraButtons } = props;
  const s = SIDES[side];
  const { values, errors } = data;
  const busy = useNavigation().state === "submitting";
  const orderId = values[`${s.orderField}Id`];
  const fromOrder = !!orderId;
  // A purchase return from an order keeps the order's warehouse; a sales return may take the goods into another.
  const lockWarehouse = fromOrder && side === "purchase";
  const partners = props.side === "sale" ? props.data.customers : props.data.suppliers;
  return (
    <Form method="post" className={po.form} data-testid={`${s.prefix}-form`} noValidate>
      {data.message ? (
        <div className={css.formError} role="alert" data-testid={`${s.prefix}-message`}>
          {data.message}
        </div>
      ) : null}
      {props.side === "sale" && props.data.doc?.approval?.status === 2 && props.data.doc.status === 0 ? (
        <div className={css.formError} role="status" data-testid="sr-rejected">
          审批驳回{props.data.doc.approval.decidedByName ? `（${props.data.doc.approval.decidedByName}）` : ""}：{props.data.doc.approval.comment ?? ""}
        </div>
      ) : null}
      <div className={po.header}>
        <label className={po.field}>
          <span>
            {s.partner}
            <span className={po.req}>*</span>
          </span>
          {fromOrder ? <input type="hidden" name="partnerId" value={values.partnerId ?? ""} /> : null}
          <select
            name={fromOrder ? undefined : "partnerId"}
            defaultValue={values.partnerId ?? ""}
            disabled={fromOrder}
            data-testid={s.partnerTestId}
            aria-invalid={errors.partnerId ? true : undefined}
          >
            <option value="">请选择</option>
            {partners.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </select>
          <FieldError errors={errors} name="partnerId" idPrefix={s.errorPrefix} />
        </label>
        <label className={po.field}>
          <span>
            {s.warehouse}
            <span className={po.req}>*</span>
          </span>
          {lockWarehouse ? <input type="hidden" name="warehouseId" value={values.warehouseId ?? ""} /> : null}
          <select
            name={lockWarehouse ? undefined : "warehouseId"}
            defaultValue={values.warehouseId ?? ""}
            disabled={lockWarehouse ? true : undefined}
            data-testid={`${s.prefix}-warehouse`}
          >
            <option value="">请选择</option>
            {data.warehouses.map((w) => (
              <option key={w.value} value={w.value}>
                {w.label}
              </option>
            ))}
          </select>
          <FieldError errors={errors} name="warehouseId" idPrefix={s.errorPrefix} />
        </label>
        <label className={po.field}>
          <span>{s.order}</span>
          <input value={values[`${s.orderField}No`] || "无（直接退货）"} readOnly data-testid={`${s.prefix}-order-no`} />
          <input type="hidden" name={`${s.orderField}Id`} value={orderId ?? ""} />
          <input type="hidden" name={`${s.orderField}No`} value={values[`${s.orderField}No`] ?? ""} />
        </label>
        <label className={`${po.field} ${po.wide}`}>
          <span>备注</span>
          <input name="remark" defaultValue={values.remark ?? ""} maxLength={500} data-testid={`${s.prefix}-remark`} />
          <FieldError errors={errors} name="remark" idPrefix={s.errorPrefix} />
        </label>
      </div>
      {props.side === "sale" && fromOrder ? (
        <OrderReturnLines data={props.data} />
      ) : props.side === "sale" ? (
        <LineEditor
          columns={SALE_FREE_COLUMNS}
          lines={props.data.lines}
          errors={errors}
          partnerField="partnerId"
          warehouseField="warehouseId"
          pickerSide="sale"
          submitIntent="submit"
          caption="退货明细"
          blankLine={{ reasonCode: "70" }}
        />
      ) : (
        <LineEditor
          columns={purchaseReturnLineColumns(props.data.locations)}
          lines={props.data.lines}
          errors={errors}
          partnerField="partnerId"
          warehouseField="warehouseId"
          submitIntent="submit"
          caption="退货明细"
          blankLine={{ reasonCode: "70" }}
        />
      )}
      <div className={po.buttons}>
        <button type="submit" name="intent" value="save" className={css.btn} disabled={busy} data-testid={`${s.prefix}-save`}>
          保存草稿
        </button>
        <button
          type="submit"
          name="intent"
          value="submit"
          className={`${css.btn} ${css.primary}`}
          disabled={busy}
          title="Ctrl+Enter"
          data-testid={`${s.prefix}-submit`}
        >
          {s.submit}
        </button>
        {extraButtons}
        <Link to={s.list} prefetch="none" className={css.btn}>
          返回列表
        </Link>
      </div>
      {props.side === "purchase" ? <BatchFinder data={props.data} /> : null}
    </Form>
  );
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
        <input
          name="orderNo"
          defaultValue={data.values.orderNo ?? ""}
          placeholder="输入已发货的销售单号"
          maxLength={60}
          data-testid="sr-order-no-input"
          aria-invalid={err ? true : undefined}
          aria-describedby={err ? "sr-orderNo-error" : undefined}
        />
      </label>
      <button type="submit" className={css.btn} data-testid="sr-from-order">
        从销售订单退货
      </button>
      {data.values.salesOrderId ? (
        <Link to="/sale/returnOrderCreate" prefetch="none" className={css.btn}>
          改为直接退货
        </Link>
      ) : null}
      <FieldError errors={data.errors} name="orderNo" idPrefix="sr-" />
    </Form>
  );
}

/** The rows of a sales return from an order: each returnable delivery line with its own quantity, reason and remark. */
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
          <th scope="col" className={po.num}>
            已发
          </th>
          <th scope="col" className={po.num}>
            可退
          </th>
          <th scope="col" className={po.num}>
            单价
          </th>
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
                <select
                  name={name("reasonCode")}
                  defaultValue={v.reasonCode ?? "70"}
                  aria-label={`${r.mainOE} 退货原因`}
                  aria-invalid={reasonErr ? true : undefined}
                  data-testid="sr-line-reason"
                >
                  <option value="">请选择</option>
                  {SALE_REASONS.map((o) => (
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

/** A purchase return's 库存批次: the batches on hand in the chosen warehouse, each 选用 as a line. */
function BatchFinder({ data }: { data: SerializeFrom<PurchaseReturnPageData> }) {
  return (
    <section aria-label="库存批次" className={po.page}>
      <div className={po.titleRow}>
        <h2 style={{ fontSize: 14, margin: 0 }}>库存批次（所选仓库）</h2>
        <input name="batchQ" defaultValue={data.values.batchQ ?? ""} placeholder="产品编码、名称或拼音" aria-label="查找库存批次" data-testid="pr-batch-q" />
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
                  <button
                    type="submit"
                    name="intent"
                    value={`useBatch:${b.productId}:${b.locationId}:${encodeURIComponent(b.batchNo)}`}
                    className={css.btn}
                    data-testid="pr-use-batch"
                  >
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
  );
}
