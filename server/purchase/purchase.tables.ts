import { date, index, integer, pgTable, smallint, text, uniqueIndex } from "drizzle-orm/pg-core";
import { enterpriseRelations } from "../organization/organization.tables";
import { products } from "../product/product.tables";
import { documentColumns, lineColumns } from "../stock/document.columns";
import { costColumn, moneyColumn, qtyColumn, stockLocations, warehouses } from "../stock/stock.tables";
import { users } from "../kernel/identity.tables";

/**
 * Buying in: purchase orders, receiving notes (收货单), put-away notes (上架单), purchase returns
 * and purchase plans. Statuses and their allowed transitions: purchase-*.status.ts.
 */
const partner = () => integer("partner_id").references(() => enterpriseRelations.id, { onDelete: "restrict" });
const warehouse = () => integer("warehouse_id").references(() => warehouses.id, { onDelete: "restrict" });
const product = () =>
  integer("product_id")
    .notNull()
    .references(() => products.id, { onDelete: "restrict" });
const location = (name: string) => integer(name).references(() => stockLocations.id, { onDelete: "restrict" });

/** Purchase order (spec 000 §4): 0 草稿, 10 待收货, 20 收货中, 30 部分收货, 40 收货完成, 90 已作废, 100 订单已完成. */
export const purchaseOrders = pgTable(
  "purchase_orders",
  {
    ...documentColumns(),
    partnerId: partner().notNull(),
    warehouseId: warehouse().notNull(),
    /** Payment terms (spec 000 §9). */
    paymentTerm: smallint("payment_term"),
    expectedDate: date("expected_date"),
    buyerId: integer("buyer_id").references(() => users.id, { onDelete: "set null" }),
    totalQty: qtyColumn("total_qty").notNull().default("0"),
    totalAmount: moneyColumn("total_amount").notNull().default("0"),
    /** The purchase plan this order was made from, if any. */
    planId: integer("plan_id"),
  },
  (t) => [
    uniqueIndex("purchase_orders_no_uq").on(t.companyId, t.no),
    index("purchase_orders_no_trgm_idx").using("gin", t.no.op("gin_trgm_ops")),
    index("purchase_orders_company_id_idx").on(t.companyId, t.id),
    index("purchase_orders_company_status_idx").on(t.companyId, t.status, t.id),
    index("purchase_orders_partner_idx").on(t.companyId, t.partnerId, t.id),
    index("purchase_orders_amount_idx").on(t.companyId, t.totalAmount, t.id),
  ],
);

export const purchaseOrderLines = pgTable(
  "purchase_order_lines",
  {
    ...lineColumns(),
    orderId: integer("order_id")
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: "cascade" }),
    productId: product(),
    qty: qtyColumn("qty").notNull(),
    price: moneyColumn("price").notNull(),
    amount: moneyColumn("amount").notNull(),
    receivedQty: qtyColumn("received_qty").notNull().default("0"),
    putawayQty: qtyColumn("putaway_qty").notNull().default("0"),
    returnedQty: qtyColumn("returned_qty").notNull().default("0"),
  },
  (t) => [index("purchase_order_lines_order_idx").on(t.orderId, t.lineNo), index("purchase_order_lines_product_idx").on(t.companyId, t.productId)],
);

/** Receiving note (收货单): 10 待收货, 100 收货完成 (90 已红冲 after a reversal). */
export const receiveOrders = pgTable(
  "receive_orders",
  {
    ...documentColumns(),
    purchaseOrderId: integer("purchase_order_id").references(() => purchaseOrders.id, { onDelete: "restrict" }),
    partnerId: partner().notNull(),
    warehouseId: warehouse().notNull(),
    /** The warehouse's receiving location the goods are booked into. */
    locationId: location("location_id"),
  },
  (t) => [
    uniqueIndex("receive_orders_no_uq").on(t.companyId, t.no),
    index("receive_orders_no_trgm_idx").using("gin", t.no.op("gin_trgm_ops")),
    index("receive_orders_company_id_idx").on(t.companyId, t.id),
    index("receive_orders_order_idx").on(t.companyId, t.purchaseOrderId),
  ],
);

export const receiveOrderLines = pgTable(
  "receive_order_lines",
  {
    ...lineColumns(),
    receiveOrderId: integer("receive_order_id")
      .notNull()
      .references(() => receiveOrders.id, { onDelete: "cascade" }),
    purchaseOrderLineId: integer("purchase_order_line_id").references(() => purchaseOrderLines.id, { onDelete: "restrict" }),
    productId: product(),
    /** What the order still expected when the note was made. */
    expectedQty: qtyColumn("expected_qty").notNull(),
    receivedQty: qtyColumn("received_qty").notNull(),
    price: moneyColumn("price").notNull(),
    /** Difference reason (spec 000 §9) when received ≠ expected. */
    reasonCode: smallint("reason_code"),
    batchNo: text("batch_no").notNull().default(""),
    putawayQty: qtyColumn("putaway_qty").notNull().default("0"),
  },
  (t) => [index("receive_order_lines_doc_idx").on(t.receiveOrderId, t.lineNo)],
);

