import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import { alias } from "drizzle-orm/pg-core";
import { db, type Executor } from "../db/client";
import { chineseAmount } from "../lib/chinese-amount";
import { enterpriseRelations } from "../organization/organization.tables";
import { productBrands } from "../product/brand.tables";
import { productUnits } from "../product/catalog.tables";
import { products } from "../product/product.tables";
import { stockLocations, warehouses } from "../stock/stock.tables";
import { users } from "../kernel/identity.tables";
import { notify } from "../kernel/notify";
import { partnerNameOf } from "../organization/partner-name";
import { trackingLink } from "./logistics.input";
import { inTransaction } from "../db/transaction";
import { add, dec, div, formatMoney, gt, moneyString, mul, qtyString, roundCost, roundMoney, sub, sum, type Decimal } from "../lib/decimal";
import { DELIVER_ORDER_STATUSES, labelOf, SALES_ORDER_STATUSES } from "../lib/dictionary";
import { recordDocumentChange } from "../lib/document-audit";
import { DomainError } from "../lib/errors";
import { parseInput } from "../lib/validate";
import { addOpenOrderAmount, postPartnerEntry, reversePartnerEntry } from "../finance/partner-account.service";
import { actionsFor, assertTransition, lockDocument } from "../kernel/document";
import { lockStock, postStock, releaseLockedQty, reverseDocument } from "../stock/stock-ledger.service";
import { nextDocumentNo, noTakenIn } from "../kernel/numbering";
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
 * rise, the customer's account gets the amount.
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

export function validId(id: number) {
  return Number.isSafeInteger(id) && id > 0 && id <= 2147483647;
}

async function orderIdOf(ex: Executor, ctx: Ctx, id: number): Promise<number> {
  if (!validId(id)) throw new DomainError("not_found", `${DELIVER_LABEL}不存在`);
  const [row] = await ex
    .select({ orderId: deliverOrders.salesOrderId })
    .from(deliverOrders)
    .where(and(eq(deliverOrders.id, id), eq(deliverOrders.companyId, ctx.companyId)));
  if (!row) throw new DomainError("not_found", `${DELIVER_LABEL}不存在`);
  return row.orderId;
}

/** Locks the note's sales order (first), then the note itself. */
export async function lockDeliveryWithOrder(tx: Executor, ctx: Ctx, id: number) {
  const orderId = await orderIdOf(tx, ctx, id);
  const order = await lockDocument(tx, salesOrders, ctx, orderId, ORDER_LABEL);
  const note = await lockDocument(tx, deliverOrders, ctx, id, DELIVER_LABEL);
  return { order, note };
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
  if (![SO_WAITING, SO_DELIVERING, SO_PARTIAL].includes(order.status)) {
    throw new DomainError("conflict", `销售订单当前状态为“${labelOf(SALES_ORDER_STATUSES, order.status)}”，不能发货`);
  }
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
  const no = await nextDocumentNo(tx, ctx, DELIVER_DOC_TYPE, { exists: noTakenIn(tx, ctx, deliverOrders) });
  const now = ctx.now ?? new Date();
  const [note] = await tx
    .insert(deliverOrders)
    .values({
      companyId: ctx.companyId,
      no,
      status: DL_WAITING,
      salesOrderId: order.id,
      pickingOrderId: picking.id,
      partnerId: order.partnerId,
      warehouseId: order.warehouseId,
      totalQty: qtyString(sum(priced.map((p) => p.qty))),
      totalAmount: moneyString(sum(priced.map((p) => p.amount))),
      receiverName: order.contactName,
      receiverPhone: order.contactPhone,
      address: order.address,
      createdBy: ctx.userId,
      creationTime: now,
      updatedAt: now,
    })
    .returning({ id: deliverOrders.id, no: deliverOrders.no });
  await tx.insert(deliverOrderLines).values(
    priced.map((p, i) => ({
      companyId: ctx.companyId,
      lineNo: i + 1,
      deliverOrderId: note!.id,
      salesOrderLineId: p.salesOrderLineId,
      productId: p.l.productId,
      locationId: p.l.locationId,
      batchNo: p.l.batchNo,
      qty: qtyString(p.qty),
      price: p.price,
      amount: p.amount,
    })),
  );
  await refreshSalesOrderStatus(tx, ctx, order.id);
  return { id: note!.id, no: note!.no, status: DL_WAITING };
}

