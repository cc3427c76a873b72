import { sql } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import type { Executor } from "../db/client";
import { inTransaction } from "../db/transaction";
import { add, gt, qtyString, sub } from "../lib/decimal";
import { DomainError } from "../lib/errors";
import { t } from "../lib/i18n/zh-CN";
import { listFromParams } from "../lib/list-read";
import type { ListResult } from "../lib/list-query";
import { SALES_ORDER_DOC_TYPE } from "../sale/sales-order.state";
import { createPurchaseOrder } from "./purchase-order.service";
import { purchaseFilterLookups } from "./purchase-order.page";
import { URGENT_CODE, urgentPurchaseResource } from "./urgent-purchase.resource";
import { PO_DRAFT, PO_PARTIAL, PO_RECEIVING, PO_WAITING } from "./purchase-order.status";
import { rows as rowsOf } from "../lib/rows";

/**
 * 紧急采购: what waits for stock (the list: urgent-purchase.resource.ts) and its one action,
 * 生成采购订单: DRAFT purchase orders, one per last supplier and warehouse, each line the group's
 * urgent quantity minus what is already coming (open lines of orders 10/20/30 and of drafts into
 * that warehouse), at the last purchase price. Groups whose product was never bought (no last
 * supplier) or whose last supplier is disabled are reported, not ordered. When the goods are put
 * away onto a shelf, the stock ledger locks them for the waiting lines (fillDemands): nothing here
 * has to remember which purchase order was for which sales order.
 */
export interface UrgentRow {
  id: number;
  productId: number;
  warehouseId: number;
  mainOE: string;
  productName: string;
  brandName: string | null;
  warehouseName: string | null;
  urgentQty: string;
  orderCount: number;
  waitingSince: string;
  availableQty: string;
  onOrderQty: string;
  draftQty: string;
  lastPartnerId: number | null;
  lastPartnerName: string | null;
  lastPrice: string | null;
}

function requireBuyer(ctx: Ctx) {
  if (!ctx.permissions.has(URGENT_CODE)) throw new DomainError("forbidden", t.errors.pages[403]!.message);
}

/** The page's list (search params: page, size, sort, q, warehouseId, partnerId). */
export async function listUrgentPurchase(ctx: Ctx, params: URLSearchParams): Promise<ListResult<UrgentRow>> {
  requireBuyer(ctx);
  return listFromParams<UrgentRow>(urgentPurchaseResource, ctx, params);
}

/** Filter options: the company's warehouses and suppliers. */
export async function urgentPurchaseLookups(ctx: Ctx) {
  requireBuyer(ctx);
  return purchaseFilterLookups(ctx);
}

export interface UrgentGroupFigures {
  productId: number;
  warehouseId: number;
  mainOE: string;
  productName: string;
  urgentQty: string;
  onOrderQty: string;
  draftQty: string;
  partnerId: number | null;
  partnerName: string | null;
  partnerEnabled: boolean;
  price: string | null;
}

/** The figures of the chosen groups, read in the caller's transaction (groups with no demand are absent). */
export async function urgentGroupFigures(ex: Executor, ctx: Ctx, keys: { productId: number; warehouseId: number }[]): Promise<UrgentGroupFigures[]> {
  if (keys.length === 0) return [];
  const pairs = sql.join(
    keys.map((k) => sql`(${Math.trunc(k.productId)}::int, ${Math.trunc(k.warehouseId)}::int)`),
    sql`, `,
  );
  const rows = rowsOf(
    await ex.execute(sql`
      with chosen(product_id, warehouse_id) as (values ${pairs}),
      groups as (
        select d.product_id, d.warehouse_id, sum(d.qty) as urgent
        from stock_demands d join chosen c on c.product_id = d.product_id and c.warehouse_id = d.warehouse_id
        where d.company_id = ${ctx.companyId} and d.doc_type = ${SALES_ORDER_DOC_TYPE}
        group by d.product_id, d.warehouse_id
      )
      select g.product_id, g.warehouse_id, p.main_oe, p.name,
        g.urgent::numeric(16,2)::text as urgent,
        coalesce((select sum(l.qty - l.received_qty) from purchase_order_lines l join purchase_orders o on o.id = l.order_id
          where l.company_id = ${ctx.companyId} and l.product_id = g.product_id and o.warehouse_id = g.warehouse_id
            and o.status in (${PO_WAITING}, ${PO_RECEIVING}, ${PO_PARTIAL}) and l.qty > l.received_qty), 0)::numeric(16,2)::text as on_order,
        coalesce((select sum(l.qty) from purchase_order_lines l join purchase_orders o on o.id = l.order_id
          where l.company_id = ${ctx.companyId} and l.product_id = g.product_id and o.warehouse_id = g.warehouse_id
            and o.status = ${PO_DRAFT}), 0)::numeric(16,2)::text as drafts,
        last.partner_id, last.price::text as price, e.name as partner_name, coalesce(e.is_enabled, false) as partner_enabled
      from groups g
      join products p on p.id = g.product_id and p.company_id = ${ctx.companyId}
      left join lateral (
        select o.partner_id, l.price from purchase_order_lines l join purchase_orders o on o.id = l.order_id
        where l.company_id = ${ctx.companyId} and l.product_id = g.product_id and o.status not in (0, 90)
        order by o.posted_at desc nulls last, o.id desc, l.id desc limit 1
      ) last on true
      left join enterprise_relations e on e.id = last.partner_id and e.company_id = ${ctx.companyId}
      order by g.warehouse_id, g.product_id`),
  );
  return rows.map((r) => ({
    productId: Number(r.product_id),
    warehouseId: Number(r.warehouse_id),
    mainOE: String(r.main_oe),
    productName: String(r.name),
    urgentQty: String(r.urgent),
    onOrderQty: String(r.on_order),
    draftQty: String(r.drafts),
    partnerId: r.partner_id === null || r.partner_id === undefined ? null : Number(r.partner_id),
    partnerName: (r.partner_name as string | null) ?? null,
    partnerEnabled: r.partner_enabled === true,
    price: (r.price as string | null) ?? null,
  }));
}

