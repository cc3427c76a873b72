import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import { alias } from "drizzle-orm/pg-core";
import { db, type Executor } from "../db/client";
import { enterpriseRelations } from "../organization/organization.tables";
import { productBrands } from "../product/brand.tables";
import { productUnits } from "../product/catalog.tables";
import { products } from "../product/product.tables";
import { stockLocations, warehouses } from "../stock/stock.tables";
import { users } from "../kernel/identity.tables";
import { inTransaction } from "../db/transaction";
import { add, dec, gt, isZero, qtyString, type Decimal } from "../lib/decimal";
import { DELIVER_ORDER_STATUSES, labelOf, PICKING_ORDER_STATUSES, SALES_ORDER_STATUSES } from "../lib/dictionary";
import { recordDocumentChange } from "../lib/document-audit";
import { DomainError } from "../lib/errors";
import { parseInput } from "../lib/validate";
import { getCompanySettings } from "../setting/setting.service";
import { actionsFor, assertTransition, lockDocument } from "../kernel/document";
import { nextDocumentNo, noTakenIn } from "../kernel/numbering";
import { confirmDeliveryInTx, createDeliveryFromPicking, DELIVER_DOC_TYPE, validId } from "./deliver-order.service";
import { DELIVER_ORDER_MACHINE, DL_DONE, DL_REVERSED, DL_VOID, DL_WAITING } from "./deliver-order.status";
import { ConfirmPickingInputSchema } from "./picking-order.input";
import { PICKING_ORDER_MACHINE, PK_DONE, PK_DRAFT, PK_VOID, PK_WAITING, type PickingOrderAction } from "./picking-order.status";
import { deliverOrders, pickingOrderLines, pickingOrders, salesOrderLines, salesOrders } from "./sale.tables";
import { refreshSalesOrderStatus, SALES_ORDER_DOC_TYPE } from "./sales-order.state";
import { SALES_ORDER_MACHINE, SO_DELIVERING, SO_PARTIAL, SO_WAITING } from "./sales-order.status";
import { rows as rowsOf } from "../lib/rows";

export { createDeliveryFromPicking, confirmDelivery, confirmDeliveryInTx } from "./deliver-order.service";

/**
 * Picking lists (拣货单, /sale/picking). A picking list tells the warehouse where to take a
 * sales order's goods from: one line per stock lock of the order (location + batch, chosen
 * first-in-first-out when the order was submitted). Confirming it records what was picked
 * (≤ planned); what was not picked stays locked for the order and can go on a new list.
 *
 * Which locked quantity is still to be picked, per (order line, location, batch):
 *   locked − on open lists (0, 10: planned qty) − picked on completed lists whose delivery
 *   note is not posted yet (posted ones released their locks already; a 红冲 one locked its
 *   goods again as not picked).
 *
 * Lock order: sales order row → picking list row → (delivery note row → ledger) → partner account.
 */
export const PICKING_DOC_TYPE = "pickingOrder";
export const PICKING_LABEL = "拣货单";
const ORDER_LABEL = "销售订单";

