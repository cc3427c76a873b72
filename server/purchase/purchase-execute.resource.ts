import { sql } from "drizzle-orm";
import { inProductsFound } from "../product/product.resources";
import { anyOf, inDocsNumbered } from "../lib/doc-search";
import { purchaseOrderSide } from "./purchase-order.service";
import { executeResource } from "../trade/execute.resource";
import { PO_DRAFT, PO_VOID } from "./purchase-order.status";
import { purchaseOrderLines, purchaseOrders } from "./purchase.tables";

/**
 * 采购执行 (/purchase/execute, API `purchaseExecute`): the trade execute list (server/trade/execute.resource.ts)
 * of purchase order lines, with what is received, put away and returned, and the expected date.
 * Drafts and voided orders are not being executed.
 */
export const purchaseExecuteResource = executeResource(purchaseOrderSide, {
  name: "purchaseExecute",
  label: "采购执行",
  pageUrl: "/purchase/execute",
  writeCode: "CGGL-002",
  readCodes: ["CGGL-002", "CGGL-001"],
  notExecuting: [PO_DRAFT, PO_VOID],
  /** Open = ordered − received (never below 0). */
  openQty: sql`greatest(${purchaseOrderLines.qty} - ${purchaseOrderLines.receivedQty}, 0)`,
  extra: {
    expectedDate: sql<string | null>`(select o.expected_date::text from purchase_orders o where o.id = ${purchaseOrderLines.orderId})`,
  },
  sortable: { receivedQty: purchaseOrderLines.receivedQty },
  filters: () => ({}),
  // The order's number (read first as an id list) or the line's product (the product search box's rule).
  keyword: async (kw, ctx) =>
    anyOf(await inDocsNumbered(purchaseOrderLines.orderId, purchaseOrders, ctx, kw), await inProductsFound(purchaseOrderLines.productId, ctx, kw)),
});
