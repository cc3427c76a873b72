import { and, eq, sql, type SQL } from "drizzle-orm";
import * as z from "zod";
import type { Ctx } from "../lib/context";
import { defineResource, type ResourceDef } from "../lib/resource";
import { productBrands } from "../product/brand.tables";
import { ownProductKeyword } from "../product/product.resources";
import { products } from "../product/product.tables";
import { productCosts, safeStocks } from "../stock/stock.tables";

/**
 * 进销存视图 (/purchase/plan/pssView, CGGL-008), API `purchasePss`: one row per product of the
 * company with what a buyer weighs before ordering:
 *   stockQty / lockedQty / availableQty  product_costs (kept by the stock ledger);
 *   onOrderQty   open purchase order lines (qty − received) of orders 10/20/30;
 *   received30/90  stock_moves PurchaseOrder net of PurchaseOrderBack in the last 30/90 days;
 *   sold30/90      outflows of SalesOrder net of SalesOrderBack;
 *   returned30/90  outflows of PurchaseReturnOrder net of PurchaseReturnOrderBack (shown apart);
 *   minQty / maxQty  safe_stocks; suggestQty  below min → max − on hand − on order (≥ 0), else 0
 *   (the same rule 生成 of a purchase plan uses).
 * Every figure is a per-product aggregate subquery on indexed (company, product) keys; the
 * movement sums sit in the select list, so with ORDER BY … LIMIT PostgreSQL evaluates them only
 * for the page's rows. Read-only: nobody writes through it.
 */
const NOBODY = "-";
const OPEN_ORDER_STATUSES = sql.raw("10, 20, 30");

const onHand = sql`coalesce(${productCosts.qtyOnHand}, 0)`;
const locked = sql`coalesce(${productCosts.lockedQty}, 0)`;

const onOrder = sql`coalesce((select sum(l.qty - l.received_qty) from purchase_order_lines l join purchase_orders o on o.id = l.order_id
  where l.company_id = "products"."company_id" and l.product_id = "products"."id" and o.status in (${OPEN_ORDER_STATUSES}) and l.qty > l.received_qty), 0)`;

const below = sql`(${safeStocks.minQty} is not null and ${onHand} < ${safeStocks.minQty})`;
/** CASE evaluates the on-order sum only for products below their minimum. */
const suggest = sql`(case when ${below} then greatest(${safeStocks.maxQty} - ${onHand} - ${onOrder}, 0) else 0 end)`;

/** Σ of the signed ledger quantities of these bizTypes in the last `days` days (`sign` −1 for outflows). */
function moved(bizTypes: string[], days: 30 | 90, sign: 1 | -1): SQL<string> {
  const types = sql.join(
    bizTypes.map((b) => sql`${b}`),
    sql`, `,
  );
  return sql<string>`(coalesce((select ${sql.raw(sign === 1 ? "" : "-")}sum(m.qty) from stock_moves m
    where m.company_id = "products"."company_id" and m.product_id = "products"."id" and m.biz_type in (${types})
      and m.created_at >= now() - interval '${sql.raw(String(days))} days'), 0)::numeric(16,2)::text)`;
}

const RECEIPTS = ["PurchaseOrder", "PurchaseOrderBack"];
const SALES = ["SalesOrder", "SalesOrderBack"];
const RETURNS = ["PurchaseReturnOrder", "PurchaseReturnOrderBack"];

const qtyText = (e: SQL) => sql<string>`(${e})::numeric(16,2)::text`;

export const PSS_PAGE = "/purchase/plan/pssView";

export const purchasePssResource: ResourceDef = defineResource({
  name: "purchasePss",
  label: "进销存",
  pageName: "进销存视图",
  pageUrl: PSS_PAGE,
  writeCode: NOBODY,
  readCodes: ["CGGL-008", "CGGL-007"],
  readOnly: { create: true, update: true, delete: true },
  scope: "company",
  table: products,
  join: (q) =>
    q
      .leftJoin(productCosts, and(eq(productCosts.companyId, products.companyId), eq(productCosts.productId, products.id)))
      .leftJoin(safeStocks, and(eq(safeStocks.companyId, products.companyId), eq(safeStocks.productId, products.id))),
  extra: {
    productId: products.id,
    stockQty: qtyText(onHand),
    lockedQty: qtyText(locked),
    availableQty: qtyText(sql`${onHand} - ${locked}`),
    onOrderQty: qtyText(onOrder),
    received30: moved(RECEIPTS, 30, 1),
    received90: moved(RECEIPTS, 90, 1),
    sold30: moved(SALES, 30, -1),
    sold90: moved(SALES, 90, -1),
    returned30: moved(RETURNS, 30, -1),
    returned90: moved(RETURNS, 90, -1),
    minQty: sql<string | null>`${safeStocks.minQty}::text`,
    maxQty: sql<string | null>`${safeStocks.maxQty}::text`,
    below: sql<boolean>`coalesce(${below}, false)`,
    suggestQty: qtyText(suggest),
  },
  names: { brandName: { table: productBrands, key: products.brandId } },
  sortable: {
    suggestQty: suggest,
    stockQty: onHand,
    mainOE: products.oeNorm,
    name: products.nameSort,
    id: products.id,
  },
  defaultSort: { field: "suggestQty", dir: "desc" },
  filters: {
    brandId: { kind: "int", where: (v: number) => eq(products.brandId, v) },
    productId: { kind: "int", where: (v: number) => eq(products.id, v) },
    /** 只看建议采购: products with a suggested quantity above 0. */
    suggested: { kind: "bool", where: (v: boolean) => (v ? sql`${suggest} > 0` : undefined) },
  },
  keyword: (kw: string, ctx: Ctx) => ownProductKeyword(ctx, kw),
  exportAs: { below: (r) => (r.below ? "低于下限" : "") },
  // A product's cost price is 产品价格's (CPGL-002), as on the product list.
  privateFields: { priceCost: ["CPGL-002", "成本价"] },
  input: z.object({}),
});
