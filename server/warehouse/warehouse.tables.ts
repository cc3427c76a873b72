import { index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { products } from "../product/product.tables";
import { documentColumns, lineColumns } from "../stock/document.columns";
import { costColumn, qtyColumn, stockLocations, warehouses } from "../stock/stock.tables";

/** Stock transfers (库存调拨) and stocktakes (库存盘点). */
const product = () =>
  integer("product_id")
    .notNull()
    .references(() => products.id, { onDelete: "restrict" });
const location = (name: string) => integer(name).references(() => stockLocations.id, { onDelete: "restrict" });

/** Stock transfer: 0 草稿, 100 已完成 (posted), 90 已作废. Printable in every status. */
export const moveOrders = pgTable(
  "move_orders",
  {
    ...documentColumns(),
    fromWarehouseId: integer("from_warehouse_id").references(() => warehouses.id, { onDelete: "restrict" }),
    toWarehouseId: integer("to_warehouse_id").references(() => warehouses.id, { onDelete: "restrict" }),
  },
  (t) => [uniqueIndex("move_orders_no_uq").on(t.companyId, t.no), index("move_orders_company_id_idx").on(t.companyId, t.id)],
);

export const moveOrderLines = pgTable(
  "move_order_lines",
  {
    ...lineColumns(),
    moveOrderId: integer("move_order_id")
      .notNull()
      .references(() => moveOrders.id, { onDelete: "cascade" }),
    productId: product(),
    fromLocationId: location("from_location_id").notNull(),
    batchNo: text("batch_no").notNull().default(""),
    toLocationId: location("to_location_id").notNull(),
    qty: qtyColumn("qty").notNull(),
  },
  (t) => [index("move_order_lines_doc_idx").on(t.moveOrderId, t.lineNo)],
);

/** Stocktake: 0 草稿, 10 盘点中 (count sheets printed, counts being entered), 100 已过账, 90 已作废. */
export const inventoryOrders = pgTable(
  "inventory_orders",
  {
    ...documentColumns(),
    warehouseId: integer("warehouse_id").references(() => warehouses.id, { onDelete: "restrict" }),
  },
  (t) => [uniqueIndex("inventory_orders_no_uq").on(t.companyId, t.no), index("inventory_orders_company_id_idx").on(t.companyId, t.id)],
);

export const inventoryOrderLines = pgTable(
  "inventory_order_lines",
  {
    ...lineColumns(),
    inventoryOrderId: integer("inventory_order_id")
      .notNull()
      .references(() => inventoryOrders.id, { onDelete: "cascade" }),
    productId: product(),
    locationId: location("location_id").notNull(),
    batchNo: text("batch_no").notNull().default(""),
    /** The system quantity when the count was entered: posting books counted − this, never counted − now. */
    systemQty: qtyColumn("system_qty"),
    countedQty: qtyColumn("counted_qty"),
    countedAt: timestamp("counted_at", { withTimezone: true }),
    unitCost: costColumn("unit_cost"),
  },
  (t) => [index("inventory_order_lines_doc_idx").on(t.inventoryOrderId, t.lineNo)],
);
