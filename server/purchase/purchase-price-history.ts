import { and, desc, eq, inArray, notInArray } from "drizzle-orm";
import { db } from "../db/client";
import type { Ctx } from "../lib/context";
import type { PriceHistory } from "../trade/line-pick.service";
import { purchaseOrderLines, purchaseOrders } from "./purchase.tables";
import { PO_DRAFT, PO_VOID } from "./purchase-order.status";

/** Purchase orders that never bought anything (草稿, 已作废) give no last price. */
const NOT_PURCHASED = [PO_DRAFT, PO_VOID];

/** Per product, the newest line's price of the newest purchase order that bought it (from one supplier, or any). */
async function lastPurchasePrices(ctx: Ctx, productIds: number[], partnerId?: number) {
  const rows = await db()
    .selectDistinctOn([purchaseOrderLines.productId], { productId: purchaseOrderLines.productId, price: purchaseOrderLines.price })
    .from(purchaseOrderLines)
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, purchaseOrderLines.orderId))
    .where(
      and(
        eq(purchaseOrders.companyId, ctx.companyId),
        partnerId === undefined ? undefined : eq(purchaseOrders.partnerId, partnerId),
        notInArray(purchaseOrders.status, NOT_PURCHASED),
        eq(purchaseOrderLines.companyId, ctx.companyId),
        inArray(purchaseOrderLines.productId, productIds),
      ),
    )
    .orderBy(purchaseOrderLines.productId, desc(purchaseOrders.id), desc(purchaseOrderLines.id));
  return new Map(rows.map((r) => [r.productId, r.price]));
}

/**
 * The purchase side's earlier prices for the line picker (trade/line-pick.service.ts): the
 * supplier's last price per product, else the last price from any supplier (issue 20 item 12).
 */
export const purchasePriceHistory: PriceHistory = {
  side: "purchase",
  ofPartner: (ctx, partnerId, productIds) => lastPurchasePrices(ctx, productIds, partnerId),
  ofAny: (ctx, productIds) => lastPurchasePrices(ctx, productIds),
};
