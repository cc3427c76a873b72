import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Ctx } from "../lib/context";
import { db, type Executor } from "../db/client";
import { inTransaction } from "../db/transaction";
import { eq as decEq, formatMoney, gt, isZero, lt, moneyString, mul, qtyString, roundMoney, sub, sum } from "../lib/decimal";
import { labelOf, PURCHASE_ORDER_STATUSES, REASON_CODES, RECEIVE_ORDER_STATUSES } from "../lib/dictionary";
import { recordDocumentChange } from "../lib/document-audit";
import { DomainError, isDomainError } from "../lib/errors";
import { parseInput } from "../lib/validate";
import { getCompanySettings } from "../setting/setting.service";
import { actionsFor, assertTransition, lockDocument } from "../kernel/document";
import { receivingLocationOf } from "../stock/location.service";
import { postStock, reverseDocument } from "../stock/stock-ledger.service";
import { stockLocations, warehouses } from "../stock/stock.tables";
import { nextDocumentNo, noTakenIn } from "../kernel/numbering";
import { users } from "../kernel/identity.tables";
import { notify } from "../kernel/notify";
import { partnerNameOf } from "../organization/partner-name";
import { products } from "../product/product.tables";
import { productBrands } from "../product/brand.tables";
import { productUnits } from "../product/catalog.tables";
import { enterpriseRelations } from "../organization/organization.tables";
import { refreshReceivingStatus } from "./purchase-order.receiving";
import { purchaseOrderLines, purchaseOrders, putawayOrderLines, putawayOrders, receiveOrderLines, receiveOrders } from "./purchase.tables";
import { ConfirmReceiveInputSchema, CreateReceiveInputSchema } from "./receive-order.input";
import { RECEIVE_ORDER_MACHINE, type ReceiveOrderAction, RC_DONE, RC_REVERSED, RC_WAITING } from "./receive-order.status";
import { createPutawayOrderFor } from "./putaway-order.service";
import { postPartnerEntry, reversePartnerEntry } from "../finance/partner-account.service";
import { PA_DONE } from "./putaway-order.status";
import { PO_PARTIAL, PO_WAITING } from "./purchase-order.status";

/**
 * Receiving notes (收货单, /purchase/receive). Lock order for everything that touches a purchase
 * order: the purchase order row → the note row → stock (postStock locks balances in key order).
 *
 * Rules decided here:
 * - One open (10 待收货) note per purchase order at a time: a second one would expect the same
 *   open quantities twice. A partial receipt closes its note (100) and the order gets a new
 *   note for the rest ("从采购单收货", or automatically with AutoCreateReceipt).
 * - Every line whose received quantity differs from the expected one needs a §9 reason code.
 * - Receiving more than the order still expects (ordered − received so far) is refused unless
 *   the line's reason is 20 产品多发: the surplus is then received and booked at the order
 *   price (the goods are here; the buyer settles the difference with the supplier).
 * - Stock rises on confirmation as a new batch (note number-line number, stock source 1, the
 *   order price as its cost) in the warehouse's 收货区, so arrived goods are never invisible.
 */

export const RECEIVE_DOC_TYPE = "receiveOrder";
const LABEL = "收货单";
export const SOURCE_PURCHASE = 1;
export const REASON_OVER_DELIVERED = 20;

/** Who may see purchase prices and amounts: holders of 产品价格 (CPGL-002) or 采购订单 (CGGL-001). */
export function canSeePurchasePrices(ctx: Pick<Ctx, "permissions">) {
  return ctx.permissions.has("CPGL-002") || ctx.permissions.has("CGGL-001");
}

async function orderIdOfNote(ex: Executor, ctx: Ctx, id: number): Promise<number | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2147483647) throw new DomainError("not_found", `${LABEL}不存在`);
  const [row] = await ex
    .select({ orderId: receiveOrders.purchaseOrderId })
    .from(receiveOrders)
    .where(and(eq(receiveOrders.id, id), eq(receiveOrders.companyId, ctx.companyId)));
  if (!row) throw new DomainError("not_found", `${LABEL}不存在`);
  return row.orderId;
}

