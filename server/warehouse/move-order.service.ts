import { aliasedTable, and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import { db, type Executor } from "../db/client";
import { inTransaction } from "../db/transaction";
import { dec, qtyString, sub } from "../lib/decimal";
import { labelOf, MOVE_ORDER_STATUSES } from "../lib/dictionary";
import { recordDocumentChange } from "../lib/document-audit";
import { DomainError } from "../lib/errors";
import { parseInput } from "../lib/validate";
import { productBrands } from "../product/brand.tables";
import { productUnits } from "../product/catalog.tables";
import { products } from "../product/product.tables";
import { productResource } from "../product/product.resources";
import { actionsFor, assertTransition, lockDocument, runDocumentAction } from "../kernel/document";
import { defaultLocationsOf } from "../stock/location.service";
import { postStock, reverseDocument } from "../stock/stock-ledger.service";
import { stockBalances, stockLocations, warehouses } from "../stock/stock.tables";
import { nextDocumentNo, noTakenIn } from "../kernel/numbering";
import { companies, users } from "../kernel/identity.tables";
import { MoveOrderInputSchema, type MoveOrderInput } from "./move-order.input";
import { MOVE_ORDER_DONE, MOVE_ORDER_MACHINE, MOVE_ORDER_VOID, type MoveOrderAction, MOVE_ORDER_DRAFT } from "./move-order.status";
import { moveOrderLines, moveOrders } from "./warehouse.tables";

/**
 * 库存调拨 (/warehouse/allocation, CKGL-005): moves a batch from one location to another, in one
 * warehouse or across warehouses. Confirming posts, per line, the outflow from (from, batch) and
 * the inflow into (to, batch) that keeps the batch's cost, source and received time, in ONE
 * internal postStock call (both at the batch's own cost, the average untouched) inside the
 * document's transaction, after the status check under its row lock.
 */
export const MOVE_ORDER_CODE = "CKGL-005";
export const MOVE_ORDER_DOC = "moveOrder";

export function requireMoveOrderWrite(ctx: Ctx) {
  if (!ctx.permissions.has(MOVE_ORDER_CODE)) throw new DomainError("forbidden", "没有权限操作库存调拨");
}

interface LocationInfo {
  id: number;
  warehouseId: number;
  fullName: string;
  isEnabled: boolean;
}

async function locationsById(ex: Executor, ctx: Ctx, ids: number[]): Promise<Map<number, LocationInfo>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await ex
    .select({ id: stockLocations.id, warehouseId: stockLocations.warehouseId, fullName: stockLocations.fullName, isEnabled: stockLocations.isEnabled })
    .from(stockLocations)
    .where(and(eq(stockLocations.companyId, ctx.companyId), inArray(stockLocations.id, unique)));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Checks the lines against the company's products, locations and the header's warehouses; fills the warehouses from the lines when not given. */
async function checkedInput(ex: Executor, ctx: Ctx, body: unknown): Promise<MoveOrderInput & { fromWarehouseId: number; toWarehouseId: number }> {
  const input = parseInput(MoveOrderInputSchema, body);
  const locs = await locationsById(
    ex,
    ctx,
    input.lines.flatMap((l) => [l.fromLocationId, l.toLocationId]),
  );
  const productIds = [...new Set(input.lines.map((l) => l.productId))];
  const found = await ex
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.companyId, ctx.companyId), inArray(products.id, productIds)));
  if (found.length !== productIds.length) throw new DomainError("bad_request", "所选产品不存在");
  const first = input.lines[0]!;
  const fromWarehouseId = input.fromWarehouseId ?? locs.get(first.fromLocationId)?.warehouseId;
  const toWarehouseId = input.toWarehouseId ?? locs.get(first.toLocationId)?.warehouseId;
  if (!fromWarehouseId || !toWarehouseId) throw new DomainError("bad_request", "所选货位不存在");
  const whs = await ex
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(eq(warehouses.companyId, ctx.companyId), inArray(warehouses.id, [fromWarehouseId, toWarehouseId])));
  if (whs.length !== new Set([fromWarehouseId, toWarehouseId]).size) throw new DomainError("bad_request", "所选仓库不存在");
  input.lines.forEach((l, i) => {
    const n = i + 1;
    const from = locs.get(l.fromLocationId);
    const to = locs.get(l.toLocationId);
    if (!from) throw new DomainError("bad_request", `第 ${n} 行：调出货位不存在`, { lines: [`第 ${n} 行：调出货位不存在`] });
    if (!to) throw new DomainError("bad_request", `第 ${n} 行：调入货位不存在`, { lines: [`第 ${n} 行：调入货位不存在`] });
    if (from.warehouseId !== fromWarehouseId)
      throw new DomainError("bad_request", `第 ${n} 行：调出货位 ${from.fullName} 不属于调出仓库`, { lines: [`第 ${n} 行：调出货位不属于调出仓库`] });
    if (to.warehouseId !== toWarehouseId)
      throw new DomainError("bad_request", `第 ${n} 行：调入货位 ${to.fullName} 不属于调入仓库`, { lines: [`第 ${n} 行：调入货位不属于调入仓库`] });
    if (from.id === to.id)
      throw new DomainError("bad_request", `第 ${n} 行：调出货位和调入货位不能相同`, { lines: [`第 ${n} 行：调出货位和调入货位不能相同`] });
  });
  return { ...input, fromWarehouseId, toWarehouseId };
}

