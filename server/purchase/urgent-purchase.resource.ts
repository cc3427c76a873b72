import { eq, sql, type SQL } from "drizzle-orm";
import * as z from "zod";
import type { Ctx } from "../lib/context";
import { defineResource, type ResourceDef } from "../lib/resource";
import { productBrands } from "../product/brand.tables";
import { ownProductKeyword } from "../product/product.resources";
import { products } from "../product/product.tables";
import { SALES_ORDER_DOC_TYPE } from "../sale/sales-order.state";
import { stockDemands, warehouses } from "../stock/stock.tables";

/**
 * 紧急采购 (/purchase/urgent, CGGL-006), API `urgentPurchase`: open sales order lines short of
 * stock (stock_demands of docType salesOrder), one row per product and warehouse. Spec 000 §9:
 * the urgent quantity is the sum of order quantity above stock quantity, i.e. Σ of the demands.
 *
 * The list is read through the shared list machinery with stock_demands as its table: a group is
 * represented by its OLDEST demand (the smallest id of the product and warehouse), found on the
 * index stock_demands_product_idx (company, product, warehouse, id); the group's figures are
 * scalar subqueries on the same index, evaluated only for the page's rows. The row id is that
 * demand's id and changes when it is filled, so the page selects groups by `productId:warehouseId`.
 *
 *   urgentQty     Σ demand qty of the group;           orderCount  how many orders wait;
 *   waitingSince  the oldest demand's time;            availableQty Σ (qty − locked) in the warehouse
 *                                                        (every location: goods in the 收货区 show);
 *   onOrderQty    open purchase order lines (qty − received) of orders 10/20/30 into the warehouse;
 *   draftQty      lines of draft purchase orders (0) into the warehouse (a generation not yet submitted);
 *   lastPartnerId / lastPartnerName / lastPrice  the newest submitted purchase order line of the product.
 */
export const URGENT_PAGE = "/purchase/urgent";
export const URGENT_CODE = "CGGL-006";

const DOC = sql.raw(`'${SALES_ORDER_DOC_TYPE}'`);
const sameGroup = sql`d.company_id = "stock_demands"."company_id" and d.product_id = "stock_demands"."product_id" and d.warehouse_id = "stock_demands"."warehouse_id" and d.doc_type = ${DOC}`;

/** The group's representative: its oldest demand. */
const isLeader = sql`"stock_demands"."doc_type" = ${DOC} and "stock_demands"."id" = (select min(d.id) from stock_demands d where ${sameGroup})`;

const urgentQty = sql`(select sum(d.qty) from stock_demands d where ${sameGroup})`;
const orderCount = sql<number>`(select count(distinct d.doc_id)::int from stock_demands d where ${sameGroup})`;
const waitingSince = sql`(select min(d.created_at) from stock_demands d where ${sameGroup})`;

const available = sql`coalesce((select sum(b.qty - b.locked_qty) from stock_balances b
  where b.company_id = "stock_demands"."company_id" and b.product_id = "stock_demands"."product_id" and b.warehouse_id = "stock_demands"."warehouse_id"), 0)`;

/** Open lines of the warehouse's purchase orders in these statuses (qty − received, not below 0). */
function orderedIn(statuses: string): SQL {
  return sql`coalesce((select sum(l.qty - l.received_qty) from purchase_order_lines l join purchase_orders o on o.id = l.order_id
    where l.company_id = "stock_demands"."company_id" and l.product_id = "stock_demands"."product_id"
      and o.warehouse_id = "stock_demands"."warehouse_id" and o.status in (${sql.raw(statuses)}) and l.qty > l.received_qty), 0)`;
}
const onOrder = orderedIn("10, 20, 30");
const inDrafts = orderedIn("0");

/** The newest submitted purchase order line of the product (any warehouse): who sold it to us last, at what price. */
function lastLine(select: string): SQL {
  return sql`(select ${sql.raw(select)} from purchase_order_lines l join purchase_orders o on o.id = l.order_id
    where l.company_id = "stock_demands"."company_id" and l.product_id = "stock_demands"."product_id" and o.status not in (0, 90)
    order by o.posted_at desc nulls last, o.id desc, l.id desc limit 1)`;
}
const lastPartnerId = lastLine("o.partner_id");

const qtyText = (e: SQL) => sql<string>`(${e})::numeric(16,2)::text`;

export const urgentPurchaseResource: ResourceDef = defineResource({
  name: "urgentPurchase",
  label: "紧急采购",
  pageName: "紧急采购",
  pageUrl: URGENT_PAGE,
  writeCode: URGENT_CODE,
  readCodes: [URGENT_CODE],
  readOnly: { create: true, update: true, delete: true },
  scope: "company",
  table: stockDemands,
  join: (q) => q.innerJoin(products, eq(products.id, stockDemands.productId)),
  extra: {
    mainOE: products.mainOE,
    productName: products.name,
    urgentQty: qtyText(urgentQty),
    orderCount,
    waitingSince: sql<string>`${waitingSince}`,
    availableQty: qtyText(available),
    onOrderQty: qtyText(onOrder),
    draftQty: qtyText(inDrafts),
    lastPartnerId: sql<number | null>`${lastPartnerId}`,
    lastPartnerName: sql<string | null>`(select p.name from enterprise_relations p where p.id = ${lastPartnerId})`,
    lastPrice: sql<string | null>`${lastLine("l.price::text")}`,
  },
  names: {
    brandName: { table: productBrands, key: products.brandId },
    warehouseName: { table: warehouses, key: stockDemands.warehouseId },
  },
  sortable: {
    // Oldest waiting first: the leader is the group's oldest demand.
    waitingSince: stockDemands.id,
    urgentQty,
    orderCount,
    mainOE: products.oeNorm,
  },
  defaultSort: { field: "waitingSince", dir: "asc" },
  filters: {
    /** Always on: one row per product and warehouse. */
    grouped: { kind: "bool", default: true, where: () => isLeader },
    warehouseId: { kind: "int", where: (v: number) => eq(stockDemands.warehouseId, v) },
    /** 供应商: the product's last supplier. */
    partnerId: { kind: "int", where: (v: number) => sql`${lastPartnerId} = ${v}` },
    productId: { kind: "int", where: (v: number) => eq(stockDemands.productId, v) },
  },
  keyword: (kw: string, ctx: Ctx) => ownProductKeyword(ctx, kw),
  input: z.object({}),
});

/** The page's selection value of a group, and back. */
export const groupKey = (productId: number, warehouseId: number) => `${productId}:${warehouseId}`;
export function parseGroupKey(v: unknown): { productId: number; warehouseId: number } | null {
  const m = typeof v === "string" ? /^(\d{1,10}):(\d{1,10})$/.exec(v) : null;
  if (!m) return null;
  const productId = Number(m[1]);
  const warehouseId = Number(m[2]);
  return productId > 0 && productId <= 2147483647 && warehouseId > 0 && warehouseId <= 2147483647 ? { productId, warehouseId } : null;
}