/** Locks the note's purchase order (first), then the note itself. */
async function lockNoteWithOrder(tx: Executor, ctx: Ctx, id: number) {
  const orderId = await orderIdOfNote(tx, ctx, id);
  const order = orderId ? await lockDocument(tx, purchaseOrders, ctx, orderId, "采购订单") : null;
  const note = await lockDocument(tx, receiveOrders, ctx, id, LABEL);
  return { order, note };
}

async function refreshOrder(tx: Executor, ctx: Ctx, orderId: number | null): Promise<number | null> {
  return orderId ? refreshReceivingStatus(tx, ctx, orderId) : null;
}

/** What the purchase order went through with the note (the audit entry's note). */
function orderNote(order: { no: string; status: number } | null, next: number | null) {
  return order
    ? `采购订单 ${order.no}：${labelOf(PURCHASE_ORDER_STATUSES, order.status)} → ${labelOf(PURCHASE_ORDER_STATUSES, next ?? order.status)}`
    : undefined;
}

/**
 * Creates a receiving note (status 10 待收货) for what a submitted purchase order still expects
 * (ordered − received, per line). The caller holds the order's row lock (it is taken again,
 * harmlessly, inside the same transaction). Returns null when nothing is open.
 */
export async function createReceiveOrderFor(tx: Executor, ctx: Ctx, orderId: number) {
  const order = await lockDocument(tx, purchaseOrders, ctx, orderId, "采购订单");
  if (![10, 20, 30, 40].includes(order.status)) {
    throw new DomainError("conflict", `采购订单当前状态为“${labelOf(PURCHASE_ORDER_STATUSES, order.status)}”，不能收货`);
  }
  const [openNote] = await tx
    .select({ no: receiveOrders.no })
    .from(receiveOrders)
    .where(and(eq(receiveOrders.companyId, ctx.companyId), eq(receiveOrders.purchaseOrderId, order.id), eq(receiveOrders.status, RC_WAITING)))
    .limit(1);
  if (openNote) throw new DomainError("conflict", `采购订单 ${order.no} 已有待收货的收货单 ${openNote.no}，请先确认该收货单`);
  const lines = await tx
    .select()
    .from(purchaseOrderLines)
    .where(and(eq(purchaseOrderLines.orderId, order.id), eq(purchaseOrderLines.companyId, ctx.companyId)))
    .orderBy(asc(purchaseOrderLines.lineNo), asc(purchaseOrderLines.id));
  const open = lines.map((l) => ({ l, expected: sub(l.qty, l.receivedQty) })).filter((x) => gt(x.expected, 0));
  if (open.length === 0) return null;
  const no = await nextDocumentNo(tx, ctx, RECEIVE_DOC_TYPE, { exists: noTakenIn(tx, ctx, receiveOrders) });
  const now = ctx.now ?? new Date();
  const [note] = await tx
    .insert(receiveOrders)
    .values({
      companyId: ctx.companyId,
      no,
      status: RC_WAITING,
      purchaseOrderId: order.id,
      partnerId: order.partnerId,
      warehouseId: order.warehouseId,
      createdBy: ctx.userId,
      creationTime: now,
      updatedAt: now,
    })
    .returning({ id: receiveOrders.id, no: receiveOrders.no });
  await tx.insert(receiveOrderLines).values(
    open.map((x, i) => ({
      companyId: ctx.companyId,
      lineNo: i + 1,
      receiveOrderId: note!.id,
      purchaseOrderLineId: x.l.id,
      productId: x.l.productId,
      expectedQty: qtyString(x.expected),
      receivedQty: qtyString(x.expected),
      price: x.l.price,
      batchNo: `${no}-${i + 1}`,
    })),
  );
  await refreshReceivingStatus(tx, ctx, order.id);
  return note!;
}