/**
 * 确认发货 inside the caller's transaction: order row → note row → assert 20 → release the
 * order's locks on the note's keys and post ONE outflow from them → costs on the lines →
 * delivered quantities and amount on the order → the customer's account (LAST) → order status.
 */
export async function confirmDeliveryInTx(tx: Executor, ctx: Ctx, id: number) {
  const { order, note } = await lockDeliveryWithOrder(tx, ctx, id);
  assertTransition(DELIVER_ORDER_MACHINE, "confirm", note.status);
  if (![SO_WAITING, SO_DELIVERING, SO_PARTIAL].includes(order.status)) {
    throw new DomainError("conflict", `销售订单当前状态为“${labelOf(SALES_ORDER_STATUSES, order.status)}”，不能发货`);
  }
  const lines = await tx
    .select()
    .from(deliverOrderLines)
    .where(and(eq(deliverOrderLines.deliverOrderId, note.id), eq(deliverOrderLines.companyId, ctx.companyId)))
    .orderBy(asc(deliverOrderLines.lineNo), asc(deliverOrderLines.id));
  const posted = lines.filter((l) => gt(l.qty, 0));
  if (posted.length === 0) throw new DomainError("conflict", `${DELIVER_LABEL} ${note.no} 没有要发货的数量`);
  const orderLines = await orderLinesOf(tx, ctx, order.id);
  // Never more than the order line still has open (ordered − delivered − cancelled).
  const perLine = new Map<number, Decimal>();
  for (const l of posted) perLine.set(l.salesOrderLineId, add(perLine.get(l.salesOrderLineId) ?? 0, l.qty));
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
  for (const [lineId, q] of perLine) {
    await tx
      .update(salesOrderLines)
      .set({
        deliveredQty: sql`${salesOrderLines.deliveredQty} + ${qtyString(q)}::numeric`,
        pickedQty: sql`greatest(${salesOrderLines.pickedQty} - ${qtyString(q)}::numeric, 0)`,
      })
      .where(and(eq(salesOrderLines.id, lineId), eq(salesOrderLines.companyId, ctx.companyId)));
  }
  const totalAmount = roundMoney(sum(priced.map((p) => p.amount)));
  const totalQty = sum(posted.map((p) => p.qty));
  const now = ctx.now ?? new Date();
  await tx
    .update(deliverOrders)
    .set({
      status: DL_DONE,
      totalQty: qtyString(totalQty),
      totalAmount: moneyString(totalAmount),
      totalCost: moneyString(totalCost),
      shippedAt: note.shippedAt ?? now,
      postedAt: now,
      postedBy: ctx.userId,
      updatedAt: now,
    })
    .where(eq(deliverOrders.id, note.id));
  await tx
    .update(salesOrders)
    .set({ deliveredAmount: sql`${salesOrders.deliveredAmount} + ${moneyString(totalAmount)}::numeric`, updatedAt: now })
    .where(eq(salesOrders.id, order.id));
  await addOpenOrderAmount(tx, ctx, order.partnerId, sub(0, totalAmount));
  await postPartnerEntry(tx, ctx, { partnerId: order.partnerId, docType: DELIVER_DOC_TYPE, docId: note.id, docNo: note.no, amount: moneyString(totalAmount) });
  const orderStatus = await refreshSalesOrderStatus(tx, ctx, order.id);
  await recordDocumentChange(tx, ctx, DELIVER_ORDER_MACHINE, "confirm", {
    type: DELIVER_DOC_TYPE,
    id: note.id,
    no: note.no,
    from: note.status,
    to: DL_DONE,
    total: moneyString(totalAmount),
    note: `销售订单 ${order.no}：${labelOf(SALES_ORDER_STATUSES, order.status)} → ${labelOf(SALES_ORDER_STATUSES, orderStatus)}`,
  });
  await notify(
    tx,
    ctx,
    "deliveryConfirmed",
    {
      orderId: order.id,
      orderNo: order.no,
      deliveryNo: note.no,
      customerName: await partnerNameOf(tx, ctx, order.partnerId),
      amount: formatMoney(totalAmount),
    },
    { userId: order.salesmanId },
  );
  return { id: note.id, no: note.no, status: DL_DONE, totalAmount: moneyString(totalAmount), totalCost: moneyString(totalCost), orderStatus };
}

