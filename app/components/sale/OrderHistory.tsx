import { Link } from "@remix-run/react";
import type { OrderHistoryEntry } from "#server/sale/sales-order.page";
import so from "./Order.module.css";

/** The order's history as a timeline: created, submitted, approvals, picking lists, delivery notes, returns, closing. */
export function OrderHistory({ entries }: { entries: OrderHistoryEntry[] }) {
  return (
    <section className={so.section} aria-labelledby="so-history-title">
      <h3 id="so-history-title">订单历史</h3>
      <ol className={so.history} data-testid="so-history">
        {entries.map((e, i) => (
          <li key={i} data-event={e.event}>
            <span className={so.historyTime}>{e.at}</span>
            <strong>{e.event}</strong>
            {e.doc ? (
              <>
                {" "}
                <Link to={e.doc.href} prefetch="none">
                  {e.doc.no}
                </Link>
                <span className={so.historyDetail}>（{e.doc.statusLabel}）</span>
              </>
            ) : null}
            {e.by ? <span className={so.historyDetail}>{e.by}</span> : null}
            {e.detail ? <span className={so.historyDetail}>{e.detail}</span> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