async function insertLines(tx: Executor, ctx: Ctx, orderId: number, input: MoveOrderInput) {
  await tx.insert(moveOrderLines).values(
    input.lines.map((l, i) => ({
      companyId: ctx.companyId,
      moveOrderId: orderId,
      lineNo: i + 1,
      productId: l.productId,
      fromLocationId: l.fromLocationId,
      batchNo: l.batchNo,
      toLocationId: l.toLocationId,
      qty: l.qty,
      remark: l.remark,
    })),
  );
}

/** Saves a new draft transfer (0 草稿); with `confirm`, confirms it in the same transaction. */
export async function createMoveOrder(ctx: Ctx, body: unknown, opts: { confirm?: boolean; tx?: Executor } = {}): Promise<{ id: number; no: string }> {
  requireMoveOrderWrite(ctx);
  return inTransaction(
    async (tx) => {
      const input = await checkedInput(tx, ctx, body);
      const no = await nextDocumentNo(tx, ctx, MOVE_ORDER_DOC, { exists: noTakenIn(tx, ctx, moveOrders) });
      const now = ctx.now ?? new Date();
      const [row] = await tx
        .insert(moveOrders)
        .values({
          companyId: ctx.companyId,
          no,
          status: MOVE_ORDER_DRAFT,
          remark: input.remark,
          createdBy: ctx.userId,
          creationTime: now,
          updatedAt: now,
          fromWarehouseId: input.fromWarehouseId,
          toWarehouseId: input.toWarehouseId,
        })
        .returning({ id: moveOrders.id });
      await insertLines(tx, ctx, row!.id, input);
      if (opts.confirm) await confirmIn(tx, ctx, row!.id);
      return { id: row!.id, no };
    },
    { tx: opts.tx },
  );
}

/** Replaces a draft's header and lines. */
export async function updateMoveOrder(ctx: Ctx, id: number, body: unknown): Promise<{ id: number; no: string }> {
  requireMoveOrderWrite(ctx);
  return inTransaction(async (tx) => {
    const doc = await lockDocument(tx, moveOrders, ctx, id, "调拨单");
    assertTransition(MOVE_ORDER_MACHINE, "update", doc.status);
    const input = await checkedInput(tx, ctx, body);
    await tx.delete(moveOrderLines).where(and(eq(moveOrderLines.companyId, ctx.companyId), eq(moveOrderLines.moveOrderId, id)));
    await insertLines(tx, ctx, id, input);
    await tx
      .update(moveOrders)
      .set({ remark: input.remark, fromWarehouseId: input.fromWarehouseId, toWarehouseId: input.toWarehouseId, updatedAt: ctx.now ?? new Date() })
      .where(eq(moveOrders.id, id));
    return { id, no: doc.no };
  });
}

