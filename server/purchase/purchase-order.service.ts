import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import { db, type Executor } from "../db/client";
import { inTransaction } from "../db/transaction";
import { enterpriseRelations } from "../organization/organization.tables";
import { productBrands } from "../product/brand.tables";
import { productUnits } from "../product/catalog.tables";
import { products } from "../product/product.tables";
import { gt, lt, moneyString, mul, qtyString, roundMoney, sub, sum } from "../lib/decimal";
import { recordDocumentChange } from "../lib/document-audit";
import { DomainError } from "../lib/errors";
import { parseInput } from "../lib/validate";
import { assertTransition, lockDocument } from "../kernel/document";
import { warehouses } from "../stock/stock.tables";
import { nextDocumentNo } from "../kernel/numbering";
import { companies, users } from "../kernel/identity.tables";
import { PurchaseOrderInputSchema, type PurchaseOrderInput } from "./purchase-order.input";
import { PO_DONE, PO_DRAFT, PO_PARTIAL, PO_RECEIVED, PO_RECEIVING, PO_VOID, PO_WAITING, PURCHASE_ORDER_MACHINE } from "./purchase-order.status";
import { purchaseOrderLines, purchaseOrders, receiveOrders } from "./purchase.tables";
import { afterPurchaseOrderSubmitted } from "./receive-order.service";
import { refreshReceivingStatus } from "./purchase-order.receiving";
import { lockPlanOfOrder, syncPlanOfOrder } from "./purchase-plan.sync";
import { RC_WAITING } from "./receive-order.status";

export { receivingStatusOf, refreshReceivingStatus } from "./purchase-order.receiving";

/**
 * Purchase orders (采购订单). Every use case is one transaction; every status change happens
 * under the order's row lock (lockDocument) after assertTransition, so a double click, two tabs
 * or a retried request moves an order once. Lock order: order row → its receiving notes → stock.
 */
const LABEL = PURCHASE_ORDER_MACHINE.label;
/** The order as the audit trail names it (单据过账 / 单据撤销). */
const AUDIT_DOC = (order: { id: number; no: string; totalAmount: string }) => ({ type: "purchaseOrder", id: order.id, no: order.no, total: order.totalAmount });

type CheckedInput = Omit<PurchaseOrderInput, "paymentTerm"> & { paymentTerm: number | null };

/** The supplier, warehouse and products must be the company's own (and usable). */
async function checkReferences(tx: Executor, ctx: Ctx, input: PurchaseOrderInput): Promise<CheckedInput> {
  const [partner] = await tx
    .select({
      id: enterpriseRelations.id,
      rel: enterpriseRelations.rel,
      isEnabled: enterpriseRelations.isEnabled,
      paymentTerm: enterpriseRelations.paymentTerm,
    })
    .from(enterpriseRelations)
    .where(and(eq(enterpriseRelations.id, input.partnerId), eq(enterpriseRelations.companyId, ctx.companyId)));
  if (!partner || partner.rel !== 0)
    throw new DomainError("bad_request", "供应商不存在，请从本公司的供应商中选择", { partnerId: ["供应商不存在，请从本公司的供应商中选择"] });
  if (!partner.isEnabled) throw new DomainError("bad_request", "该供应商已停用", { partnerId: ["该供应商已停用"] });
  const [wh] = await tx
    .select({ id: warehouses.id, isEnabled: warehouses.isEnabled })
    .from(warehouses)
    .where(and(eq(warehouses.id, input.warehouseId), eq(warehouses.companyId, ctx.companyId)));
  if (!wh) throw new DomainError("bad_request", "仓库不存在", { warehouseId: ["仓库不存在"] });
  if (!wh.isEnabled) throw new DomainError("bad_request", "该仓库已停用", { warehouseId: ["该仓库已停用"] });
  const ids = [...new Set(input.lines.map((l) => l.productId))];
  const found = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.companyId, ctx.companyId), inArray(products.id, ids)));
  const known = new Set(found.map((p) => p.id));
  const bad = input.lines.findIndex((l) => !known.has(l.productId));
  if (bad >= 0) throw new DomainError("bad_request", `第 ${bad + 1} 行：产品不存在`, { lines: [`第 ${bad + 1} 行：产品不存在`] });
  return { ...input, paymentTerm: input.paymentTerm ?? (partner.paymentTerm as number | null) ?? null };
}

