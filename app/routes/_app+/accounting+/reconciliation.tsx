import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import css from "~/components/grid/grid.module.css";
import po from "~/components/purchase/purchase.module.css";
import fin from "~/components/finance/finance.module.css";
import { StatementView } from "~/components/finance/StatementView";
import { hrefWith } from "~/components/grid/DataGrid";
import { formatMoneyText } from "#server/lib/decimal-text";
import { labelOf, PAYMENT_TERMS } from "#server/lib/dictionary";
import { balanceWords } from "#server/finance/balance-text";
import { pageTitle, t } from "../../../../server/lib/i18n/zh-CN";
import { loadReconciliationPage, reconciliationAction, type ReconciliationPageData } from "~/server/finance.server";

const PAGE = "/accounting/reconciliation";

/** 对账单: the partner accounts (what each customer owes and what we owe each supplier); choosing one shows its statement of account. */
export async function loader({ request }: LoaderFunctionArgs) {
  return json(await loadReconciliationPage(request));
}

export function action({ request }: ActionFunctionArgs) {
  return reconciliationAction(request);
}

const money = (v: string | null | undefined) => (v === null || v === undefined ? "" : (formatMoneyText(v) ?? v));

export default function ReconciliationPage() {
  const data = useLoaderData<typeof loader>();
  const search = useLocation().search;
  const s = data.statement;
  const customers = data.partners.filter((p) => p.rel === 1);
  const suppliers = data.partners.filter((p) => p.rel === 0);
  return (
    <div className={css.wrap}>
      <Form method="get" className={`${css.card} ${css.filters}`} role="search" data-testid="st-filter">
        <label>
          往来单位
          <select name="partnerId" defaultValue={s ? String(s.partner.id) : ""} key={s?.partner.id ?? "none"} data-testid="st-partner">
            <option value="">全部（往来余额列表）</option>
            <optgroup label="客户">
              {customers.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </optgroup>
            <optgroup label="供应商">
              {suppliers.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </optgroup>
          </select>
        </label>
        <label>
          开始日期
          <input type="date" name="from" defaultValue={data.from} key={`f${data.from}`} data-testid="st-from" />
        </label>
        <label>
          结束日期
          <input type="date" name="to" defaultValue={data.to} key={`t${data.to}`} data-testid="st-to" />
        </label>
        <button type="submit" className={`${css.btn} ${css.primary}`} data-testid="st-show">
          查询
        </button>
        <Link to={PAGE} prefetch="none" className={css.btn}>
          {t.grid.reset}
        </Link>
        <span className={fin.tabs}>
          <Link to="/accounting/reconciliation/receipt?kind=1" prefetch="none" className={css.btn} data-testid="go-receipt">
            登记收款
          </Link>
          {data.canRecordPayments ? (
            <Link to="/accounting/reconciliation/receipt?kind=2" prefetch="none" className={css.btn} data-testid="go-payment">
              登记付款
            </Link>
          ) : null}
          <Link to="/accounting/reconciliation/payments?kind=1" prefetch="none" className={css.btn}>
            收款单
          </Link>
          <Link to="/accounting/reconciliation/payments?kind=2" prefetch="none" className={css.btn}>
            付款单
          </Link>
        </span>
      </Form>
      {data.error ? (
        <p className={css.formError} role="alert">
          {data.error}
        </p>
      ) : null}
      {s ? (
        <StatementView s={s} payments={data.payments} canRecordPayments={data.canRecordPayments} />
      ) : data.accounts ? (
        <AccountsList data={data.accounts} search={search} />
      ) : null}
    </div>
  );
}

function AccountsList({ data, search }: { data: NonNullable<ReconciliationPageData["accounts"]>; search: string }) {
  const pages = Math.max(1, Math.ceil(data.totalCount / data.size));
  return (
    <div className={fin.stack}>
      <Form method="get" className={`${css.card} ${css.filters}`} data-testid="acct-filter">
        <label>
          {t.grid.keyword}
          <input type="search" name="q" defaultValue={data.q} key={data.q} placeholder="往来单位名称、联系人" maxLength={100} />
        </label>
        <label>
          类型
          <select name="rel" defaultValue={data.rel} key={`r${data.rel}`}>
            <option value="">{t.grid.all}</option>
            <option value="1">客户</option>
            <option value="0">供应商</option>
          </select>
        </label>
        <label>
          余额
          <select name="hasBalance" defaultValue={data.hasBalance} key={`b${data.hasBalance}`}>
            <option value="">{t.grid.all}</option>
            <option value="true">有余额</option>
            <option value="false">无余额</option>
          </select>
        </label>
        <button type="submit" className={`${css.btn} ${css.primary}`}>
          {t.grid.search}
        </button>
      </Form>
      <table className={po.table} data-testid="acct-table">
        <caption className={fin.caption}>往来余额（客户：欠款或预收；供应商：应付或预付）</caption>
        <thead>
          <tr>
            <th scope="col">往来单位</th>
            <th scope="col">类型</th>
            <th scope="col" className={po.num}>
              <Link to={hrefWith(search, { sort: "balance.desc", page: null })}>余额</Link>
            </th>
            <th scope="col" className={po.num}>
              未发货订单
            </th>
            <th scope="col" className={po.num}>
              信用额度
            </th>
            <th scope="col">付款条件</th>
            <th scope="col" className={po.num}>
              <Link to={hrefWith(search, { sort: "overdueAmount.desc", page: null })}>逾期金额</Link>
            </th>
            <th scope="col">操作</th>
          </tr>
        </thead>
        <tbody>
          {data.items.map((r) => (
            <tr key={r.id} data-testid="acct-row">
              <td>
                <Link to={`${PAGE}?partnerId=${r.id}`}>{r.name}</Link>
              </td>
              <td>{r.rel === 1 ? "客户" : "供应商"}</td>
              <td className={po.num}>{balanceWords(r.balance, r.rel === 1 ? "customer" : "supplier").text}</td>
              <td className={po.num}>{money(r.openOrderAmount)}</td>
              <td className={po.num}>{r.creditLimit && Number(r.creditLimit) > 0 ? money(r.creditLimit) : "不限"}</td>
              <td>{r.paymentTerm === null ? "—" : labelOf(PAYMENT_TERMS, r.paymentTerm as 100)}</td>
              <td className={po.num}>{money(r.overdueAmount)}</td>
              <td>
                <Link to={`${PAGE}?partnerId=${r.id}`}>对账单</Link>
                {" · "}
                <Link to={`/accounting/reconciliation/receipt?kind=${r.rel === 1 ? 1 : 2}&partnerId=${r.id}`}>{r.rel === 1 ? "收款" : "付款"}</Link>
              </td>
            </tr>
          ))}
          {data.items.length === 0 ? (
            <tr>
              <td colSpan={8} className={fin.muted}>
                暂无数据
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
      <nav className={fin.inline} aria-label="分页">
        <span className={fin.muted}>共 {data.totalCount} 条</span>
        {data.page > 1 ? (
          <Link to={hrefWith(search, { page: data.page - 1 })} className={css.btn}>
            上一页
          </Link>
        ) : null}
        <span className={fin.muted}>
          第 {data.page} / {pages} 页
        </span>
        {data.page < pages ? (
          <Link to={hrefWith(search, { page: data.page + 1 })} className={css.btn}>
            下一页
          </Link>
        ) : null}
      </nav>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("对账单") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
