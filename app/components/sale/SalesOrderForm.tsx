import { Form, Link, useFetcher, useLocation, useNavigation } from "@remix-run/react";
import { useMemo, useRef, useState } from "react";
import { PAYMENT_TERMS } from "#server/lib/dictionary";
import type { CustomerInfo, CustomerOption, SalesOrderPageData } from "#server/sale/sales-order.page";
import type { SerializeFrom } from "@remix-run/node";
import { PartnerPicker } from "~/components/documents/PartnerPicker";
import { LineEditor, type LineColumn } from "~/components/lines/LineEditor";
import css from "~/components/grid/grid.module.css";
import { CustomerInfoBar } from "./CustomerInfoBar";
import so from "./Order.module.css";

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
    { kind: "number", name: "price", label: "单价", required: true, defaultFrom: ["lastPrice", "priceSale"], warnBelowCost: { percent: "discount" }, width: 86 },
    { kind: "number", name: "discount", label: "折扣(%)", width: 70 },
    { kind: "amount", label: "金额", of: ["qty", "price"], percent: "discount", total: true, width: 96 },
    { kind: "text", name: "remark", label: "备注", maxLength: 200, width: 86 },
  ];
}

const BLANK_LINE = { discount: "100" };

function FieldError({ errors, name }: { errors: Record<string, string[]>; name: string }) {
  const msg = errors[name]?.[0];
  return msg ? (
    <span className={so.fieldError} id={`${name}-error`} role="alert">
      {msg}
    </span>
  ) : null;
}

/**
 * The sales order form (销售开单 and a draft's page): customer with their credit standing,
 * warehouse, salesman, terms, contact; lines in the shared line editor (product picker on the
 * sales side: stock per location, this customer's last price, list price, cost for 产品价格);
 * 保存草稿 / 提交 (Ctrl+Enter; Enter moves from field to field: the line editor's useDocumentFormKeys). A refused submit offers 缺货部分转紧急采购 (stock short) or 提交审批
 * (over the credit limit). A plain POST form: everything works without JavaScript.
 */
export function SalesOrderForm({ data, extraButtons }: { data: SerializeFrom<SalesOrderPageData>; extraButtons?: React.ReactNode }) {
  const { values, errors } = data;
  const nav = useNavigation();
  const busy = nav.state === "submitting";
  const location = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const termRef = useRef<HTMLSelectElement>(null);
  const info = useFetcher<{ customerInfo: CustomerInfo | null }>();
  const [asked, setAsked] = useState<string | null>(null);
  const columns = useMemo(() => salesOrderLineColumns(data.canSeeCost), [data.canSeeCost]);
  const customerInfo = asked === null ? data.customerInfo : asked === "" ? null : (info.data?.customerInfo ?? data.customerInfo);

  // With JavaScript: the customer the picker settles on (picked from its list, exact name or unique
  // pinyin initials) prefills blank terms and contact fields and loads its standing.
  const onCustomer = (c: CustomerOption | null) => {
    setAsked(c ? String(c.id) : "");
    if (!c) return;
    if (c.paymentTerm !== null && termRef.current && termRef.current.value === "") termRef.current.value = String(c.paymentTerm);
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

  const showShortage = data.refusal === "shortage" || values.allowShortage === "1";
  return (
    <Form method="post" ref={formRef} className={so.form} data-testid="so-form" noValidate>
      {data.message ? (
        <div className={css.formError} role="alert" data-testid="so-message">
          {data.message}
        </div>
      ) : null}
      <div className={so.header}>
        <div className={so.field}>
          <label htmlFor="so-partner">
            客户<span className={so.req}>*</span>
          </label>
          <PartnerPicker
            id="so-partner"
            datalistId="so-customers"
            options={data.customers}
            defaultText={values.partnerText ?? ""}
            defaultId={values.partnerId ?? ""}
            invalid={!!errors.partnerText}
            describedBy={errors.partnerText ? "partnerText-error" : undefined}
            onPartner={onCustomer}
            listLabel="客户"
            testId="so-customer"
          />
          <FieldError errors={errors} name="partnerText" />
        </div>
        <label className={so.field}>
          <span>
            仓库<span className={so.req}>*</span>
          </span>
          <select name="warehouseId" defaultValue={values.warehouseId ?? ""} data-testid="so-warehouse">
            <option value="">请选择</option>
            {data.warehouses.map((w) => (
              <option key={w.id} value={w.id}>
                {w.name}
              </option>
            ))}
          </select>
          <FieldError errors={errors} name="warehouseId" />
        </label>
        <label className={so.field}>
          <span>结算方式</span>
          <select name="paymentTerm" ref={termRef} defaultValue={values.paymentTerm ?? ""} data-testid="so-payment">
            <option value="">按客户默认</option>
            {PAYMENT_TERMS.map(([code, label]) => (
              <option key={code} value={code}>
                {label}
              </option>
            ))}
          </select>
          <FieldError errors={errors} name="paymentTerm" />
        </label>
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
          <FieldError errors={errors} name="salesmanId" />
        </label>
        <label className={so.field}>
          <span>联系人</span>
          <input name="contactName" defaultValue={values.contactName ?? ""} maxLength={50} autoComplete="off" data-testid="so-contact" />
          <FieldError errors={errors} name="contactName" />
        </label>
        <label className={so.field}>
          <span>联系电话</span>
          <input name="contactPhone" defaultValue={values.contactPhone ?? ""} maxLength={30} autoComplete="off" inputMode="tel" data-testid="so-phone" />
          <FieldError errors={errors} name="contactPhone" />
        </label>
        <label className={`${so.field} ${so.wide}`}>
          <span>收货地址</span>
          <input name="address" defaultValue={values.address ?? ""} maxLength={200} autoComplete="off" data-testid="so-address" />
          <FieldError errors={errors} name="address" />
        </label>
        <label className={`${so.field} ${so.wide}`} style={{ gridColumn: "1 / -1" }}>
          <span>备注</span>
          <input name="remark" defaultValue={values.remark ?? ""} maxLength={500} autoComplete="off" data-testid="so-remark" />
          <FieldError errors={errors} name="remark" />
        </label>
      </div>
      <CustomerInfoBar info={customerInfo} />
      <LineEditor
        columns={columns}
        lines={data.lines}
        errors={errors}
        partnerField="partnerId"
        warehouseField="warehouseId"
        pickerSide="sale"
        blankLine={BLANK_LINE}
        submitIntent="submit"
        caption="销售明细"
      />
      {showShortage ? (
        <div className={so.refusal} data-testid="so-shortage">
          <label>
            <input type="checkbox" name="allowShortage" value="1" defaultChecked={values.allowShortage === "1"} data-testid="so-allow-shortage" />
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
      <div className={so.buttons}>
        <button type="submit" name="intent" value="save" className={css.btn} disabled={busy} data-testid="so-save">
          保存草稿
        </button>
        <button type="submit" name="intent" value="submit" className={`${css.btn} ${css.primary}`} disabled={busy} title="Ctrl+Enter" data-testid="so-submit">
          提交
        </button>
        {extraButtons}
        <Link to="/sale/order" prefetch="none" className={css.btn}>
          返回列表
        </Link>
      </div>
    </Form>
  );
}