function linesOf(ctx: Ctx, orderId: number, input: Pick<PurchaseOrderInput, "lines">) {
  return input.lines.map((l, i) => ({
    companyId: ctx.companyId,
    orderId,
    lineNo: i + 1,
    productId: l.productId,
    qty: qtyString(l.qty),
    price: moneyString(l.price),
    amount: moneyString(roundMoney(mul(l.qty, l.price))),
    remark: l.remark,
  }));
}

function totalsOf(lines: { qty: string; amount: string }[]) {
  return { totalQty: qtyString(sum(lines.map((l) => l.qty))), totalAmount: moneyString(sum(lines.map((l) => l.amount))) };
}

async function writeLines(tx: Executor, ctx: Ctx, orderId: number, input: Pick<PurchaseOrderInput, "lines">) {
  const rows = linesOf(ctx, orderId, input);
  await tx.insert(purchaseOrderLines).values(rows);
  return totalsOf(rows);
}

/** Submits an order whose row the caller has locked and whose status it checked. */
async function submitLocked(tx: Executor, ctx: Ctx, id: number) {
  const now = ctx.now ?? new Date();
  const [order] = await tx
    .select({ id: purchaseOrders.id, no: purchaseOrders.no, status: purchaseOrders.status, totalAmount: purchaseOrders.totalAmount })
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.id, id), eq(purchaseOrders.companyId, ctx.companyId)));
  await tx
    .update(purchaseOrders)
    .set({ status: PO_WAITING, postedAt: now, postedBy: ctx.userId, updatedAt: now })
    .where(and(eq(purchaseOrders.id, id), eq(purchaseOrders.companyId, ctx.companyId)));
  await recordDocumentChange(tx, ctx, PURCHASE_ORDER_MACHINE, "submit", { ...AUDIT_DOC(order!), from: order!.status, to: PO_WAITING });
  // Its plan (order row → plan row) before the receiving posts stock and the payable.
  await lockPlanOfOrder(tx, ctx, id);
  await afterPurchaseOrderSubmitted(tx, ctx, id);
  await refreshReceivingStatus(tx, ctx, id);
  // A plan's order: the plan (locked after this order) is done once all its orders are submitted.
  await syncPlanOfOrder(tx, ctx, id);
}

export async function createPurchaseOrder(
  ctx: Ctx,
  input: unknown,
  opts: { submit?: boolean; tx?: Executor; planId?: number } = {},
): Promise<{ id: number; no: string }> {
  const parsed = parseInput(PurchaseOrderInputSchema, input);
  return inTransaction(
    async (tx) => {
      const data = await checkReferences(tx, ctx, parsed);
      const no = await nextDocumentNo(tx, ctx, "purchaseOrder");
      const now = ctx.now ?? new Date();
      const [order] = await tx
        .insert(purchaseOrders)
        .values({
          companyId: ctx.companyId,
          no,
          status: PO_DRAFT,
          partnerId: data.partnerId,
          warehouseId: data.warehouseId,
          paymentTerm: data.paymentTerm,
          expectedDate: data.expectedDate,
          remark: data.remark,
          buyerId: ctx.userId,
          createdBy: ctx.userId,
          creationTime: now,
          updatedAt: now,
          planId: opts.planId ?? null,
        })
        .returning({ id: purchaseOrders.id, no: purchaseOrders.no });
      const totals = await writeLines(tx, ctx, order!.id, data);
      await tx.update(purchaseOrders).set(totals).where(eq(purchaseOrders.id, order!.id));
      if (opts.submit) {
        const locked = await lockDocument(tx, purchaseOrders, ctx, order!.id, LABEL);
        assertTransition(PURCHASE_ORDER_MACHINE, "submit", locked.status);
        await submitLocked(tx, ctx, order!.id);
      }
      return order!;
    },
    { tx: opts.tx },
  );
}