/** Put-away note (上架单): 10 待上架, 100 上架完成. */
export const putawayOrders = pgTable(
  "putaway_orders",
  {
    ...documentColumns(),
    receiveOrderId: integer("receive_order_id").references(() => receiveOrders.id, { onDelete: "restrict" }),
    purchaseOrderId: integer("purchase_order_id").references(() => purchaseOrders.id, { onDelete: "restrict" }),
    warehouseId: warehouse().notNull(),
  },
  (t) => [
    uniqueIndex("putaway_orders_no_uq").on(t.companyId, t.no),
    index("putaway_orders_no_trgm_idx").using("gin", t.no.op("gin_trgm_ops")),
    index("putaway_orders_company_id_idx").on(t.companyId, t.id),
  ],
);

export const putawayOrderLines = pgTable(
  "putaway_order_lines",
  {
    ...lineColumns(),
    putawayOrderId: integer("putaway_order_id")
      .notNull()
      .references(() => putawayOrders.id, { onDelete: "cascade" }),
    receiveOrderLineId: integer("receive_order_line_id").references(() => receiveOrderLines.id, { onDelete: "restrict" }),
    productId: product(),
    batchNo: text("batch_no").notNull().default(""),
    fromLocationId: location("from_location_id").notNull(),
    toLocationId: location("to_location_id"),
    qty: qtyColumn("qty").notNull(),
  },
  (t) => [index("putaway_order_lines_doc_idx").on(t.putawayOrderId, t.lineNo)],
);

/** Purchase return (采购退货): 0 草稿, 100 已完成 (posted), 90 已作废 (a draft voided, or a posted one reversed). */
export const purchaseReturnOrders = pgTable(
  "purchase_return_orders",
  {
    ...documentColumns(),
    partnerId: partner().notNull(),
    warehouseId: warehouse().notNull(),
    purchaseOrderId: integer("purchase_order_id").references(() => purchaseOrders.id, { onDelete: "restrict" }),
    totalQty: qtyColumn("total_qty").notNull().default("0"),
    totalAmount: moneyColumn("total_amount").notNull().default("0"),
  },
  (t) => [
    uniqueIndex("purchase_return_orders_no_uq").on(t.companyId, t.no),
    index("purchase_return_orders_no_trgm_idx").using("gin", t.no.op("gin_trgm_ops")),
    index("purchase_return_orders_company_id_idx").on(t.companyId, t.id),
    index("purchase_return_orders_company_status_idx").on(t.companyId, t.status, t.id),
  ],
);

export const purchaseReturnOrderLines = pgTable(
  "purchase_return_order_lines",
  {
    ...lineColumns(),
    returnOrderId: integer("return_order_id")
      .notNull()
      .references(() => purchaseReturnOrders.id, { onDelete: "cascade" }),
    purchaseOrderLineId: integer("purchase_order_line_id").references(() => purchaseOrderLines.id, { onDelete: "restrict" }),
    productId: product(),
    locationId: location("location_id").notNull(),
    batchNo: text("batch_no").notNull().default(""),
    qty: qtyColumn("qty").notNull(),
    price: moneyColumn("price").notNull(),
    amount: moneyColumn("amount").notNull(),
    /** The cost the goods left with (set when posted). */
    unitCost: costColumn("unit_cost"),
    reasonCode: smallint("reason_code"),
  },
  (t) => [index("purchase_return_order_lines_doc_idx").on(t.returnOrderId, t.lineNo)],
);

/** Purchase plan: 0 草稿, 10 执行中, 100 已完成, 90 已作废. */
export const purchasePlans = pgTable(
  "purchase_plans",
  {
    ...documentColumns(),
    warehouseId: warehouse(),
  },
  (t) => [uniqueIndex("purchase_plans_no_uq").on(t.companyId, t.no), index("purchase_plans_company_id_idx").on(t.companyId, t.id)],
);

export const purchasePlanLines = pgTable(
  "purchase_plan_lines",
  {
    ...lineColumns(),
    planId: integer("plan_id")
      .notNull()
      .references(() => purchasePlans.id, { onDelete: "cascade" }),
    productId: product(),
    /** The supplier to buy from (default: the product's last supplier). */
    partnerId: partner(),
    qty: qtyColumn("qty").notNull(),
    price: moneyColumn("price").notNull().default("0"),
    /** Snapshot when generated: on hand, on order, min and max. */
    stockQty: qtyColumn("stock_qty"),
    onOrderQty: qtyColumn("on_order_qty"),
    minQty: qtyColumn("min_qty"),
    maxQty: qtyColumn("max_qty"),
    /** The purchase order made from this line when the plan was executed. */
    purchaseOrderId: integer("purchase_order_id").references(() => purchaseOrders.id, { onDelete: "set null" }),
  },
  (t) => [index("purchase_plan_lines_doc_idx").on(t.planId, t.lineNo)],
);
