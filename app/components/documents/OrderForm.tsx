import type { SerializeFrom } from "@remix-run/node";
import { Form, Link, useFetcher, useLocation, useNavigation } from "@remix-run/react";
import { useMemo, useRef, useState, type ReactNode } from "react";
import { PAYMENT_TERMS } from "#server/lib/dictionary";
import type { PurchaseOrderPageData } from "#server/purchase/purchase-order.page";
import type { CustomerInfo, SalesOrderPageData } from "#server/sale/sales-order.page";
import { AutoFlowButton } from "~/components/documents/AutoFlowButton";
import { PartnerPicker, type PartnerOption } from "~/components/documents/PartnerPicker";
import { LineEditor, type LineColumn } from "~/components/lines/LineEditor";
import css from "~/components/grid/grid.module.css";
import po from "~/components/purchase/purchase.module.css";
import { CustomerInfoBar } from "~/components/sale/CustomerInfoBar";
import so from "~/components/sale/Order.module.css";

/** The sales order's line columns; the cost column only for those who may see costs. */
export function salesOrderLineColumns(canSeeCost: boolean): LineColumn[] {
  return [
    // Widths add up to the form's width on a 1366 px screen, 备注 and 删除 included.
    { kind: "product", width: 190 },
    { kind: "info", field: "available", label: "可用库存", format: "qty", width: 80 },
    { kind: "info", field: "lastPrice", label: "上次售价", format: "money", width: 86 },
    { kind: "info", field: "priceSale", label: "销售价", format: "money", width: 82 },
    ...(canSeeCost ? ([{ kind: "info", field: "avgCost", label: "成本", format: "cost", width: 82 }] as const) : []),
    { kind: "number", name: "qty", label: "数量", required: true, total: true, width: 70 },
    {
      kind: "number",
      name: "price",
      label: "单价",
      required: true,
      defaultFrom: ["lastPrice", "priceSale"],
      warnBelowCost: { percent: "discount" },
      width: 86,
    },
    { kind: "number", name: "discount", label: "折扣(%)", width: 70 },
    { kind: "amount", label: "金额", of: ["qty", "price"], percent: "discount", total: true, width: 96 },
    { kind: "text", name: "remark", label: "备注", maxLength: 200, width: 86 },
  ];
}

/** The purchase order's line columns. Widths add up to the form's width on a 1366 px screen, 备注 and 删除 included. */
export const PURCHASE_ORDER_LINE_COLUMNS: LineColumn[] = [
  { kind: "product", width: 240 },
  { kind: "info", field: "available", label: "可用库存", format: "qty", width: 80 },
  { kind: "info", field: "lastPrice", label: "上次进价", format: "money", width: 86 },
  { kind: "info", field: "defaultLocationName", label: "默认货位", width: 120 },
  { kind: "number", name: "qty", label: "数量", required: true, total: true, width: 80 },
  { kind: "number", name: "price", label: "单价", required: true, defaultFrom: "purchasePrice", width: 90 },
  { kind: "amount", label: "金额", of: ["qty", "price"], total: true, width: 100 },
  { kind: "text", name: "remark", label: "备注", maxLength: 200, width: 140 },
];

/** What differs between the two sides' order forms besides their own fields. */
const SIDES = {
  sale: {
    prefix: "so",
    styles: so,
    partner: "客户",
    partners: "so-customers",
    partnerTestId: "so-customer",
    termDefault: "按客户默认",
    caption: "销售明细",
    list: "/sale/order",
  },
  purchase: {
    prefix: "po",
    styles: po,
    partner: "供应商",
    partners: "po-suppliers",
    partnerTestId: "po-supplier",
    termDefault: "按供应商默认",
    caption: "采购明细",
    list: "/purchase/order",
  },
} as const;

export type OrderFormProps =
  | { side: "sale"; data: SerializeFrom<SalesOrderPageData>; extraButtons?: ReactNode }
  | { side: "purchase"; data: SerializeFrom<PurchaseOrderPageData>; extraButtons?: ReactNode };