/**
 * Called by submitPurchaseOrder inside its transaction (the order row is locked): with the
 * company setting AutoCreateReceipt (default on) a receiving note is made for the order's open
 * quantities; with AutoConfirmReceipt it is confirmed at once (goods into the 收货区); with
 * AutoCreatePickIn the confirmation also makes the put-away note.
 */
export async function afterPurchaseOrderSubmitted(tx: Executor, ctx: Ctx, orderId: number) {
  const settings = await getCompanySettings(ctx, tx);
  if (settings.AutoCreateReceipt === false) return null;
  const note = await createReceiveOrderFor(tx, ctx, orderId);
  if (note && settings.AutoConfirmReceipt !== false) await confirmInTx(tx, ctx, note.id, { lines: [] }, settings.AutoCreatePickIn !== false);
  return note;
}

/** "从采购单收货": a receiving note for a submitted order's open quantities (when AutoCreateReceipt is off, or for the rest). */
export async function createReceiveOrder(ctx: Ctx, input: unknown) {
  const { purchaseOrderId } = parseInput(CreateReceiveInputSchema, input);
  return inTransaction(async (tx) => {
    const note = await createReceiveOrderFor(tx, ctx, purchaseOrderId);
    if (!note) throw new DomainError("conflict", "该采购订单没有待收货的数量");
    return note;
  });
}

