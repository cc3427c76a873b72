import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useFetcher, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import css from "~/components/grid/grid.module.css";
import po from "~/components/purchase/purchase.module.css";
import fin from "~/components/finance/finance.module.css";
import { formatMoneyText } from "#server/lib/decimal-text";
import { plannedAllocation } from "#server/finance/allocation-plan";
import { balanceWords } from "#server/finance/balance-text";
import { PAYMENT_METHOD_LABEL } from "#server/finance/partner-payment.input";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { loadPaymentForm, paymentFormAction } from "~/server/finance.server";

/**
 * 登记收款 (?kind=1) / 登记付款 (?kind=2): partner, payment method, amount, date; the partner's
 * open documents to settle first (none ticked: oldest first). The hidden requestKey makes a form
 * posted twice one receipt. With JavaScript the open documents load as soon as the partner is
 * chosen; without it 显示待核销单据 posts the form back with the list. A column 本次核销 says what
 * confirming will settle of each document (the ticked ones first, then the oldest).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  return json(await loadPaymentForm(request));
}

export function action({ request }: ActionFunctionArgs) {
  return paymentFormAction(request);
}

const money = (v: string | null | undefined) => (v === null || v === undefined ? "" : (formatMoneyText(v) ?? v));

export default function PaymentFormPage() {
  const loaded = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const page = answered && "values" in answered ? answered : loaded;
  const busy = useNavigation().state === "submitting";
  // With JavaScript: the chosen partner's open documents and balance, fetched when it changes.
  const partnerFetch = useFetcher<typeof loader>();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [partnerId, setPartnerId] = useState(page.values.partnerId ?? "");
  const [amount, setAmount] = useState(page.values.amount ?? "");
  const [chosen, setChosen] = useState<number[]>(page.chosen);
  useEffect(() => {
    setPartnerId(page.values.partnerId ?? "");
    setAmount(page.values.amount ?? "");
    setChosen(page.chosen);
  }, [page]);
  const fetched = partnerFetch.data;
  const live = fetched && fetched.values.partnerId === partnerId && partnerId !== (page.values.partnerId ?? "") ? fetched : null;
  const data = live
    ? { ...page, openDocuments: live.openDocuments, balance: live.balance }
    : partnerId === (page.values.partnerId ?? "")
      ? page
      : { ...page, openDocuments: [], balance: null };
  const plan = plannedAllocation(amount, data.openDocuments, chosen);
  const receipt = data.kind === 1;
  const who = receipt ? "客户" : "供应商";
  const title = receipt ? "登记收款" : "登记付款";
  const err = (f: string) =>
    data.errors[f]?.length ? (
      <span className={po.fieldError} id={`${f}-error`}>
        {data.errors[f]![0]}
      </span>
    ) : null;
  const v = data.values;
  return (
    <div className={po.page}>
      <div className={po.titleRow}>
        <h2 className={fin.h2}>{title}</h2>
        <span className={fin.tabs}>
          <Link to="?kind=1" prefetch="none" className={`${css.btn} ${receipt ? css.primary : ""}`}>
            登记收款
          </Link>
          {data.canRecordPayments ? (
            <Link to="?kind=2" prefetch="none" className={`${css.btn} ${receipt ? "" : css.primary}`}>
              登记付款
            </Link>
          ) : null}
        </span>
      </div>
      <Form method="post" className={po.form} data-testid="pay-form" key={`${data.kind}-${v.requestKey}`}>
        {data.message ? (
          <p className={css.formError} role="alert" data-testid="pay-error">
            {data.message}
          </p>
        ) : null}
        <input type="hidden" name="kind" value={data.kind} />
        <input type="hidden" name="requestKey" value={v.requestKey ?? ""} />
        <div className={po.header}>
          <label className={po.field}>
            <span>
              {who}
              <span className={po.req}>*</span>
            </span>
            <select
              name="partnerId"
              defaultValue={v.partnerId ?? ""}
              onChange={(e) => {
                setPartnerId(e.target.value);
                setChosen([]);
                if (e.target.value) partnerFetch.load(`?kind=${data.kind}&partnerId=${encodeURIComponent(e.target.value)}`);
              }}
              required
              aria-invalid={!!data.errors.partnerId}
              data-testid="pay-partner"
            >
              <option value="">请选择{who}</option>
              {data.partners.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
            {err("partnerId")}
          </label>
          <label className={po.field}>
            <span>
              {PAYMENT_METHOD_LABEL[data.kind]}
              <span className={po.req}>*</span>
            </span>
            <select
              name="paymentMethodId"
              defaultValue={v.paymentMethodId ?? ""}
              required
              aria-invalid={!!data.errors.paymentMethodId}
              data-testid="pay-method"
            >
              <option value="">请选择{PAYMENT_METHOD_LABEL[data.kind]}</option>
              {data.methods.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </select>
            {err("paymentMethodId")}
          </label>
          <label className={po.field}>
            <span>
              金额<span className={po.req}>*</span>
            </span>
            <input
              name="amount"
              inputMode="decimal"
              defaultValue={v.amount ?? ""}
              onChange={(e) => setAmount(e.target.value)}
              required
              maxLength={20}
              placeholder="0.00"
              aria-invalid={!!data.errors.amount}
              data-testid="pay-amount"
            />
            {err("amount")}
          </label>
          <label className={po.field}>
            <span>
              {receipt ? "收款日期" : "付款日期"}
              <span className={po.req}>*</span>
            </span>
            <input type="date" name="paidOn" defaultValue={v.paidOn ?? ""} required aria-invalid={!!data.errors.paidOn} data-testid="pay-date" />
            {err("paidOn")}
          </label>
          <label className={`${po.field} ${po.wide}`}>
            <span>备注</span>
            <input name="remark" defaultValue={v.remark ?? ""} maxLength={200} />
            {err("remark")}
          </label>
        </div>
        {data.balance !== null ? (
          <p className={fin.muted} data-testid="pay-balance">
            当前余额：{balanceWords(data.balance, receipt ? "customer" : "supplier").text}
          </p>
        ) : null}
        <fieldset className={fin.box}>
          <legend>核销单据（不勾选则按日期从早到晚自动核销，剩余部分作为{receipt ? "预收款" : "预付款"}）</legend>
          {data.openDocuments.length ? (
            <table className={po.table} data-testid="pay-open">
              <thead>
                <tr>
                  <th scope="col">选择</th>
                  <th scope="col">单号</th>
                  <th scope="col">类型</th>
                  <th scope="col">日期</th>
                  <th scope="col">到期日</th>
                  <th scope="col" className={po.num}>
                    金额
                  </th>
                  <th scope="col" className={po.num}>
                    未结清
                  </th>
                  <th scope="col" className={po.num}>
                    本次核销
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.openDocuments.map((d) => (
                  <tr key={d.entryId}>
                    <td>
                      <input
                        type="checkbox"
                        name="entryIds"
                        value={d.entryId}
                        defaultChecked={data.chosen.includes(d.entryId)}
                        onChange={(e) => setChosen((cur) => (e.target.checked ? [...cur, d.entryId] : cur.filter((x) => x !== d.entryId)))}
                        aria-label={`核销 ${d.docNo}`}
                      />
                    </td>
                    <td>{d.docNo}</td>
                    <td>{d.typeLabel}</td>
                    <td>{d.entryDate}</td>
                    <td>{d.dueDate ?? ""}</td>
                    <td className={po.num}>{money(d.amount)}</td>
                    <td className={po.num}>{money(d.outstanding)}</td>
                    <td className={po.num} data-testid={`pay-plan-${d.docNo}`}>
                      {plan.settles.has(d.entryId) ? money(plan.settles.get(d.entryId)) : ""}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className={fin.muted}>
              {partnerId ? (partnerFetch.state === "loading" ? "正在读取待核销单据…" : "该往来单位没有未结清的单据") : `选择${who}后显示待核销单据`}
            </p>
          )}
          {plan.left !== null && data.openDocuments.length ? (
            <p className={fin.muted} data-testid="pay-plan-left">
              {plan.left !== "0.00" ? `核销后剩余 ${money(plan.left)} 作为${receipt ? "预收款" : "预付款"}` : "本次金额全部用于核销上列单据"}
            </p>
          ) : null}
          {/* Only without JavaScript: with it the documents follow the partner as it is chosen. */}
          {hydrated ? null : (
            <button type="submit" name="intent" value="refresh" formNoValidate className={css.btn} data-testid="pay-refresh">
              显示待核销单据
            </button>
          )}
        </fieldset>
        <div className={po.buttons}>
          <button type="submit" name="intent" value="confirm" className={`${css.btn} ${css.primary}`} disabled={busy} data-testid="pay-submit">
            {receipt ? "确认收款" : "确认付款"}
          </button>
          <button type="submit" name="intent" value="draft" className={css.btn} disabled={busy} data-testid="pay-draft">
            保存草稿
          </button>
          <Link to="/accounting/reconciliation" prefetch="none" className={css.btn}>
            返回对账单
          </Link>
        </div>
      </Form>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("登记收付款") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