/** 确认发货: posts once; a second confirmation finds 30 under the lock and is refused. */
export async function confirmDelivery(ctx: Ctx, id: number) {
  return inTransaction((tx) => confirmDeliveryInTx(tx, ctx, id));
}

/** 作废 (20 → 90): nothing was posted; the picked goods stay picked and locked for the order. */
export async function voidDelivery(ctx: Ctx, id: number) {
  return inTransaction(async (tx) => {
    const { order, note } = await lockDeliveryWithOrder(tx, ctx, id);
    assertTransition(DELIVER_ORDER_MACHINE, "void", note.status);
    await tx
      .update(deliverOrders)
      .set({ status: DL_VOID, updatedAt: ctx.now ?? new Date() })
      .where(eq(deliverOrders.id, note.id));
    await refreshSalesOrderStatus(tx, ctx, order.id);
    await recordDocumentChange(tx, ctx, DELIVER_ORDER_MACHINE, "void", {
      type: DELIVER_DOC_TYPE,
      id: note.id,
      no: note.no,
      from: note.status,
      to: DL_VOID,
      total: note.totalAmount,
    });
    return { id: note.id, no: note.no, status: DL_VOID };
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
    const { order, note } = await lockDeliveryWithOrder(tx, ctx, id);
    assertTransition(DELIVER_ORDER_MACHINE, "reverse", note.status);
    if (![SO_WAITING, SO_DELIVERING, SO_PARTIAL, SO_DELIVERED].includes(order.status)) {
      throw new DomainError(
        "conflict",
        `销售订单 ${order.no} 当前状态为“${labelOf(SALES_ORDER_STATUSES, order.status)}”，不能红冲发货单；退回的货物请做销售退货`,
      );
    }
    const lines = await tx
      .select()
      .from(deliverOrderLines)
      .where(and(eq(deliverOrderLines.deliverOrderId, note.id), eq(deliverOrderLines.companyId, ctx.companyId)))
      .orderBy(asc(deliverOrderLines.lineNo), asc(deliverOrderLines.id));
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
    await reverseDocument(tx, ctx, {
      docType: DELIVER_DOC_TYPE,
      docId: note.id,
      docNo: note.no,
      bizType: "SalesOrderBack",
      remark: `红冲 ${note.no}`,
      fillDemands: false,
    });
    await lockStock(
      tx,
      ctx,
      { docType: SALES_ORDER_DOC_TYPE, docId: order.id, docNo: order.no },
      posted.map((l) => ({ productId: l.productId, locationId: l.locationId, batchNo: l.batchNo, qty: l.qty, docLineId: l.salesOrderLineId })),
    );
    const perLine = new Map<number, Decimal>();
    for (const l of posted) perLine.set(l.salesOrderLineId, add(perLine.get(l.salesOrderLineId) ?? 0, l.qty));
    for (const [lineId, q] of perLine) {
      await tx
        .update(salesOrderLines)
        .set({ deliveredQty: sql`greatest(${salesOrderLines.deliveredQty} - ${qtyString(q)}::numeric, 0)` })
        .where(and(eq(salesOrderLines.id, lineId), eq(salesOrderLines.companyId, ctx.companyId)));
    }
    const now = ctx.now ?? new Date();
    await tx.update(deliverOrders).set({ status: DL_REVERSED, updatedAt: now }).where(eq(deliverOrders.id, note.id));
    await tx
      .update(salesOrders)
      .set({ deliveredAmount: sql`greatest(${salesOrders.deliveredAmount} - ${moneyString(note.totalAmount)}::numeric, 0)`, updatedAt: now })
      .where(eq(salesOrders.id, order.id));
    const orderStatus = await refreshSalesOrderStatus(tx, ctx, order.id);
    await recordDocumentChange(tx, ctx, DELIVER_ORDER_MACHINE, "reverse", {
      type: DELIVER_DOC_TYPE,
      id: note.id,
      no: note.no,
      from: note.status,
      to: DL_REVERSED,
      total: note.totalAmount,
      note: `销售订单 ${order.no}：${labelOf(SALES_ORDER_STATUSES, order.status)} → ${labelOf(SALES_ORDER_STATUSES, orderStatus)}`,
    });
    // The partner account last: open for credit again, then the receivable taken back.
    await addOpenOrderAmount(tx, ctx, order.partnerId, note.totalAmount);
    await reversePartnerEntry(tx, ctx, { docType: DELIVER_DOC_TYPE, docId: note.id, docNo: note.no });
    return { id: note.id, no: note.no, status: DL_REVERSED, orderStatus };
  });
}