type Styles = (typeof SIDES)[keyof typeof SIDES]["styles"];

function FieldError({ styles, errors, name }: { styles: Styles; errors: Record<string, string[]>; name: string }) {
  const msg = errors[name]?.[0];
  return msg ? (
    <span className={styles.fieldError} id={`${name}-error`} role="alert">
      {msg}
    </span>
  ) : null;
}

/** A partner as the picker settles on it: its terms and (a customer) its contact. */
type PickedPartner = PartnerOption & { paymentTerm: number | null; contactName?: string | null; contactPhone?: string | null; address?: string | null };

/**
 * The order form of both sides (销售开单 / 新建采购订单 and a draft's page): the partner (客户 or
 * 供应商), warehouse and terms, the side's own fields (业务员 and contact / 预计到货日期), the
 * lines in the shared line editor, and 保存草稿 / 提交 (Ctrl+Enter; Enter moves from field to
 * field). The sales side shows the customer's credit standing and answers a refused submit with
 * 缺货部分转紧急采购 (stock short) or 提交审批 (over the credit limit); the purchase side's 提交 says
 * when the company's settings receive the goods on submit (提交并收货入库, asking first).
 * A plain POST form: everything works without JavaScript; a refused save answers the same form
 * with what was typed.
 */
export function OrderForm(props: OrderFormProps) {
  const { side, data, extraButtons } = props;
  const s = SIDES[side];
  const styles = s.styles;
  const { values, errors } = data;
  const busy = useNavigation().state === "submitting";
  const location = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const termRef = useRef<HTMLSelectElement>(null);
  const info = useFetcher<{ customerInfo: CustomerInfo | null }>();
  const [asked, setAsked] = useState<string | null>(null);
  const canSeeCost = props.side === "sale" && props.data.canSeeCost;
  const columns = useMemo(() => (side === "sale" ? salesOrderLineColumns(canSeeCost) : PURCHASE_ORDER_LINE_COLUMNS), [side, canSeeCost]);
  const partners: readonly PickedPartner[] = props.side === "sale" ? props.data.customers : props.data.suppliers;

  // With JavaScript: the partner the picker settles on (picked from its list, exact name or unique
  // pinyin initials) prefills a blank payment term; a customer also the blank contact fields, and
  // its standing is loaded.
  const onPartner = (c: PickedPartner | null) => {
    if (side === "sale") setAsked(c ? String(c.id) : "");
    if (!c) return;
    if (c.paymentTerm !== null && termRef.current && termRef.current.value === "") termRef.current.value = String(c.paymentTerm);
    if (side !== "sale") return;
    const form = formRef.current;
    for (const [name, v] of [
      ["contactName", c.contactName],
      ["contactPhone", c.contactPhone],
      ["address", c.address],
    ] as const) {
      const el = form?.elements.namedItem(name) as HTMLInputElement | null;
      if (el && !el.value && v) el.value = v;
    }
    info.load(`${location.pathname}?customerInfo=${c.id}`);
  };

  return (
    <Form method="post" ref={formRef} className={styles.form} data-testid={`${s.prefix}-form`} noValidate>
      {data.message ? (
        <div className={css.formError} role="alert" data-testid={`${s.prefix}-message`}>
          {data.message}
        </div>
      ) : null}
      <div className={styles.header}>
        <div className={styles.field}>
          <label htmlFor={`${s.prefix}-partner`}>
            {s.partner}
            <span className={styles.req}>*</span>
          </label>
          <PartnerPicker
            id={`${s.prefix}-partner`}
            datalistId={s.partners}
            options={partners}
            defaultText={values.partnerText ?? ""}
            defaultId={values.partnerId ?? ""}
            invalid={!!errors.partnerText}
            describedBy={errors.partnerText ? "partnerText-error" : undefined}
            onPartner={onPartner}
            listLabel={s.partner}
            testId={s.partnerTestId}
          />
          <FieldError styles={styles} errors={errors} name="partnerText" />
        </div>
        <label className={styles.field}>
          <span>
            仓库<span className={styles.req}>*</span>
          </span>
          <select name="warehouseId" defaultValue={values.warehouseId ?? ""} data-testid={`${s.prefix}-warehouse`}>
            <option value="">请选择</option>
            {data.warehouses.map((w) => (
              <option key={w.id} value={w.id}>
                {w.name}
              </option>
            ))}
          </select>
          <FieldError styles={styles} errors={errors} name="warehouseId" />
        </label>
        <label className={styles.field}>
          <span>结算方式</span>
          <select name="paymentTerm" ref={termRef} defaultValue={values.paymentTerm ?? ""} data-testid={`${s.prefix}-payment`}>
            <option value="">{s.termDefault}</option>
            {PAYMENT_TERMS.map(([code, label]) => (
              <option key={code} value={code}>
                {label}
              </option>
            ))}
          </select>
          <FieldError styles={styles} errors={errors} name="paymentTerm" />
        </label>
        {props.side === "sale" ? <SaleFields data={props.data} /> : <PurchaseFields data={props.data} />}
      </div>
      {props.side === "sale" ? (
        <CustomerInfoBar info={asked === null ? props.data.customerInfo : asked === "" ? null : (info.data?.customerInfo ?? props.data.customerInfo)} />
      ) : null}
      {props.side === "sale" ? (
        <LineEditor
          columns={columns}
          lines={props.data.lines}
          errors={errors}
          partnerField="partnerId"
          warehouseField="warehouseId"
          pickerSide="sale"
          blankLine={SALE_BLANK_LINE}
          submitIntent="submit"
          caption={s.caption}
        />
      ) : (
        <LineEditor
          columns={columns}
          lines={props.data.lines}
          errors={errors}
          partnerField="partnerId"
          warehouseField="warehouseId"
          submitIntent="submit"
          caption={s.caption}
        />
      )}
      {props.side === "sale" ? <SaleRefusals data={props.data} busy={busy} /> : null}
      <div className={styles.buttons}>
        <button type="submit" name="intent" value="save" className={css.btn} disabled={busy} data-testid={`${s.prefix}-save`}>
          保存草稿
        </button>
        {props.side === "sale" ? (
          <button type="submit" name="intent" value="submit" className={`${css.btn} ${css.primary}`} disabled={busy} title="Ctrl+Enter" data-testid="so-submit">
            提交
          </button>
        ) : (
          <AutoFlowButton intent="submit" plainLabel="提交" flow={props.data.submitFlow} disabled={busy} testId="po-submit" />
        )}
        {extraButtons}
        <Link to={s.list} prefetch="none" className={css.btn}>
          返回列表
        </Link>
      </div>
    </Form>
  );
}