async function confirmInTx(
  tx: Executor,
  ctx: Ctx,
  id: number,
  input: { lines: { id: number; receivedQty: string; reasonCode: number | null }[] },
  autoPutaway: boolean,
) {
  const { order, note } = await lockNoteWithOrder(tx, ctx, id);
  assertTransition(RECEIVE_ORDER_MACHINE, "confirm", note.status);
  const lines = await tx
    .select()
    .from(receiveOrderLines)
    .where(and(eq(receiveOrderLines.receiveOrderId, note.id), eq(receiveOrderLines.companyId, ctx.companyId)))
    .orderBy(asc(receiveOrderLines.lineNo));
  const byId = new Map(lines.map((l) => [l.id, l]));
  const given = new Map<number, { receivedQty: string; reasonCode: number | null }>();
  for (const l of input.lines) {
    if (!byId.has(l.id)) throw new DomainError("bad_request", "收货行不存在");
    if (given.has(l.id)) throw new DomainError("bad_request", "同一收货行不能提交两次");
    given.set(l.id, l);
  }
  const orderLines = order
    ? await tx
        .select()
        .from(purchaseOrderLines)
        .where(and(eq(purchaseOrderLines.orderId, order.id), eq(purchaseOrderLines.companyId, ctx.companyId)))
    : [];
  const orderLineById = new Map(orderLines.map((l) => [l.id, l]));
  const finals = lines.map((l) => {
    const g = given.get(l.id);
    const receivedQty = g ? qtyString(g.receivedQty) : l.receivedQty;
    const reasonCode = g ? g.reasonCode : l.reasonCode;
    return { ...l, receivedQty, reasonCode };
  });
  const errors: string[] = [];
  for (const l of finals) {
    if (!decEq(l.receivedQty, l.expectedQty) && l.reasonCode === null)
      errors.push(`第 ${l.lineNo} 行：实收 ${qtyString(l.receivedQty)} 与应收 ${qtyString(l.expectedQty)} 不一致，请选择差异原因`);
    const ol = l.purchaseOrderLineId ? orderLineById.get(l.purchaseOrderLineId) : undefined;
    if (ol) {
      const open = sub(ol.qty, ol.receivedQty);
      if (gt(l.receivedQty, open) && l.reasonCode !== REASON_OVER_DELIVERED) {
        errors.push(`第 ${l.lineNo} 行：实收 ${qtyString(l.receivedQty)} 超过订单未收数量 ${qtyString(lt(open, 0) ? 0 : open)}，多收请选择差异原因“产品多发”`);
      }
    }
  }
  if (errors.length) throw new DomainError("bad_request", errors.join("；"), { lines: errors });
  if (finals.every((l) => isZero(l.receivedQty))) throw new DomainError("bad_request", "实收数量全部为 0，不能确认收货");

  const now = ctx.now ?? new Date();
  const locationId = await receivingLocationOf(tx, ctx, note.warehouseId);
  const posted = finals.filter((l) => gt(l.receivedQty, 0));
  await postStock(tx, ctx, {
    bizType: "PurchaseOrder",
    docType: RECEIVE_DOC_TYPE,
    docId: note.id,
    docNo: note.no,
    lines: posted.map((l) => ({
      productId: l.productId,
      locationId,
      batchNo: `${note.no}-${l.lineNo}`,
      qty: l.receivedQty,
      unitCost: l.price,
      source: SOURCE_PURCHASE,
      receivedAt: now,
      docLineId: l.id,
    })),
  });
  for (const l of finals) {
    await tx
      .update(receiveOrderLines)
      .set({
        receivedQty: qtyString(l.receivedQty),
        reasonCode: decEq(l.receivedQty, l.expectedQty) ? l.reasonCode : l.reasonCode,
        batchNo: `${note.no}-${l.lineNo}`,
      })
      .where(eq(receiveOrderLines.id, l.id));
    if (l.purchaseOrderLineId && gt(l.receivedQty, 0)) {
      await tx
        .update(purchaseOrderLines)
        .set({ receivedQty: sql`${purchaseOrderLines.receivedQty} + ${qtyString(l.receivedQty)}::numeric` })
        .where(and(eq(purchaseOrderLines.id, l.purchaseOrderLineId), eq(purchaseOrderLines.companyId, ctx.companyId)));
    }
  }
  await tx.update(receiveOrders).set({ status: RC_DONE, locationId, postedAt: now, postedBy: ctx.userId, updatedAt: now }).where(eq(receiveOrders.id, note.id));
  const orderStatus = await refreshOrder(tx, ctx, order?.id ?? null);
  // The supplier's payable (partner account LAST in the lock order): Σ received × price.
  const payable = roundMoney(sum(posted.map((l) => mul(l.receivedQty, l.price))));
  await recordDocumentChange(tx, ctx, RECEIVE_ORDER_MACHINE, "confirm", {
    type: RECEIVE_DOC_TYPE,
    id: note.id,
    no: note.no,
    from: note.status,
    to: RC_DONE,
    total: moneyString(payable),
    note: orderNote(order, orderStatus),
  });
  if (autoPutaway) await createPutawayOrderFor(tx, ctx, note.id);
  if (gt(payable, 0))
    await postPartnerEntry(tx, ctx, { partnerId: note.partnerId, docType: RECEIVE_DOC_TYPE, docId: note.id, docNo: note.no, amount: payable });
  await notify(
    tx,
    ctx,
    "receivingConfirmed",
    { noteId: note.id, receiveNo: note.no, orderNo: order?.no ?? "", supplierName: await partnerNameOf(tx, ctx, note.partnerId), amount: formatMoney(payable) },
    { userId: order?.buyerId },
  );
  return { id: note.id, no: note.no, status: RC_DONE };
}

/**
 * 确认收货: the received quantities (and reasons) per line; lines left out keep the note's
 * prefilled quantity. Posts the inflow into the 收货区, updates the order's received quantities
 * and status; with AutoCreatePickIn also makes the put-away note. A second confirmation finds
 * status 100 under the lock and is refused: the goods are posted once.
 */
export async function confirmReceiveOrder(ctx: Ctx, id: number, input?: unknown) {
  const data = parseInput(ConfirmReceiveInputSchema, input ?? {});
  return inTransaction(async (tx) => {
    const settings = await getCompanySettings(ctx, tx);
    return confirmInTx(tx, ctx, id, data, settings.AutoCreatePickIn !== false);
  });
}