/** Replaces a draft's header and lines (draft only); with `submit` it is submitted in the same transaction. */
export async function updatePurchaseOrder(ctx: Ctx, id: number, input: unknown, opts: { submit?: boolean } = {}): Promise<{ id: number; no: string }> {
  const parsed = parseInput(PurchaseOrderInputSchema, input);
  return inTransaction(async (tx) => {
    const order = await lockDocument(tx, purchaseOrders, ctx, id, LABEL);
    assertTransition(PURCHASE_ORDER_MACHINE, "save", order.status);
    const data = await checkReferences(tx, ctx, parsed);
    await tx.delete(purchaseOrderLines).where(and(eq(purchaseOrderLines.orderId, id), eq(purchaseOrderLines.companyId, ctx.companyId)));
    const totals = await writeLines(tx, ctx, id, data);
    await tx
      .update(purchaseOrders)
      .set({
        partnerId: data.partnerId,
        warehouseId: data.warehouseId,
        paymentTerm: data.paymentTerm,
        expectedDate: data.expectedDate,
        remark: data.remark,
        updatedAt: ctx.now ?? new Date(),
        ...totals,
      })
      .where(eq(purchaseOrders.id, id));
    if (opts.submit) {
      assertTransition(PURCHASE_ORDER_MACHINE, "submit", order.status);
      await submitLocked(tx, ctx, id);
    }
    return { id, no: order.no };
  });
}

/** Deletes a draft (nothing was posted for it). */
export async function removePurchaseOrder(ctx: Ctx, id: number): Promise<void> {
  await inTransaction(async (tx) => {
    const order = await lockDocument(tx, purchaseOrders, ctx, id, LABEL);
    assertTransition(PURCHASE_ORDER_MACHINE, "remove", order.status);
    await tx.delete(purchaseOrders).where(and(eq(purchaseOrders.id, id), eq(purchaseOrders.companyId, ctx.companyId)));
  });
}

export async function submitPurchaseOrder(ctx: Ctx, id: number): Promise<{ id: number; no: string; status: number }> {
  return inTransaction(async (tx) => {
    const order = await lockDocument(tx, purchaseOrders, ctx, id, LABEL);
    assertTransition(PURCHASE_ORDER_MACHINE, "submit", order.status);
    await submitLocked(tx, ctx, id);
    const [after] = await tx.select({ status: purchaseOrders.status }).from(purchaseOrders).where(eq(purchaseOrders.id, id));
    return { id, no: order.no, status: after!.status };
  });
}

/**
 * Receiving notes of the order that were never confirmed (nothing of them was posted): they go
 * with the open rest of a voided or completed order. The caller holds the order's lock; the
 * notes are locked next (order → note).
 */
async function dropOpenReceiveOrders(tx: Executor, ctx: Ctx, orderId: number) {
  const open = await tx
    .select({ id: receiveOrders.id })
    .from(receiveOrders)
    .where(and(eq(receiveOrders.companyId, ctx.companyId), eq(receiveOrders.purchaseOrderId, orderId), eq(receiveOrders.status, RC_WAITING)))
    .orderBy(asc(receiveOrders.id))
    .for("update");
  if (open.length)
    await tx.delete(receiveOrders).where(
      inArray(
        receiveOrders.id,
        open.map((n) => n.id),
      ),
    );
}

async function receivedTotal(tx: Executor, ctx: Ctx, orderId: number) {
  const [row] = await tx
    .select({ received: sql<string>`coalesce(sum(${purchaseOrderLines.receivedQty}), 0)::text` })
    .from(purchaseOrderLines)
    .where(and(eq(purchaseOrderLines.orderId, orderId), eq(purchaseOrderLines.companyId, ctx.companyId)));
  return row!.received;
}

/** 作废: a draft or an order nothing of which was received; its open receiving notes go with it. */
export async function cancelPurchaseOrder(ctx: Ctx, id: number): Promise<{ id: number; no: string; status: number }> {
  return inTransaction(async (tx) => {
    const order = await lockDocument(tx, purchaseOrders, ctx, id, LABEL);
    assertTransition(PURCHASE_ORDER_MACHINE, "cancel", order.status);
    if (gt(await receivedTotal(tx, ctx, id), 0)) throw new DomainError("conflict", `${LABEL}已有收货，不能作废；不再收货请点“完成”`);
    await dropOpenReceiveOrders(tx, ctx, id);
    await tx
      .update(purchaseOrders)
      .set({ status: PO_VOID, updatedAt: ctx.now ?? new Date() })
      .where(eq(purchaseOrders.id, id));
    await recordDocumentChange(tx, ctx, PURCHASE_ORDER_MACHINE, "cancel", { ...AUDIT_DOC(order), from: order.status, to: PO_VOID });
    await syncPlanOfOrder(tx, ctx, id);
    return { id, no: order.no, status: PO_VOID };
  });
}