/** Deletes a draft (nothing was posted). */
export async function removeMoveOrder(ctx: Ctx, id: number) {
  requireMoveOrderWrite(ctx);
  await inTransaction(async (tx) => {
    const doc = await lockDocument(tx, moveOrders, ctx, id, "调拨单");
    assertTransition(MOVE_ORDER_MACHINE, "remove", doc.status);
    await tx.delete(moveOrders).where(eq(moveOrders.id, id));
  });
  return { success: true };
}

async function confirmIn(tx: Executor, ctx: Ctx, id: number) {
  const doc = await lockDocument(tx, moveOrders, ctx, id, "调拨单");
  assertTransition(MOVE_ORDER_MACHINE, "confirm", doc.status);
  const lines = await tx
    .select()
    .from(moveOrderLines)
    .where(and(eq(moveOrderLines.companyId, ctx.companyId), eq(moveOrderLines.moveOrderId, id)))
    .orderBy(asc(moveOrderLines.lineNo));
  if (!lines.length) throw new DomainError("bad_request", "调拨单没有明细，不能确认");
  await postStock(tx, ctx, {
    bizType: "StockMoveOrder",
    docType: MOVE_ORDER_DOC,
    docId: id,
    docNo: doc.no,
    internal: true,
    lines: lines.flatMap((l) => [
      { productId: l.productId, locationId: l.fromLocationId, batchNo: l.batchNo, qty: dec(l.qty).neg(), docLineId: l.id },
      {
        productId: l.productId,
        locationId: l.toLocationId,
        batchNo: l.batchNo,
        qty: l.qty,
        batchFrom: { locationId: l.fromLocationId, batchNo: l.batchNo },
        docLineId: l.id,
      },
    ]),
  });
  const now = ctx.now ?? new Date();
  await tx.update(moveOrders).set({ status: MOVE_ORDER_DONE, postedAt: now, postedBy: ctx.userId, updatedAt: now }).where(eq(moveOrders.id, id));
  await recordDocumentChange(tx, ctx, MOVE_ORDER_MACHINE, "confirm", { type: MOVE_ORDER_DOC, id, no: doc.no, from: doc.status, to: MOVE_ORDER_DONE });
}

/** 确认调拨 0 → 100: posts the moves; a second confirmation finds 已完成 and is refused. */
export async function confirmMoveOrder(ctx: Ctx, id: number) {
  requireMoveOrderWrite(ctx);
  await inTransaction((tx) => confirmIn(tx, ctx, id));
  return { id, status: MOVE_ORDER_DONE };
}

/** 作废 a draft 0 → 90 (nothing was posted). */
export async function voidMoveOrder(ctx: Ctx, id: number) {
  requireMoveOrderWrite(ctx);
  await inTransaction((tx) => runDocumentAction(tx, ctx, { table: moveOrders, machine: MOVE_ORDER_MACHINE, action: "void", type: MOVE_ORDER_DOC, id }));
  return { id, status: MOVE_ORDER_VOID };
}

/** 红冲 100 → 90: posts the opposite moves (StockMoveOrderBack); refused when the goods have left the target since. */
export async function reverseMoveOrder(ctx: Ctx, id: number) {
  requireMoveOrderWrite(ctx);
  await inTransaction(async (tx) => {
    await runDocumentAction(tx, ctx, {
      table: moveOrders,
      machine: MOVE_ORDER_MACHINE,
      action: "reverse",
      type: MOVE_ORDER_DOC,
      id,
      post: async (tx, doc) => {
        await reverseDocument(tx, ctx, { docType: MOVE_ORDER_DOC, docId: id, docNo: doc.no, bizType: "StockMoveOrderBack", internal: true });
      },
    });
  });
  return { id, status: MOVE_ORDER_VOID };
}

export async function runMoveOrderAction(ctx: Ctx, id: number, action: string) {
  switch (action) {
    case "confirm":
      return confirmMoveOrder(ctx, id);
    case "void":
      return voidMoveOrder(ctx, id);
    case "reverse":
      return reverseMoveOrder(ctx, id);
    default:
      throw new DomainError("bad_request", "未知操作");
  }
}