/**
 * 红冲 (100 → 90): posts the opposite of the note's inflow (PurchaseOrderBack), takes the
 * received quantities off the order and refreshes its status. Refused once any of it was put
 * away; an open (unconfirmed) put-away note of it is withdrawn with it. If the goods left the
 * 收货区 otherwise (issued), the ledger refuses the negative and the refusal says why.
 */
export async function reverseReceiveOrder(ctx: Ctx, id: number) {
  return inTransaction(async (tx) => {
    const { order, note } = await lockNoteWithOrder(tx, ctx, id);
    assertTransition(RECEIVE_ORDER_MACHINE, "reverse", note.status);
    const lines = await tx
      .select()
      .from(receiveOrderLines)
      .where(and(eq(receiveOrderLines.receiveOrderId, note.id), eq(receiveOrderLines.companyId, ctx.companyId)));
    if (lines.some((l) => gt(l.putawayQty, 0))) throw new DomainError("conflict", `收货单 ${note.no} 的货物已上架，不能红冲`);
    const openPutaways = await tx
      .select({ id: putawayOrders.id })
      .from(putawayOrders)
      .where(and(eq(putawayOrders.companyId, ctx.companyId), eq(putawayOrders.receiveOrderId, note.id)))
      .for("update");
    try {
      await reverseDocument(tx, ctx, { docType: RECEIVE_DOC_TYPE, docId: note.id, docNo: note.no, bizType: "PurchaseOrderBack", remark: `红冲 ${note.no}` });
    } catch (e) {
      if (isDomainError(e) && e.code === "conflict") throw new DomainError("conflict", `收货单 ${note.no} 的货物已上架或已出库，不能红冲：${e.message}`);
      throw e;
    }
    if (openPutaways.length) {
      const ids = openPutaways.map((p) => p.id);
      const [done] = await tx
        .select({ id: putawayOrders.id })
        .from(putawayOrders)
        .where(and(inArray(putawayOrders.id, ids), eq(putawayOrders.status, PA_DONE)))
        .limit(1);
      if (done) throw new DomainError("conflict", `收货单 ${note.no} 的货物已上架，不能红冲`);
      await tx.delete(putawayOrderLines).where(inArray(putawayOrderLines.putawayOrderId, ids));
      await tx.delete(putawayOrders).where(inArray(putawayOrders.id, ids));
    }
    for (const l of lines) {
      if (l.purchaseOrderLineId && gt(l.receivedQty, 0)) {
        await tx
          .update(purchaseOrderLines)
          .set({ receivedQty: sql`greatest(${purchaseOrderLines.receivedQty} - ${qtyString(l.receivedQty)}::numeric, 0)` })
          .where(and(eq(purchaseOrderLines.id, l.purchaseOrderLineId), eq(purchaseOrderLines.companyId, ctx.companyId)));
      }
    }
    const now = ctx.now ?? new Date();
    await tx.update(receiveOrders).set({ status: RC_REVERSED, updatedAt: now }).where(eq(receiveOrders.id, note.id));
    const orderStatus = await refreshOrder(tx, ctx, order?.id ?? null);
    const total = moneyString(roundMoney(sum(lines.map((l) => mul(l.receivedQty, l.price)))));
    await recordDocumentChange(tx, ctx, RECEIVE_ORDER_MACHINE, "reverse", {
      type: RECEIVE_DOC_TYPE,
      id: note.id,
      no: note.no,
      from: note.status,
      to: RC_REVERSED,
      total,
      note: orderNote(order, orderStatus),
    });
    // The payable posted back (receiveOrderBack, the opposite amount), partner account last.
    await reversePartnerEntry(tx, ctx, { docType: RECEIVE_DOC_TYPE, docId: note.id, docNo: note.no });
    return { id: note.id, no: note.no, status: RC_REVERSED };
  });
}