/** The order's locked stock not yet on a picking list, per (line, location, batch), FIFO order. */
export async function unpickedLocks(ex: Executor, ctx: Ctx, orderId: number) {
  const rows = rowsOf(
    await ex.execute(sql`with locks as (
        select doc_line_id as line_id, product_id, location_id, batch_no, sum(qty) as qty, min(id) as first_id
        from stock_locks where company_id = ${ctx.companyId} and doc_type = ${SALES_ORDER_DOC_TYPE} and doc_id = ${orderId}
        group by doc_line_id, product_id, location_id, batch_no
      ), covered as (
        select pl.sales_order_line_id as line_id, pl.location_id, pl.batch_no,
          sum(case when p.status in (${PK_DRAFT}, ${PK_WAITING}) then pl.qty else pl.picked_qty end) as qty
        from picking_order_lines pl join picking_orders p on p.id = pl.picking_order_id
        where p.company_id = ${ctx.companyId} and p.sales_order_id = ${orderId}
          and (p.status in (${PK_DRAFT}, ${PK_WAITING})
            or (p.status = ${PK_DONE} and not exists (select 1 from deliver_orders d where d.company_id = p.company_id and d.picking_order_id = p.id and d.status in (${DL_DONE}, ${DL_REVERSED}))))
        group by pl.sales_order_line_id, pl.location_id, pl.batch_no
      )
      select l.line_id, l.product_id, l.location_id, l.batch_no, (l.qty - coalesce(c.qty, 0))::text as qty
      from locks l
        join sales_order_lines sl on sl.id = l.line_id
        left join covered c on c.line_id = l.line_id and c.location_id = l.location_id and c.batch_no = l.batch_no
      where l.qty - coalesce(c.qty, 0) > 0
      order by sl.line_no, sl.id, l.first_id`),
  );
  return rows.map((r) => ({
    salesOrderLineId: Number(r.line_id),
    productId: Number(r.product_id),
    locationId: Number(r.location_id),
    batchNo: String(r.batch_no),
    qty: String(r.qty),
  }));
}

/**
 * Makes a picking list (10 待拣货) of the order's locked stock not yet on one; the order goes
 * to 40 发货中. Null when nothing is locked or everything locked is already on a list. The
 * order row is locked here (again, harmlessly, when the caller holds it).
 */
export async function createPickingInTx(tx: Executor, ctx: Ctx, orderId: number) {
  const order = await lockDocument(tx, salesOrders, ctx, orderId, ORDER_LABEL);
  if (order.status !== SO_DELIVERING) assertTransition(SALES_ORDER_MACHINE, "pick", order.status);
  const todo = await unpickedLocks(tx, ctx, order.id);
  if (todo.length === 0) return null;
  const no = await nextDocumentNo(tx, ctx, PICKING_DOC_TYPE, { exists: noTakenIn(tx, ctx, pickingOrders) });
  const now = ctx.now ?? new Date();
  const [picking] = await tx
    .insert(pickingOrders)
    .values({
      companyId: ctx.companyId,
      no,
      status: PK_WAITING,
      salesOrderId: order.id,
      partnerId: order.partnerId,
      warehouseId: order.warehouseId,
      createdBy: ctx.userId,
      creationTime: now,
      updatedAt: now,
    })
    .returning({ id: pickingOrders.id, no: pickingOrders.no });
  await tx.insert(pickingOrderLines).values(
    todo.map((t, i) => ({
      companyId: ctx.companyId,
      lineNo: i + 1,
      pickingOrderId: picking!.id,
      salesOrderLineId: t.salesOrderLineId,
      productId: t.productId,
      locationId: t.locationId,
      batchNo: t.batchNo,
      qty: qtyString(t.qty),
      pickedQty: "0",
    })),
  );
  await refreshSalesOrderStatus(tx, ctx, order.id);
  return { id: picking!.id, no: picking!.no, status: PK_WAITING };
}

/**
 * Called by submitSalesOrder inside its transaction (the order row is locked, its stock
 * reserved): with AutoCreatePickOut (default on) a picking list is made from the order's locks.
 * Nothing locked (all short) → no picking list.
 */
export async function afterSalesOrderSubmitted(tx: Executor, ctx: Ctx, orderId: number) {
  const settings = await getCompanySettings(ctx, tx);
  if (settings.AutoCreatePickOut === false) return null;
  return createPickingInTx(tx, ctx, orderId);
}

/**
 * Called by cancelSalesOrder inside its transaction (the order row is locked): open picking
 * lists (0, 10) and delivery notes (20) of the order are voided (90), and what was picked but
 * not delivered is no longer picked. Releasing the locks is the cancellation's own work.
 */
