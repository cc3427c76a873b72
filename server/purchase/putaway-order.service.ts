import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Ctx } from "../lib/context";
import { db, type Executor } from "../db/client";
import { inTransaction } from "../db/transaction";
import { add, dec, gt, qtyString, sub, sum, type Decimal } from "../lib/decimal";
import { labelOf, PUTAWAY_ORDER_STATUSES } from "../lib/dictionary";
import { recordDocumentChange } from "../lib/document-audit";
import { DomainError } from "../lib/errors";
import { parseInput } from "../lib/validate";
import { enterpriseRelations } from "../organization/organization.tables";
import { productBrands } from "../product/brand.tables";
import { productUnits } from "../product/catalog.tables";
import { products } from "../product/product.tables";
import { actionsFor, assertTransition, lockDocument } from "../kernel/document";
import { defaultLocationsOf, receivingLocationOf } from "../stock/location.service";
import { postStock } from "../stock/stock-ledger.service";
import { stockLocations, warehouses } from "../stock/stock.tables";
import { nextDocumentNo, noTakenIn } from "../kernel/numbering";
import { users } from "../kernel/identity.tables";
import { purchaseOrderLines, purchaseOrders, putawayOrderLines, putawayOrders, receiveOrderLines, receiveOrders } from "./purchase.tables";
import { PUTAWAY_ORDER_MACHINE, type PutawayOrderAction, PA_DONE, PA_WAITING } from "./putaway-order.status";
import { ConfirmPutawayInputSchema } from "./receive-order.input";
import { RC_DONE } from "./receive-order.status";

/**
 * Put-away notes (上架单, /purchase/pickingIn): move what a confirmed receiving note booked into
 * the 收货区 onto shelves of the same warehouse. One line per received line (from = 收货区 +
 * the receipt's batch, to = the product's default location prefilled); a line may be split
 * over several shelves when it is confirmed. Confirmation posts the outflow and the inflows in
 * ONE internal postStock call; the batch keeps its cost, source and received time (batchFrom),
 * and leaves the 收货区 at that cost, so the 收货区's value returns to 0 with its quantity.
 * Lock order: purchase order → receiving note → put-away note → stock.
 */

export const PUTAWAY_DOC_TYPE = "putawayOrder";
const LABEL = "上架单";
const SHELF = 0;

function checkId(id: number) {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2147483647) throw new DomainError("not_found", `${LABEL}不存在`);
}

/**
 * Creates a put-away note (10 待上架) for what a confirmed receiving note still has in the 收货区
 * (received − put away − on open put-away notes). The caller holds the receiving note's lock.
 * Returns null when nothing is left.
 */
export async function createPutawayOrderFor(tx: Executor, ctx: Ctx, receiveOrderId: number) {
  const [note] = await tx
    .select()
    .from(receiveOrders)
    .where(and(eq(receiveOrders.id, receiveOrderId), eq(receiveOrders.companyId, ctx.companyId)));
  if (!note) throw new DomainError("not_found", "收货单不存在");
  if (note.status !== RC_DONE) throw new DomainError("conflict", "收货单尚未确认收货，不能生成上架单");
  const lines = await tx
    .select()
    .from(receiveOrderLines)
    .where(and(eq(receiveOrderLines.receiveOrderId, note.id), eq(receiveOrderLines.companyId, ctx.companyId)))
    .orderBy(asc(receiveOrderLines.lineNo));
  const pending = await tx
    .select({ receiveLineId: putawayOrderLines.receiveOrderLineId, qty: sql<string>`sum(${putawayOrderLines.qty})::text` })
    .from(putawayOrderLines)
    .innerJoin(putawayOrders, eq(putawayOrders.id, putawayOrderLines.putawayOrderId))
    .where(and(eq(putawayOrders.companyId, ctx.companyId), eq(putawayOrders.receiveOrderId, note.id), eq(putawayOrders.status, PA_WAITING)))
    .groupBy(putawayOrderLines.receiveOrderLineId);
  const pendingBy = new Map(pending.map((p) => [p.receiveLineId, p.qty]));
  const open = lines.map((l) => ({ l, qty: sub(sub(l.receivedQty, l.putawayQty), pendingBy.get(l.id) ?? 0) })).filter((x) => gt(x.qty, 0));
  if (open.length === 0) return null;
  const from = note.locationId ?? (await receivingLocationOf(tx, ctx, note.warehouseId));
  const defaults = await defaultLocationsOf(
    tx,
    ctx,
    note.warehouseId,
    open.map((x) => x.l.productId),
  );
  const shelves = await shelfIds(
    tx,
    ctx,
    note.warehouseId,
    [...defaults.values()].map((d) => d.id),
  );
  const no = await nextDocumentNo(tx, ctx, PUTAWAY_DOC_TYPE, { exists: noTakenIn(tx, ctx, putawayOrders) });
  const now = ctx.now ?? new Date();
  const [p] = await tx
    .insert(putawayOrders)
    .values({
      companyId: ctx.companyId,
      no,
      status: PA_WAITING,
      receiveOrderId: note.id,
      purchaseOrderId: note.purchaseOrderId,
      warehouseId: note.warehouseId,
      createdBy: ctx.userId,
      creationTime: now,
      updatedAt: now,
    })
    .returning({ id: putawayOrders.id, no: putawayOrders.no });
  await tx.insert(putawayOrderLines).values(
    open.map((x, i) => {
      const d = defaults.get(x.l.productId);
      return {
        companyId: ctx.companyId,
        lineNo: i + 1,
        putawayOrderId: p!.id,
        receiveOrderLineId: x.l.id,
        productId: x.l.productId,
        batchNo: x.l.batchNo,
        fromLocationId: from,
        toLocationId: d && shelves.has(d.id) ? d.id : null,
        qty: qtyString(x.qty),
      };
    }),
  );
  return p!;
}

