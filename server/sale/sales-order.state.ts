import { and, eq, sql } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import type { Executor } from "../db/client";
import { DomainError } from "../lib/errors";
import { salesOrders } from "./sale.tables";
import { SO_DELIVERED, SO_DELIVERING, SO_PARTIAL, SO_WAITING } from "./sales-order.status";
import { PK_DRAFT, PK_WAITING } from "./picking-order.status";
import { DL_WAITING } from "./deliver-order.status";
import { rows as rowsOf } from "../lib/rows";

/**
 * What a sales order line holds besides its own columns, from the stock ledger's tables (the one
 * source of truth): `lockedQty` = Σ stock_locks of the line (docType salesOrder), `shortQty` =
 * its stock_demands row (waiting for stock, shown on /purchase/urgent). Delivered, picked,
 * returned and cancelled quantities are the line's own columns.
 */
export const SALES_ORDER_DOC_TYPE = "salesOrder";

/** Locked and short quantity per line of the orders (lines with neither are absent). */
export async function lineHoldings(ex: Executor, ctx: Ctx, orderIds: number[]): Promise<Map<number, { lockedQty: string; shortQty: string }>> {
  if (orderIds.length === 0) return new Map();
  const ids = `{${[...new Set(orderIds)].map((i) => Math.trunc(i)).join(",")}}`;
  const rows = rowsOf(
    await ex.execute(sql`select line_id, sum(locked)::numeric(16,2)::text as locked, sum(short)::numeric(16,2)::text as short from (
        select doc_line_id as line_id, qty as locked, 0 as short from stock_locks where company_id = ${ctx.companyId} and doc_type = ${SALES_ORDER_DOC_TYPE} and doc_id = any(${ids}::int[])
        union all
        select doc_line_id, 0, qty from stock_demands where company_id = ${ctx.companyId} and doc_type = ${SALES_ORDER_DOC_TYPE} and doc_id = any(${ids}::int[])
      ) x group by line_id`),
  );
  return new Map(rows.map((r) => [Number(r.line_id), { lockedQty: String(r.locked), shortQty: String(r.short) }]));
}

/**
 * Sets a submitted order's status from its lines and its open picking lists / delivery notes
 * (the caller holds the order's row lock and has just changed them):
 *   every line delivered + cancelled ≥ ordered → 60 发货完成;
 *   else goods on their way out — a picking list with something picked, a delivery note waiting
 *   (20), or goods picked and not yet delivered → 40 发货中 (a picking list nobody has started is
 *   not: right after 提交 the order is 待发货, issue 20 item 12);
 *   else something delivered → 50 部分发货; else → 30 待发货.
 * Orders in other statuses are left alone. Returns the status.
 */
export async function refreshSalesOrderStatus(tx: Executor, ctx: Ctx, orderId: number): Promise<number> {
  const [r] = rowsOf(
    await tx.execute(sql`select o.status,
        coalesce((select bool_and(l.delivered_qty + l.cancelled_qty >= l.qty) from sales_order_lines l where l.order_id = o.id), true) as all_done,
        coalesce((select bool_or(l.delivered_qty > 0) from sales_order_lines l where l.order_id = o.id), false) as some_delivered,
        exists(select 1 from picking_orders p join picking_order_lines pl on pl.picking_order_id = p.id
                where p.company_id = o.company_id and p.sales_order_id = o.id and p.status in (${PK_DRAFT}, ${PK_WAITING}) and pl.picked_qty > 0)
          or exists(select 1 from deliver_orders d where d.company_id = o.company_id and d.sales_order_id = o.id and d.status = ${DL_WAITING})
          or exists(select 1 from sales_order_lines l where l.order_id = o.id and l.picked_qty > 0) as open_notes
      from sales_orders o where o.id = ${orderId} and o.company_id = ${ctx.companyId}`),
  );
  if (!r) throw new DomainError("not_found", "销售订单不存在");
  const status = Number(r.status);
  if (![SO_WAITING, SO_DELIVERING, SO_PARTIAL, SO_DELIVERED].includes(status)) return status;
  const next = r.all_done === true ? SO_DELIVERED : r.open_notes === true ? SO_DELIVERING : r.some_delivered === true ? SO_PARTIAL : SO_WAITING;
  if (next !== status) {
    await tx
      .update(salesOrders)
      .set({ status: next, updatedAt: ctx.now ?? new Date() })
      .where(and(eq(salesOrders.id, orderId), eq(salesOrders.companyId, ctx.companyId)));
  }
  return next;
}