export async function voidOpenNotesOfOrder(tx: Executor, ctx: Ctx, orderId: number, orderNo = "") {
  const now = ctx.now ?? new Date();
  const pickings = await tx
    .select({ id: pickingOrders.id, no: pickingOrders.no, status: pickingOrders.status })
    .from(pickingOrders)
    .where(and(eq(pickingOrders.companyId, ctx.companyId), eq(pickingOrders.salesOrderId, orderId), inArray(pickingOrders.status, [PK_DRAFT, PK_WAITING])))
    .orderBy(asc(pickingOrders.id))
    .for("update");
  if (pickings.length) {
    await tx
      .update(pickingOrders)
      .set({ status: PK_VOID, updatedAt: now })
      .where(
        and(
          eq(pickingOrders.companyId, ctx.companyId),
          inArray(
            pickingOrders.id,
            pickings.map((p) => p.id),
          ),
          inArray(pickingOrders.status, [PK_DRAFT, PK_WAITING]),
        ),
      );
  }
  const note = orderNo ? `随销售订单 ${orderNo} 取消` : "随销售订单取消";
  for (const p of pickings)
    await recordDocumentChange(tx, ctx, PICKING_ORDER_MACHINE, "void", { type: PICKING_DOC_TYPE, id: p.id, no: p.no, from: p.status, to: PK_VOID, note });
  const notes = await tx
    .select({ id: deliverOrders.id, no: deliverOrders.no, status: deliverOrders.status, totalAmount: deliverOrders.totalAmount })
    .from(deliverOrders)
    .where(and(eq(deliverOrders.companyId, ctx.companyId), eq(deliverOrders.salesOrderId, orderId), eq(deliverOrders.status, DL_WAITING)))
    .orderBy(asc(deliverOrders.id))
    .for("update");
  if (notes.length) {
    await tx
      .update(deliverOrders)
      .set({ status: DL_VOID, updatedAt: now })
      .where(
        and(
          eq(deliverOrders.companyId, ctx.companyId),
          inArray(
            deliverOrders.id,
            notes.map((n) => n.id),
          ),
          eq(deliverOrders.status, DL_WAITING),
        ),
      );
  }
  for (const n of notes) {
    await recordDocumentChange(tx, ctx, DELIVER_ORDER_MACHINE, "void", {
      type: DELIVER_DOC_TYPE,
      id: n.id,
      no: n.no,
      from: n.status,
      to: DL_VOID,
      total: n.totalAmount,
      note,
    });
  }
  await tx
    .update(salesOrderLines)
    .set({ pickedQty: "0" })
    .where(and(eq(salesOrderLines.orderId, orderId), eq(salesOrderLines.companyId, ctx.companyId), sql`${salesOrderLines.pickedQty} <> 0`));
  return { pickingIds: pickings.map((p) => p.id), deliveryIds: notes.map((n) => n.id) };
}

/** 生成拣货单 (manual): for a submitted order's locked stock not yet on a picking list. */
export async function createPickingForOrder(ctx: Ctx, orderId: number) {
  return inTransaction(async (tx) => {
    const created = await createPickingInTx(tx, ctx, orderId);
    if (!created) throw new DomainError("conflict", "该销售订单没有待拣货的锁定库存");
    return created;
  });
}

async function lockPickingWithOrder(tx: Executor, ctx: Ctx, id: number) {
  if (!validId(id)) throw new DomainError("not_found", `${PICKING_LABEL}不存在`);
  const [ref] = await tx
    .select({ orderId: pickingOrders.salesOrderId })
    .from(pickingOrders)
    .where(and(eq(pickingOrders.id, id), eq(pickingOrders.companyId, ctx.companyId)));
  if (!ref) throw new DomainError("not_found", `${PICKING_LABEL}不存在`);
  const order = await lockDocument(tx, salesOrders, ctx, ref.orderId, ORDER_LABEL);
  const picking = await lockDocument(tx, pickingOrders, ctx, id, PICKING_LABEL);
  return { order, picking };
}

