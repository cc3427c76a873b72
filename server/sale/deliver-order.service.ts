import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import { db, type Executor } from "../db/client";
import { chineseAmount } from "../lib/chinese-amount";
import { stockLocations } from "../stock/stock.tables";
import { notify } from "../kernel/notify";
import { partnerNameOf } from "../organization/partner-name";
import { trackingLink } from "./logistics.input";
import { inTransaction } from "../db/transaction";
import { add, dec, div, formatMoney, gt, moneyString, mul, qtyString, roundCost, roundMoney, sub, sum, type Decimal } from "../lib/decimal";
import { labelOf, SALES_ORDER_STATUSES } from "../lib/dictionary";
import { DomainError } from "../lib/errors";
import { parseInput } from "../lib/validate";
import { addOpenOrderAmount, postPartnerEntry } from "../finance/partner-account.service";
import { assertTransition, lockDocument, runDocumentAction } from "../kernel/document";
import { lockStock, postStock, releaseLockedQty } from "../stock/stock-ledger.service";
import {
  assertOrderMoves,
  createMoveNote,
  lockMoveWithOrder,
  moveLineBase,
  moveLinesOf,
  moveOrderLineCounters,
  moveViewBase,
  qtyPerOrderLine,
  readMoveDocument,
  reverseMovePartnerEntry,
  reverseMoveStock,
  runMoveAction,
  validMoveId,
  type MoveDocumentViewBase,
  type MoveLineViewBase,
  type StockMoveSide,
} from "../trade/stock-move-doc";
import { DeliveryLogisticsInputSchema } from "./deliver-order.input";
import { DELIVER_ORDER_MACHINE, DL_DONE, DL_REVERSED, DL_VOID, DL_WAITING, type DeliverOrderAction } from "./deliver-order.status";
import { PICKING_ORDER_MACHINE } from "./picking-order.status";
import {
  deliverOrderLines,
  deliverOrders,
  logisticsCompanies,
  pickingOrderLines,
  pickingOrders,
  salesOrderLines,
  salesOrders,
  salesReturnOrderLines,
  salesReturnOrders,
} from "./sale.tables";
import { refreshSalesOrderStatus, SALES_ORDER_DOC_TYPE } from "./sales-order.state";
import { SO_DELIVERED, SO_DELIVERING, SO_PARTIAL, SO_WAITING } from "./sales-order.status";
import { SR_DRAFT, SR_WAITING_APPROVAL, SR_WAITING_INFLOW } from "./sales-return.status";

/**
 * Delivery notes (发货单, /sale/deliver). A note is made from a completed picking list (its
 * picked lines: location, batch, quantity) and, when confirmed, takes the goods out of stock:
 * per line the order's lock on that key is released and ONE outflow (bizType SalesOrder) is
 * posted from exactly those keys at the moving average; the order lines' delivered quantities
 * rise, the customer's account gets the amount. The scaffolding it shares with the receiving
 * note (locks, transitions, lines, reversal, view) is server/trade/stock-move-doc.ts.
 *
 * Lock order: sales order row → delivery note row → stock balances / product costs (ledger) →
 * partner account (LAST).
 *
 * Amounts: the net unit price of an order line is its amount ÷ qty (2 dp); a delivery line is
 * qty × that price, except the delivery that completes the order line, which takes the
 * remainder — so Σ delivered amounts of a line = the line's amount exactly.
 */
export const DELIVER_DOC_TYPE = "deliverOrder";
export const DELIVER_LABEL = "发货单";
const ORDER_LABEL = "销售订单";

/** The sale side of the stock-moving notes: the delivery note of a sales order. */
const DELIVER_SIDE: StockMoveSide<typeof deliverOrders, typeof deliverOrderLines, DeliverOrderAction, typeof salesOrders> = {
  docType: DELIVER_DOC_TYPE,
  machine: DELIVER_ORDER_MACHINE,
  header: deliverOrders,
  lines: deliverOrderLines,
  lineNoteId: deliverOrderLines.deliverOrderId,
  orderId: deliverOrders.salesOrderId,
  order: { table: salesOrders, label: ORDER_LABEL, statuses: SALES_ORDER_STATUSES, refresh: refreshSalesOrderStatus },
};

export const validId = validMoveId;

/** Locks the note's sales order (first), then the note itself. */
export async function lockDeliveryWithOrder(tx: Executor, ctx: Ctx, id: number) {
  const { order, note } = await lockMoveWithOrder(tx, ctx, DELIVER_SIDE, id);
  return { order: order!, note };
}