/** The enabled shelves (kind 0) of the warehouse among `ids`. */
async function shelfIds(ex: Executor, ctx: Ctx, warehouseId: number, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await ex
    .select({ id: stockLocations.id })
    .from(stockLocations)
    .where(
      and(
        eq(stockLocations.companyId, ctx.companyId),
        eq(stockLocations.warehouseId, warehouseId),
        eq(stockLocations.kind, SHELF),
        eq(stockLocations.isEnabled, true),
        inArray(stockLocations.id, ids),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** The shelves a put-away note of this warehouse may go to (the page's choices). */
export async function shelvesOf(ctx: Ctx, warehouseId: number, ex: Executor = db()) {
  return ex
    .select({ id: stockLocations.id, fullName: stockLocations.fullName })
    .from(stockLocations)
    .where(
      and(
        eq(stockLocations.companyId, ctx.companyId),
        eq(stockLocations.warehouseId, warehouseId),
        eq(stockLocations.kind, SHELF),
        eq(stockLocations.isEnabled, true),
      ),
    )
    .orderBy(asc(stockLocations.fullNameSort), asc(stockLocations.id))
    .limit(2000);
}

/**
 * 确认上架: per line the shelf and quantity (a line id given twice is split over two shelves;
 * lines left out go where the note says). The quantities of one line may add up to less than
 * the line (the rest stays in the 收货区 for another put-away note), never to more.
 */
export async function confirmPutawayOrder(ctx: Ctx, id: number, input?: unknown) {
  checkId(id);
  const data = parseInput(ConfirmPutawayInputSchema, input ?? {});
  return inTransaction(async (tx) => {
    const [ref] = await tx
      .select({ receiveOrderId: putawayOrders.receiveOrderId, purchaseOrderId: putawayOrders.purchaseOrderId })
      .from(putawayOrders)
      .where(and(eq(putawayOrders.id, id), eq(putawayOrders.companyId, ctx.companyId)));
    if (!ref) throw new DomainError("not_found", `${LABEL}不存在`);
    if (ref.purchaseOrderId) await lockDocument(tx, purchaseOrders, ctx, ref.purchaseOrderId, "采购订单");
    if (ref.receiveOrderId) await lockDocument(tx, receiveOrders, ctx, ref.receiveOrderId, "收货单");
    const note = await lockDocument(tx, putawayOrders, ctx, id, LABEL);
    assertTransition(PUTAWAY_ORDER_MACHINE, "confirm", note.status);

    const lines = await tx
      .select()
      .from(putawayOrderLines)
      .where(and(eq(putawayOrderLines.putawayOrderId, note.id), eq(putawayOrderLines.companyId, ctx.companyId)))
      .orderBy(asc(putawayOrderLines.lineNo));
    const byId = new Map(lines.map((l) => [l.id, l]));
    const entries = new Map<number, { toLocationId: number; qty: string }[]>();
    for (const e of data.lines) {
      if (!byId.has(e.id)) throw new DomainError("bad_request", "上架行不存在");
      entries.set(e.id, [...(entries.get(e.id) ?? []), { toLocationId: e.toLocationId, qty: e.qty }]);
    }
    type Final = { line: (typeof lines)[number]; toLocationId: number | null; qty: Decimal; isNew: boolean };
    const finals: Final[] = [];
    const errors: string[] = [];
    for (const l of lines) {
      const es = entries.get(l.id);
      if (!es) {
        finals.push({ line: l, toLocationId: l.toLocationId, qty: dec(l.qty), isNew: false });
        continue;
      }
      const total = sum(es.map((e) => e.qty));
      if (gt(total, l.qty)) errors.push(`第 ${l.lineNo} 行：上架数量合计 ${qtyString(total)} 超过待上架数量 ${qtyString(l.qty)}`);
      es.forEach((e, i) => finals.push({ line: l, toLocationId: e.toLocationId, qty: dec(e.qty), isNew: i > 0 }));
    }
    const moving = finals.filter((f) => gt(f.qty, 0));
    for (const f of moving) if (!f.toLocationId) errors.push(`第 ${f.line.lineNo} 行：请选择上架货位`);
    if (errors.length) throw new DomainError("bad_request", errors.join("；"), { lines: errors });
    if (moving.length === 0) throw new DomainError("bad_request", "上架数量全部为 0，不能确认上架");
    const allowed = await shelfIds(
      tx,
      ctx,
      note.warehouseId,
      moving.map((f) => f.toLocationId!),
    );
    for (const f of moving) if (!allowed.has(f.toLocationId!)) errors.push(`第 ${f.line.lineNo} 行：上架货位须是本仓库启用的货架`);
    if (errors.length) throw new DomainError("bad_request", errors.join("；"), { lines: errors });

    // Store what is confirmed: the first entry of a line updates it, further entries are new lines.
    let nextLineNo = Math.max(0, ...lines.map((l) => l.lineNo)) + 1;
    const seen = new Set<number>();
    for (const f of finals) {
      if (!entries.has(f.line.id)) continue;
      if (!seen.has(f.line.id)) {
        seen.add(f.line.id);
        await tx
          .update(putawayOrderLines)
          .set({ toLocationId: f.toLocationId, qty: qtyString(f.qty) })
          .where(eq(putawayOrderLines.id, f.line.id));
        (f as { docLineId?: number }).docLineId = f.line.id;
      } else {
        const [row] = await tx
          .insert(putawayOrderLines)
          .values({
            companyId: ctx.companyId,
            lineNo: nextLineNo++,
            putawayOrderId: note.id,
            receiveOrderLineId: f.line.receiveOrderLineId,
            productId: f.line.productId,
            batchNo: f.line.batchNo,
            fromLocationId: f.line.fromLocationId,
            toLocationId: f.toLocationId,
            qty: qtyString(f.qty),
          })
          .returning({ id: putawayOrderLines.id });
        (f as { docLineId?: number }).docLineId = row!.id;
      }
    }
    const docLineOf = (f: Final) => (f as { docLineId?: number }).docLineId ?? f.line.id;
    await postStock(tx, ctx, {
      bizType: "PutawayOrder",
      docType: PUTAWAY_DOC_TYPE,
      docId: note.id,
      docNo: note.no,
      internal: true,
      lines: moving.flatMap((f) => [
        { productId: f.line.productId, locationId: f.line.fromLocationId, batchNo: f.line.batchNo, qty: f.qty.neg(), docLineId: docLineOf(f) },
        {
          productId: f.line.productId,
          locationId: f.toLocationId!,
          batchNo: f.line.batchNo,
          qty: f.qty,
          batchFrom: { locationId: f.line.fromLocationId, batchNo: f.line.batchNo },
          docLineId: docLineOf(f),
        },
      ]),
    });
    const perReceiveLine = new Map<number, Decimal>();
    for (const f of moving)
      if (f.line.receiveOrderLineId) perReceiveLine.set(f.line.receiveOrderLineId, add(perReceiveLine.get(f.line.receiveOrderLineId) ?? 0, f.qty));
    for (const [rlId, q] of perReceiveLine) {
      const [rl] = await tx
        .update(receiveOrderLines)
        .set({ putawayQty: sql`${receiveOrderLines.putawayQty} + ${qtyString(q)}::numeric` })
        .where(and(eq(receiveOrderLines.id, rlId), eq(receiveOrderLines.companyId, ctx.companyId)))
        .returning({ purchaseOrderLineId: receiveOrderLines.purchaseOrderLineId });
      if (rl?.purchaseOrderLineId) {
        await tx
          .update(purchaseOrderLines)
          .set({ putawayQty: sql`${purchaseOrderLines.putawayQty} + ${qtyString(q)}::numeric` })
          .where(and(eq(purchaseOrderLines.id, rl.purchaseOrderLineId), eq(purchaseOrderLines.companyId, ctx.companyId)));
      }
    }
    const now = ctx.now ?? new Date();
    await tx.update(putawayOrders).set({ status: PA_DONE, postedAt: now, postedBy: ctx.userId, updatedAt: now }).where(eq(putawayOrders.id, note.id));
    await recordDocumentChange(tx, ctx, PUTAWAY_ORDER_MACHINE, "confirm", { type: PUTAWAY_DOC_TYPE, id: note.id, no: note.no, from: note.status, to: PA_DONE });
    return { id: note.id, no: note.no, status: PA_DONE };
  });
}

export interface PutawayOrderView {
  id: number;
  no: string;
  status: number;
  statusName: string;
  receiveOrderId: number | null;
  receiveOrderNo: string | null;
  purchaseOrderId: number | null;
  purchaseOrderNo: string | null;
  partnerName: string | null;
  warehouseId: number;
  warehouseName: string;
  remark: string | null;
  creationTime: Date;
  postedAt: Date | null;
  createdByName: string | null;
  postedByName: string | null;
  totalQty: string;
  actions: PutawayOrderAction[];
  lines: {
    id: number;
    lineNo: number;
    receiveOrderLineId: number | null;
    productId: number;
    mainOE: string;
    productName: string;
    brandName: string | null;
    unitName: string | null;
    batchNo: string;
    fromLocationId: number;
    fromLocationName: string;
    toLocationId: number | null;
    toLocationName: string | null;
    qty: string;
  }[];
}

export async function getPutawayOrder(ctx: Ctx, id: number, ex: Executor = db()): Promise<PutawayOrderView> {
  checkId(id);
  const creator = alias(users, "creator");
  const poster = alias(users, "poster");
  const [h] = await ex
    .select({
      note: putawayOrders,
      receiveOrderNo: receiveOrders.no,
      purchaseOrderNo: purchaseOrders.no,
      partnerName: enterpriseRelations.name,
      warehouseName: warehouses.name,
      createdByName: creator.name,
      postedByName: poster.name,
    })
    .from(putawayOrders)
    .leftJoin(receiveOrders, eq(receiveOrders.id, putawayOrders.receiveOrderId))
    .leftJoin(purchaseOrders, eq(purchaseOrders.id, putawayOrders.purchaseOrderId))
    .leftJoin(enterpriseRelations, eq(enterpriseRelations.id, receiveOrders.partnerId))
    .leftJoin(warehouses, eq(warehouses.id, putawayOrders.warehouseId))
    .leftJoin(creator, eq(creator.id, putawayOrders.createdBy))
    .leftJoin(poster, eq(poster.id, putawayOrders.postedBy))
    .where(and(eq(putawayOrders.id, id), eq(putawayOrders.companyId, ctx.companyId)));
  if (!h) throw new DomainError("not_found", `${LABEL}不存在`);
  const fromLoc = alias(stockLocations, "from_loc");
  const toLoc = alias(stockLocations, "to_loc");
  const rows = await ex
    .select({
      line: putawayOrderLines,
      mainOE: products.mainOE,
      productName: products.name,
      brandName: productBrands.name,
      unitName: productUnits.name,
      fromLocationName: fromLoc.fullName,
      toLocationName: toLoc.fullName,
    })
    .from(putawayOrderLines)
    .innerJoin(products, eq(products.id, putawayOrderLines.productId))
    .leftJoin(productBrands, eq(productBrands.id, products.brandId))
    .leftJoin(productUnits, eq(productUnits.id, products.unitId))
    .leftJoin(fromLoc, eq(fromLoc.id, putawayOrderLines.fromLocationId))
    .leftJoin(toLoc, eq(toLoc.id, putawayOrderLines.toLocationId))
    .where(and(eq(putawayOrderLines.putawayOrderId, id), eq(putawayOrderLines.companyId, ctx.companyId)))
    .orderBy(asc(putawayOrderLines.lineNo), asc(putawayOrderLines.id));
  const n = h.note;
  const lines = rows.map((r) => ({
    id: r.line.id,
    lineNo: r.line.lineNo,
    receiveOrderLineId: r.line.receiveOrderLineId,
    productId: r.line.productId,
    mainOE: r.mainOE,
    productName: r.productName,
    brandName: r.brandName ?? null,
    unitName: r.unitName ?? null,
    batchNo: r.line.batchNo,
    fromLocationId: r.line.fromLocationId,
    fromLocationName: r.fromLocationName ?? "",
    toLocationId: r.line.toLocationId,
    toLocationName: r.toLocationName ?? null,
    qty: r.line.qty,
  }));
  return {
    id: n.id,
    no: n.no,
    status: n.status,
    statusName: labelOf(PUTAWAY_ORDER_STATUSES, n.status),
    receiveOrderId: n.receiveOrderId,
    receiveOrderNo: h.receiveOrderNo ?? null,
    purchaseOrderId: n.purchaseOrderId,
    purchaseOrderNo: h.purchaseOrderNo ?? null,
    partnerName: h.partnerName ?? null,
    warehouseId: n.warehouseId,
    warehouseName: h.warehouseName ?? "",
    remark: n.remark,
    creationTime: n.creationTime,
    postedAt: n.postedAt,
    createdByName: h.createdByName ?? null,
    postedByName: h.postedByName ?? null,
    totalQty: qtyString(sum(lines.map((l) => l.qty))),
    actions: actionsFor(PUTAWAY_ORDER_MACHINE, n.status),
    lines,
  };
}