function assertOrderOpen(status: number) {
  if (![SO_WAITING, SO_DELIVERING, SO_PARTIAL].includes(status)) {
    throw new DomainError("conflict", `销售订单当前状态为“${labelOf(SALES_ORDER_STATUSES, status)}”，不能拣货`);
  }
}

/**
 * 确认拣货 (10 → 100): picked quantities per line (≤ planned; lines left out are picked in
 * full). The order lines' pickedQty rises; what was not picked stays locked for the order. Then
 * with AutoCreateDeliver a delivery note of the picked goods, with AutoConfirmDeliver confirmed
 * at once — all in this transaction.
 */
export async function confirmPicking(ctx: Ctx, id: number, picked?: unknown) {
  const given = parseInput(ConfirmPickingInputSchema, picked);
  return inTransaction(async (tx) => {
    const { order, picking } = await lockPickingWithOrder(tx, ctx, id);
    assertTransition(PICKING_ORDER_MACHINE, "confirm", picking.status);
    assertOrderOpen(order.status);
    const lines = await tx
      .select()
      .from(pickingOrderLines)
      .where(and(eq(pickingOrderLines.pickingOrderId, picking.id), eq(pickingOrderLines.companyId, ctx.companyId)))
      .orderBy(asc(pickingOrderLines.lineNo), asc(pickingOrderLines.id));
    const byId = new Map(lines.map((l) => [l.id, l]));
    const qtyOf = new Map<number, string>();
    const errors: string[] = [];
    for (const g of given) {
      const l = byId.get(g.lineId);
      if (!l) throw new DomainError("bad_request", "拣货行不存在");
      if (qtyOf.has(g.lineId)) throw new DomainError("bad_request", "同一拣货行不能提交两次");
      if (gt(g.qty, l.qty)) errors.push(`第 ${l.lineNo} 行：拣货数量 ${qtyString(g.qty)} 超过计划数量 ${qtyString(l.qty)}`);
      qtyOf.set(g.lineId, qtyString(g.qty));
    }
    if (errors.length) throw new DomainError("bad_request", errors.join("；"), { lines: errors });
    const finals = lines.map((l) => ({ ...l, pickedQty: qtyOf.get(l.id) ?? l.qty }));
    if (finals.every((l) => isZero(l.pickedQty))) throw new DomainError("bad_request", "拣货数量全部为 0，不能确认拣货；不拣请作废拣货单");
    const perOrderLine = new Map<number, Decimal>();
    for (const l of finals) {
      await tx.update(pickingOrderLines).set({ pickedQty: l.pickedQty }).where(eq(pickingOrderLines.id, l.id));
      if (gt(l.pickedQty, 0)) perOrderLine.set(l.salesOrderLineId, add(perOrderLine.get(l.salesOrderLineId) ?? dec(0), l.pickedQty));
    }
    for (const [lineId, q] of perOrderLine) {
      await tx
        .update(salesOrderLines)
        .set({ pickedQty: sql`${salesOrderLines.pickedQty} + ${qtyString(q)}::numeric` })
        .where(and(eq(salesOrderLines.id, lineId), eq(salesOrderLines.companyId, ctx.companyId)));
    }
    const now = ctx.now ?? new Date();
    await tx
      .update(pickingOrders)
      .set({ status: PK_DONE, pickerId: ctx.userId, postedAt: now, postedBy: ctx.userId, updatedAt: now })
      .where(eq(pickingOrders.id, picking.id));
    await recordDocumentChange(tx, ctx, PICKING_ORDER_MACHINE, "confirm", {
      type: PICKING_DOC_TYPE,
      id: picking.id,
      no: picking.no,
      from: picking.status,
      to: PK_DONE,
    });
    await refreshSalesOrderStatus(tx, ctx, order.id);
    const settings = await getCompanySettings(ctx, tx);
    let delivery: { id: number; no: string; status: number } | null = null;
    if (settings.AutoCreateDeliver !== false) {
      delivery = await createDeliveryFromPicking(tx, ctx, picking.id);
      if (settings.AutoConfirmDeliver !== false) delivery = await confirmDeliveryInTx(tx, ctx, delivery.id);
    }
    return { id: picking.id, no: picking.no, status: PK_DONE, delivery };
  });
}