/** Refuses to deliver for an order that is not waiting for, or in the middle of, delivery. */
function assertOrderDeliverable(order: { status: number }) {
  assertOrderMoves(DELIVER_SIDE.order, order, [SO_WAITING, SO_DELIVERING, SO_PARTIAL], "发货");
}

/** The order line's net unit price: amount ÷ qty, 2 dp. */
export function netPrice(amount: string, qty: string): Decimal {
  return gt(qty, 0) ? roundMoney(div(amount, qty)) : dec(0);
}

interface PricedLine {
  id?: number;
  salesOrderLineId: number;
  qty: string;
}

/**
 * Prices delivery lines against their order lines: qty × net price, the line completing the
 * order line takes the remainder of its amount (Σ = the line's amount). `deliveredQty` /
 * `deliveredAmount` per order line are what confirmed notes already took.
 */
export function priceDeliveryLines<L extends PricedLine>(
  lines: L[],
  orderLines: Map<number, { qty: string; amount: string; deliveredQty: string }>,
  deliveredAmount: Map<number, Decimal>,
): (L & { price: string; amount: string })[] {
  const running = new Map<number, { qty: Decimal; amount: Decimal }>();
  return lines.map((l) => {
    const ol = orderLines.get(l.salesOrderLineId);
    if (!ol) throw new DomainError("not_found", "销售订单行不存在");
    const price = netPrice(ol.amount, ol.qty);
    const before = running.get(l.salesOrderLineId) ?? { qty: dec(ol.deliveredQty), amount: deliveredAmount.get(l.salesOrderLineId) ?? dec(0) };
    const afterQty = add(before.qty, l.qty);
    const amount = !gt(ol.qty, afterQty) ? sub(ol.amount, before.amount) : roundMoney(mul(l.qty, price));
    running.set(l.salesOrderLineId, { qty: afterQty, amount: add(before.amount, amount) });
    return { ...l, price: moneyString(price), amount: moneyString(amount) };
  });
}

async function deliveredAmounts(tx: Executor, ctx: Ctx, orderLineIds: number[], exceptNoteId?: number) {
  if (orderLineIds.length === 0) return new Map<number, Decimal>();
  const rows = await tx
    .select({ lineId: deliverOrderLines.salesOrderLineId, amount: sql<string>`sum(${deliverOrderLines.amount})::text` })
    .from(deliverOrderLines)
    .innerJoin(deliverOrders, eq(deliverOrders.id, deliverOrderLines.deliverOrderId))
    .where(
      and(
        eq(deliverOrderLines.companyId, ctx.companyId),
        inArray(deliverOrderLines.salesOrderLineId, orderLineIds),
        eq(deliverOrders.status, DL_DONE),
        exceptNoteId ? ne(deliverOrders.id, exceptNoteId) : undefined,
      ),
    )
    .groupBy(deliverOrderLines.salesOrderLineId);
  return new Map(rows.map((r) => [r.lineId, dec(r.amount ?? "0")]));
}