/** 完成: closes an order that will receive no more; what is still open is cancelled (its open receiving notes go). */
export async function completePurchaseOrder(ctx: Ctx, id: number): Promise<{ id: number; no: string; status: number }> {
  return inTransaction(async (tx) => {
    const order = await lockDocument(tx, purchaseOrders, ctx, id, LABEL);
    assertTransition(PURCHASE_ORDER_MACHINE, "complete", order.status);
    await dropOpenReceiveOrders(tx, ctx, id);
    await tx
      .update(purchaseOrders)
      .set({ status: PO_DONE, updatedAt: ctx.now ?? new Date() })
      .where(eq(purchaseOrders.id, id));
    await recordDocumentChange(tx, ctx, PURCHASE_ORDER_MACHINE, "complete", { ...AUDIT_DOC(order), from: order.status, to: PO_DONE });
    return { id, no: order.no, status: PO_DONE };
  });
}

export interface PurchaseOrderLineView {
  id: number;
  lineNo: number;
  productId: number;
  mainOE: string;
  productName: string;
  brandName: string | null;
  unitName: string | null;
  qty: string;
  price: string;
  amount: string;
  receivedQty: string;
  putawayQty: string;
  returnedQty: string;
  /** Ordered − received, not below 0 (what the order still expects). */
  openQty: string;
  remark: string | null;
}

export type PurchaseOrderView = typeof purchaseOrders.$inferSelect & {
  partnerName: string;
  warehouseName: string;
  buyerName: string | null;
  companyName: string;
  lines: PurchaseOrderLineView[];
};

/** The order with its names and lines; another company's order is 不存在. */
export async function getPurchaseOrder(ctx: Ctx, id: number, ex?: Executor): Promise<PurchaseOrderView> {
  const run = async (tx: Executor) => {
    if (!Number.isSafeInteger(id) || id <= 0 || id > 2147483647) throw new DomainError("not_found", `${LABEL}不存在`);
    const [head] = await tx
      .select({
        order: purchaseOrders,
        partnerName: enterpriseRelations.name,
        warehouseName: warehouses.name,
        buyerName: users.name,
        companyName: companies.name,
      })
      .from(purchaseOrders)
      .innerJoin(enterpriseRelations, eq(enterpriseRelations.id, purchaseOrders.partnerId))
      .innerJoin(warehouses, eq(warehouses.id, purchaseOrders.warehouseId))
      .innerJoin(companies, eq(companies.id, purchaseOrders.companyId))
      .leftJoin(users, eq(users.id, purchaseOrders.buyerId))
      .where(and(eq(purchaseOrders.id, id), eq(purchaseOrders.companyId, ctx.companyId)));
    if (!head) throw new DomainError("not_found", `${LABEL}不存在`);
    const lines = await tx
      .select({
        id: purchaseOrderLines.id,
        lineNo: purchaseOrderLines.lineNo,
        productId: purchaseOrderLines.productId,
        mainOE: products.mainOE,
        productName: products.name,
        brandName: productBrands.name,
        unitName: productUnits.name,
        qty: purchaseOrderLines.qty,
        price: purchaseOrderLines.price,
        amount: purchaseOrderLines.amount,
        receivedQty: purchaseOrderLines.receivedQty,
        putawayQty: purchaseOrderLines.putawayQty,
        returnedQty: purchaseOrderLines.returnedQty,
        remark: purchaseOrderLines.remark,
      })
      .from(purchaseOrderLines)
      .innerJoin(products, eq(products.id, purchaseOrderLines.productId))
      .leftJoin(productBrands, eq(productBrands.id, products.brandId))
      .leftJoin(productUnits, eq(productUnits.id, products.unitId))
      .where(and(eq(purchaseOrderLines.orderId, id), eq(purchaseOrderLines.companyId, ctx.companyId)))
      .orderBy(asc(purchaseOrderLines.lineNo), asc(purchaseOrderLines.id));
    const withOpen = lines.map((l) => ({ ...l, openQty: qtyString(lt(l.receivedQty, l.qty) ? sub(l.qty, l.receivedQty) : 0) }));
    return {
      ...head.order,
      partnerName: head.partnerName,
      warehouseName: head.warehouseName,
      buyerName: head.buyerName,
      companyName: head.companyName,
      lines: withOpen,
    };
  };
  return run(ex ?? db());
}

export const PURCHASE_ORDER_STATUS_CODES = { PO_DRAFT, PO_WAITING, PO_RECEIVING, PO_PARTIAL, PO_RECEIVED, PO_VOID, PO_DONE };