/** 生成发货单 (manual): a delivery note for a completed picking list without one. */
export async function createDeliveryForPicking(ctx: Ctx, id: number) {
  return inTransaction(async (tx) => {
    await lockPickingWithOrder(tx, ctx, id);
    return createDeliveryFromPicking(tx, ctx, id);
  });
}

/** 提交 (0 → 10). */
export async function submitPicking(ctx: Ctx, id: number) {
  return inTransaction(async (tx) => {
    const { order, picking } = await lockPickingWithOrder(tx, ctx, id);
    assertTransition(PICKING_ORDER_MACHINE, "submit", picking.status);
    assertOrderOpen(order.status);
    await tx
      .update(pickingOrders)
      .set({ status: PK_WAITING, updatedAt: ctx.now ?? new Date() })
      .where(eq(pickingOrders.id, picking.id));
    await recordDocumentChange(tx, ctx, PICKING_ORDER_MACHINE, "submit", {
      type: PICKING_DOC_TYPE,
      id: picking.id,
      no: picking.no,
      from: picking.status,
      to: PK_WAITING,
    });
    return { id: picking.id, no: picking.no, status: PK_WAITING };
  });
}

/** 作废 (0/10 → 90): the locks stay with the order; a new picking list can take them. */
export async function voidPicking(ctx: Ctx, id: number) {
  return inTransaction(async (tx) => {
    const { order, picking } = await lockPickingWithOrder(tx, ctx, id);
    assertTransition(PICKING_ORDER_MACHINE, "void", picking.status);
    await tx
      .update(pickingOrders)
      .set({ status: PK_VOID, updatedAt: ctx.now ?? new Date() })
      .where(eq(pickingOrders.id, picking.id));
    await recordDocumentChange(tx, ctx, PICKING_ORDER_MACHINE, "void", {
      type: PICKING_DOC_TYPE,
      id: picking.id,
      no: picking.no,
      from: picking.status,
      to: PK_VOID,
    });
    await refreshSalesOrderStatus(tx, ctx, order.id);
    return { id: picking.id, no: picking.no, status: PK_VOID };
  });
}

export interface PickingOrderView {
  id: number;
  no: string;
  status: number;
  statusName: string;
  salesOrderId: number;
  salesOrderNo: string;
  partnerId: number;
  partnerName: string;
  warehouseId: number;
  warehouseName: string;
  pickerName: string | null;
  createdByName: string | null;
  creationTime: Date;
  postedAt: Date | null;
  remark: string | null;
  companyName: string;
  totalQty: string;
  totalPicked: string;
  actions: PickingOrderAction[];
  deliveries: { id: number; no: string; status: number; statusName: string }[];
  lines: {
    id: number;
    lineNo: number;
    salesOrderLineId: number;
    productId: number;
    mainOE: string;
    productName: string;
    brandName: string | null;
    unitName: string | null;
    locationId: number;
    locationName: string;
    batchNo: string;
    qty: string;
    pickedQty: string;
  }[];
}