/** 生成上架单: a put-away note for what a confirmed note still has in the 收货区. */
export async function createPutawayFromReceive(ctx: Ctx, id: number) {
  return inTransaction(async (tx) => {
    const { note } = await lockNoteWithOrder(tx, ctx, id);
    assertTransition(RECEIVE_ORDER_MACHINE, "createPutaway", note.status);
    const created = await createPutawayOrderFor(tx, ctx, note.id);
    if (!created) throw new DomainError("conflict", `收货单 ${note.no} 没有待上架的数量`);
    return created;
  });
}

export interface ReceiveOrderView {
  id: number;
  no: string;
  status: number;
  statusName: string;
  purchaseOrderId: number | null;
  purchaseOrderNo: string | null;
  partnerId: number;
  partnerName: string;
  warehouseId: number;
  warehouseName: string;
  locationName: string | null;
  remark: string | null;
  creationTime: Date;
  postedAt: Date | null;
  createdByName: string | null;
  postedByName: string | null;
  companyName: string;
  showPrices: boolean;
  totalExpected: string;
  totalReceived: string;
  totalAmount: string | null;
  actions: ReceiveOrderAction[];
  putawayOrders: { id: number; no: string; status: number }[];
  lines: {
    id: number;
    lineNo: number;
    productId: number;
    mainOE: string;
    productName: string;
    brandName: string | null;
    unitName: string | null;
    orderedQty: string | null;
    expectedQty: string;
    receivedQty: string;
    price: string | null;
    amount: string | null;
    reasonCode: number | null;
    reasonName: string | null;
    batchNo: string;
    putawayQty: string;
  }[];
}

/** The note with its lines, names and totals (document and print pages); prices only for those who may see them. */
export async function getReceiveOrder(ctx: Ctx, id: number, ex: Executor = db()): Promise<ReceiveOrderView> {
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2147483647) throw new DomainError("not_found", `${LABEL}不存在`);
  const creator = alias(users, "creator");
  const poster = alias(users, "poster");
  const [h] = await ex
    .select({
      note: receiveOrders,
      purchaseOrderNo: purchaseOrders.no,
      partnerName: enterpriseRelations.name,
      warehouseName: warehouses.name,
      locationName: stockLocations.fullName,
      createdByName: creator.name,
      postedByName: poster.name,
    })
    .from(receiveOrders)
    .leftJoin(purchaseOrders, eq(purchaseOrders.id, receiveOrders.purchaseOrderId))
    .leftJoin(enterpriseRelations, eq(enterpriseRelations.id, receiveOrders.partnerId))
    .leftJoin(warehouses, eq(warehouses.id, receiveOrders.warehouseId))
    .leftJoin(stockLocations, eq(stockLocations.id, receiveOrders.locationId))
    .leftJoin(creator, eq(creator.id, receiveOrders.createdBy))
    .leftJoin(poster, eq(poster.id, receiveOrders.postedBy))
    .where(and(eq(receiveOrders.id, id), eq(receiveOrders.companyId, ctx.companyId)));
  if (!h) throw new DomainError("not_found", `${LABEL}不存在`);
  const rows = await ex
    .select({
      line: receiveOrderLines,
      mainOE: products.mainOE,
      productName: products.name,
      brandName: productBrands.name,
      unitName: productUnits.name,
      orderedQty: purchaseOrderLines.qty,
    })
    .from(receiveOrderLines)
    .innerJoin(products, eq(products.id, receiveOrderLines.productId))
    .leftJoin(productBrands, eq(productBrands.id, products.brandId))
    .leftJoin(productUnits, eq(productUnits.id, products.unitId))
    .leftJoin(purchaseOrderLines, eq(purchaseOrderLines.id, receiveOrderLines.purchaseOrderLineId))
    .where(and(eq(receiveOrderLines.receiveOrderId, id), eq(receiveOrderLines.companyId, ctx.companyId)))
    .orderBy(asc(receiveOrderLines.lineNo), asc(receiveOrderLines.id));
  const putaways = await ex
    .select({ id: putawayOrders.id, no: putawayOrders.no, status: putawayOrders.status })
    .from(putawayOrders)
    .where(and(eq(putawayOrders.companyId, ctx.companyId), eq(putawayOrders.receiveOrderId, id)))
    .orderBy(desc(putawayOrders.id));
  const showPrices = canSeePurchasePrices(ctx);
  const lines = rows.map((r) => ({
    id: r.line.id,
    lineNo: r.line.lineNo,
    productId: r.line.productId,
    mainOE: r.mainOE,
    productName: r.productName,
    brandName: r.brandName ?? null,
    unitName: r.unitName ?? null,
    orderedQty: r.orderedQty ?? null,
    expectedQty: r.line.expectedQty,
    receivedQty: r.line.receivedQty,
    price: showPrices ? r.line.price : null,
    amount: showPrices ? moneyString(roundMoney(mul(r.line.receivedQty, r.line.price))) : null,
    reasonCode: r.line.reasonCode,
    reasonName: r.line.reasonCode === null ? null : labelOf(REASON_CODES, r.line.reasonCode),
    batchNo: r.line.batchNo,
    putawayQty: r.line.putawayQty,
  }));
  const note = h.note;
  return {
    id: note.id,
    no: note.no,
    status: note.status,
    statusName: labelOf(RECEIVE_ORDER_STATUSES, note.status),
    purchaseOrderId: note.purchaseOrderId,
    purchaseOrderNo: h.purchaseOrderNo ?? null,
    partnerId: note.partnerId,
    partnerName: h.partnerName ?? "",
    warehouseId: note.warehouseId,
    warehouseName: h.warehouseName ?? "",
    locationName: h.locationName ?? null,
    remark: note.remark,
    creationTime: note.creationTime,
    postedAt: note.postedAt,
    createdByName: h.createdByName ?? null,
    postedByName: h.postedByName ?? null,
    companyName: ctx.companyName,
    showPrices,
    totalExpected: qtyString(sum(lines.map((l) => l.expectedQty))),
    totalReceived: qtyString(sum(lines.map((l) => l.receivedQty))),
    totalAmount: showPrices ? moneyString(sum(lines.map((l) => l.amount ?? 0))) : null,
    actions: actionsFor(RECEIVE_ORDER_MACHINE, note.status).filter((a) => a !== "createPutaway" || lines.some((l) => gt(sub(l.receivedQty, l.putawayQty), 0))),
    putawayOrders: putaways,
    lines,
  };
}

