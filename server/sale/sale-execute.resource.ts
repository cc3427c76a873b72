import { and, eq, sql } from "drizzle-orm";
import { inProductsFound } from "../product/product.resources";
import { inPartnersNamed } from "../organization/partner-name";
import { db } from "../db/client";
import { anyOf, inDocsNumbered, inIdsOf } from "../lib/doc-search";
import { salesOrderSide } from "./sales-order.service";
import { executeResource } from "../trade/execute.resource";
import { salesOrderLines, salesOrders } from "./sale.tables";
import { SALES_ORDER_DOC_TYPE } from "./sales-order.state";
import { SO_DRAFT, SO_NO_DEAL } from "./sales-order.status";

/**
 * Locked and short per line, from the stock ledger's tables (the truth, as lineHoldings in
 * sales-order.state.ts reads them): correlated subqueries on (company, doc_type, doc_id) and the
 * demands' unique (company, doc_type, doc_line_id) index, so a page of 20 lines costs 40 index probes.
 */
const lockedQty = sql`(select coalesce(sum(k.qty), 0) from stock_locks k where k.company_id = ${salesOrderLines.companyId} and k.doc_type = ${SALES_ORDER_DOC_TYPE} and k.doc_id = ${salesOrderLines.orderId} and k.doc_line_id = ${salesOrderLines.id})`;
const shortQty = sql`(select coalesce(sum(d.qty), 0) from stock_demands d where d.company_id = ${salesOrderLines.companyId} and d.doc_type = ${SALES_ORDER_DOC_TYPE} and d.doc_line_id = ${salesOrderLines.id})`;

/**
 * 销售执行 (/sale/execute, API `saleExecute`): the trade execute list (server/trade/execute.resource.ts)
 * of sales order lines, with what is locked and short, picked and delivered, and the salesman.
 * Drafts and 未成交 quotes are not being executed.
 */
export const saleExecuteResource = executeResource(salesOrderSide, {
  name: "saleExecute",
  label: "销售执行",
  pageUrl: "/sale/execute",
  writeCode: "XSGL-002",
  readCodes: ["XSGL-002", "XSGL-001"],
  notExecuting: [SO_DRAFT, SO_NO_DEAL],
  /** Open = ordered − delivered − cancelled (never below 0). */
  openQty: sql`greatest(${salesOrderLines.qty} - ${salesOrderLines.deliveredQty} - ${salesOrderLines.cancelledQty}, 0)`,
  extra: {
    salesmanName: sql<string | null>`(select u.name from sales_orders o join users u on u.id = o.salesman_id where o.id = ${salesOrderLines.orderId})`,
    lockedQty: sql<string>`${lockedQty}::numeric(16,2)::text`,
    shortQty: sql<string>`${shortQty}::numeric(16,2)::text`,
  },
  sortable: { deliveredQty: salesOrderLines.deliveredQty },
  filters: (order) => ({
    salesmanId: { kind: "int", where: (v: number) => order(sql`o.salesman_id = ${v}`) },
    short: { kind: "bool", where: (v: boolean) => (v ? sql`${shortQty} > 0` : sql`${shortQty} = 0`) },
  }),
  // The order's number or its customer's name (read first as id lists), or the line's product
  // (the product search box's rule: any OE spelling, name, pinyin), instead of a test on every line.
  keyword: async (kw, ctx) => {
    const customers = await inPartnersNamed(salesOrders.partnerId, ctx, kw);
    return anyOf(
      await inDocsNumbered(salesOrderLines.orderId, salesOrders, ctx, kw),
      customers
        ? await inIdsOf(salesOrderLines.orderId, () =>
            db()
              .select({ id: salesOrders.id })
              .from(salesOrders)
              .where(and(eq(salesOrders.companyId, ctx.companyId), customers)),
          )
        : undefined,
      await inProductsFound(salesOrderLines.productId, ctx, kw),
    );
  },
});
