import { aliasedTable, and, asc, eq, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import { db, type Executor } from "../db/client";
import { inTransaction } from "../db/transaction";
import { dec, isZero, moneyString, qtyString, sub, sum } from "../lib/decimal";
import { INVENTORY_ORDER_STATUSES, labelOf } from "../lib/dictionary";
import { recordDocumentChange } from "../lib/document-audit";
import { DomainError } from "../lib/errors";
import { parseInput } from "../lib/validate";
import { productBrands } from "../product/brand.tables";
import { productUnits } from "../product/catalog.tables";
import { products } from "../product/product.tables";
import { productResource } from "../product/product.resources";
import { actionsFor, assertTransition, lockDocument } from "../kernel/document";
import { postStock, reverseDocument, type MoveLine } from "../stock/stock-ledger.service";
import { stockBalances, stockLocations, warehouses } from "../stock/stock.tables";
import { nextDocumentNo, noTakenIn } from "../kernel/numbering";
import { companies, users } from "../kernel/identity.tables";
import { InventoryCountSchema, InventoryExtraLineSchema, InventoryOrderInputSchema } from "./inventory-order.input";
import {
  INVENTORY_COUNTING,
  INVENTORY_ORDER_MACHINE,
  INVENTORY_POSTED,
  INVENTORY_VOID,
  type InventoryOrderAction,
  INVENTORY_DRAFT,
} from "./inventory-order.status";
import { inventoryOrderLines, inventoryOrders } from "./warehouse.tables";
import { rows as rowsOf } from "../lib/rows";

/**
 * 库存盘点 (/warehouse/inventory, CKGL-004). The lines are the balances (product, location,
 * batch) in the chosen scope. 开始盘点 freezes the list; each 录入实盘 stores the counted
 * quantity together with the balance's quantity AT THAT MOMENT (systemQty) and the time;
 * 过账 books counted − systemQty per counted line. A receipt or delivery posted between counting
 * and posting therefore stays in the balance: it is not overwritten by the count.
 */
export const INVENTORY_ORDER_CODE = "CKGL-004";
export const INVENTORY_ORDER_DOC = "inventoryOrder";
/** Stock source of a surplus found by a stocktake (spec 000 §4: 2 盘盈). */
export const SOURCE_SURPLUS = 2;
const MAX_LINES = 5000;

export function requireInventoryWrite(ctx: Ctx) {
  if (!ctx.permissions.has(INVENTORY_ORDER_CODE)) throw new DomainError("forbidden", "没有权限操作库存盘点");
}

/** The balances (product, location, batch) of a warehouse in the scope, sorted as a count sheet: location, product, batch. */
async function balancesInScope(ex: Executor, ctx: Ctx, scope: { warehouseId: number; locationIds: number[]; productIds: number[]; keywordCond?: SQL }) {
  const conds: SQL[] = [eq(stockBalances.companyId, ctx.companyId), eq(stockBalances.warehouseId, scope.warehouseId), sql`${stockBalances.qty} > 0`];
  if (scope.locationIds.length) conds.push(inArray(stockBalances.locationId, scope.locationIds));
  if (scope.productIds.length) conds.push(inArray(stockBalances.productId, scope.productIds));
  if (scope.keywordCond) conds.push(scope.keywordCond);
  return ex
    .select({ productId: stockBalances.productId, locationId: stockBalances.locationId, batchNo: stockBalances.batchNo })
    .from(stockBalances)
    .innerJoin(products, eq(products.id, stockBalances.productId))
    .innerJoin(stockLocations, eq(stockLocations.id, stockBalances.locationId))
    .where(and(...conds))
    .orderBy(asc(stockLocations.sortOrder), asc(stockLocations.fullName), asc(products.mainOE), asc(stockBalances.batchNo))
    .limit(MAX_LINES + 1);
}

/** Creates a draft stocktake whose lines are the balances in scope (refused when there are none). */
export async function createInventoryOrder(ctx: Ctx, body: unknown, opts: { tx?: Executor } = {}): Promise<{ id: number; no: string; lineCount: number }> {
  requireInventoryWrite(ctx);
  const input = parseInput(InventoryOrderInputSchema, body);
  // The product search reads lookups on its own connection: built before the transaction
  // (PGlite has one connection, and a read outside an open transaction would wait for it).
  const keywordCond = input.keyword ? await productResource.keyword!(input.keyword, ctx) : undefined;
  return inTransaction(
    async (tx) => {
      const [wh] = await tx
        .select({ id: warehouses.id })
        .from(warehouses)
        .where(and(eq(warehouses.companyId, ctx.companyId), eq(warehouses.id, input.warehouseId)));
      if (!wh) throw new DomainError("bad_request", "所选仓库不存在", { warehouseId: ["所选仓库不存在"] });
      if (input.locationIds.length) {
        const locs = await tx
          .select({ id: stockLocations.id })
          .from(stockLocations)
          .where(
            and(eq(stockLocations.companyId, ctx.companyId), eq(stockLocations.warehouseId, input.warehouseId), inArray(stockLocations.id, input.locationIds)),
          );
        if (locs.length !== new Set(input.locationIds).size)
          throw new DomainError("bad_request", "所选货位不属于该仓库", { locationIds: ["所选货位不属于该仓库"] });
      }
      const rows = await balancesInScope(tx, ctx, { ...input, keywordCond });
      if (rows.length === 0) throw new DomainError("bad_request", "所选范围内没有库存，请调整盘点范围");
      if (rows.length > MAX_LINES) throw new DomainError("bad_request", `盘点范围超过 ${MAX_LINES} 行，请按货位或产品分开盘点`);
      const no = await nextDocumentNo(tx, ctx, INVENTORY_ORDER_DOC, { exists: noTakenIn(tx, ctx, inventoryOrders) });
      const now = ctx.now ?? new Date();
      const [row] = await tx
        .insert(inventoryOrders)
        .values({
          companyId: ctx.companyId,
          no,
          status: INVENTORY_DRAFT,
          remark: input.remark,
          createdBy: ctx.userId,
          creationTime: now,
          updatedAt: now,
          warehouseId: input.warehouseId,
        })
        .returning({ id: inventoryOrders.id });
      for (let i = 0; i < rows.length; i += 1000) {
        await tx.insert(inventoryOrderLines).values(
          rows.slice(i, i + 1000).map((r, j) => ({
            companyId: ctx.companyId,
            inventoryOrderId: row!.id,
            lineNo: i + j + 1,
            productId: r.productId,
            locationId: r.locationId,
            batchNo: r.batchNo,
          })),
        );
      }
      return { id: row!.id, no, lineCount: rows.length };
    },
    { tx: opts.tx },
  );
}

/** Only the remark of a draft can change (its lines are its scope); for the JSON API's PUT. */
export async function updateInventoryOrder(ctx: Ctx, id: number, body: unknown) {
  requireInventoryWrite(ctx);
  const remark = body && typeof body === "object" && "remark" in body ? (body as { remark: unknown }).remark : undefined;
  if (remark !== undefined && remark !== null && (typeof remark !== "string" || remark.length > 500))
    throw new DomainError("bad_request", "备注不能超过 500 个字");
  return inTransaction(async (tx) => {
    const doc = await lockDocument(tx, inventoryOrders, ctx, id, "盘点单");
    assertTransition(INVENTORY_ORDER_MACHINE, "update", doc.status);
    await tx
      .update(inventoryOrders)
      .set({ remark: (remark as string | null | undefined) ?? null, updatedAt: ctx.now ?? new Date() })
      .where(eq(inventoryOrders.id, id));
    return { id, no: doc.no };
  });
}

export async function removeInventoryOrder(ctx: Ctx, id: number) {
  requireInventoryWrite(ctx);
  await inTransaction(async (tx) => {
    const doc = await lockDocument(tx, inventoryOrders, ctx, id, "盘点单");
    assertTransition(INVENTORY_ORDER_MACHINE, "remove", doc.status);
    await tx.delete(inventoryOrders).where(eq(inventoryOrders.id, id));
  });
  return { success: true };
}

async function simpleTransition(ctx: Ctx, id: number, action: "start" | "void") {
  requireInventoryWrite(ctx);
  const to = INVENTORY_ORDER_MACHINE.actions[action].to!;
  await inTransaction(async (tx) => {
    const doc = await lockDocument(tx, inventoryOrders, ctx, id, "盘点单");
    assertTransition(INVENTORY_ORDER_MACHINE, action, doc.status);
    await tx
      .update(inventoryOrders)
      .set({ status: to, updatedAt: ctx.now ?? new Date() })
      .where(eq(inventoryOrders.id, id));
    await recordDocumentChange(tx, ctx, INVENTORY_ORDER_MACHINE, action, { type: INVENTORY_ORDER_DOC, id, no: doc.no, from: doc.status, to });
  });
  return { id, status: to };
}

/** 开始盘点 0 → 10: the list of lines is frozen; count sheets can be printed. */
export const startInventoryOrder = (ctx: Ctx, id: number) => simpleTransition(ctx, id, "start");
/** 作废 0/10 → 90: nothing was posted. */
export const voidInventoryOrder = (ctx: Ctx, id: number) => simpleTransition(ctx, id, "void");

/** The balance quantity of each key right now (read under the document lock; a later posting books against the difference). */
async function currentQty(tx: Executor, ctx: Ctx, keys: { productId: number; locationId: number; batchNo: string }[]) {
  const out = new Map<string, string>();
  if (!keys.length) return out;
  for (let i = 0; i < keys.length; i += 1000) {
    const part = keys.slice(i, i + 1000);
    const tuples = sql.join(
      part.map((k) => sql`(${k.productId}::int, ${k.locationId}::int, ${k.batchNo}::text)`),
      sql`, `,
    );
    const res = await tx.execute(
      sql`select product_id, location_id, batch_no, qty from stock_balances where company_id = ${ctx.companyId} and (product_id, location_id, batch_no) in (${tuples})`,
    );
    const rows = rowsOf(res);
    for (const r of rows) out.set(`${r.product_id}|${r.location_id}|${r.batch_no}`, String(r.qty));
  }
  return out;
}

/**
 * 录入实盘: stores counted quantities (a blank clears a line's count). Each counted line records
 * the balance's quantity at this moment as systemQty and the time as countedAt. Returns how many
 * lines this save recorded (`counted`) and how many of the order's counted lines differ from the
 * books (`differing`: what 保存实盘 reports as 有差异, issue 20 item 12).
 */
export async function countInventoryOrder(ctx: Ctx, id: number, body: unknown) {
  requireInventoryWrite(ctx);
  const input = parseInput(InventoryCountSchema, body);
  return inTransaction(async (tx) => {
    const doc = await lockDocument(tx, inventoryOrders, ctx, id, "盘点单");
    assertTransition(INVENTORY_ORDER_MACHINE, "count", doc.status);
    if (!input.counts.length) return { id, counted: 0, differing: await differingLines(tx, ctx, id) };
    const lineIds = [...new Set(input.counts.map((c) => c.lineId))];
    const lines = await tx
      .select()
      .from(inventoryOrderLines)
      .where(and(eq(inventoryOrderLines.companyId, ctx.companyId), eq(inventoryOrderLines.inventoryOrderId, id), inArray(inventoryOrderLines.id, lineIds)));
    if (lines.length !== lineIds.length) throw new DomainError("bad_request", "盘点行不存在");
    const now = ctx.now ?? new Date();
    const qtys = await currentQty(tx, ctx, lines);
    const byId = new Map(lines.map((l) => [l.id, l]));
    let counted = 0;
    for (const c of input.counts) {
      const l = byId.get(c.lineId)!;
      if (c.countedQty === null) {
        if (l.countedQty !== null)
          await tx.update(inventoryOrderLines).set({ countedQty: null, systemQty: null, countedAt: null }).where(eq(inventoryOrderLines.id, l.id));
        continue;
      }
      // Unchanged counts keep the system quantity of their first entry.
      if (l.countedQty !== null && dec(l.countedQty).eq(c.countedQty)) continue;
      const systemQty = qtys.get(`${l.productId}|${l.locationId}|${l.batchNo}`) ?? "0.00";
      await tx.update(inventoryOrderLines).set({ countedQty: c.countedQty, systemQty, countedAt: now }).where(eq(inventoryOrderLines.id, l.id));
      counted++;
    }
    await tx.update(inventoryOrders).set({ updatedAt: now }).where(eq(inventoryOrders.id, id));
    return { id, counted, differing: await differingLines(tx, ctx, id) };
  });
}

/** The order's counted lines whose count is not what the books said when it was taken. */
async function differingLines(tx: Executor, ctx: Ctx, id: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(inventoryOrderLines)
    .where(
      and(
        eq(inventoryOrderLines.companyId, ctx.companyId),
        eq(inventoryOrderLines.inventoryOrderId, id),
        sql`${inventoryOrderLines.countedQty} is not null and ${inventoryOrderLines.countedQty} <> coalesce(${inventoryOrderLines.systemQty}, 0)`,
      ),
    );
  return Number(row?.n ?? 0);
}

/** Adds a line for a product found at a location of the warehouse where the system has none (a counted surplus). */
export async function addInventoryLine(ctx: Ctx, id: number, body: unknown) {
  requireInventoryWrite(ctx);
  const input = parseInput(InventoryExtraLineSchema, body);
  return inTransaction(async (tx) => {
    const doc = await lockDocument(tx, inventoryOrders, ctx, id, "盘点单");
    assertTransition(INVENTORY_ORDER_MACHINE, "addLine", doc.status);
    const [loc] = await tx
      .select({ id: stockLocations.id, warehouseId: stockLocations.warehouseId })
      .from(stockLocations)
      .where(and(eq(stockLocations.companyId, ctx.companyId), eq(stockLocations.id, input.locationId)));
    if (!loc || loc.warehouseId !== doc.warehouseId) throw new DomainError("bad_request", "所选货位不属于盘点仓库", { locationId: ["所选货位不属于盘点仓库"] });
    const [p] = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.companyId, ctx.companyId), eq(products.id, input.productId)));
    if (!p) throw new DomainError("bad_request", "所选产品不存在", { productId: ["所选产品不存在"] });
    const [dup] = await tx
      .select({ id: inventoryOrderLines.id })
      .from(inventoryOrderLines)
      .where(
        and(
          eq(inventoryOrderLines.inventoryOrderId, id),
          eq(inventoryOrderLines.productId, input.productId),
          eq(inventoryOrderLines.locationId, input.locationId),
          eq(inventoryOrderLines.batchNo, input.batchNo),
        ),
      );
    if (dup) throw new DomainError("conflict", "该产品在此货位和批次已有盘点行，请直接录入实盘数");
    const [{ n }] = (await tx
      .select({ n: sql<number>`coalesce(max(${inventoryOrderLines.lineNo}), 0)::int` })
      .from(inventoryOrderLines)
      .where(eq(inventoryOrderLines.inventoryOrderId, id))) as [{ n: number }];
    const qtys = await currentQty(tx, ctx, [input]);
    const now = ctx.now ?? new Date();
    const [row] = await tx
      .insert(inventoryOrderLines)
      .values({
        companyId: ctx.companyId,
        inventoryOrderId: id,
        lineNo: n + 1,
        productId: input.productId,
        locationId: input.locationId,
        batchNo: input.batchNo,
        countedQty: input.countedQty,
        systemQty: qtys.get(`${input.productId}|${input.locationId}|${input.batchNo}`) ?? "0.00",
        countedAt: now,
      })
      .returning({ id: inventoryOrderLines.id });
    return { id, lineId: row!.id };
  });
}

