import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import { db, type Executor } from "../db/client";
import { inTransaction } from "../db/transaction";
import { eq as decEq, formatMoney, gt, isZero, lt, moneyString, mul, qtyString, roundMoney, sub, sum } from "../lib/decimal";
import { labelOf, PURCHASE_ORDER_STATUSES, REASON_CODES } from "../lib/dictionary";
import { DomainError } from "../lib/errors";
import { parseInput } from "../lib/validate";
import { getCompanySettings } from "../setting/setting.service";
import { lockDocument } from "../kernel/document";
import { receivingLocationOf } from "../stock/location.service";
import { postStock } from "../stock/stock-ledger.service";
import { stockLocations } from "../stock/stock.tables";
import { notify } from "../kernel/notify";
import { partnerNameOf } from "../organization/partner-name";
import { enterpriseRelations } from "../organization/organization.tables";
import {
  assertOrderMoves,
  createMoveNote,
  moveLineBase,
  moveLinesOf,
  moveOrderLineCounters,
  moveViewBase,
  qtyPerOrderLine,
  readMoveDocument,
  reverseMovePartnerEntry,
  reverseMoveStock,
  runMoveAction,
  type MoveDocumentViewBase,
  type MoveLineViewBase,
  type StockMoveSide,
} from "../trade/stock-move-doc";
import { refreshReceivingStatus } from "./purchase-order.receiving";
import { purchaseOrderLines, purchaseOrders, putawayOrderLines, putawayOrders, receiveOrderLines, receiveOrders } from "./purchase.tables";
import { ConfirmReceiveInputSchema, CreateReceiveInputSchema } from "./receive-order.input";
import { RECEIVE_ORDER_MACHINE, type ReceiveOrderAction, RC_DONE, RC_REVERSED, RC_WAITING } from "./receive-order.status";
import { createPutawayOrderFor } from "./putaway-order.service";
import { postPartnerEntry } from "../finance/partner-account.service";
import { PA_DONE } from "./putaway-order.status";
import { PO_PARTIAL, PO_WAITING, PURCHASE_ORDER_MACHINE } from "./purchase-order.status";

/**
 * Receiving notes (收货单, /purchase/receive). Lock order for everything that touches a purchase
 * order: the purchase order row → the note row → stock (postStock locks balances in key order).
 * The scaffolding it shares with the delivery note (locks, transitions, lines, reversal, view)
 * is server/trade/stock-move-doc.ts.
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
const ORDER_LABEL = "采购订单";
export const SOURCE_PURCHASE = 1;
export const REASON_OVER_DELIVERED = 20;

/** The purchase side of the stock-moving notes: the receiving note of a purchase order (or of none). */
const RECEIVE_SIDE: StockMoveSide<typeof receiveOrders, typeof receiveOrderLines, ReceiveOrderAction, typeof purchaseOrders> = {
  docType: RECEIVE_DOC_TYPE,
  machine: RECEIVE_ORDER_MACHINE,
  header: receiveOrders,
  lines: receiveOrderLines,
  lineNoteId: receiveOrderLines.receiveOrderId,
  orderId: receiveOrders.purchaseOrderId,
  order: { table: purchaseOrders, label: ORDER_LABEL, statuses: PURCHASE_ORDER_STATUSES, refresh: refreshReceivingStatus },
};

/** Who may see purchase prices and amounts: holders of 产品价格 (CPGL-002) or 采购订单 (CGGL-001). */
export function canSeePurchasePrices(ctx: Pick<Ctx, "permissions">) {
  return ctx.permissions.has("CPGL-002") || ctx.permissions.has("CGGL-001");
}

/**
 * Creates a receiving note (status 10 待收货) for what a submitted purchase order still expects
 * (ordered − received, per line). The caller holds the order's row lock (it is taken again,
 * harmlessly, inside the same transaction). Returns null when nothing is open.
 */
