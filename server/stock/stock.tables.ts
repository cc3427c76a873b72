import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { sortKeyColumn } from "../lib/sort-key";
import { companies, users } from "../kernel/identity.tables";
import { products } from "../product/product.tables";

/**
 * Where stock lives and what happened to it (design: ../shared/design/stock-ledger.md).
 *
 * - warehouses / stock_locations: 仓库 and 货位 of a company. A location's full name is
 *   "<warehouse>-<code>" (主仓-A-01-02), rewritten when either is renamed.
 * - stock_balances: one row per (company, product, location, batch). Only
 *   server/stock/stock-ledger.service.ts writes qty and locked_qty.
 * - stock_moves: the append-only ledger. Σ qty of a key's moves = its balance qty.
 * - product_costs: moving weighted average cost and company-wide quantity per product.
 */
const owner = () =>
  integer("company_id")
    .notNull()
    .references(() => companies.id, { onDelete: "restrict" });
const created = () => timestamp("creation_time", { withTimezone: true }).notNull().defaultNow();
export const qtyColumn = (name: string) => numeric(name, { precision: 16, scale: 2 });
export const moneyColumn = (name: string) => numeric(name, { precision: 16, scale: 2 });
export const costColumn = (name: string) => numeric(name, { precision: 18, scale: 4 });

export const warehouses = pgTable(
  "warehouses",
  {
    id: serial("id").primaryKey(),
    companyId: owner(),
    name: text("name").notNull(),
    nameSort: sortKeyColumn("name_sort"),
    code: text("code"),
    contactName: text("contact_name"),
    phone: text("phone"),
    address: text("address"),
    /** The company's default warehouse (prefilled on new documents); at most one per company. */
    isDefault: boolean("is_default").notNull().default(false),
    isEnabled: boolean("is_enabled").notNull().default(true),
    remark: text("remark"),
    creationTime: created(),
  },
  (t) => [
    uniqueIndex("warehouses_company_name_uq").on(t.companyId, sql`lower(${t.name})`),
    uniqueIndex("warehouses_one_default_uq")
      .on(t.companyId)
      .where(sql`${t.isDefault}`),
  ],
);

/** Location kinds: 0 shelf (货架), 1 receiving area (收货区), 2 returns area (退货区). */
export const stockLocations = pgTable(
  "stock_locations",
  {
    id: serial("id").primaryKey(),
    companyId: owner(),
    warehouseId: integer("warehouse_id")
      .notNull()
      .references(() => warehouses.id, { onDelete: "restrict" }),
    /** The location's own code within its warehouse: A-01-02. */
    code: text("code").notNull(),
    /** Warehouse name and code: 主仓-A-01-02 (spec 001 §3 `fullName`). */
    fullName: text("full_name").notNull(),
    fullNameSort: sortKeyColumn("full_name_sort"),
    kind: smallint("kind").notNull().default(0),
    isEnabled: boolean("is_enabled").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    remark: text("remark"),
    creationTime: created(),
  },
  (t) => [
    uniqueIndex("stock_locations_wh_code_uq").on(t.warehouseId, sql`lower(${t.code})`),
    index("stock_locations_company_idx").on(t.companyId, t.warehouseId, t.kind),
  ],
);

export const stockBalances = pgTable(
  "stock_balances",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    companyId: owner(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "restrict" }),
    locationId: integer("location_id")
      .notNull()
      .references(() => stockLocations.id, { onDelete: "restrict" }),
    warehouseId: integer("warehouse_id")
      .notNull()
      .references(() => warehouses.id, { onDelete: "restrict" }),
    batchNo: text("batch_no").notNull().default(""),
    qty: qtyColumn("qty").notNull().default("0"),
    lockedQty: qtyColumn("locked_qty").notNull().default("0"),
    /** The batch's own unit cost (batch reports); the company's moving average is in product_costs. */
    unitCost: costColumn("unit_cost").notNull().default("0"),
    /** Stock source (spec 000 §4): 0 初始化, 1 采购入库, 2 盘盈, 3 销售退货. */
    source: smallint("source").notNull().default(0),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("stock_balances_key_uq").on(t.companyId, t.productId, t.locationId, t.batchNo),
    index("stock_balances_company_id_idx").on(t.companyId, t.id),
    index("stock_balances_location_idx").on(t.companyId, t.locationId, t.productId),
    index("stock_balances_on_hand_idx")
      .on(t.companyId, t.id)
      .where(sql`${t.qty} <> 0`),
    check("stock_balances_qty_nonneg", sql`${t.qty} >= 0 and ${t.lockedQty} >= 0 and ${t.lockedQty} <= ${t.qty}`),
  ],
);