/**
 * 过账 10 → 100: per counted line, books counted − systemQty (what the count found different
 * from what the system had at that moment): a surplus comes in as stock source 2 (盘盈) at the
 * moving average, a shortage goes out; lines never counted or without difference are skipped.
 * A shortage larger than what is available now is refused with the ledger's message.
 */
export async function postInventoryOrder(ctx: Ctx, id: number) {
  requireInventoryWrite(ctx);
  return inTransaction(async (tx) => {
    const doc = await lockDocument(tx, inventoryOrders, ctx, id, "盘点单");
    assertTransition(INVENTORY_ORDER_MACHINE, "post", doc.status);
    const lines = await tx
      .select()
      .from(inventoryOrderLines)
      .where(and(eq(inventoryOrderLines.companyId, ctx.companyId), eq(inventoryOrderLines.inventoryOrderId, id), isNotNull(inventoryOrderLines.countedQty)))
      .orderBy(asc(inventoryOrderLines.lineNo));
    const now = ctx.now ?? new Date();
    const moves: MoveLine[] = [];
    for (const l of lines) {
      const diff = sub(l.countedQty!, l.systemQty ?? 0);
      if (isZero(diff)) continue;
      moves.push({
        productId: l.productId,
        locationId: l.locationId,
        batchNo: l.batchNo,
        qty: diff,
        source: diff.isNegative() ? undefined : SOURCE_SURPLUS,
        receivedAt: now,
        docLineId: l.id,
        remark: `盘点 ${doc.no}`,
      });
    }
    const posted = await postStock(tx, ctx, { bizType: "StockInventoryOrder", docType: INVENTORY_ORDER_DOC, docId: id, docNo: doc.no, lines: moves });
    // The unit cost the difference was booked at, for the page and reports.
    for (const m of posted) if (m.docLineId) await tx.update(inventoryOrderLines).set({ unitCost: m.unitCost }).where(eq(inventoryOrderLines.id, m.docLineId));
    await tx.update(inventoryOrders).set({ status: INVENTORY_POSTED, postedAt: now, postedBy: ctx.userId, updatedAt: now }).where(eq(inventoryOrders.id, id));
    // The entry's total: the net value of the adjustment (盘盈 + , 盘亏 −).
    await recordDocumentChange(tx, ctx, INVENTORY_ORDER_MACHINE, "post", {
      type: INVENTORY_ORDER_DOC,
      id,
      no: doc.no,
      from: doc.status,
      to: INVENTORY_POSTED,
      total: moneyString(sum(posted.map((m) => m.amount))),
      note: `调整 ${posted.length} 行库存`,
    });
    return { id, status: INVENTORY_POSTED, moves: posted.length };
  });
}

