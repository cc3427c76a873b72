import { Link } from "@remix-run/react";
import type { SummaryItem } from "~/components/documents/DocumentPage";

/**
 * 采购单号 on a receiving or put-away note: the order the note comes from, a link that the stock
 * keeper, who works this step of its chain, opens read only (no prices).
 */
export function linkedPurchaseOrder(id: number | null | undefined, no: string | null | undefined): SummaryItem {
  return {
    label: "采购单号",
    value:
      id && no ? (
        <Link to={`/purchase/order/${id}`} prefetch="none" data-testid="linked-purchase-order">
          {no}
        </Link>
      ) : (
        "—"
      ),
  };
}
