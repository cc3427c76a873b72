import { aliasedTable, eq, ilike, or, sql } from "drizzle-orm";
import * as z from "zod";
import { INVENTORY_ORDER_STATUSES, labelOf, MOVE_ORDER_STATUSES } from "../lib/dictionary";
import { equals, perDocument } from "../lib/list-read";
import { dateRangeFilters } from "../kernel/date-range";
import { defineResource } from "../lib/resource";
import { escapeLike } from "../lib/validate";
import { warehouses } from "../stock/stock.tables";
import { users } from "../kernel/identity.tables";
import { InventoryOrderInputSchema } from "./inventory-order.input";
import { createInventoryOrder, getInventoryOrder, removeInventoryOrder, runInventoryAction, updateInventoryOrder } from "./inventory-order.service";
import { MoveOrderInputSchema } from "./move-order.input";
import { createMoveOrder, getMoveOrder, removeMoveOrder, runMoveOrderAction, updateMoveOrder } from "./move-order.service";
import { inventoryOrderLines, inventoryOrders, moveOrderLines, moveOrders } from "./warehouse.tables";
import { COST } from "../lib/price-rules";

/** The document lists of /warehouse/allocation and /warehouse/inventory and their JSON API (`moveOrder`, `inventoryOrder`). */
const fromWh = aliasedTable(warehouses, "mo_from_wh");
const toWh = aliasedTable(warehouses, "mo_to_wh");
const moCreator = aliasedTable(users, "mo_creator");
const moveLines = perDocument(moveOrderLines.moveOrderId, moveOrders.id);

/** A body that says `{ confirm: true }` on create confirms at once (the page's 保存并确认). */
const confirmFlag = (body: unknown) => !!body && typeof body === "object" && (body as { confirm?: unknown }).confirm === true;

export const moveOrderResource = defineResource({
  name: "moveOrder",
  label: "调拨单",
  pageName: "库存调拨",
  pageUrl: "/warehouse/allocation",
  writeCode: "CKGL-005",
  scope: "company",
  table: moveOrders,
  readOnly: { create: true, delete: true },
  input: MoveOrderInputSchema as unknown as z.ZodType,
  extra: {
    fromWarehouseName: fromWh.name,
    toWarehouseName: toWh.name,
    createdByName: moCreator.name,
    lineCount: moveLines<number>(sql`count(*)::int`).as("line_count"),
    totalQty: moveLines(sql`coalesce(sum(l.qty), 0)::text`).as("total_qty"),
  },
  join: (q) =>
    q
      .leftJoin(fromWh, eq(fromWh.id, moveOrders.fromWarehouseId))
      .leftJoin(toWh, eq(toWh.id, moveOrders.toWarehouseId))
      .leftJoin(moCreator, eq(moCreator.id, moveOrders.createdBy)),
  sortable: { creationTime: moveOrders.creationTime, no: moveOrders.no, status: moveOrders.status, postedAt: moveOrders.postedAt },
  defaultSort: { field: "creationTime", dir: "desc" },
  filters: {
    status: equals(moveOrders.status),
    fromWarehouseId: equals(moveOrders.fromWarehouseId),
    toWarehouseId: equals(moveOrders.toWarehouseId),
    ...dateRangeFilters(moveOrders.creationTime, "date"),
  },
  keyword: (kw) => {
    const like = `%${escapeLike(kw)}%`;
    return or(
      ilike(moveOrders.no, like),
      ilike(moveOrders.remark, like),
      sql`exists (select 1 from move_order_lines l join products p on p.id = l.product_id where l.move_order_id = ${moveOrders.id} and (p.main_oe ilike ${like} or p.name ilike ${like}))`,
    );
  },
  exportAs: { status: (r) => labelOf(MOVE_ORDER_STATUSES, r.status as 0) },
  document: {
    create: (ctx, body) => createMoveOrder(ctx, body, { confirm: confirmFlag(body) }),
    get: (ctx, id) => getMoveOrder(ctx, id),
    update: (ctx, id, body) => updateMoveOrder(ctx, id, body),
    remove: (ctx, id) => removeMoveOrder(ctx, id),
    actions: {
      confirm: (ctx, id) => runMoveOrderAction(ctx, id, "confirm"),
      void: (ctx, id) => runMoveOrderAction(ctx, id, "void"),
      reverse: (ctx, id) => runMoveOrderAction(ctx, id, "reverse"),
    },
  },
});

const ioCreator = aliasedTable(users, "io_creator");
const ioWh = aliasedTable(warehouses, "io_wh");
const countLines = perDocument(inventoryOrderLines.inventoryOrderId, inventoryOrders.id);

export const inventoryOrderResource = defineResource({
  name: "inventoryOrder",
  label: "盘点单",
  pageName: "库存盘点",
  pageUrl: "/warehouse/inventory",
  writeCode: "CKGL-004",
  privateFields: { unitCost: COST(), amount: COST("金额"), costAmount: COST("金额") },
  scope: "company",
  table: inventoryOrders,
  readOnly: { create: true, delete: true },
  input: InventoryOrderInputSchema as unknown as z.ZodType,
  extra: {
    warehouseName: ioWh.name,
    createdByName: ioCreator.name,
    lineCount: countLines<number>(sql`count(*)::int`).as("line_count"),
    countedCount: countLines<number>(sql`count(*)::int`, sql`l.counted_qty is not null`).as("counted_count"),
  },
  join: (q) => q.leftJoin(ioWh, eq(ioWh.id, inventoryOrders.warehouseId)).leftJoin(ioCreator, eq(ioCreator.id, inventoryOrders.createdBy)),
  sortable: { creationTime: inventoryOrders.creationTime, no: inventoryOrders.no, status: inventoryOrders.status, postedAt: inventoryOrders.postedAt },
  defaultSort: { field: "creationTime", dir: "desc" },
  filters: {
    status: equals(inventoryOrders.status),
    warehouseId: equals(inventoryOrders.warehouseId),
    ...dateRangeFilters(inventoryOrders.creationTime, "date"),
  },
  keyword: (kw) => {
    const like = `%${escapeLike(kw)}%`;
    return or(
      ilike(inventoryOrders.no, like),
      ilike(inventoryOrders.remark, like),
      sql`exists (select 1 from inventory_order_lines l join products p on p.id = l.product_id where l.inventory_order_id = ${inventoryOrders.id} and (p.main_oe ilike ${like} or p.name ilike ${like}))`,
    );
  },
  exportAs: { status: (r) => labelOf(INVENTORY_ORDER_STATUSES, r.status as 0) },
  document: {
    create: (ctx, body) => createInventoryOrder(ctx, body),
    get: (ctx, id) => getInventoryOrder(ctx, id),
    update: (ctx, id, body) => updateInventoryOrder(ctx, id, body),
    remove: (ctx, id) => removeInventoryOrder(ctx, id),
    actions: {
      start: (ctx, id) => runInventoryAction(ctx, id, "start"),
      count: (ctx, id, body) => runInventoryAction(ctx, id, "count", body),
      addLine: (ctx, id, body) => runInventoryAction(ctx, id, "addLine", body),
      post: (ctx, id) => runInventoryAction(ctx, id, "post"),
      void: (ctx, id) => runInventoryAction(ctx, id, "void"),
      reverse: (ctx, id) => runInventoryAction(ctx, id, "reverse"),
    },
  },
});