/** Logistics company, tracking number, packages, receiver, address, shipping date (while 20 and after 30). */
export async function updateDeliveryLogistics(ctx: Ctx, id: number, input: unknown) {
  const data = parseInput(DeliveryLogisticsInputSchema, input ?? {});
  return inTransaction(async (tx) => {
    const note = await lockDocument(tx, deliverOrders, ctx, id, DELIVER_LABEL);
    assertTransition(DELIVER_ORDER_MACHINE, "logistics", note.status);
    if (data.logisticsCompanyId) {
      const [lc] = await tx
        .select({ id: logisticsCompanies.id })
        .from(logisticsCompanies)
        .where(and(eq(logisticsCompanies.id, data.logisticsCompanyId), eq(logisticsCompanies.companyId, ctx.companyId)));
      if (!lc) throw new DomainError("bad_request", "物流公司不存在", { logisticsCompanyId: ["物流公司不存在"] });
    }
    const set: Partial<typeof deliverOrders.$inferInsert> = { updatedAt: ctx.now ?? new Date() };
    if (data.logisticsCompanyId !== undefined) set.logisticsCompanyId = data.logisticsCompanyId;
    if (data.trackingNo !== undefined) set.trackingNo = data.trackingNo;
    if (data.packages !== undefined) set.packages = data.packages;
    if (data.receiverName !== undefined) set.receiverName = data.receiverName;
    if (data.receiverPhone !== undefined) set.receiverPhone = data.receiverPhone;
    if (data.address !== undefined) set.address = data.address;
    if (data.shippedAt !== undefined) set.shippedAt = data.shippedAt;
    await tx.update(deliverOrders).set(set).where(eq(deliverOrders.id, note.id));
    return { id: note.id, no: note.no, status: note.status };
  });
}

/** Who may see delivery costs (出库成本): holders of 产品价格 (CPGL-002). */
export function canSeeCosts(ctx: Pick<Ctx, "permissions">) {
  return ctx.permissions.has("CPGL-002");
}

export interface DeliverOrderView {
  id: number;
  no: string;
  status: number;
  statusName: string;
  salesOrderId: number;
  salesOrderNo: string;
  pickingOrderId: number | null;
  pickingOrderNo: string | null;
  partnerId: number;
  partnerName: string;
  warehouseName: string;
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
  createdByName: string | null;
  postedByName: string | null;
  creationTime: Date;
  postedAt: Date | null;
  remark: string | null;
  companyName: string;
  actions: DeliverOrderAction[];
  canEditLogistics: boolean;
  lines: {
    id: number;
    lineNo: number;
    productId: number;
    mainOE: string;
    productName: string;
    brandName: string | null;
    unitName: string | null;
    locationName: string;
    batchNo: string;
    qty: string;
    price: string;
    amount: string;
    unitCost: string | null;
    scannedQty: string;
  }[];
}