/** 红冲 100 → 90: the opposite moves with StockInventoryOrderBack. */
export async function reverseInventoryOrder(ctx: Ctx, id: number) {
  requireInventoryWrite(ctx);
  await inTransaction(async (tx) => {
    const doc = await lockDocument(tx, inventoryOrders, ctx, id, "盘点单");
    assertTransition(INVENTORY_ORDER_MACHINE, "reverse", doc.status);
    await reverseDocument(tx, ctx, { docType: INVENTORY_ORDER_DOC, docId: id, docNo: doc.no, bizType: "StockInventoryOrderBack" });
    await tx
      .update(inventoryOrders)
      .set({ status: INVENTORY_VOID, updatedAt: ctx.now ?? new Date() })
      .where(eq(inventoryOrders.id, id));
    await recordDocumentChange(tx, ctx, INVENTORY_ORDER_MACHINE, "reverse", {
      type: INVENTORY_ORDER_DOC,
      id,
      no: doc.no,
      from: doc.status,
      to: INVENTORY_VOID,
    });
  });
  return { id, status: INVENTORY_VOID };
}

export async function runInventoryAction(ctx: Ctx, id: number, action: string, body?: unknown) {
  switch (action) {
    case "start":
      return startInventoryOrder(ctx, id);
    case "count":
      return countInventoryOrder(ctx, id, body);
    case "addLine":
      return addInventoryLine(ctx, id, body);
    case "post":
      return postInventoryOrder(ctx, id);
    case "void":
      return voidInventoryOrder(ctx, id);
    case "reverse":
      return reverseInventoryOrder(ctx, id);
    default:
      throw new DomainError("bad_request", "未知操作");
  }
}