export interface MoveOrderLineView {
  id: number;
  lineNo: number;
  productId: number;
  mainOE: string;
  productName: string;
  brandName: string | null;
  unitName: string | null;
  fromLocationId: number;
  fromLocationName: string;
  batchNo: string;
  toLocationId: number;
  toLocationName: string;
  qty: string;
  remark: string | null;
}

export interface MoveOrderView {
  id: number;
  no: string;
  status: number;
  statusLabel: string;
  remark: string | null;
  fromWarehouseId: number | null;
  fromWarehouseName: string | null;
  toWarehouseId: number | null;
  toWarehouseName: string | null;
  createdBy: number | null;
  createdByName: string | null;
  creationTime: Date;
  postedAt: Date | null;
  postedByName: string | null;
  companyName: string;
  totalQty: string;
  actions: MoveOrderAction[];
  lines: MoveOrderLineView[];
}

/** One transfer with its lines, for its page, the JSON API and the print page (/print/allocation). */
export async function getMoveOrder(ctx: Ctx, id: number, ex: Executor = db()): Promise<MoveOrderView> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2147483647) throw new DomainError("not_found", "调拨单不存在");
  const fromWh = aliasedTable(warehouses, "from_wh");
  const toWh = aliasedTable(warehouses, "to_wh");
  const creator = aliasedTable(users, "creator");
  const poster = aliasedTable(users, "poster");
  const [h] = await ex
    .select({
      id: moveOrders.id,
      no: moveOrders.no,
      status: moveOrders.status,
      remark: moveOrders.remark,
      fromWarehouseId: moveOrders.fromWarehouseId,
      fromWarehouseName: fromWh.name,
      toWarehouseId: moveOrders.toWarehouseId,
      toWarehouseName: toWh.name,
      createdBy: moveOrders.createdBy,
      createdByName: creator.name,
      creationTime: moveOrders.creationTime,
      postedAt: moveOrders.postedAt,
      postedByName: poster.name,
      companyName: companies.name,
    })
    .from(moveOrders)
    .leftJoin(fromWh, eq(fromWh.id, moveOrders.fromWarehouseId))
    .leftJoin(toWh, eq(toWh.id, moveOrders.toWarehouseId))
    .leftJoin(creator, eq(creator.id, moveOrders.createdBy))
    .leftJoin(poster, eq(poster.id, moveOrders.postedBy))
    .innerJoin(companies, eq(companies.id, moveOrders.companyId))
    .where(and(eq(moveOrders.id, id), eq(moveOrders.companyId, ctx.companyId)));
  if (!h) throw new DomainError("not_found", "调拨单不存在");
  const fromLoc = aliasedTable(stockLocations, "from_loc");
  const toLoc = aliasedTable(stockLocations, "to_loc");
  const lines = await ex
    .select({
      id: moveOrderLines.id,
      lineNo: moveOrderLines.lineNo,
      productId: moveOrderLines.productId,
      mainOE: products.mainOE,
      productName: products.name,
      brandName: productBrands.name,
      unitName: productUnits.name,
      fromLocationId: moveOrderLines.fromLocationId,
      fromLocationName: fromLoc.fullName,
      batchNo: moveOrderLines.batchNo,
      toLocationId: moveOrderLines.toLocationId,
      toLocationName: toLoc.fullName,
      qty: moveOrderLines.qty,
      remark: moveOrderLines.remark,
    })
    .from(moveOrderLines)
    .innerJoin(products, eq(products.id, moveOrderLines.productId))
    .leftJoin(productBrands, eq(productBrands.id, products.brandId))
    .leftJoin(productUnits, eq(productUnits.id, products.unitId))
    .innerJoin(fromLoc, eq(fromLoc.id, moveOrderLines.fromLocationId))
    .innerJoin(toLoc, eq(toLoc.id, moveOrderLines.toLocationId))
    .where(and(eq(moveOrderLines.companyId, ctx.companyId), eq(moveOrderLines.moveOrderId, id)))
    .orderBy(asc(moveOrderLines.lineNo));
  const totalQty = qtyString(lines.reduce((s, l) => s.plus(l.qty), dec(0)));
  return {
    ...h,
    statusLabel: labelOf(MOVE_ORDER_STATUSES, h.status),
    totalQty,
    actions: actionsFor(MOVE_ORDER_MACHINE, h.status),
    lines: lines.map((l) => ({ ...l, qty: l.qty })),
  };
}