export const stockMoves = pgTable(
  "stock_moves",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    companyId: owner(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "restrict" }),
    locationId: integer("location_id")
      .notNull()
      .references(() => stockLocations.id, { onDelete: "restrict" }),
    warehouseId: integer("warehouse_id")
      .notNull()
      .references(() => warehouses.id, { onDelete: "restrict" }),
    batchNo: text("batch_no").notNull().default(""),
    /** Signed: receipts positive, issues negative. */
    qty: qtyColumn("qty").notNull(),
    unitCost: costColumn("unit_cost").notNull(),
    amount: moneyColumn("amount").notNull(),
    /** The (product, location, batch) balance after this move. */
    balanceAfter: qtyColumn("balance_after").notNull(),
    /** The company-wide quantity of the product after this move (the flow report's running balance). */
    productQtyAfter: qtyColumn("product_qty_after").notNull(),
    /** The moving average after this move (cost flow). */
    avgCostAfter: costColumn("avg_cost_after").notNull(),
    /** Spec 000 §3 bizType: PurchaseOrder, PurchaseOrderBack, StockMoveOrder … */
    bizType: text("biz_type").notNull(),
    /** Document kind, e.g. receiveOrder, purchaseReturnOrder, moveOrder, inventoryOrder, opening. */
    docType: text("doc_type").notNull(),
    docId: integer("doc_id"),
    docNo: text("doc_no").notNull().default(""),
    docLineId: integer("doc_line_id"),
    source: smallint("source").notNull().default(0),
    reversesMoveId: bigint("reverses_move_id", { mode: "number" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    remark: text("remark"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("stock_moves_company_id_idx").on(t.companyId, t.id),
    index("stock_moves_product_idx").on(t.companyId, t.productId, t.id),
    index("stock_moves_doc_idx").on(t.companyId, t.docType, t.docId),
    index("stock_moves_location_idx").on(t.companyId, t.locationId),
    // 库存流水's 单号 filter (any part of a document number) over a million ledger lines.
    index("stock_moves_doc_no_trgm_idx").using("gin", t.docNo.op("gin_trgm_ops")),
    uniqueIndex("stock_moves_reverses_uq").on(t.reversesMoveId),
  ],
);

export const productCosts = pgTable(
  "product_costs",
  {
    companyId: owner(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "restrict" }),
    avgCost: costColumn("avg_cost").notNull().default("0"),
    qtyOnHand: qtyColumn("qty_on_hand").notNull().default("0"),
    lockedQty: qtyColumn("locked_qty").notNull().default("0"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.productId] }), check("product_costs_qty_nonneg", sql`${t.qtyOnHand} >= 0`)],
);

/** Default location per product and warehouse (/warehouse/manage/relation): prefills put-away and picking. */
export const productLocations = pgTable(
  "product_locations",
  {
    id: serial("id").primaryKey(),
    companyId: owner(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    warehouseId: integer("warehouse_id")
      .notNull()
      .references(() => warehouses.id, { onDelete: "restrict" }),
    locationId: integer("location_id")
      .notNull()
      .references(() => stockLocations.id, { onDelete: "restrict" }),
    creationTime: created(),
  },
  (t) => [uniqueIndex("product_locations_uq").on(t.companyId, t.productId, t.warehouseId), index("product_locations_company_id_idx").on(t.companyId, t.id)],
);

/** Safe stock (/warehouse/safe): below min → a purchase plan suggests up to max. */
export const safeStocks = pgTable(
  "safe_stocks",
  {
    id: serial("id").primaryKey(),
    companyId: owner(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    minQty: qtyColumn("min_qty").notNull().default("0"),
    maxQty: qtyColumn("max_qty").notNull().default("0"),
    creationTime: created(),
  },
  (t) => [
    uniqueIndex("safe_stocks_uq").on(t.companyId, t.productId),
    index("safe_stocks_company_id_idx").on(t.companyId, t.id),
    check("safe_stocks_range", sql`${t.minQty} >= 0 and ${t.maxQty} >= ${t.minQty}`),
  ],
);

/**
 * Stock locked for a document (/warehouse/locked): which document holds how much of which
 * balance. Σ qty of a key's locks = its balance locked_qty; written only by the stock ledger
 * service, released exactly as locked (by document line).
 */
export const stockLocks = pgTable(
  "stock_locks",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    companyId: owner(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "restrict" }),
    locationId: integer("location_id")
      .notNull()
      .references(() => stockLocations.id, { onDelete: "restrict" }),
    warehouseId: integer("warehouse_id")
      .notNull()
      .references(() => warehouses.id, { onDelete: "restrict" }),
    batchNo: text("batch_no").notNull().default(""),
    qty: qtyColumn("qty").notNull(),
    docType: text("doc_type").notNull(),
    docId: integer("doc_id").notNull(),
    docNo: text("doc_no").notNull(),
    docLineId: integer("doc_line_id"),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("stock_locks_company_id_idx").on(t.companyId, t.id),
    index("stock_locks_doc_idx").on(t.companyId, t.docType, t.docId),
    index("stock_locks_key_idx").on(t.companyId, t.productId, t.locationId, t.batchNo),
    check("stock_locks_qty_pos", sql`${t.qty} > 0`),
  ],
);

/**
 * Demand waiting for stock (缺货): the part of a document line (a sales order line submitted
 * short) that could not be locked. Shelf stock arriving in the warehouse (a put-away, a
 * transfer in, a stocktake surplus…) is locked for the oldest demands first by the stock
 * ledger, which then shrinks or deletes the demand. /purchase/urgent lists what is open.
 */
export const stockDemands = pgTable(
  "stock_demands",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    companyId: owner(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "restrict" }),
    warehouseId: integer("warehouse_id")
      .notNull()
      .references(() => warehouses.id, { onDelete: "restrict" }),
    qty: qtyColumn("qty").notNull(),
    docType: text("doc_type").notNull(),
    docId: integer("doc_id").notNull(),
    docNo: text("doc_no").notNull(),
    docLineId: integer("doc_line_id").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("stock_demands_line_uq").on(t.companyId, t.docType, t.docLineId),
    index("stock_demands_doc_idx").on(t.companyId, t.docType, t.docId),
    index("stock_demands_product_idx").on(t.companyId, t.productId, t.warehouseId, t.id),
    check("stock_demands_qty_pos", sql`${t.qty} > 0`),
  ],
);
