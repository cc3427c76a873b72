import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { PAYMENT_TERMS } from "#server/lib/dictionary";
import type { PurchaseOrderPageData } from "#server/purchase/purchase-order.page";
import { LineEditor, type LineColumn } from "~/components/lines/LineEditor";
import css from "~/components/grid/grid.module.css";
import po from "./purchase.module.css";

export const ORDER_LINE_COLUMNS: LineColumn[] = [
  { kind: "product" },
  { kind: "info", field: "available", label: "可用库存", format: "qty" },
  { kind: "info", field: "lastPrice", label: "上次进价", format: "money" },
  { kind: "info", field: "defaultLocationName", label: "默认货位" },
  { kind: "number", name: "qty", label: "数量", required: true, total: true },
  { kind: "number", name: "price", label: "单价", required: true, defaultFrom: "purchasePrice" },
  { kind: "amount", label: "金额", of: ["qty", "price"], total: true },
  { kind: "text", name: "remark", label: "备注", maxLength: 200 },
];

function FieldError({ errors, name }: { errors: Record<string, string[]>; name: string }) {
  const msg = errors[name]?.[0];
  return msg ? (
    <span className={po.fieldError} id={`${name}-error`} role="alert">
      {msg}
    </span>
  ) : null;
}

/**
 * The purchase order form (新建 and a draft's page): header, lines (the shared line editor),
 * totals and the buttons 保存草稿 / 提交 (Ctrl+Enter). A plain POST form: it works without
 * JavaScript; a refused save answers the same form with what was typed.
 */
export function PurchaseOrderForm({ data, extraButtons }: { data: PurchaseOrderPageData; extraButtons?: React.ReactNode }) {
  const { values, errors } = data;
  const nav = useNavigation();
  const busy = nav.state === "submitting";
  const termRef = useRef<HTMLSelectElement>(null);
  const partnerRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // With JavaScript: a supplier picked from the list prefills its payment term when none is chosen.
  const onSupplier = (text: string) => {
    const s = data.suppliers.find((x) => x.name === text.trim());
    if (partnerRef.current) partnerRef.current.value = s ? String(s.id) : "";
    if (s && s.paymentTerm !== null && termRef.current && termRef.current.value === "") termRef.current.value = String(s.paymentTerm);
  };
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
        const submit = form.querySelector<HTMLButtonElement>('button[name="intent"][value="submit"]');
        if (submit) {
          e.preventDefault();
          form.requestSubmit(submit);
        }
      }
    };
    form.addEventListener("keydown", onKey);
    return () => form.removeEventListener("keydown", onKey);
  }, []);
  return (
    <Form method="post" ref={formRef} className={po.form} data-testid="po-form" noValidate>
      {data.message ? (
        <div className={css.formError} role="alert" data-testid="po-message">
          {data.message}
        </div>
      ) : null}
      <div className={po.header}>
        <label className={po.field}>
          <span>
            供应商<span className={po.req}>*</span>
          </span>
          <input
            name="partnerText"
            list="po-suppliers"
            defaultValue={values.partnerText ?? ""}
            placeholder="名称或拼音首字母"
            autoComplete="off"
            aria-invalid={errors.partnerText ? true : undefined}
            aria-describedby={errors.partnerText ? "partnerText-error" : undefined}
            onChange={(e) => onSupplier(e.currentTarget.value)}
            data-testid="po-supplier"
          />
          <input type="hidden" name="partnerId" ref={partnerRef} defaultValue={values.partnerId ?? ""} />
          <datalist id="po-suppliers">
            {data.suppliers.map((s) => (
              <option key={s.id} value={s.name}>
                {s.initial}
              </option>
            ))}
          </datalist>
          <FieldError errors={errors} name="partnerText" />
        </label>
        <label className={po.field}>
          <span>
            仓库<span className={po.req}>*</span>
          </span>
          <select name="warehouseId" defaultValue={values.warehouseId ?? ""} data-testid="po-warehouse">
            <option value="">请选择</option>
            {data.warehouses.map((w) => (
              <option key={w.id} value={w.id}>
                {w.name}
              </option>
            ))}
          </select>
          <FieldError errors={errors} name="warehouseId" />
        </label>
        <label className={po.field}>
          <span>结算方式</span>
          <select name="paymentTerm" ref={termRef} defaultValue={values.paymentTerm ?? ""} data-testid="po-payment">
            <option value="">按供应商默认</option>
            {PAYMENT_TERMS.map(([code, label]) => (
              <option key={code} value={code}>
                {label}
              </option>
            ))}
          </select>
          <FieldError errors={errors} name="paymentTerm" />
        </label>
        <label className={po.field}>
          <span>预计到货日期</span>
          <input type="date" name="expectedDate" defaultValue={values.expectedDate ?? ""} data-testid="po-expected" />
          <FieldError errors={errors} name="expectedDate" />
        </label>
        <label className={`${po.field} ${po.wide}`}>
          <span>备注</span>
          <input name="remark" defaultValue={values.remark ?? ""} maxLength={500} data-testid="po-remark" />
          <FieldError errors={errors} name="remark" />
        </label>
      </div>
      <LineEditor columns={ORDER_LINE_COLUMNS} lines={data.lines} errors={errors} partnerField="partnerId" warehouseField="warehouseId" submitIntent="submit" caption="采购明细" />
      <div className={po.buttons}>
        <button type="submit" name="intent" value="save" className={css.btn} disabled={busy} data-testid="po-save">
          保存草稿
        </button>
        <button type="submit" name="intent" value="submit" className={`${css.btn} ${css.primary}`} disabled={busy} title="Ctrl+Enter" data-testid="po-submit">
          提交
        </button>
        {extraButtons}
        <Link to="/purchase/order" prefetch="none" className={css.btn}>
          返回列表
        </Link>
      </div>
    </Form>
  );
}