/** The picking list with its lines and names (document page, print sheet, JSON API). */
export async function getPickingOrder(ctx: Ctx, id: number, ex: Executor = db()): Promise<PickingOrderView> {
  if (!validId(id)) throw new DomainError("not_found", `${PICKING_LABEL}不存在`);
  const creator = alias(users, "creator");
  const picker = alias(users, "picker");
  const [h] = await ex
    .select({
      p: pickingOrders,
      salesOrderNo: salesOrders.no,
      orderStatus: salesOrders.status,
      partnerName: enterpriseRelations.name,
      warehouseName: warehouses.name,
      createdByName: creator.name,
      pickerName: picker.name,
    })
    .from(pickingOrders)
    .innerJoin(salesOrders, eq(salesOrders.id, pickingOrders.salesOrderId))
    .leftJoin(enterpriseRelations, eq(enterpriseRelations.id, pickingOrders.partnerId))
    .leftJoin(warehouses, eq(warehouses.id, pickingOrders.warehouseId))
    .leftJoin(creator, eq(creator.id, pickingOrders.createdBy))
    .leftJoin(picker, eq(picker.id, pickingOrders.pickerId))
    .where(and(eq(pickingOrders.id, id), eq(pickingOrders.companyId, ctx.companyId)));
  if (!h) throw new DomainError("not_found", `${PICKING_LABEL}不存在`);
  const rows = await ex
    .select({
      l: pickingOrderLines,
      mainOE: products.mainOE,
      productName: products.name,
      brandName: productBrands.name,
      unitName: productUnits.name,
      locationName: stockLocations.fullName,
    })
    .from(pickingOrderLines)
    .innerJoin(products, eq(products.id, pickingOrderLines.productId))
    .leftJoin(productBrands, eq(productBrands.id, products.brandId))
    .leftJoin(productUnits, eq(productUnits.id, products.unitId))
    .leftJoin(stockLocations, eq(stockLocations.id, pickingOrderLines.locationId))
    .where(and(eq(pickingOrderLines.pickingOrderId, id), eq(pickingOrderLines.companyId, ctx.companyId)))
    .orderBy(asc(pickingOrderLines.lineNo), asc(pickingOrderLines.id));
  const deliveries = await ex
    .select({ id: deliverOrders.id, no: deliverOrders.no, status: deliverOrders.status })
    .from(deliverOrders)
    .where(and(eq(deliverOrders.companyId, ctx.companyId), eq(deliverOrders.pickingOrderId, id)))
    .orderBy(asc(deliverOrders.id));
  const p = h.p;
  const orderOpen = [SO_WAITING, SO_DELIVERING, SO_PARTIAL].includes(h.orderStatus);
  const actions = actionsFor(PICKING_ORDER_MACHINE, p.status).filter((a) => {
    if (a === "createDelivery") return orderOpen && !deliveries.some((d) => d.status !== DL_VOID);
    if (a === "confirm" || a === "submit") return orderOpen;
    return true;
  });
  return {
    id: p.id,
    no: p.no,
    status: p.status,
    statusName: labelOf(PICKING_ORDER_STATUSES, p.status as 10),
    salesOrderId: p.salesOrderId,
    salesOrderNo: h.salesOrderNo,
    partnerId: p.partnerId,
    partnerName: h.partnerName ?? "",
    warehouseId: p.warehouseId,
    warehouseName: h.warehouseName ?? "",
    pickerName: h.pickerName ?? null,
    createdByName: h.createdByName ?? null,
    creationTime: p.creationTime,
    postedAt: p.postedAt,
    remark: p.remark,
    companyName: ctx.companyName,
    totalQty: qtyString(rows.reduce((s, r) => add(s, r.l.qty), dec(0))),
    totalPicked: qtyString(rows.reduce((s, r) => add(s, r.l.pickedQty), dec(0))),
    actions,
    deliveries: deliveries.map((d) => ({ ...d, statusName: labelOf(DELIVER_ORDER_STATUSES, d.status as 20) })),
    lines: rows.map((r) => ({
      id: r.l.id,
      lineNo: r.l.lineNo,
      salesOrderLineId: r.l.salesOrderLineId,
      productId: r.l.productId,
      mainOE: r.mainOE,
      productName: r.productName,
      brandName: r.brandName ?? null,
      unitName: r.unitName ?? null,
      locationId: r.l.locationId,
      locationName: r.locationName ?? "",
      batchNo: r.l.batchNo,
      qty: r.l.qty,
      pickedQty: r.l.pickedQty,
    })),
  };
}