export async function createReceiveOrderFor(tx: Executor, ctx: Ctx, orderId: number) {
  const order = await lockDocument(tx, purchaseOrders, ctx, orderId, ORDER_LABEL);
  assertOrderMoves(RECEIVE_SIDE.order, order, PURCHASE_ORDER_MACHINE.actions.receive.from, "收货");
  const [openNote] = await tx
    .select({ no: receiveOrders.no })
    .from(receiveOrders)
    .where(and(eq(receiveOrders.companyId, ctx.companyId), eq(receiveOrders.purchaseOrderId, order.id), eq(receiveOrders.status, RC_WAITING)))
    .limit(1);
  if (openNote) throw new DomainError("conflict", `采购订单 ${order.no} 已有待收货的收货单 ${openNote.no}，请先确认该收货单`);
  const lines = await moveLinesOf(tx, ctx, { lines: purchaseOrderLines, lineNoteId: purchaseOrderLines.orderId }, order.id);
  const open = lines.map((l) => ({ l, expected: sub(l.qty, l.receivedQty) })).filter((x) => gt(x.expected, 0));
  if (open.length === 0) return null;
  return createMoveNote(tx, ctx, RECEIVE_SIDE, order, RC_WAITING, {}, (no) =>
    open.map((x, i) => ({
      purchaseOrderLineId: x.l.id,
      productId: x.l.productId,
      expectedQty: qtyString(x.expected),
      receivedQty: qtyString(x.expected),
      price: x.l.price,
      batchNo: `${no}-${i + 1}`,
    })),
  );
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
  const done = await runMoveAction(tx, ctx, RECEIVE_SIDE, "confirm", id, {
    post: async (tx, note, order) => {
      const lines = await moveLinesOf(tx, ctx, RECEIVE_SIDE, note.id);
      const byId = new Map(lines.map((l) => [l.id, l]));
      const given = new Map<number, { receivedQty: string; reasonCode: number | null }>();
      for (const l of input.lines) {
        if (!byId.has(l.id)) throw new DomainError("bad_request", "收货行不存在");
        if (given.has(l.id)) throw new DomainError("bad_request", "同一收货行不能提交两次");
        given.set(l.id, l);
      }
      const orderLines = order ? await moveLinesOf(tx, ctx, { lines: purchaseOrderLines, lineNoteId: purchaseOrderLines.orderId }, order.id) : [];
      const orderLineById = new Map(orderLines.map((l) => [l.id, l]));
      const finals = lines.map((l) => {
        const g = given.get(l.id);
        return { ...l, receivedQty: g ? qtyString(g.receivedQty) : l.receivedQty, reasonCode: g ? g.reasonCode : l.reasonCode };
      });
      const errors: string[] = [];
      for (const l of finals) {
        if (!decEq(l.receivedQty, l.expectedQty) && l.reasonCode === null)
          errors.push(`第 ${l.lineNo} 行：实收 ${qtyString(l.receivedQty)} 与应收 ${qtyString(l.expectedQty)} 不一致，请选择差异原因`);
        const ol = l.purchaseOrderLineId ? orderLineById.get(l.purchaseOrderLineId) : undefined;
        if (ol) {
          const open = sub(ol.qty, ol.receivedQty);
          if (gt(l.receivedQty, open) && l.reasonCode !== REASON_OVER_DELIVERED) {
            errors.push(
              `第 ${l.lineNo} 行：实收 ${qtyString(l.receivedQty)} 超过订单未收数量 ${qtyString(lt(open, 0) ? 0 : open)}，多收请选择差异原因“产品多发”`,
            );
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
          .set({ receivedQty: qtyString(l.receivedQty), reasonCode: l.reasonCode, batchNo: `${note.no}-${l.lineNo}` })
          .where(eq(receiveOrderLines.id, l.id));
      }
      await moveOrderLineCounters(
        tx,
        ctx,
        purchaseOrderLines,
        qtyPerOrderLine(
          posted,
          (l) => l.purchaseOrderLineId,
          (l) => l.receivedQty,
        ),
        { raise: ["receivedQty"] },
      );
      // The supplier's payable (partner account LAST in the lock order): Σ received × price.
      const payable = roundMoney(sum(posted.map((l) => mul(l.receivedQty, l.price))));
      return { set: { locationId, postedAt: now, postedBy: ctx.userId }, total: moneyString(payable), result: payable };
    },
    after: async (tx, note, _order, payable) => {
      if (autoPutaway) await createPutawayOrderFor(tx, ctx, note.id);
      if (gt(payable!, 0))
        await postPartnerEntry(tx, ctx, { partnerId: note.partnerId, docType: RECEIVE_DOC_TYPE, docId: note.id, docNo: note.no, amount: payable! });
    },
    notify: async (tx, note, order, payable) =>
      notify(
        tx,
        ctx,
        "receivingConfirmed",
        {
          noteId: note.id,
          receiveNo: note.no,
          orderNo: order?.no ?? "",
          supplierName: await partnerNameOf(tx, ctx, note.partnerId),
          amount: formatMoney(payable!),
        },
        { userId: order?.buyerId },
      ),
  });
  return { id: done.id, no: done.no, status: RC_DONE };
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
    const done = await runMoveAction(tx, ctx, RECEIVE_SIDE, "reverse", id, {
      post: async (tx, note) => {
        const lines = await moveLinesOf(tx, ctx, RECEIVE_SIDE, note.id);
        if (lines.some((l) => gt(l.putawayQty, 0))) throw new DomainError("conflict", `收货单 ${note.no} 的货物已上架，不能红冲`);
        const openPutaways = await tx
          .select({ id: putawayOrders.id })
          .from(putawayOrders)
          .where(and(eq(putawayOrders.companyId, ctx.companyId), eq(putawayOrders.receiveOrderId, note.id)))
          .for("update");
        await reverseMoveStock(tx, ctx, RECEIVE_SIDE, note, {
          bizType: "PurchaseOrderBack",
          refused: (e) => new DomainError("conflict", `收货单 ${note.no} 的货物已上架或已出库，不能红冲：${e.message}`),
        });
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
        const received = lines.filter((l) => gt(l.receivedQty, 0));
        await moveOrderLineCounters(
          tx,
          ctx,
          purchaseOrderLines,
          qtyPerOrderLine(
            received,
            (l) => l.purchaseOrderLineId,
            (l) => l.receivedQty,
          ),
          { lower: ["receivedQty"] },
        );
        return { total: moneyString(roundMoney(sum(lines.map((l) => mul(l.receivedQty, l.price))))) };
      },
      // The payable posted back (receiveOrderBack, the opposite amount), partner account last.
      after: (tx, note) => reverseMovePartnerEntry(tx, ctx, RECEIVE_SIDE, note),
    });
    return { id: done.id, no: done.no, status: RC_REVERSED };
  });
}

