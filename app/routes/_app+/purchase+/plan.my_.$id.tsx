import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, TypedResponse } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { LineEditor, type LineColumn } from "~/components/lines/LineEditor";
import css from "~/components/grid/grid.module.css";
import po from "~/components/purchase/purchase.module.css";
import dk from "~/components/documents/document.module.css";
import { formatMoneyText } from "#server/lib/decimal-text";
import type { PurchasePlanPageData } from "#server/purchase/purchase-plan.page";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { loadPurchasePlanDocument, purchasePlanDocumentAction } from "~/server/purchase.server";
import { ConfirmSubmitButton } from "~/components/ui/ConfirmSubmitButton";

/** One purchase plan: a draft's lines are edited here (product, supplier, qty, price); its status's actions; the orders made from it. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return json(await loadPurchasePlanDocument(request, params.id));
}

/** Answers the form (a refused save, a line added) with the page's data; everything else redirects. */
export function action({ request, params }: ActionFunctionArgs): Promise<TypedResponse<PurchasePlanPageData>> {
  return purchasePlanDocumentAction(request, params.id);
}

const qty = (v: string | null | undefined) => (v ?? "").replace(/\.00$/, "").replace(/(\.\d)0$/, "$1");

function FieldError({ errors, name }: { errors: Record<string, string[]>; name: string }) {
  const msg = errors[name]?.[0];
  return msg ? (
    <span className={po.fieldError} id={`${name}-error`} role="alert">
      {msg}
    </span>
  ) : null;
}