const SALE_BLANK_LINE = { discount: "100" };

/** The sales order's own header fields: 业务员, the contact and the delivery address, 备注 across the form. */
function SaleFields({ data }: { data: SerializeFrom<SalesOrderPageData> }) {
  const { values, errors } = data;
  return (
    <>
      <label className={so.field}>
        <span>业务员</span>
        <select name="salesmanId" defaultValue={values.salesmanId ?? ""} data-testid="so-salesman">
          <option value="">—</option>
          {data.salesmen.map((u) => (
            <option key={u.id} value={u.id}>
              {u.name}
            </option>
          ))}
        </select>
        <FieldError styles={so} errors={errors} name="salesmanId" />
      </label>
      <label className={so.field}>
        <span>联系人</span>
        <input name="contactName" defaultValue={values.contactName ?? ""} maxLength={50} autoComplete="off" data-testid="so-contact" />
        <FieldError styles={so} errors={errors} name="contactName" />
      </label>
      <label className={so.field}>
        <span>联系电话</span>
        <input name="contactPhone" defaultValue={values.contactPhone ?? ""} maxLength={30} autoComplete="off" inputMode="tel" data-testid="so-phone" />
        <FieldError styles={so} errors={errors} name="contactPhone" />
      </label>
      <label className={`${so.field} ${so.wide}`}>
        <span>收货地址</span>
        <input name="address" defaultValue={values.address ?? ""} maxLength={200} autoComplete="off" data-testid="so-address" />
        <FieldError styles={so} errors={errors} name="address" />
      </label>
      <label className={`${so.field} ${so.wide}`} style={{ gridColumn: "1 / -1" }}>
        <span>备注</span>
        <input name="remark" defaultValue={values.remark ?? ""} maxLength={500} autoComplete="off" data-testid="so-remark" />
        <FieldError styles={so} errors={errors} name="remark" />
      </label>
    </>
  );
}