/** The delivery note with lines and names (document page, print sheet, JSON API); costs only for CPGL-002. */
export async function getDeliverOrder(ctx: Ctx, id: number, ex: Executor = db()): Promise<DeliverOrderView> {
  if (!validId(id)) throw new DomainError("not_found", `${DELIVER_LABEL}不存在`);
  const creator = alias(users, "creator");
  const poster = alias(users, "poster");
  const [h] = await ex
    .select({
      d: deliverOrders,
      salesOrderNo: salesOrders.no,
      pickingOrderNo: pickingOrders.no,
      partnerName: enterpriseRelations.name,
      warehouseName: warehouses.name,
      lcName: logisticsCompanies.name,
      lcUrl: logisticsCompanies.trackingUrl,
      createdByName: creator.name,
      postedByName: poster.name,
    })
    .from(deliverOrders)
    .innerJoin(salesOrders, eq(salesOrders.id, deliverOrders.salesOrderId))
    .leftJoin(pickingOrders, eq(pickingOrders.id, deliverOrders.pickingOrderId))
    .leftJoin(enterpriseRelations, eq(enterpriseRelations.id, deliverOrders.partnerId))
    .leftJoin(warehouses, eq(warehouses.id, deliverOrders.warehouseId))
    .leftJoin(logisticsCompanies, eq(logisticsCompanies.id, deliverOrders.logisticsCompanyId))
    .leftJoin(creator, eq(creator.id, deliverOrders.createdBy))
    .leftJoin(poster, eq(poster.id, deliverOrders.postedBy))
    .where(and(eq(deliverOrders.id, id), eq(deliverOrders.companyId, ctx.companyId)));
  if (!h) throw new DomainError("not_found", `${DELIVER_LABEL}不存在`);
  const rows = await ex
    .select({
      l: deliverOrderLines,
      mainOE: products.mainOE,
      productName: products.name,
      brandName: productBrands.name,
      unitName: productUnits.name,
      locationName: stockLocations.fullName,
    })
    .from(deliverOrderLines)
    .innerJoin(products, eq(products.id, deliverOrderLines.productId))
    .leftJoin(productBrands, eq(productBrands.id, products.brandId))
    .leftJoin(productUnits, eq(productUnits.id, products.unitId))
    .leftJoin(stockLocations, eq(stockLocations.id, deliverOrderLines.locationId))
    .where(and(eq(deliverOrderLines.deliverOrderId, id), eq(deliverOrderLines.companyId, ctx.companyId)))
    .orderBy(asc(deliverOrderLines.lineNo), asc(deliverOrderLines.id));
  const d = h.d;
  const costs = canSeeCosts(ctx);
  return {
    id: d.id,
    no: d.no,
    status: d.status,
    statusName: labelOf(DELIVER_ORDER_STATUSES, d.status as 20),
    salesOrderId: d.salesOrderId,
    salesOrderNo: h.salesOrderNo,
    pickingOrderId: d.pickingOrderId,
    pickingOrderNo: h.pickingOrderNo ?? null,
    partnerId: d.partnerId,
    partnerName: h.partnerName ?? "",
    warehouseName: h.warehouseName ?? "",
    totalQty: d.totalQty,
    totalAmount: d.totalAmount,
    totalAmountText: chineseAmount(d.totalAmount),
    totalCost: costs ? d.totalCost : null,
    logisticsCompanyId: d.logisticsCompanyId,
    logisticsCompanyName: h.lcName ?? null,
    trackingNo: d.trackingNo,
    trackingUrl: trackingLink(h.lcUrl, d.trackingNo),
    packages: d.packages,
    receiverName: d.receiverName,
    receiverPhone: d.receiverPhone,
    address: d.address,
    shippedAt: d.shippedAt,
    scanCheckedAt: d.scanCheckedAt,
    createdByName: h.createdByName ?? null,
    postedByName: h.postedByName ?? null,
    creationTime: d.creationTime,
    postedAt: d.postedAt,
    remark: d.remark,
    companyName: ctx.companyName,
    actions: actionsFor(DELIVER_ORDER_MACHINE, d.status).filter((a): a is DeliverOrderAction => a !== "logistics"),
    canEditLogistics: DELIVER_ORDER_MACHINE.actions.logistics.from.includes(d.status),
    lines: rows.map((r) => ({
      id: r.l.id,
      lineNo: r.l.lineNo,
      productId: r.l.productId,
      mainOE: r.mainOE,
      productName: r.productName,
      brandName: r.brandName ?? null,
      unitName: r.unitName ?? null,
      locationName: r.locationName ?? "",
      batchNo: r.l.batchNo,
      qty: r.l.qty,
      price: r.l.price,
      amount: r.l.amount,
      unitCost: costs ? r.l.unitCost : null,
      scannedQty: r.l.scannedQty,
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