export default function PurchasePlanDocumentPage() {
  const loaded = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const data = answered ?? loaded;
  const plan = loaded.plan;
  const busy = useNavigation().state === "submitting";
  const columns: LineColumn[] = [
    { kind: "product" },
    { kind: "info", field: "available", label: "可用库存", format: "qty" },
    { kind: "info", field: "lastPrice", label: "上次进价", format: "money" },
    {
      kind: "select",
      name: "partnerId",
      label: "供应商",
      options: data.suppliers.map((s) => ({ value: String(s.value), label: s.label })),
      placeholder: "请选择供应商",
    },
    { kind: "number", name: "qty", label: "采购数量", required: true, total: true },
    { kind: "number", name: "price", label: "单价", defaultFrom: "purchasePrice" },
    { kind: "amount", label: "金额", of: ["qty", "price"], total: true },
    { kind: "text", name: "remark", label: "备注", maxLength: 200 },
  ];
  return (
    <div className={po.page}>
      <div className={po.titleRow}>
        <h2 style={{ fontSize: 16, margin: 0 }}>采购计划 {plan.no}</h2>
        <span className={po.status} data-testid="plan-status">
          {plan.statusName}
        </span>
        <Link to="/purchase/plan/my" prefetch="none" className={css.btn}>
          返回列表
        </Link>
      </div>
      {data.canEdit ? (
        <Form
          method="post"
          className={po.form}
          data-testid="plan-form"
          noValidate
          key={answered ? JSON.stringify(answered.values) + answered.lines.length + (answered.message ?? "") : "draft"}
        >
          {data.message ? (
            <div className={css.formError} role="alert" data-testid="plan-message">
              {data.message}
            </div>
          ) : null}
          <div className={po.header}>
            <label className={po.field}>
              <span>
                仓库<span className={po.req}>*</span>
              </span>
              <select name="warehouseId" defaultValue={data.values.warehouseId ?? ""} data-testid="plan-warehouse">
                <option value="">请选择</option>
                {data.warehouses.map((w) => (
                  <option key={w.value} value={w.value}>
                    {w.label}
                  </option>
                ))}
              </select>
              <FieldError errors={data.errors} name="warehouseId" />
            </label>
            <div className={po.field}>
              <span>制单人</span>
              <span>{plan.createdByName ?? "—"}</span>
            </div>
            <label className={`${po.field} ${po.wide}`}>
              <span>备注</span>
              <input name="remark" defaultValue={data.values.remark ?? ""} maxLength={500} data-testid="plan-remark" />
              <FieldError errors={data.errors} name="remark" />
            </label>
          </div>
          <LineEditor columns={columns} lines={data.lines} errors={data.errors} warehouseField="warehouseId" submitIntent="save" caption="计划明细" />
          <div className={po.buttons}>
            <button type="submit" name="intent" value="save" className={`${css.btn} ${css.primary}`} disabled={busy} data-testid="plan-save">
              保存
            </button>
            <ConfirmSubmitButton
              type="submit"
              name="intent"
              value="execute"
              className={css.btn}
              disabled={busy}
              data-testid="plan-execute"
              question="执行后按供应商生成采购订单草稿，计划不能再修改。是否继续？"
            >
              执行
            </ConfirmSubmitButton>
            <ConfirmSubmitButton
              type="submit"
              name="intent"
              value="void"
              formNoValidate
              className={`${css.btn} ${css.danger}`}
              disabled={busy}
              data-testid="plan-void"
              question="确定作废该采购计划吗？"
              danger
            >
              作废
            </ConfirmSubmitButton>
          </div>
        </Form>
      ) : (
        <>
          <dl className={dk.summary}>
            <div>
              <dt>仓库</dt>
              <dd>{plan.warehouseName ?? "—"}</dd>
            </div>
            <div>
              <dt>制单人</dt>
              <dd>{plan.createdByName ?? "—"}</dd>
            </div>
            <div>
              <dt>产品数</dt>
              <dd>{plan.lines.length}</dd>
            </div>
            <div>
              <dt>备注</dt>
              <dd>{plan.remark ?? "—"}</dd>
            </div>
          </dl>
          <table className={po.table} data-testid="plan-lines">
            <caption className="visually-hidden">计划明细</caption>
            <thead>
              <tr>
                <th scope="col">序号</th>
                <th scope="col">产品编码</th>
                <th scope="col">产品名称</th>
                <th scope="col">供应商</th>
                <th scope="col" className={po.num}>
                  采购数量
                </th>
                <th scope="col" className={po.num}>
                  单价
                </th>
                <th scope="col">采购订单</th>
              </tr>
            </thead>
            <tbody>
              {plan.lines.map((l) => (
                <tr key={l.id}>
                  <td>{l.lineNo}</td>
                  <td>{l.mainOE}</td>
                  <td>{l.productName}</td>
                  <td>{l.partnerName ?? ""}</td>
                  <td className={po.num}>{qty(l.qty)}</td>
                  <td className={po.num}>{formatMoneyText(l.price)}</td>
                  <td>{l.purchaseOrderId ? <Link to={`/purchase/order/${l.purchaseOrderId}`}>{l.purchaseOrderNo}</Link> : ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {plan.actions.includes("complete") ? (
            <Form method="post" className={po.buttons}>
              <ConfirmSubmitButton
                type="submit"
                name="intent"
                value="complete"
                className={`${css.btn} ${css.primary}`}
                disabled={busy}
                data-testid="plan-complete"
                question="完成后该计划不再跟进，是否继续？"
              >
                完成
              </ConfirmSubmitButton>
            </Form>
          ) : null}
        </>
      )}
      {data.orders.length ? (
        <section aria-label="生成的采购订单" data-testid="plan-orders">
          <h3 style={{ fontSize: 14, margin: "4px 0" }}>生成的采购订单</h3>
          <table className={po.table}>
            <thead>
              <tr>
                <th scope="col">订单号</th>
                <th scope="col">供应商</th>
                <th scope="col">状态</th>
                <th scope="col" className={po.num}>
                  金额
                </th>
              </tr>
            </thead>
            <tbody>
              {data.orders.map((o) => (
                <tr key={o.id}>
                  <td>
                    <Link to={`/purchase/order/${o.id}`} data-testid="plan-order-link">
                      {o.no}
                    </Link>
                  </td>
                  <td>{o.partnerName ?? ""}</td>
                  <td>{o.statusLabel}</td>
                  <td className={po.num}>{formatMoneyText(o.totalAmount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
    </div>
  );
}

export const meta: MetaFunction = ({ data }) => [{ title: pageTitle(`采购计划 ${(data as { plan?: { no?: string } } | undefined)?.plan?.no ?? ""}`) }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