export interface UrgentGenerationResult {
  orders: { id: number; no: string; partnerName: string; lines: number }[];
  /** Products never bought (or whose last supplier is disabled): 无上次供应商，请手工下单. */
  noSupplier: { mainOE: string; productName: string; reason: string }[];
  /** Groups already fully covered by open or draft purchase orders. */
  covered: { mainOE: string; productName: string }[];
}

export const NO_SUPPLIER_MESSAGE = "无上次供应商，请手工下单";

/** 生成采购订单 for the chosen groups (product and warehouse). */
export async function generateUrgentPurchaseOrders(ctx: Ctx, keys: { productId: number; warehouseId: number }[]): Promise<UrgentGenerationResult> {
  requireBuyer(ctx);
  const unique = [...new Map(keys.map((k) => [`${k.productId}:${k.warehouseId}`, k])).values()];
  if (unique.length === 0) throw new DomainError("bad_request", "请先勾选要采购的产品");
  if (unique.length > 500) throw new DomainError("bad_request", "一次最多选择 500 行");
  return inTransaction(async (tx) => {
    // Two buyers generating at once would both see nothing on order: one at a time per company
    // (on PGlite, where advisory locks do not block, transactions are serial anyway).
    await tx.execute(sql`select pg_advisory_xact_lock(${0x75726750}::int, ${ctx.companyId}::int)`);
    const groups = await urgentGroupFigures(tx, ctx, unique);
    if (groups.length === 0) throw new DomainError("conflict", "所选产品已没有缺货，请刷新页面");
    const result: UrgentGenerationResult = { orders: [], noSupplier: [], covered: [] };
    const byOrder = new Map<
      string,
      { partnerId: number; partnerName: string; warehouseId: number; lines: { productId: number; qty: string; price: string }[] }
    >();
    for (const g of groups) {
      if (g.partnerId === null || !g.partnerEnabled) {
        result.noSupplier.push({
          mainOE: g.mainOE,
          productName: g.productName,
          reason: g.partnerId === null ? NO_SUPPLIER_MESSAGE : `上次供应商“${g.partnerName}”已停用，请手工下单`,
        });
        continue;
      }
      const qty = sub(g.urgentQty, add(g.onOrderQty, g.draftQty));
      if (!gt(qty, 0)) {
        result.covered.push({ mainOE: g.mainOE, productName: g.productName });
        continue;
      }
      const key = `${g.partnerId}:${g.warehouseId}`;
      const order = byOrder.get(key) ?? { partnerId: g.partnerId, partnerName: g.partnerName ?? "", warehouseId: g.warehouseId, lines: [] };
      order.lines.push({ productId: g.productId, qty: qtyString(qty), price: g.price ?? "0" });
      byOrder.set(key, order);
    }
    for (const o of byOrder.values()) {
      const made = await createPurchaseOrder(ctx, { partnerId: o.partnerId, warehouseId: o.warehouseId, remark: "紧急采购生成", lines: o.lines }, { tx });
      result.orders.push({ id: made.id, no: made.no, partnerName: o.partnerName, lines: o.lines.length });
    }
    return result;
  });
}

/** The flash message after 生成采购订单. */
export function urgentResultMessage(r: UrgentGenerationResult): { type: "success" | "error" | "info"; message: string } {
  const parts: string[] = [];
  if (r.orders.length) parts.push(`已生成 ${r.orders.length} 张采购订单（草稿）：${r.orders.map((o) => `${o.no}（${o.partnerName}）`).join("、")}`);
  if (r.noSupplier.length) parts.push(`${r.noSupplier.map((n) => `${n.mainOE} ${n.reason}`).join("；")}`);
  if (r.covered.length) parts.push(`已在途或已有草稿，无需再采购：${r.covered.map((c) => c.mainOE).join("、")}`);
  return { type: r.orders.length ? "success" : r.noSupplier.length ? "error" : "info", message: parts.join("。") };
}