/** The purchase order's own header fields: 预计到货日期, 备注 across the form. */
function PurchaseFields({ data }: { data: SerializeFrom<PurchaseOrderPageData> }) {
  const { values, errors } = data;
  return (
    <>
      <label className={po.field}>
        <span>预计到货日期</span>
        <input type="date" name="expectedDate" defaultValue={values.expectedDate ?? ""} data-testid="po-expected" />
        <FieldError styles={po} errors={errors} name="expectedDate" />
      </label>
      <label className={`${po.field} ${po.wide}`}>
        <span>备注</span>
        <input name="remark" defaultValue={values.remark ?? ""} maxLength={500} data-testid="po-remark" />
        <FieldError styles={po} errors={errors} name="remark" />
      </label>
    </>
  );
}

/** A refused sales submit's way on: 缺货部分转紧急采购 (stock short), 提交审批 (over the credit limit). */
function SaleRefusals({ data, busy }: { data: SerializeFrom<SalesOrderPageData>; busy: boolean }) {
  const showShortage = data.refusal === "shortage" || data.values.allowShortage === "1";
  return (
    <>
      {showShortage ? (
        <div className={so.refusal} data-testid="so-shortage">
          <label>
            <input type="checkbox" name="allowShortage" value="1" defaultChecked={data.values.allowShortage === "1"} data-testid="so-allow-shortage" />
            缺货部分转紧急采购
          </label>
          <span>勾选后再次提交：有货的部分锁定库存，缺货部分等待采购到货（紧急采购）。</span>
        </div>
      ) : null}
      {data.refusal === "credit" ? (
        <div className={so.refusal} data-testid="so-credit-refusal">
          <span>超出信用额度的订单需经理审批后才能提交。</span>
          <input type="text" name="approvalReason" maxLength={200} placeholder="申请说明（选填）" aria-label="申请说明" />
          <button type="submit" name="intent" value="requestApproval" className={`${css.btn} ${css.primary}`} disabled={busy} data-testid="so-request-approval">
            提交审批
          </button>
        </div>
      ) : null}
    </>
  );
}

export type OrderCreatePageProps =
  | { side: "sale"; loaded: SerializeFrom<SalesOrderPageData>; answered: SerializeFrom<SalesOrderPageData> | undefined }
  | { side: "purchase"; loaded: SerializeFrom<PurchaseOrderPageData>; answered: SerializeFrom<PurchaseOrderPageData> | undefined };

/** 销售开单 / 采购开单: a new order, saved as a draft or submitted. */
export function OrderCreatePage(props: OrderCreatePageProps) {
  return (
    <div>
      <h2 style={{ fontSize: 16, margin: "0 0 10px" }}>{props.side === "sale" ? "新建销售订单" : "新建采购订单"}</h2>
      <OrderDraftForm {...props} />
    </div>
  );
}

/** The order form over the loaded page, or over the action's answer (a refused save, a line added): the create page's and a draft's. */
export function OrderDraftForm(props: OrderCreatePageProps & { extraButtons?: ReactNode }) {
  const { answered, extraButtons } = props;
  // A new key per answer: the uncontrolled inputs show what the server answered.
  const key = answered ? JSON.stringify(answered.values) + answered.lines.length + (answered.message ?? "") : "loaded";
  return props.side === "sale" ? (
    <OrderForm side="sale" key={key} data={props.answered ?? props.loaded} extraButtons={extraButtons} />
  ) : (
    <OrderForm side="purchase" key={key} data={props.answered ?? props.loaded} extraButtons={extraButtons} />
  );
}