/** 生成上架单: a put-away note for what a confirmed note still has in the 收货区. */
export async function createPutawayFromReceive(ctx: Ctx, id: number) {
  return inTransaction(async (tx) => {
    const done = await runMoveAction(tx, ctx, RECEIVE_SIDE, "createPutaway", id, {
      keepStatus: true,
      post: async (tx, note) => {
        const created = await createPutawayOrderFor(tx, ctx, note.id);
        if (!created) throw new DomainError("conflict", `收货单 ${note.no} 没有待上架的数量`);
        return { result: created };
      },
    });
    return done.result!;
  });
}

export interface ReceiveOrderView extends MoveDocumentViewBase<ReceiveOrderAction> {
  purchaseOrderId: number | null;
  purchaseOrderNo: string | null;
  warehouseId: number;
  locationName: string | null;
  showPrices: boolean;
  totalExpected: string;
  totalReceived: string;
  totalAmount: string | null;
  putawayOrders: { id: number; no: string; status: number }[];
  lines: (MoveLineViewBase & {
    orderedQty: string | null;
    expectedQty: string;
    receivedQty: string;
    price: string | null;
    amount: string | null;
    reasonCode: number | null;
    reasonName: string | null;
    putawayQty: string;
  })[];
}

/** The note with its lines, names and totals (document and print pages); prices only for those who may see them. */
export async function getReceiveOrder(ctx: Ctx, id: number, ex: Executor = db()): Promise<ReceiveOrderView> {
  const { head, rows } = await readMoveDocument(ex, ctx, RECEIVE_SIDE, id, {
    header: {
      joins: [[stockLocations, eq(stockLocations.id, receiveOrders.locationId)]],
      columns: { locationName: stockLocations.fullName },
    },
    lines: { joins: [[purchaseOrderLines, eq(purchaseOrderLines.id, receiveOrderLines.purchaseOrderLineId)]], columns: { orderedQty: purchaseOrderLines.qty } },
  });
  const putaways = await ex
    .select({ id: putawayOrders.id, no: putawayOrders.no, status: putawayOrders.status })
    .from(putawayOrders)
    .where(and(eq(putawayOrders.companyId, ctx.companyId), eq(putawayOrders.receiveOrderId, id)))
    .orderBy(desc(putawayOrders.id));
  const showPrices = canSeePurchasePrices(ctx);
  const lines = rows.map((r) => ({
    ...moveLineBase(r),
    orderedQty: r.orderedQty ?? null,
    expectedQty: r.line.expectedQty,
    receivedQty: r.line.receivedQty,
    price: showPrices ? r.line.price : null,
    amount: showPrices ? moneyString(roundMoney(mul(r.line.receivedQty, r.line.price))) : null,
    reasonCode: r.line.reasonCode,
    reasonName: r.line.reasonCode === null ? null : labelOf(REASON_CODES, r.line.reasonCode),
    putawayQty: r.line.putawayQty,
  }));
  const note = head.note;
  return {
    ...moveViewBase(ctx, RECEIVE_ORDER_MACHINE, head, (a) => a !== "createPutaway" || lines.some((l) => gt(sub(l.receivedQty, l.putawayQty), 0))),
    purchaseOrderId: note.purchaseOrderId,
    purchaseOrderNo: head.orderNo ?? null,
    warehouseId: note.warehouseId,
    locationName: head.locationName ?? null,
    showPrices,
    totalExpected: qtyString(sum(lines.map((l) => l.expectedQty))),
    totalReceived: qtyString(sum(lines.map((l) => l.receivedQty))),
    totalAmount: showPrices ? moneyString(sum(lines.map((l) => l.amount ?? 0))) : null,
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
