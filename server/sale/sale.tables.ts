import { sql } from "drizzle-orm";
import { boolean, index, integer, numeric, pgTable, serial, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { enterpriseRelations } from "../organization/organization.tables";
import { products } from "../product/product.tables";
import { documentColumns, lineColumns } from "../stock/document.columns";
import { costColumn, moneyColumn, qtyColumn, stockLocations, warehouses } from "../stock/stock.tables";
import { companies, users } from "../kernel/identity.tables";

/**
 * Selling: sales orders, picking lists (拣货单), delivery notes (发货单), sales returns, the
 * approvals of credit and returns, and the logistics companies deliveries go with. Statuses and
 * their allowed transitions: sale/*.status.ts. Stock is only ever changed through the stock
 * ledger (server/stock/stock-ledger.service.ts); money owed through server/finance.
 */
const customer = () =>
  integer("partner_id")
    .notNull()
    .references(() => enterpriseRelations.id, { onDelete: "restrict" });
const warehouse = () =>
  integer("warehouse_id")
    .notNull()
    .references(() => warehouses.id, { onDelete: "restrict" });
const product = () =>
  integer("product_id")
    .notNull()
    .references(() => products.id, { onDelete: "restrict" });
const location = (name: string) => integer(name).references(() => stockLocations.id, { onDelete: "restrict" });
const user = (name: string) => integer(name).references(() => users.id, { onDelete: "set null" });
const owner = () =>
  integer("company_id")
    .notNull()
    .references(() => companies.id, { onDelete: "restrict" });

/**
 * Sales order (spec 000 §4): 0 草稿, 30 待发货, 40 发货中, 50 部分发货, 60 发货完成,
 * 90 买家已取消, 95 未成交, 100 已完成.
 */
export const salesOrders = pgTable(
  "sales_orders",
  {
    ...documentColumns(),
    partnerId: customer(),
    warehouseId: warehouse(),
    salesmanId: user("salesman_id"),
    /** Payment terms (spec 000 §9), from the customer unless changed on the order. */
    paymentTerm: smallint("payment_term"),
    contactName: text("contact_name"),
    contactPhone: text("contact_phone"),
    address: text("address"),
    totalQty: qtyColumn("total_qty").notNull().default("0"),
    /** Σ line amounts (after discount): what the customer pays for the whole order. */
    totalAmount: moneyColumn("total_amount").notNull().default("0"),
    /** Σ delivered × net price: what has been put on the customer's account. */
    deliveredAmount: moneyColumn("delivered_amount").notNull().default("0"),
    /** Submitted with lines short of stock: the shortage goes to 紧急采购 (/purchase/urgent). */
    allowShortage: boolean("allow_shortage").notNull().default(false),
    /** Credit approval of this order: null none, 0 待审核, 1 通过, 2 驳回 (the approvals row has the detail). */
    approvalStatus: smallint("approval_status"),
    /** When the open remainder was cancelled or the order closed. */
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("sales_orders_no_uq").on(t.companyId, t.no),
    index("sales_orders_no_trgm_idx").using("gin", t.no.op("gin_trgm_ops")),
    index("sales_orders_company_id_idx").on(t.companyId, t.id),
    index("sales_orders_company_status_idx").on(t.companyId, t.status, t.id),
    index("sales_orders_partner_idx").on(t.companyId, t.partnerId, t.id),
    index("sales_orders_salesman_idx").on(t.companyId, t.salesmanId, t.id),
    index("sales_orders_creation_idx").on(t.companyId, t.creationTime),
    // The list sorted by amount (biggest orders first) over a million orders: an index walk, not a sort of all.
    index("sales_orders_amount_idx").on(t.companyId, t.totalAmount, t.id),
  ],
);

/**
 * One product of a sales order. Open = qty − delivered − cancelled; of the open part, what is
 * held in stock for the line (stock_locks) and what waits for stock (stock_demands, 紧急采购)
 * live in the stock ledger's tables (server/sale/sales-order.state.ts lineHoldings), never here.
 * `pickedQty` is picked and not yet delivered; `returnedQty` ≤ `deliveredQty` came back.
 */
export const salesOrderLines = pgTable(
  "sales_order_lines",
  {
    ...lineColumns(),
    orderId: integer("order_id")
      .notNull()
      .references(() => salesOrders.id, { onDelete: "cascade" }),
    productId: product(),
    qty: qtyColumn("qty").notNull(),
    /** The product's list price (priceSale) when the line was written. */
    listPrice: moneyColumn("list_price"),
    /** Unit price before the discount. */
    price: moneyColumn("price").notNull(),
    /** 折扣率 in percent: 100 = no discount, 95 = 九五折. */
    discount: numeric("discount", { precision: 5, scale: 2 }).notNull().default("100"),
    /** qty × price × discount ÷ 100, rounded to cents. */
    amount: moneyColumn("amount").notNull(),
    /** Moving average cost when the order was written (4 dp): the below-cost warning and the low-price report. */
    costPrice: costColumn("cost_price"),
    pickedQty: qtyColumn("picked_qty").notNull().default("0"),
    deliveredQty: qtyColumn("delivered_qty").notNull().default("0"),
    returnedQty: qtyColumn("returned_qty").notNull().default("0"),
    cancelledQty: qtyColumn("cancelled_qty").notNull().default("0"),
  },
  (t) => [index("sales_order_lines_order_idx").on(t.orderId, t.lineNo), index("sales_order_lines_product_idx").on(t.companyId, t.productId)],
);

/** Picking list (拣货单): 0 草稿, 10 待拣货, 100 拣货完成 (90 已作废). */
export const pickingOrders = pgTable(
  "picking_orders",
  {
    ...documentColumns(),
    salesOrderId: integer("sales_order_id")
      .notNull()
      .references(() => salesOrders.id, { onDelete: "restrict" }),
    partnerId: customer(),
    warehouseId: warehouse(),
    pickerId: user("picker_id"),
  },
  (t) => [
    uniqueIndex("picking_orders_no_uq").on(t.companyId, t.no),
    index("picking_orders_no_trgm_idx").using("gin", t.no.op("gin_trgm_ops")),
    index("picking_orders_company_id_idx").on(t.companyId, t.id),
    index("picking_orders_company_status_idx").on(t.companyId, t.status, t.id),
    index("picking_orders_order_idx").on(t.companyId, t.salesOrderId),
  ],
);

/** One location and batch to pick from, for one sales order line (FIFO suggestion = the order's locks). */
export const pickingOrderLines = pgTable(
  "picking_order_lines",
  {
    ...lineColumns(),
    pickingOrderId: integer("picking_order_id")
      .notNull()
      .references(() => pickingOrders.id, { onDelete: "cascade" }),
    salesOrderLineId: integer("sales_order_line_id")
      .notNull()
      .references(() => salesOrderLines.id, { onDelete: "restrict" }),
    productId: product(),
    locationId: location("location_id").notNull(),
    batchNo: text("batch_no").notNull().default(""),
    qty: qtyColumn("qty").notNull(),
    pickedQty: qtyColumn("picked_qty").notNull().default("0"),
  },
  (t) => [index("picking_order_lines_doc_idx").on(t.pickingOrderId, t.lineNo), index("picking_order_lines_so_line_idx").on(t.salesOrderLineId)],
);

/** Logistics companies (物流公司, /warehouse/logistic) a delivery goes with. */
export const logisticsCompanies = pgTable(
  "logistics_companies",
  {
    id: serial("id").primaryKey(),
    companyId: owner(),
    name: text("name").notNull(),
    code: text("code"),
    contactPhone: text("contact_phone"),
    /** Tracking page; `{no}` is replaced by the tracking number. */
    trackingUrl: text("tracking_url"),
    remark: text("remark"),
    isEnabled: boolean("is_enabled").notNull().default(true),
    creationTime: timestamp("creation_time", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("logistics_companies_name_uq").on(t.companyId, sql`lower(${t.name})`), index("logistics_companies_company_idx").on(t.companyId, t.id)],
);

/** Delivery note (发货单): 20 待发货, 30 发货完成 (the outflow posted; 90 已作废 for one never confirmed). */
export const deliverOrders = pgTable(
  "deliver_orders",
  {
    ...documentColumns(),
    salesOrderId: integer("sales_order_id")
      .notNull()
      .references(() => salesOrders.id, { onDelete: "restrict" }),
    pickingOrderId: integer("picking_order_id").references(() => pickingOrders.id, { onDelete: "restrict" }),
    partnerId: customer(),
    warehouseId: warehouse(),
    totalQty: qtyColumn("total_qty").notNull().default("0"),
    totalAmount: moneyColumn("total_amount").notNull().default("0"),
    /** Σ outflow cost (posted at the moving average). */
    totalCost: moneyColumn("total_cost"),
    logisticsCompanyId: integer("logistics_company_id").references(() => logisticsCompanies.id, { onDelete: "restrict" }),
    trackingNo: text("tracking_no"),
    packages: integer("packages"),
    receiverName: text("receiver_name"),
    receiverPhone: text("receiver_phone"),
    address: text("address"),
    shippedAt: timestamp("shipped_at", { withTimezone: true }),
    /** 扫码发货: when the scan check was completed, and by whom. */
    scanCheckedAt: timestamp("scan_checked_at", { withTimezone: true }),
    scanCheckedBy: user("scan_checked_by"),
  },
  (t) => [
    uniqueIndex("deliver_orders_no_uq").on(t.companyId, t.no),
    index("deliver_orders_no_trgm_idx").using("gin", t.no.op("gin_trgm_ops")),
    index("deliver_orders_tracking_no_trgm_idx").using("gin", t.trackingNo.op("gin_trgm_ops")),
    index("deliver_orders_company_id_idx").on(t.companyId, t.id),
    index("deliver_orders_company_status_idx").on(t.companyId, t.status, t.id),
    index("deliver_orders_order_idx").on(t.companyId, t.salesOrderId),
    index("deliver_orders_partner_idx").on(t.companyId, t.partnerId, t.id),
  ],
);

export const deliverOrderLines = pgTable(
  "deliver_order_lines",
  {
    ...lineColumns(),
    deliverOrderId: integer("deliver_order_id")
      .notNull()
      .references(() => deliverOrders.id, { onDelete: "cascade" }),
    salesOrderLineId: integer("sales_order_line_id")
      .notNull()
      .references(() => salesOrderLines.id, { onDelete: "restrict" }),
    productId: product(),
    locationId: location("location_id").notNull(),
    batchNo: text("batch_no").notNull().default(""),
    qty: qtyColumn("qty").notNull(),
    /** Net unit price (the order line's amount ÷ qty), 2 dp; amount = qty × it, rounded. */
    price: moneyColumn("price").notNull(),
    amount: moneyColumn("amount").notNull(),
    /** The outflow's unit cost (moving average when posted), 4 dp. */
    unitCost: costColumn("unit_cost"),
    /** 扫码发货: pieces scanned. */
    scannedQty: qtyColumn("scanned_qty").notNull().default("0"),
    returnedQty: qtyColumn("returned_qty").notNull().default("0"),
  },
  (t) => [
    index("deliver_order_lines_doc_idx").on(t.deliverOrderId, t.lineNo),
    index("deliver_order_lines_so_line_idx").on(t.salesOrderLineId),
    index("deliver_order_lines_product_idx").on(t.companyId, t.productId),
  ],
);

/**
 * Sales return (销售退货): 0 草稿, 10 待审核, 20 待入库 (approved), 100 已完成 (inflow posted,
 * the customer credited), 90 已作废. A rejected return goes back to 0 with the comment.
 */
export const salesReturnOrders = pgTable(
  "sales_return_orders",
  {
    ...documentColumns(),
    partnerId: customer(),
    warehouseId: warehouse(),
    salesOrderId: integer("sales_order_id").references(() => salesOrders.id, { onDelete: "restrict" }),
    /** Where returned goods are booked in (SalesReturnOrderLocation, else the warehouse's 退货区). */
    locationId: location("location_id"),
    totalQty: qtyColumn("total_qty").notNull().default("0"),
    totalAmount: moneyColumn("total_amount").notNull().default("0"),
    approvalStatus: smallint("approval_status"),
  },
  (t) => [
    uniqueIndex("sales_return_orders_no_uq").on(t.companyId, t.no),
    index("sales_return_orders_no_trgm_idx").using("gin", t.no.op("gin_trgm_ops")),
    index("sales_return_orders_company_id_idx").on(t.companyId, t.id),
    index("sales_return_orders_company_status_idx").on(t.companyId, t.status, t.id),
    index("sales_return_orders_partner_idx").on(t.companyId, t.partnerId, t.id),
    index("sales_return_orders_order_idx").on(t.companyId, t.salesOrderId),
  ],
);

export const salesReturnOrderLines = pgTable(
  "sales_return_order_lines",
  {
    ...lineColumns(),
    returnOrderId: integer("return_order_id")
      .notNull()
      .references(() => salesReturnOrders.id, { onDelete: "cascade" }),
    salesOrderLineId: integer("sales_order_line_id").references(() => salesOrderLines.id, { onDelete: "restrict" }),
    /** The delivery line the goods left on: its outflow cost is the return's cost. */
    deliverOrderLineId: integer("deliver_order_line_id").references(() => deliverOrderLines.id, { onDelete: "restrict" }),
    productId: product(),
    qty: qtyColumn("qty").notNull(),
    price: moneyColumn("price").notNull(),
    amount: moneyColumn("amount").notNull(),
    /** The original outflow cost (free-standing returns: the moving average when confirmed), 4 dp. */
    unitCost: costColumn("unit_cost"),
    reasonCode: smallint("reason_code"),
    batchNo: text("batch_no").notNull().default(""),
  },
  (t) => [
    index("sales_return_order_lines_doc_idx").on(t.returnOrderId, t.lineNo),
    index("sales_return_order_lines_so_line_idx").on(t.salesOrderLineId),
    index("sales_return_order_lines_product_idx").on(t.companyId, t.productId),
  ],
);

/**
 * Approvals (spec §4: 0 待审核, 1 通过, 2 驳回): a sales order over the customer's credit
 * limit (kind 1, /demand/approval) and a sales return (kind 2, /demand/returnOrder/approval).
 * At most one waiting approval per document.
 */
export const approvals = pgTable(
  "approvals",
  {
    id: serial("id").primaryKey(),
    companyId: owner(),
    kind: smallint("kind").notNull(),
    docType: text("doc_type").notNull(),
    docId: integer("doc_id").notNull(),
    docNo: text("doc_no").notNull(),
    partnerId: integer("partner_id").references(() => enterpriseRelations.id, { onDelete: "restrict" }),
    amount: moneyColumn("amount").notNull().default("0"),
    /** Why it needs approval: 超出信用额度 ￥… / the return's reasons. */
    reason: text("reason"),
    status: smallint("status").notNull().default(0),
    requestedBy: user("requested_by"),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    decidedBy: user("decided_by"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    comment: text("comment"),
  },
  (t) => [
    index("approvals_company_kind_idx").on(t.companyId, t.kind, t.status, t.id),
    index("approvals_doc_idx").on(t.companyId, t.docType, t.docId),
    uniqueIndex("approvals_one_waiting_uq")
      .on(t.companyId, t.docType, t.docId)
      .where(sql`${t.status} = 0`),
  ],
);