async function orderLinesOf(tx: Executor, ctx: Ctx, orderId: number) {
  const rows = await tx
    .select()
    .from(salesOrderLines)
    .where(and(eq(salesOrderLines.orderId, orderId), eq(salesOrderLines.companyId, ctx.companyId)));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * 生成发货单: a delivery note (20 待发货) for what a completed picking list picked. The caller
 * holds the sales order's row lock. Refused when the picking list already has a delivery note
 * that is waiting or posted (a voided one does not count: the goods wait for a new note).
 */
export async function createDeliveryFromPicking(tx: Executor, ctx: Ctx, pickingId: number) {
  if (!validId(pickingId)) throw new DomainError("not_found", "拣货单不存在");
  const [ref] = await tx
    .select({ orderId: pickingOrders.salesOrderId })
    .from(pickingOrders)
    .where(and(eq(pickingOrders.id, pickingId), eq(pickingOrders.companyId, ctx.companyId)));
  if (!ref) throw new DomainError("not_found", "拣货单不存在");
  const order = await lockDocument(tx, salesOrders, ctx, ref.orderId, ORDER_LABEL);
  const picking = await lockDocument(tx, pickingOrders, ctx, pickingId, "拣货单");
  assertTransition(PICKING_ORDER_MACHINE, "createDelivery", picking.status);
  assertOrderDeliverable(order);
  const [existing] = await tx
    .select({ no: deliverOrders.no })
    .from(deliverOrders)
    .where(and(eq(deliverOrders.companyId, ctx.companyId), eq(deliverOrders.pickingOrderId, picking.id), ne(deliverOrders.status, DL_VOID)))
    .limit(1);
  if (existing) throw new DomainError("conflict", `拣货单 ${picking.no} 已生成发货单 ${existing.no}`);
  const picked = (
    await tx
      .select()
      .from(pickingOrderLines)
      .where(and(eq(pickingOrderLines.pickingOrderId, picking.id), eq(pickingOrderLines.companyId, ctx.companyId)))
      .orderBy(asc(pickingOrderLines.lineNo), asc(pickingOrderLines.id))
  ).filter((l) => gt(l.pickedQty, 0));
  if (picked.length === 0) throw new DomainError("conflict", `拣货单 ${picking.no} 没有已拣的货物`);
  const orderLines = await orderLinesOf(tx, ctx, order.id);
  const priced = priceDeliveryLines(
    picked.map((l) => ({ salesOrderLineId: l.salesOrderLineId, qty: l.pickedQty, l })),
    orderLines,
    await deliveredAmounts(tx, ctx, [...orderLines.keys()]),
  );
  const note = await createMoveNote(
    tx,
    ctx,
    DELIVER_SIDE,
    order,
    DL_WAITING,
    {
      pickingOrderId: picking.id,
      totalQty: qtyString(sum(priced.map((p) => p.qty))),
      totalAmount: moneyString(sum(priced.map((p) => p.amount))),
      receiverName: order.contactName,
      receiverPhone: order.contactPhone,
      address: order.address,
    },
    () =>
      priced.map((p) => ({
        salesOrderLineId: p.salesOrderLineId,
        productId: p.l.productId,
        locationId: p.l.locationId,
        batchNo: p.l.batchNo,
        qty: qtyString(p.qty),
        price: p.price,
        amount: p.amount,
      })),
  );
  return { id: note.id, no: note.no, status: DL_WAITING };
}

/**
 * 确认发货 inside the caller's transaction: order row → note row → assert 20 → release the
 * order's locks on the note's keys and post ONE outflow from them → costs on the lines →
 * delivered quantities and amount on the order → order status → the customer's account (LAST).
 */
export async function confirmDeliveryInTx(tx: Executor, ctx: Ctx, id: number) {
  const done = await runMoveAction(tx, ctx, DELIVER_SIDE, "confirm", id, {
    check: (_tx, _note, order) => assertOrderDeliverable(order!),
    post: async (tx, note, o) => {
      const order = o!;
      const posted = (await moveLinesOf(tx, ctx, DELIVER_SIDE, note.id)).filter((l) => gt(l.qty, 0));
      if (posted.length === 0) throw new DomainError("conflict", `${DELIVER_LABEL} ${note.no} 没有要发货的数量`);
      const orderLines = await orderLinesOf(tx, ctx, order.id);
      // Never more than the order line still has open (ordered − delivered − cancelled).
      const perLine = qtyPerOrderLine(
        posted,
        (l) => l.salesOrderLineId,
        (l) => l.qty,
      );
      for (const [lineId, q] of perLine) {
        const ol = orderLines.get(lineId);
        if (!ol) throw new DomainError("not_found", "销售订单行不存在");
        const open = sub(sub(ol.qty, ol.deliveredQty), ol.cancelledQty);
        if (gt(q, open)) throw new DomainError("conflict", `发货数量 ${qtyString(q)} 超过订单第 ${ol.lineNo} 行未发数量 ${qtyString(gt(open, 0) ? open : 0)}`);
      }
      const priced = priceDeliveryLines(posted, orderLines, await deliveredAmounts(tx, ctx, [...perLine.keys()], note.id));
      await releaseLockedQty(
        tx,
        ctx,
        { docType: SALES_ORDER_DOC_TYPE, docId: order.id },
        posted.map((l) => ({ docLineId: l.salesOrderLineId, productId: l.productId, locationId: l.locationId, batchNo: l.batchNo, qty: l.qty })),
      );
      const moves = await postStock(tx, ctx, {
        bizType: "SalesOrder",
        docType: DELIVER_DOC_TYPE,
        docId: note.id,
        docNo: note.no,
        lines: posted.map((l) => ({ productId: l.productId, locationId: l.locationId, batchNo: l.batchNo, qty: sub(0, l.qty).toFixed(2), docLineId: l.id })),
      });
      const costOf = new Map<number, string>();
      for (const m of moves) if (m.docLineId !== null) costOf.set(m.docLineId, m.unitCost);
      const totalCost = roundMoney(sum(moves.map((m) => dec(m.amount).abs())));
      for (const p of priced) {
        const unitCost = costOf.get(p.id);
        await tx
          .update(deliverOrderLines)
          .set({ price: p.price, amount: p.amount, unitCost: unitCost === undefined ? null : roundCost(unitCost).toFixed(4) })
          .where(eq(deliverOrderLines.id, p.id));
      }
      await moveOrderLineCounters(tx, ctx, salesOrderLines, perLine, { raise: ["deliveredQty"], lower: ["pickedQty"] });
      const totalAmount = roundMoney(sum(priced.map((p) => p.amount)));
      const now = ctx.now ?? new Date();
      await tx
        .update(salesOrders)
        .set({ deliveredAmount: sql`${salesOrders.deliveredAmount} + ${moneyString(totalAmount)}::numeric`, updatedAt: now })
        .where(eq(salesOrders.id, order.id));
      return {
        set: {
          totalQty: qtyString(sum(posted.map((p) => p.qty))),
          totalAmount: moneyString(totalAmount),
          totalCost: moneyString(totalCost),
          shippedAt: note.shippedAt ?? now,
          postedAt: now,
          postedBy: ctx.userId,
        },
        total: moneyString(totalAmount),
        result: { totalAmount: moneyString(totalAmount), totalCost: moneyString(totalCost) },
      };
    },
    after: async (tx, note, order, r) => {
      await addOpenOrderAmount(tx, ctx, order!.partnerId, sub(0, r!.totalAmount));
      await postPartnerEntry(tx, ctx, { partnerId: order!.partnerId, docType: DELIVER_DOC_TYPE, docId: note.id, docNo: note.no, amount: r!.totalAmount });
    },
    notify: async (tx, note, order, r) =>
      notify(
        tx,
        ctx,
        "deliveryConfirmed",
        {
          orderId: order!.id,
          orderNo: order!.no,
          deliveryNo: note.no,
          customerName: await partnerNameOf(tx, ctx, order!.partnerId),
          amount: formatMoney(r!.totalAmount),
        },
        { userId: order!.salesmanId },
      ),
  });
  return { id: done.id, no: done.no, status: DL_DONE, ...done.result!, orderStatus: done.orderStatus! };
}

/** 确认发货: posts once; a second confirmation finds 30 under the lock and is refused. */
export async function confirmDelivery(ctx: Ctx, id: number) {
  return inTransaction((tx) => confirmDeliveryInTx(tx, ctx, id));
}

/** 作废 (20 → 90): nothing was posted; the picked goods stay picked and locked for the order. */
export async function voidDelivery(ctx: Ctx, id: number) {
  return inTransaction(async (tx) => {
    const done = await runMoveAction(tx, ctx, DELIVER_SIDE, "void", id, { post: (_tx, note) => ({ total: note.totalAmount }), orderNote: false });
    return { id: done.id, no: done.no, status: DL_VOID };
  });
}

/**
 * 红冲 (30 → 95): undoes a delivery that was confirmed by mistake (the goods never left).
 * Under the order's row lock: refused once anything of it came back or is on an open sales
 * return (that is a return's work, not a reversal's), and when the order is closed (已完成,
 * 买家已取消). The outflow is posted back at the cost it left with (SalesOrderBack) into the
 * same locations and batches, and locked for the order again at once (the goods do not go to
 * other orders' shortages); the order lines' delivered quantities and the order's delivered
 * amount go down, the order counts as open for credit again, its status follows (发货完成 →
 * 部分发货 / 待发货), and the customer's account gets the opposite entry (partner account
 * last); what receipts had settled of it goes back to them (reversePartnerEntry).
 * The picking list stays 拣货完成: what was undone is picked again on a new picking list.
 */
export async function reverseDelivery(ctx: Ctx, id: number) {
  return inTransaction(async (tx) => {
    const done = await runMoveAction(tx, ctx, DELIVER_SIDE, "reverse", id, {
      check: (_tx, _note, order) => {
        if (![SO_WAITING, SO_DELIVERING, SO_PARTIAL, SO_DELIVERED].includes(order!.status)) {
          throw new DomainError(
            "conflict",
            `销售订单 ${order!.no} 当前状态为“${labelOf(SALES_ORDER_STATUSES, order!.status)}”，不能红冲发货单；退回的货物请做销售退货`,
          );
        }
      },
      post: async (tx, note, o) => {
        const order = o!;
        const lines = await moveLinesOf(tx, ctx, DELIVER_SIDE, note.id);
        if (lines.some((l) => gt(l.returnedQty, 0))) throw new DomainError("conflict", `发货单 ${note.no} 已有退货入库，不能红冲；请做销售退货`);
        const lineIds = lines.map((l) => l.id);
        const [pending] = lineIds.length
          ? await tx
              .select({ no: salesReturnOrders.no })
              .from(salesReturnOrderLines)
              .innerJoin(salesReturnOrders, eq(salesReturnOrders.id, salesReturnOrderLines.returnOrderId))
              .where(
                and(
                  eq(salesReturnOrders.companyId, ctx.companyId),
                  inArray(salesReturnOrderLines.deliverOrderLineId, lineIds),
                  inArray(salesReturnOrders.status, [SR_DRAFT, SR_WAITING_APPROVAL, SR_WAITING_INFLOW]),
                ),
              )
              .limit(1)
          : [];
        if (pending) throw new DomainError("conflict", `发货单 ${note.no} 有未完成的销售退货单 ${pending.no}，请先作废该退货单再红冲`);
        const posted = lines.filter((l) => gt(l.qty, 0));
        await reverseMoveStock(tx, ctx, DELIVER_SIDE, note, { bizType: "SalesOrderBack", fillDemands: false });
        await lockStock(
          tx,
          ctx,
          { docType: SALES_ORDER_DOC_TYPE, docId: order.id, docNo: order.no },
          posted.map((l) => ({ productId: l.productId, locationId: l.locationId, batchNo: l.batchNo, qty: l.qty, docLineId: l.salesOrderLineId })),
        );
        await moveOrderLineCounters(
          tx,
          ctx,
          salesOrderLines,
          qtyPerOrderLine(
            posted,
            (l) => l.salesOrderLineId,
            (l) => l.qty,
          ),
          { lower: ["deliveredQty"] },
        );
        await tx
          .update(salesOrders)
          .set({
            deliveredAmount: sql`greatest(${salesOrders.deliveredAmount} - ${moneyString(note.totalAmount)}::numeric, 0)`,
            updatedAt: ctx.now ?? new Date(),
          })
          .where(eq(salesOrders.id, order.id));
        return { total: note.totalAmount };
      },
      // The partner account last: open for credit again, then the receivable taken back.
      after: async (tx, note, order) => {
        await addOpenOrderAmount(tx, ctx, order!.partnerId, note.totalAmount);
        await reverseMovePartnerEntry(tx, ctx, DELIVER_SIDE, note);
      },
    });
    return { id: done.id, no: done.no, status: DL_REVERSED, orderStatus: done.orderStatus! };
  });
}

/** Logistics company, tracking number, packages, receiver, address, shipping date (while 20 and after 30). */
export async function updateDeliveryLogistics(ctx: Ctx, id: number, input: unknown) {
  const data = parseInput(DeliveryLogisticsInputSchema, input ?? {});
  return inTransaction(async (tx) => {
    const done = await runDocumentAction(tx, ctx, {
      table: deliverOrders,
      machine: DELIVER_ORDER_MACHINE,
      action: "logistics",
      type: DELIVER_DOC_TYPE,
      id,
      post: async (tx, note) => {
        if (data.logisticsCompanyId) {
          const [lc] = await tx
            .select({ id: logisticsCompanies.id })
            .from(logisticsCompanies)
            .where(and(eq(logisticsCompanies.id, data.logisticsCompanyId), eq(logisticsCompanies.companyId, ctx.companyId)));
          if (!lc) throw new DomainError("bad_request", "物流公司不存在", { logisticsCompanyId: ["物流公司不存在"] });
        }
        const set: Partial<typeof deliverOrders.$inferInsert> = {};
        if (data.logisticsCompanyId !== undefined) set.logisticsCompanyId = data.logisticsCompanyId;
        if (data.trackingNo !== undefined) set.trackingNo = data.trackingNo;
        if (data.packages !== undefined) set.packages = data.packages;
        if (data.receiverName !== undefined) set.receiverName = data.receiverName;
        if (data.receiverPhone !== undefined) set.receiverPhone = data.receiverPhone;
        if (data.address !== undefined) set.address = data.address;
        if (data.shippedAt !== undefined) set.shippedAt = data.shippedAt;
        return { to: note.status, set, skipRecord: true };
      },
    });
    return { id: done.id, no: done.no, status: done.status };
  });
}

/** Who may see delivery costs (出库成本): holders of 产品价格 (CPGL-002). */
export function canSeeCosts(ctx: Pick<Ctx, "permissions">) {
  return ctx.permissions.has("CPGL-002");
}

export interface DeliverOrderView extends MoveDocumentViewBase<DeliverOrderAction> {
  salesOrderId: number;
  salesOrderNo: string;
  pickingOrderId: number | null;
  pickingOrderNo: string | null;
  totalQty: string;
  totalAmount: string;
  totalAmountText: string;
  totalCost: string | null;
  logisticsCompanyId: number | null;
  logisticsCompanyName: string | null;
  trackingNo: string | null;
  trackingUrl: string | null;
  packages: number | null;
  receiverName: string | null;
  receiverPhone: string | null;
  address: string | null;
  shippedAt: Date | null;
  scanCheckedAt: Date | null;
  canEditLogistics: boolean;
  lines: (MoveLineViewBase & {
    locationName: string;
    qty: string;
    price: string;
    amount: string;
    unitCost: string | null;
    scannedQty: string;
  })[];
}

/** The delivery note with lines and names (document page, print sheet, JSON API); costs only for CPGL-002. */
export async function getDeliverOrder(ctx: Ctx, id: number, ex: Executor = db()): Promise<DeliverOrderView> {
  const { head, rows } = await readMoveDocument(ex, ctx, DELIVER_SIDE, id, {
    header: {
      joins: [
        [pickingOrders, eq(pickingOrders.id, deliverOrders.pickingOrderId)],
        [logisticsCompanies, eq(logisticsCompanies.id, deliverOrders.logisticsCompanyId)],
      ],
      columns: { pickingOrderNo: pickingOrders.no, lcName: logisticsCompanies.name, lcUrl: logisticsCompanies.trackingUrl },
    },
    lines: { joins: [[stockLocations, eq(stockLocations.id, deliverOrderLines.locationId)]], columns: { locationName: stockLocations.fullName } },
  });
  const d = head.note;
  const costs = canSeeCosts(ctx);
  return {
    ...moveViewBase(ctx, DELIVER_ORDER_MACHINE, head, (a) => a !== "logistics"),
    salesOrderId: d.salesOrderId,
    salesOrderNo: head.orderNo ?? "",
    pickingOrderId: d.pickingOrderId,
    pickingOrderNo: head.pickingOrderNo ?? null,
    totalQty: d.totalQty,
    totalAmount: d.totalAmount,
    totalAmountText: chineseAmount(d.totalAmount),
    totalCost: costs ? d.totalCost : null,
    logisticsCompanyId: d.logisticsCompanyId,
    logisticsCompanyName: head.lcName ?? null,
    trackingNo: d.trackingNo,
    trackingUrl: trackingLink(head.lcUrl, d.trackingNo),
    packages: d.packages,
    receiverName: d.receiverName,
    receiverPhone: d.receiverPhone,
    address: d.address,
    shippedAt: d.shippedAt,
    scanCheckedAt: d.scanCheckedAt,
    canEditLogistics: DELIVER_ORDER_MACHINE.actions.logistics.from.includes(d.status),
    lines: rows.map((r) => ({
      ...moveLineBase(r),
      locationName: r.locationName ?? "",
      qty: r.line.qty,
      price: r.line.price,
      amount: r.line.amount,
      unitCost: costs ? r.line.unitCost : null,
      scannedQty: r.line.scannedQty,
    })),
  };
}

/** Enabled logistics companies of the company (the delivery note's select). */
export async function logisticsOptions(ctx: Ctx, ex: Executor = db()) {
  return ex
    .select({ id: logisticsCompanies.id, name: logisticsCompanies.name })
    .from(logisticsCompanies)
    .where(and(eq(logisticsCompanies.companyId, ctx.companyId), eq(logisticsCompanies.isEnabled, true)))
    .orderBy(asc(logisticsCompanies.id));
}
