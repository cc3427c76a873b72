import { Form, Link, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { PAYMENT_TERMS } from "#server/lib/dictionary";
import type { PurchaseOrderPageData, SupplierOption } from "#server/purchase/purchase-order.page";
import type { SerializeFrom } from "@remix-run/node";
import { AutoFlowButton } from "~/components/documents/AutoFlowButton";
import { PartnerPicker } from "~/components/documents/PartnerPicker";
import { LineEditor, type LineColumn } from "~/components/lines/LineEditor";
import css from "~/components/grid/grid.module.css";
import po from "./purchase.module.css";

/** Widths add up to the form's width on a 1366 px screen, 备注 and 删除 included. */
export const ORDER_LINE_COLUMNS: LineColumn[] = [
  { kind: "product", width: 240 },
  { kind: "info", field: "available", label: "可用库存", format: "qty", width: 80 },
  { kind: "info", field: "lastPrice", label: "上次进价", format: "money", width: 86 },
  { kind: "info", field: "defaultLocationName", label: "默认货位", width: 120 },
  { kind: "number", name: "qty", label: "数量", required: true, total: true, width: 80 },
  { kind: "number", name: "price", label: "单价", required: true, defaultFrom: "purchasePrice", width: 90 },
  { kind: "amount", label: "金额", of: ["qty", "price"], total: true, width: 100 },
  { kind: "text", name: "remark", label: "备注", maxLength: 200, width: 140 },
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
 * totals and the buttons 保存草稿 / 提交 (Ctrl+Enter; 提交并收货入库 when the company's settings receive
 * the goods on submit, asking first). A plain POST form: it works without
 * JavaScript; a refused save answers the same form with what was typed.
 */
export function PurchaseOrderForm({ data, extraButtons }: { data: SerializeFrom<PurchaseOrderPageData>; extraButtons?: React.ReactNode }) {
  const { values, errors } = data;
  const nav = useNavigation();
  const busy = nav.state === "submitting";
  const termRef = useRef<HTMLSelectElement>(null);
  // With JavaScript: the supplier the picker settles on prefills its payment term when none is chosen.
  const onSupplier = (s: SupplierOption | null) => {
    if (s && s.paymentTerm !== null && termRef.current && termRef.current.value === "") termRef.current.value = String(s.paymentTerm);
  };
  return (
    <Form method="post" className={po.form} data-testid="po-form" noValidate>
      {data.message ? (
        <div className={css.formError} role="alert" data-testid="po-message">
          {data.message}
        </div>
      ) : null}
      <div className={po.header}>
        <div className={po.field}>
          <label htmlFor="po-partner">
            供应商<span className={po.req}>*</span>
          </label>
          <PartnerPicker
            id="po-partner"
            datalistId="po-suppliers"
            options={data.suppliers}
            defaultText={values.partnerText ?? ""}
            defaultId={values.partnerId ?? ""}
            invalid={!!errors.partnerText}
            describedBy={errors.partnerText ? "partnerText-error" : undefined}
            onPartner={onSupplier}
            listLabel="供应商"
            testId="po-supplier"
          />
          <FieldError errors={errors} name="partnerText" />
        </div>
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
        <AutoFlowButton intent="submit" plainLabel="提交" flow={data.submitFlow} disabled={busy} testId="po-submit" />
        {extraButtons}
        <Link to="/purchase/order" prefetch="none" className={css.btn}>
          返回列表
        </Link>
      </div>
    </Form>
  );
}
