import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import css from "~/components/grid/grid.module.css";
import po from "~/components/purchase/purchase.module.css";
import fin from "~/components/finance/finance.module.css";
import { hrefWith } from "~/components/grid/DataGrid";
import { formatMoneyText } from "#server/lib/decimal-text";
import { labelOf, PARTNER_PAYMENT_STATUSES } from "#server/lib/dictionary";
import { pageTitle, t } from "../../../../server/lib/i18n/zh-CN";
import { loadPaymentsList } from "~/server/finance.server";

/** 收款单 (?kind=1) / 付款单 (?kind=2): filters and paging in the URL; rows open the document. */
export async function loader({ request }: LoaderFunctionArgs) {
  return json(await loadPaymentsList(request));
}

const money = (v: unknown) => (v === null || v === undefined ? "" : (formatMoneyText(v) ?? String(v)));

export default function PaymentsListPage() {
  const d = useLoaderData<typeof loader>();
  const search = useLocation().search;
  const receipt = d.kind === 1;
  const pages = Math.max(1, Math.ceil(d.totalCount / d.size));
  const f = d.filters;
  return (
    <div className={css.wrap}>
      <div className={po.titleRow}>
        <h2 className={fin.h2}>{receipt ? "收款单" : "付款单"}</h2>
        <span className={fin.tabs}>
          <Link to="?kind=1" prefetch="none" className={`${css.btn} ${receipt ? css.primary : ""}`}>
            收款单
          </Link>
          <Link to="?kind=2" prefetch="none" className={`${css.btn} ${receipt ? "" : css.primary}`}>
            付款单
          </Link>
          <Link to={`/accounting/reconciliation/receipt?kind=${d.kind}`} prefetch="none" className={css.btn} data-testid="pl-new">
            {receipt ? "登记收款" : "登记付款"}
          </Link>
          <Link to="/accounting/reconciliation" prefetch="none" className={css.btn}>
            对账单
          </Link>
        </span>
      </div>
      <Form method="get" className={`${css.card} ${css.filters}`} role="search">
        <input type="hidden" name="kind" value={d.kind} />
        <label>
          {t.grid.keyword}
          <input type="search" name="q" defaultValue={f.q ?? ""} placeholder="单号或往来单位" maxLength={100} />
        </label>
        <label>
          状态
          <select name="status" defaultValue={f.status ?? ""}>
            <option value="">{t.grid.all}</option>
            {PARTNER_PAYMENT_STATUSES.map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
        </label>
        <label>
          {receipt ? "客户" : "供应商"}
          <select name="partnerId" defaultValue={f.partnerId ?? ""}>
            <option value="">{t.grid.all}</option>
            {d.partners.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          日期从
          <input type="date" name="dateFrom" defaultValue={f.dateFrom ?? ""} />
        </label>
        <label>
          至
          <input type="date" name="dateTo" defaultValue={f.dateTo ?? ""} />
        </label>
        <button type="submit" className={`${css.btn} ${css.primary}`}>
          {t.grid.search}
        </button>
      </Form>
      <table className={po.table} data-testid="pl-table">
        <thead>
          <tr>
            <th scope="col">单号</th>
            <th scope="col">{receipt ? "客户" : "供应商"}</th>
            <th scope="col">日期</th>
            <th scope="col">{receipt ? "收款方式" : "付款方式"}</th>
            <th scope="col">状态</th>
            <th scope="col" className={po.num}>
              金额
            </th>
            <th scope="col" className={po.num}>
              未核销
            </th>
            <th scope="col">制单人</th>
            <th scope="col">备注</th>
          </tr>
        </thead>
        <tbody>
          {d.items.map((r) => (
            <tr key={String(r.id)} data-testid="pl-row">
              <td>
                <Link to={`/accounting/reconciliation/payments/${r.id}`}>{String(r.no)}</Link>
              </td>
              <td>
                <Link to={`/accounting/reconciliation?partnerId=${r.partnerId}`}>{String(r.partnerName ?? "")}</Link>
              </td>
              <td>{String(r.paidOn)}</td>
              <td>{String(r.paymentMethodName ?? "")}</td>
              <td>{labelOf(PARTNER_PAYMENT_STATUSES, r.status as 0)}</td>
              <td className={po.num}>{money(r.amount)}</td>
              <td className={po.num}>{money(r.unallocatedAmount)}</td>
              <td>{String(r.createdByName ?? "")}</td>
              <td>{String(r.remark ?? "")}</td>
            </tr>
          ))}
          {d.items.length === 0 ? (
            <tr>
              <td colSpan={9} className={fin.muted}>
                暂无数据
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
      <nav className={fin.inline} aria-label="分页">
        <span className={fin.muted}>共 {d.totalCount} 条</span>
        {d.page > 1 ? (
          <Link to={hrefWith(search, { page: d.page - 1 })} className={css.btn}>
            上一页
          </Link>
        ) : null}
        <span className={fin.muted}>
          第 {d.page} / {pages} 页
        </span>
        {d.page < pages ? (
          <Link to={hrefWith(search, { page: d.page + 1 })} className={css.btn}>
            下一页
          </Link>
        ) : null}
      </nav>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("收付款单") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
