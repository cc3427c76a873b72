import { and, desc, eq, inArray, notInArray } from "drizzle-orm";
import { db } from "../db/client";
import type { Ctx } from "../lib/context";
import type { PriceHistory } from "../trade/line-pick.service";
import { salesOrderLines, salesOrders } from "./sale.tables";
import { SO_DRAFT, SO_NO_DEAL } from "./sales-order.status";

/** Sales orders that never sold anything (草稿, 未成交) give no last price. */
const NOT_SOLD = [SO_DRAFT, SO_NO_DEAL];

/** The sales side's earlier prices for the line picker (trade/line-pick.service.ts): a customer's last price per product. */
export const salePriceHistory: PriceHistory = {
  side: "sale",
  async ofPartner(ctx: Ctx, partnerId: number, productIds: number[]) {
    // The customer's newest submitted order with the product; its newest line (price before discount).
    const rows = await db()
      .selectDistinctOn([salesOrderLines.productId], { productId: salesOrderLines.productId, price: salesOrderLines.price })
      .from(salesOrderLines)
      .innerJoin(salesOrders, eq(salesOrders.id, salesOrderLines.orderId))
      .where(
        and(
          eq(salesOrders.companyId, ctx.companyId),
          eq(salesOrders.partnerId, partnerId),
          notInArray(salesOrders.status, NOT_SOLD),
          eq(salesOrderLines.companyId, ctx.companyId),
          inArray(salesOrderLines.productId, productIds),
        ),
      )
      .orderBy(salesOrderLines.productId, desc(salesOrders.id), desc(salesOrderLines.id));
    return new Map(rows.map((r) => [r.productId, r.price]));
  },
};