/** Submitted purchase orders with quantities still to receive and no open note: the "从采购单收货" choices. */
export async function receivableOrders(ctx: Ctx, keyword = "", ex: Executor = db()) {
  const kw = keyword.trim().slice(0, 50);
  return ex
    .select({
      id: purchaseOrders.id,
      no: purchaseOrders.no,
      partnerName: enterpriseRelations.name,
      status: purchaseOrders.status,
      creationTime: purchaseOrders.creationTime,
    })
    .from(purchaseOrders)
    .leftJoin(enterpriseRelations, eq(enterpriseRelations.id, purchaseOrders.partnerId))
    .where(
      and(
        eq(purchaseOrders.companyId, ctx.companyId),
        inArray(purchaseOrders.status, [PO_WAITING, PO_PARTIAL]),
        sql`exists (select 1 from purchase_order_lines l where l.order_id = ${purchaseOrders.id} and l.received_qty < l.qty)`,
        sql`not exists (select 1 from receive_orders r where r.purchase_order_id = ${purchaseOrders.id} and r.status = ${RC_WAITING})`,
        kw
          ? sql`(${purchaseOrders.no} ilike ${"%" + kw.replace(/[\\%_]/g, (c) => "\\" + c) + "%"} or ${enterpriseRelations.name} ilike ${"%" + kw.replace(/[\\%_]/g, (c) => "\\" + c) + "%"})`
          : undefined,
      ),
    )
    .orderBy(desc(purchaseOrders.id))
    .limit(50);
}