export interface BatchOnHand {
  productId: number;
  mainOE: string;
  productName: string;
  brandName: string | null;
  locationId: number;
  locationName: string;
  batchNo: string;
  qty: string;
  available: string;
}

/**
 * The batches on hand in a warehouse with their available quantity (qty − locked), for a
 * transfer's lines: optionally only those of a product, or of products matching a keyword
 * (any OE spelling, name, pinyin), or at one location. At most `limit` rows.
 */
export async function batchesOnHand(
  ctx: Ctx,
  opts: { warehouseId: number; productId?: number; keyword?: string; locationId?: number; limit?: number },
  ex: Executor = db(),
): Promise<BatchOnHand[]> {
  const conds = [
    eq(stockBalances.companyId, ctx.companyId),
    eq(stockBalances.warehouseId, opts.warehouseId),
    gt(sql`${stockBalances.qty} - ${stockBalances.lockedQty}`, 0),
  ];
  if (opts.productId) conds.push(eq(stockBalances.productId, opts.productId));
  if (opts.locationId) conds.push(eq(stockBalances.locationId, opts.locationId));
  const kw = opts.keyword?.trim();
  if (kw) {
    const cond = await productResource.keyword!(kw, ctx);
    if (cond) conds.push(cond);
  }
  const rows = await ex
    .select({
      productId: stockBalances.productId,
      mainOE: products.mainOE,
      productName: products.name,
      brandName: productBrands.name,
      locationId: stockBalances.locationId,
      locationName: stockLocations.fullName,
      batchNo: stockBalances.batchNo,
      qty: stockBalances.qty,
      lockedQty: stockBalances.lockedQty,
    })
    .from(stockBalances)
    .innerJoin(products, eq(products.id, stockBalances.productId))
    .leftJoin(productBrands, eq(productBrands.id, products.brandId))
    .innerJoin(stockLocations, eq(stockLocations.id, stockBalances.locationId))
    .where(and(...conds))
    .orderBy(asc(products.mainOE), asc(stockLocations.fullName), asc(stockBalances.batchNo))
    .limit(Math.min(opts.limit ?? 300, 1000));
  return rows.map(({ lockedQty, ...r }) => ({ ...r, available: qtyString(sub(r.qty, lockedQty)) }));
}

/** Warehouses and their enabled locations, for the transfer and stocktake pages. */
export async function warehousesWithLocations(ctx: Ctx, ex: Executor = db()) {
  const whs = await ex
    .select({ id: warehouses.id, name: warehouses.name })
    .from(warehouses)
    .where(and(eq(warehouses.companyId, ctx.companyId), eq(warehouses.isEnabled, true)))
    .orderBy(asc(warehouses.id));
  const locs = await ex
    .select({ id: stockLocations.id, warehouseId: stockLocations.warehouseId, fullName: stockLocations.fullName })
    .from(stockLocations)
    .where(and(eq(stockLocations.companyId, ctx.companyId), eq(stockLocations.isEnabled, true)))
    .orderBy(asc(stockLocations.sortOrder), asc(stockLocations.fullName));
  return whs.map((w) => ({ ...w, locations: locs.filter((l) => l.warehouseId === w.id).map((l) => ({ id: l.id, fullName: l.fullName })) }));
}

/** The default location of each product in the target warehouse (prefills a line's 调入货位). */
export async function moveOrderDefaultTargets(ctx: Ctx, toWarehouseId: number, productIds: number[]) {
  const map = await defaultLocationsOf(db(), ctx, toWarehouseId, productIds);
  return Object.fromEntries([...map].map(([k, v]) => [k, v]));
}
