import { formatMoneyText, plainNumberText } from "../../../server/lib/decimal-text";
import type { StockTotals } from "#server/stock/stock-views";
import css from "../grid/grid.module.css";

/**
 * The totals row of a stock balance list: Σ over the whole filtered selection (every page),
 * computed on the server from the balances. An unfiltered list beyond the count limit is not
 * summed on each view; the bar asks to filter first.
 */
export function StockTotalsBar({ totals }: { totals: StockTotals }) {
  return (
    <div
      className={`${css.card}`}
      style={{ padding: "8px 12px", display: "flex", gap: 24, fontSize: 13, flexWrap: "wrap" }}
      data-testid="stock-totals"
      role="status"
    >
      <strong>合计</strong>
      {totals.computed ? (
        <>
          <span>
            数量 <b data-testid="total-qty">{plainNumberText(totals.qty) ?? totals.qty}</b>
          </span>
          <span>
            锁定 <b data-testid="total-locked">{plainNumberText(totals.lockedQty) ?? totals.lockedQty}</b>
          </span>
          <span>
            可用 <b data-testid="total-available">{plainNumberText(totals.available) ?? totals.available}</b>
          </span>
          {totals.amount !== undefined ? (
            <span>
              金额 <b data-testid="total-amount">{formatMoneyText(totals.amount) ?? totals.amount}</b>
            </span>
          ) : null}
        </>
      ) : (
        <span data-testid="totals-filter-first">数据较多，合计请先筛选（仓库、货位、品牌或关键字）</span>
      )}
    </div>
  );
}