export interface InventoryLineView {
  id: number;
  lineNo: number;
  productId: number;
  mainOE: string;
  productName: string;
  brandName: string | null;
  unitName: string | null;
  locationId: number;
  locationName: string;
  batchNo: string;
  /** Balance now (only shown when asked: a count sheet must not lead the counter). */
  currentQty: string;
  systemQty: string | null;
  countedQty: string | null;
  /** counted − systemQty, when counted. */
  diffQty: string | null;
  countedAt: Date | null;
  unitCost: string | null;
}

export interface InventoryOrderView {
  id: number;
  no: string;
  status: number;
  statusLabel: string;
  remark: string | null;
  warehouseId: number | null;
  warehouseName: string | null;
  createdByName: string | null;
  creationTime: Date;
  postedAt: Date | null;
  postedByName: string | null;
  companyName: string;
  lineCount: number;
  countedCount: number;
  actions: InventoryOrderAction[];
  lines: InventoryLineView[];
}

/** One stocktake with its lines (the page, the JSON API, the count sheet). */
export async function getInventoryOrder(ctx: Ctx, id: number, ex: Executor = db()): Promise<InventoryOrderView> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2147483647) throw new DomainError("not_found", "盘点单不存在");
  const creator = aliasedTable(users, "creator");
  const poster = aliasedTable(users, "poster");
  const [h] = await ex
    .select({
      id: inventoryOrders.id,
      no: inventoryOrders.no,
      status: inventoryOrders.status,
      remark: inventoryOrders.remark,
      warehouseId: inventoryOrders.warehouseId,
      warehouseName: warehouses.name,
      createdByName: creator.name,
      creationTime: inventoryOrders.creationTime,
      postedAt: inventoryOrders.postedAt,
      postedByName: poster.name,
      companyName: companies.name,
    })
    .from(inventoryOrders)
    .leftJoin(warehouses, eq(warehouses.id, inventoryOrders.warehouseId))
    .leftJoin(creator, eq(creator.id, inventoryOrders.createdBy))
    .leftJoin(poster, eq(poster.id, inventoryOrders.postedBy))
    .innerJoin(companies, eq(companies.id, inventoryOrders.companyId))
    .where(and(eq(inventoryOrders.id, id), eq(inventoryOrders.companyId, ctx.companyId)));
  if (!h) throw new DomainError("not_found", "盘点单不存在");
  const lines = await ex
    .select({
      id: inventoryOrderLines.id,
      lineNo: inventoryOrderLines.lineNo,
      productId: inventoryOrderLines.productId,
      mainOE: products.mainOE,
      productName: products.name,
      brandName: productBrands.name,
      unitName: productUnits.name,
      locationId: inventoryOrderLines.locationId,
      locationName: stockLocations.fullName,
      batchNo: inventoryOrderLines.batchNo,
      currentQty: sql<string>`coalesce((select b.qty from stock_balances b where b.company_id = ${inventoryOrderLines.companyId} and b.product_id = ${inventoryOrderLines.productId} and b.location_id = ${inventoryOrderLines.locationId} and b.batch_no = ${inventoryOrderLines.batchNo}), 0)::text`,
      systemQty: inventoryOrderLines.systemQty,
      countedQty: inventoryOrderLines.countedQty,
      countedAt: inventoryOrderLines.countedAt,
      unitCost: inventoryOrderLines.unitCost,
    })
    .from(inventoryOrderLines)
    .innerJoin(products, eq(products.id, inventoryOrderLines.productId))
    .leftJoin(productBrands, eq(productBrands.id, products.brandId))
    .leftJoin(productUnits, eq(productUnits.id, products.unitId))
    .innerJoin(stockLocations, eq(stockLocations.id, inventoryOrderLines.locationId))
    .where(and(eq(inventoryOrderLines.companyId, ctx.companyId), eq(inventoryOrderLines.inventoryOrderId, id)))
    .orderBy(asc(inventoryOrderLines.lineNo));
  const view = lines.map((l) => ({
    ...l,
    currentQty: qtyString(l.currentQty),
    diffQty: l.countedQty !== null ? qtyString(sub(l.countedQty, l.systemQty ?? 0)) : null,
  }));
  return {
    ...h,
    statusLabel: labelOf(INVENTORY_ORDER_STATUSES, h.status),
    lineCount: view.length,
    countedCount: view.filter((l) => l.countedQty !== null).length,
    actions: actionsFor(INVENTORY_ORDER_MACHINE, h.status),
    lines: view,
  };
}

export { INVENTORY_COUNTING };
