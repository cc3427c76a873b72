import { formatMoneyText } from "#server/lib/decimal-text";
import { balanceWords } from "#server/finance/balance-text";
import { labelOf, PAYMENT_TERMS } from "#server/lib/dictionary";
import type { CustomerInfo } from "#server/sale/sales-order.page";
import so from "./Order.module.css";

/**
 * The customer's standing in the sales order's header: credit limit, what they owe, open orders,
 * payment terms and what is left under the limit (red when nothing is). Server-rendered from the
 * page's answer; with JavaScript the form swaps in a fresh one when the customer changes.
 */
export function CustomerInfoBar({ info }: { info: CustomerInfo | null }) {
  if (!info) {
    return (
      <div className={so.customerEmpty} data-testid="so-customer-info" aria-live="polite">
        选择客户后显示信用额度、欠款、未发货订单和结算方式
      </div>
    );
  }
  const left = info.creditLeft;
  // A customer in credit has 预收 ￥453.50, not 欠款 -￥453.50.
  const balance = balanceWords(info.balance, "customer");
  const over = left !== null && left.startsWith("-");
  return (
    <dl className={so.customerBar} data-testid="so-customer-info" aria-live="polite" aria-label={`客户 ${info.name} 的往来情况`}>
      <div>
        <dt>信用额度</dt>
        <dd data-testid="so-credit-limit">{info.creditLimit === null ? "不限" : formatMoneyText(info.creditLimit)}</dd>
      </div>
      <div>
        <dt>{balance.label}</dt>
        <dd data-testid="so-balance">{balance.amount}</dd>
      </div>
      <div>
        <dt>未发货订单</dt>
        <dd data-testid="so-open-orders">
          {info.openOrders} 张 · {formatMoneyText(info.openOrderAmount)}
        </dd>
      </div>
      <div>
        <dt>可用额度</dt>
        <dd className={over ? so.over : undefined} data-testid="so-credit-left">
          {left === null ? "不限" : formatMoneyText(left)}
        </dd>
      </div>
      <div>
        <dt>结算方式</dt>
        <dd data-testid="so-customer-term">{info.paymentTerm === null ? "—" : labelOf(PAYMENT_TERMS, info.paymentTerm as 100) || "—"}</dd>
      </div>
    </dl>
  );
}
