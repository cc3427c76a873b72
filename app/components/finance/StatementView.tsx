import { Form, Link } from "@remix-run/react";
import css from "~/components/grid/grid.module.css";
import po from "~/components/purchase/purchase.module.css";
import dk from "~/components/documents/document.module.css";
import fin from "./finance.module.css";
import { formatMoneyText } from "#server/lib/decimal-text";
import type { Statement } from "#server/finance/statement.service";
import { balanceWords } from "#server/finance/balance-text";

const money = (v: string | null | undefined) => (v === null || v === undefined ? "" : (formatMoneyText(v) ?? v));

/**
 * One partner's statement of account: the header figures, the entries with their running
 * balance, the ageing of the open documents and the confirmation record (发送对账, then 已确认
 * / 有异议 as the partner answered). Every command is a plain form post.
 */
export function StatementView({
  s,
  payments,
  canRecordPayments,
}: {
  s: Statement;
  payments: { id: number; no: string; kindName: string; statusName: string; amount: string; unallocatedAmount: string; paidOn: string }[];
  canRecordPayments: boolean;
}) {
  const customer = s.partner.rel === 1;
  const period = new URLSearchParams({ partnerId: String(s.partner.id), from: s.from, to: s.to }).toString();
  const pending = s.confirmations.find((c) => c.status === 0);
  return (
    <div className={fin.stack}>
      <div className={po.titleRow}>
        <h2 className={fin.h2} data-testid="st-title">
          {s.partner.name} 对账单
        </h2>
        <span className={po.status}>{s.partner.relName}</span>
        <span className={fin.muted}>
          {s.from} 至 {s.to}
        </span>
        <a href={`/accounting/reconciliation/export?${period}`} className={css.btn} data-testid="st-export" download>
          导出
        </a>
        <a href={`/print/statement?${period}`} target="_blank" rel="noreferrer" className={css.btn} data-testid="st-print">
          打印
        </a>
        {customer || canRecordPayments ? (
          <Link
            to={`/accounting/reconciliation/receipt?kind=${customer ? 1 : 2}&partnerId=${s.partner.id}`}
            prefetch="none"
            className={`${css.btn} ${css.primary}`}
            data-testid="st-register"
          >
            {customer ? "登记收款" : "登记付款"}
          </Link>
        ) : null}
      </div>
      <dl className={dk.summary}>
        <div>
          <dt>期初余额</dt>
          <dd data-testid="st-opening">{money(s.opening)}</dd>
        </div>
        <div>
          <dt>{customer ? "本期应收增加" : "本期应付增加"}</dt>
          <dd>{money(s.totalIncrease)}</dd>
        </div>
        <div>
          <dt>{customer ? "本期收款及减少" : "本期付款及减少"}</dt>
          <dd>{money(s.totalDecrease)}</dd>
        </div>
        <div>
          <dt>期末余额</dt>
          <dd data-testid="st-closing">{money(s.closing)}</dd>
        </div>
        <div>
          <dt>当前余额</dt>
          <dd data-testid="st-current">{balanceWords(s.currentBalance, customer ? "customer" : "supplier").text}</dd>
        </div>
        <div>
          <dt>付款条件</dt>
          <dd>{s.partner.paymentTermName}</dd>
        </div>
        <div>
          <dt>信用额度</dt>
          <dd>{s.partner.creditLimit ? money(s.partner.creditLimit) : "不限"}</dd>
        </div>
      </dl>

      <table className={po.table} data-testid="st-lines">
        <caption className={fin.caption}>往来明细（余额 &gt; 0：{customer ? "客户欠我方" : "我方欠供应商"}）</caption>
        <thead>
          <tr>
            <th scope="col">日期</th>
            <th scope="col">业务类型</th>
            <th scope="col">单号</th>
            <th scope="col">到期日</th>
            <th scope="col" className={po.num}>
              增加
            </th>
            <th scope="col" className={po.num}>
              减少
            </th>
            <th scope="col" className={po.num}>
              余额
            </th>
            <th scope="col">备注</th>
          </tr>
        </thead>
        <tbody>
          <tr className={fin.sumRow}>
            <td>{s.from}</td>
            <td>期初余额</td>
            <td />
            <td />
            <td />
            <td />
            <td className={po.num}>{money(s.opening)}</td>
            <td />
          </tr>
          {s.lines.map((l) => (
            <tr key={l.id} data-testid="st-line">
              <td>{l.entryDate}</td>
              <td>{l.typeLabel}</td>
              <td>{l.href ? <Link to={l.href}>{l.docNo}</Link> : l.docNo}</td>
              <td>{l.dueDate ?? ""}</td>
              <td className={po.num}>{money(l.increase)}</td>
              <td className={po.num}>{money(l.decrease)}</td>
              <td className={po.num}>{money(l.balance)}</td>
              <td>{l.remark ?? ""}</td>
            </tr>
          ))}
          {s.lines.length === 0 ? (
            <tr>
              <td colSpan={8} className={fin.muted}>
                本期没有往来
              </td>
            </tr>
          ) : null}
          <tr className={fin.sumRow}>
            <td>{s.to}</td>
            <td>期末余额</td>
            <td />
            <td />
            <td className={po.num}>{money(s.totalIncrease)}</td>
            <td className={po.num}>{money(s.totalDecrease)}</td>
            <td className={po.num} data-testid="st-closing-row">
              {money(s.closing)}
            </td>
            <td />
          </tr>
        </tbody>
      </table>

      <div className={fin.columns}>
        <section className={fin.box} aria-labelledby="ageing-h">
          <h3 id="ageing-h" className={fin.h3}>
            账龄（未结清单据，按到期日，截至 {s.today}）
          </h3>
          {/* Scrolls sideways when the column is narrow: focusable, so a keyboard can scroll it too. */}
          <div className={fin.scrollX} tabIndex={0} role="region" aria-labelledby="ageing-h">
            <table className={`${po.table} ${fin.noWrapHead}`} data-testid="st-ageing">
              <thead>
                <tr>
                  {s.ageing.buckets.map((b) => (
                    <th key={b.key} scope="col" className={po.num}>
                      {b.label}
                    </th>
                  ))}
                  <th scope="col" className={po.num}>
                    未结清合计
                  </th>
                  <th scope="col" className={po.num}>
                    未核销预收/贷项
                  </th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  {s.ageing.buckets.map((b) => (
                    <td key={b.key} className={po.num} data-testid={`age-${b.key}`}>
                      {money(b.amount)}
                    </td>
                  ))}
                  <td className={po.num}>{money(s.ageing.open)}</td>
                  <td className={po.num}>{money(s.ageing.other)}</td>
                </tr>
              </tbody>
            </table>
          </div>
          {s.ageing.documents.length ? (
            <details className={fin.details}>
              <summary>未结清单据 {s.ageing.documents.length} 张</summary>
              <table className={po.table}>
                <thead>
                  <tr>
                    <th scope="col">单号</th>
                    <th scope="col">类型</th>
                    <th scope="col">日期</th>
                    <th scope="col">到期日</th>
                    <th scope="col" className={po.num}>
                      未结清
                    </th>
                    <th scope="col" className={po.num}>
                      逾期天数
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {s.ageing.documents.map((d) => (
                    <tr key={d.entryId}>
                      <td>{d.docNo}</td>
                      <td>{d.typeLabel}</td>
                      <td>{d.entryDate}</td>
                      <td>{d.dueDate ?? ""}</td>
                      <td className={po.num}>{money(d.outstanding)}</td>
                      <td className={po.num}>{d.daysOverdue}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          ) : null}
        </section>

        <section className={fin.box} aria-labelledby="confirm-h">
          <h3 id="confirm-h" className={fin.h3}>
            对账确认
          </h3>
          <Form method="post" className={fin.inline}>
            <input type="hidden" name="partnerId" value={s.partner.id} />
            <input type="hidden" name="from" value={s.from} />
            <input type="hidden" name="to" value={s.to} />
            <button type="submit" name="intent" value="send" className={`${css.btn} ${css.primary}`} data-testid="st-send">
              发送对账（{s.from} 至 {s.to}）
            </button>
          </Form>
          {s.confirmations.length === 0 ? (
            <p className={fin.muted} data-testid="st-confirm-state">
              尚未发送对账
            </p>
          ) : (
            <table className={po.table} data-testid="st-confirmations">
              <thead>
                <tr>
                  <th scope="col">对账期间</th>
                  <th scope="col" className={po.num}>
                    期末余额
                  </th>
                  <th scope="col">状态</th>
                  <th scope="col">说明</th>
                  <th scope="col">记录</th>
                </tr>
              </thead>
              <tbody>
                {s.confirmations.map((c) => (
                  <tr key={c.id}>
                    <td>
                      {c.periodFrom} 至 {c.periodTo}
                    </td>
                    <td className={po.num}>{money(c.closingBalance)}</td>
                    <td data-testid="st-confirm-state">{c.statusName}</td>
                    <td>{c.comment ?? ""}</td>
                    <td className={fin.muted}>
                      {c.createdByName ?? ""} 发送{c.decidedByName ? `，${c.decidedByName} 记录` : ""}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {pending ? (
            <Form method="post" className={fin.decide}>
              <input type="hidden" name="intent" value="decide" />
              <input type="hidden" name="confirmationId" value={pending.id} />
              <input type="hidden" name="partnerId" value={s.partner.id} />
              <input type="hidden" name="from" value={s.from} />
              <input type="hidden" name="to" value={s.to} />
              <label>
                对方答复（{pending.periodFrom} 至 {pending.periodTo}）
                <input type="text" name="comment" maxLength={500} placeholder="有异议时请填写说明" data-testid="st-comment" />
              </label>
              <button type="submit" name="status" value="1" className={css.btn} data-testid="st-agree">
                已确认
              </button>
              <button type="submit" name="status" value="2" className={`${css.btn} ${css.danger}`} data-testid="st-dispute">
                有异议
              </button>
            </Form>
          ) : null}
        </section>
      </div>

      <section className={fin.box} aria-labelledby="pay-h">
        <h3 id="pay-h" className={fin.h3}>
          最近{customer ? "收款" : "付款"}
          <Link to={`/accounting/reconciliation/payments?kind=${customer ? 1 : 2}&partnerId=${s.partner.id}`} prefetch="none" className={fin.more}>
            全部
          </Link>
        </h3>
        {payments.length === 0 ? (
          <p className={fin.muted}>暂无数据</p>
        ) : (
          <table className={po.table} data-testid="st-payments">
            <thead>
              <tr>
                <th scope="col">单号</th>
                <th scope="col">日期</th>
                <th scope="col">状态</th>
                <th scope="col" className={po.num}>
                  金额
                </th>
                <th scope="col" className={po.num}>
                  未核销
                </th>
              </tr>
            </thead>
            <tbody>
              {payments.map((p) => (
                <tr key={p.id}>
                  <td>
                    <Link to={`/accounting/reconciliation/payments/${p.id}`}>{p.no}</Link>
                  </td>
                  <td>{p.paidOn}</td>
                  <td>{p.statusName}</td>
                  <td className={po.num}>{money(p.amount)}</td>
                  <td className={po.num}>{money(p.unallocatedAmount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
