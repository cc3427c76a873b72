import { Link } from "@remix-run/react";

/**
 * 采购单号 on a receiving or put-away note: the order the note comes from, a link that the stock
 * keeper, who works this step of its chain, opens read only (no prices).
 */
export function LinkedPurchaseOrder({ id, no }: { id: number | null | undefined; no: string | null | undefined }) {
  return (
    <div>
      <dt>采购单号</dt>
      <dd>
        {id && no ? (
          <Link to={`/purchase/order/${id}`} prefetch="none" data-testid="linked-purchase-order">
            {no}
          </Link>
        ) : (
          "—"
        )}
      </dd>
    </div>
  );
}
