import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { DocumentActionButton, type DocumentActionSpec } from "~/components/documents/DocumentActionButton";
import css from "~/components/grid/grid.module.css";
import po from "~/components/purchase/purchase.module.css";
import dk from "~/components/documents/document.module.css";
import fin from "~/components/finance/finance.module.css";
import { formatMoneyText } from "#server/lib/decimal-text";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { loadPaymentDoc, paymentDocAction } from "~/server/finance.server";

/** One receipt or payment: its allocations to documents and the actions its status allows (确认, 作废, 删除). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return json(await loadPaymentDoc(request, params.id));
}

export function action({ request, params }: ActionFunctionArgs) {
  return paymentDocAction(request, params.id);
}

const BUTTONS: Record<string, DocumentActionSpec> = {
  confirm: { label: "确认", primary: true, confirm: "确认后将记入往来账并核销单据，是否继续？" },
  void: { label: "作废", danger: true, confirm: "作废将冲回往来账并撤销核销，是否继续？" },
  remove: { label: "删除", danger: true, confirm: "此操作将删除该草稿, 是否继续?" },
};

const money = (v: string | null | undefined) => (v === null || v === undefined ? "" : (formatMoneyText(v) ?? v));

export default function PaymentDocPage() {
  const p = useLoaderData<typeof loader>();
  const receipt = p.kind === 1;
  return (
    <div className={po.page}>
      <div className={po.titleRow}>
        <h2 className={fin.h2}>
          {receipt ? "收款单" : "付款单"} {p.no}
        </h2>
        <span className={po.status} data-testid="pay-status">
          {p.statusName}
        </span>
      </div>
      <dl className={dk.summary}>
        <div>
          <dt>{receipt ? "客户" : "供应商"}</dt>
          <dd data-testid="pay-partner-name">
            <Link to={`/accounting/reconciliation?partnerId=${p.partnerId}`}>{p.partnerName}</Link>
          </dd>
        </div>
        <div>
          <dt>金额</dt>
          <dd data-testid="pay-amount-view">{money(p.amount)}</dd>
        </div>
        <div>
          <dt>未核销（预收/预付）</dt>
          <dd data-testid="pay-unallocated">{money(p.unallocatedAmount)}</dd>
        </div>
        <div>
          <dt>日期</dt>
          <dd>{p.paidOn}</dd>
        </div>
        <div>
          <dt>{receipt ? "收款方式" : "付款方式"}</dt>
          <dd>{p.paymentMethodName ?? "—"}</dd>
        </div>
        <div>
          <dt>制单人</dt>
          <dd>{p.createdByName ?? "—"}</dd>
        </div>
        <div>
          <dt>备注</dt>
          <dd>{p.remark ?? "—"}</dd>
        </div>
      </dl>
      <table className={po.table} data-testid="pay-allocations">
        <caption className={fin.caption}>核销明细</caption>
        <thead>
          <tr>
            <th scope="col">单号</th>
            <th scope="col">类型</th>
            <th scope="col">单据日期</th>
            <th scope="col">到期日</th>
            <th scope="col" className={po.num}>
              单据金额
            </th>
            <th scope="col" className={po.num}>
              本次核销
            </th>
          </tr>
        </thead>
        <tbody>
          {p.allocations.map((a) => (
            <tr key={a.entryId}>
              <td>{a.docNo}</td>
              <td>{a.typeLabel}</td>
              <td>{a.entryDate}</td>
              <td>{a.dueDate ?? ""}</td>
              <td className={po.num}>{money(a.entryAmount)}</td>
              <td className={po.num}>{money(a.amount)}</td>
            </tr>
          ))}
          {p.allocations.length === 0 ? (
            <tr>
              <td colSpan={6} className={fin.muted}>
                {p.status === 0 ? "确认后按日期从早到晚核销" : "未核销任何单据"}
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
      <Form method="post" className={po.buttons}>
        {p.actions.map((a) => (
          <DocumentActionButton key={a} action={a} spec={BUTTONS[a]} testId={`pay-action-${a}`} />
        ))}
        <Link to={`/accounting/reconciliation/payments?kind=${p.kind}`} prefetch="none" className={css.btn}>
          返回列表
        </Link>
      </Form>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("收付款单") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
