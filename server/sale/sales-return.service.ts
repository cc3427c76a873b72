import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Ctx } from "../lib/context";
import { db, type Executor } from "../db/client";
import { busyError, inTransaction } from "../db/transaction";
import { add, dec, formatMoney, gt, isZero, moneyString, mul, qtyString, roundMoney, sub, sum, type Decimal } from "../lib/decimal";
import { labelOf, REASON_CODES } from "../lib/dictionary";
import { recordDocumentChange } from "../lib/document-audit";
import { DomainError, isDomainError } from "../lib/errors";
import { t } from "../lib/i18n/zh-CN";
import { isId } from "../lib/ids";
import { parseInput } from "../lib/validate";
import { postPartnerEntry, reversePartnerEntry } from "../finance/partner-account.service";
import { enterpriseRelations } from "../organization/organization.tables";
import { partnerNameOf } from "../organization/partner-name";
import { productBrands } from "../product/brand.tables";
import { productUnits } from "../product/catalog.tables";
import { products } from "../product/product.tables";
import { getCompanySettings } from "../setting/setting.service";
import { actionsFor, assertTransition, lockDocument } from "../kernel/document";
import { returnsLocationOf } from "../stock/location.service";
import { averageCosts, postStock, reverseDocument } from "../stock/stock-ledger.service";
import { stockLocations, warehouses } from "../stock/stock.tables";
import { nextDocumentNo, noTakenIn } from "../kernel/numbering";
import { notify } from "../kernel/notify";
import { companies, users } from "../kernel/identity.tables";
import { approvals, deliverOrderLines, deliverOrders, salesOrderLines, salesOrders, salesReturnOrderLines, salesReturnOrders } from "./sale.tables";
import { ReturnDecisionSchema, SalesReturnInputSchema, type SalesReturnInput } from "./sales-return.input";
import {
  SALES_RETURN_BUTTONS,
  SALES_RETURN_MACHINE,
  SR_CANCELLED,
  SR_DONE,
  SR_DRAFT,
  SR_REVERSED,
  SR_WAITING_APPROVAL,
  SR_WAITING_INFLOW,
  type SalesReturnAction,
} from "./sales-return.status";
import { worksStep } from "../lib/document-chain";
import { APPROVAL_REJECTED, APPROVAL_WAITING } from "./approval.status";

/**
 * 销售退货 (sales returns). A return comes from a delivered sales order (each line names the
 * delivery line the goods left on: its net price, batch and outflow cost are the return's) or
 * stands free (customer, products, price typed). Never more than delivered − already returned
 * per order line and per delivery line, checked at submit and again at confirm under the sales
 * order's row lock.
 *
 * LOCK ORDER (as every use case touching a sales order): the sales order row → the return row
 * (→ its approval row) → stock balances and costs (ledger) → the partner account (LAST).
 *
 * Confirming posts the inflow (bizType SalesReturnOrder, source 3 销售退货) at the original cost
 * into the SalesReturnOrderLocation setting's location when it belongs to the return's
 * warehouse, else the warehouse's 退货区, counts the quantity as returned on the order and
 * delivery lines, and credits the customer (postPartnerEntry, −total) last.
 */
const LABEL = "销售退货单";
export const SALES_RETURN_DOC_TYPE = "salesReturnOrder";
/** The return as the audit trail names it (单据过账 / 单据撤销). */
const auditDoc = (doc: { id: number; no: string; totalAmount: string }) => ({ type: SALES_RETURN_DOC_TYPE, id: doc.id, no: doc.no, total: doc.totalAmount });
/** Approvals of kind 2 (APPROVAL_KINDS): a sales return waiting for 退货审批. */
export const RETURN_APPROVAL_KIND = 2;
/** Page codes: the list/document page and the create action; 退货审批 decides. */
const CODES = ["XSGL-003", "XSGL-005"] as const;
export const RETURN_APPROVAL_CODE = "XQGL-007";
/** Sales order statuses that can have delivered goods (发货中, 部分发货, 发货完成, 买家已取消 after a partial delivery, 已完成). */
const RETURNABLE_ORDER_STATUSES = [40, 50, 60, 90, 100];
/** A confirmed delivery note (发货完成): only its goods left. */
const DELIVERED = 30;

function forbidden(): never {
  throw new DomainError("forbidden", t.errors.pages[403]!.message);
}
function requireSales(ctx: Ctx) {
  if (!CODES.some((c) => ctx.permissions.has(c))) forbidden();
}
function requireApprover(ctx: Ctx) {
  if (!ctx.permissions.has(RETURN_APPROVAL_CODE)) forbidden();
}

const reasonName = (code: number | null) => (code === null ? "" : labelOf(REASON_CODES, code as 20));

interface DeliveryLineFacts {
  id: number;
  deliverOrderId: number;
  deliverOrderNo: string;
  salesOrderLineId: number;
  productId: number;
  batchNo: string;
  qty: string;
  price: string;
  unitCost: string | null;
  returnedQty: string;
}

/** The confirmed delivery lines of an order (company-scoped), by id. */
async function deliveryLinesOf(ex: Executor, ctx: Ctx, orderId: number, ids?: number[]): Promise<Map<number, DeliveryLineFacts>> {
  if (ids && ids.length === 0) return new Map();
  const rows = await ex
    .select({
      id: deliverOrderLines.id,
      deliverOrderId: deliverOrderLines.deliverOrderId,
      deliverOrderNo: deliverOrders.no,
      salesOrderLineId: deliverOrderLines.salesOrderLineId,
      productId: deliverOrderLines.productId,
      batchNo: deliverOrderLines.batchNo,
      qty: deliverOrderLines.qty,
      price: deliverOrderLines.price,
      unitCost: deliverOrderLines.unitCost,
      returnedQty: deliverOrderLines.returnedQty,
    })
    .from(deliverOrderLines)
    .innerJoin(deliverOrders, eq(deliverOrders.id, deliverOrderLines.deliverOrderId))
    .where(
      and(
        eq(deliverOrders.companyId, ctx.companyId),
        eq(deliverOrders.salesOrderId, orderId),
        eq(deliverOrders.status, DELIVERED),
        ids ? inArray(deliverOrderLines.id, ids) : undefined,
      ),
    )
    .orderBy(asc(deliverOrders.id), asc(deliverOrderLines.lineNo));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Checks the header and lines refer to the caller's rows and fit together; returns the delivery lines named. */
async function checkInput(tx: Executor, ctx: Ctx, input: SalesReturnInput) {
  const [partner] = await tx
    .select({ id: enterpriseRelations.id })
    .from(enterpriseRelations)
    .where(and(eq(enterpriseRelations.id, input.partnerId), eq(enterpriseRelations.companyId, ctx.companyId), eq(enterpriseRelations.rel, 1)));
  if (!partner) throw new DomainError("bad_request", "所选客户不存在", { partnerId: ["所选客户不存在"] });
  const [wh] = await tx
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(eq(warehouses.id, input.warehouseId), eq(warehouses.companyId, ctx.companyId)));
  if (!wh) throw new DomainError("bad_request", "所选仓库不存在", { warehouseId: ["所选仓库不存在"] });
  const lines = input.lines;
  if (lines.length) {
    const productIds = [...new Set(lines.map((l) => l.productId))];
    const ps = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.companyId, ctx.companyId), inArray(products.id, productIds)));
    if (ps.length !== productIds.length) throw new DomainError("bad_request", "所选产品不存在");
  }
  if (!input.salesOrderId) {
    if (lines.some((l) => l.salesOrderLineId || l.deliverOrderLineId)) throw new DomainError("bad_request", "退货明细引用了销售单的发货明细，但未选择销售单");
    return new Map<number, DeliveryLineFacts>();
  }
  const [so] = await tx
    .select({ id: salesOrders.id, no: salesOrders.no, partnerId: salesOrders.partnerId, status: salesOrders.status })
    .from(salesOrders)
    .where(and(eq(salesOrders.id, input.salesOrderId), eq(salesOrders.companyId, ctx.companyId)));
  if (!so) throw new DomainError("bad_request", "所选销售单不存在", { salesOrderId: ["所选销售单不存在"] });
  if (!RETURNABLE_ORDER_STATUSES.includes(so.status)) throw new DomainError("conflict", `销售单 ${so.no} 尚未发货，不能退货`);
  if (so.partnerId !== input.partnerId) throw new DomainError("bad_request", "退货客户与销售单的客户不一致", { partnerId: ["退货客户与销售单的客户不一致"] });
  const ids = [...new Set(lines.map((l) => l.deliverOrderLineId).filter((x): x is number => !!x))];
  const dls = await deliveryLinesOf(tx, ctx, so.id, ids);
  lines.forEach((l, i) => {
    const dl = l.deliverOrderLineId ? dls.get(l.deliverOrderLineId) : undefined;
    if (!dl) throw new DomainError("bad_request", `第 ${i + 1} 行：请从销售单 ${so.no} 的发货明细中选择退货产品`);
    if (dl.productId !== l.productId || (l.salesOrderLineId && l.salesOrderLineId !== dl.salesOrderLineId)) {
      throw new DomainError("bad_request", `第 ${i + 1} 行：退货明细与销售单的发货明细不一致`);
    }
  });
  return dls;
}

async function writeLines(tx: Executor, ctx: Ctx, returnOrderId: number, input: SalesReturnInput, dls: Map<number, DeliveryLineFacts>) {
  const rows = input.lines.map((l, i) => {
    const dl = l.deliverOrderLineId ? dls.get(l.deliverOrderLineId) : undefined;
    // From an order: the customer is credited what that delivery charged, at the cost it left with.
    const price = dl ? dl.price : moneyString(l.price);
    return {
      companyId: ctx.companyId,
      returnOrderId,
      lineNo: i + 1,
      productId: l.productId,
      qty: qtyString(l.qty!),
      price,
      amount: moneyString(roundMoney(mul(l.qty!, price))),
      unitCost: dl?.unitCost ?? null,
      reasonCode: l.reasonCode,
      batchNo: dl?.batchNo ?? "",
      salesOrderLineId: dl?.salesOrderLineId ?? null,
      deliverOrderLineId: dl?.id ?? null,
      remark: l.remark,
    };
  });
  if (rows.length) await tx.insert(salesReturnOrderLines).values(rows);
  return {
    totalQty: qtyString(sum(rows.map((r) => r.qty))),
    totalAmount: moneyString(sum(rows.map((r) => r.amount))),
  };
}

/** Creates a draft (or, with `submit`, a return waiting for approval) in one transaction. */
export async function createSalesReturnOrder(ctx: Ctx, body: unknown, opts: { submit?: boolean; tx?: Executor } = {}): Promise<{ id: number; no: string }> {
  requireSales(ctx);
  const input = parseInput(SalesReturnInputSchema, body);
  return inTransaction(
    async (tx) => {
      const dls = await checkInput(tx, ctx, input);
      const no = await nextDocumentNo(tx, ctx, SALES_RETURN_DOC_TYPE, { exists: noTakenIn(tx, ctx, salesReturnOrders) });
      const [row] = await tx
        .insert(salesReturnOrders)
        .values({
          companyId: ctx.companyId,
          no,
          status: SR_DRAFT,
          partnerId: input.partnerId,
          warehouseId: input.warehouseId,
          salesOrderId: input.salesOrderId,
          remark: input.remark,
          createdBy: ctx.userId,
          creationTime: ctx.now,
          updatedAt: ctx.now,
        })
        .returning({ id: salesReturnOrders.id });
      const totals = await writeLines(tx, ctx, row!.id, input, dls);
      await tx.update(salesReturnOrders).set(totals).where(eq(salesReturnOrders.id, row!.id));
      if (opts.submit) await submitIn(tx, ctx, row!.id);
      return { id: row!.id, no };
    },
    { tx: opts.tx },
  );
}

/** Replaces a draft's header and lines (with `submit`, submits it in the same transaction). */
export async function updateSalesReturnOrder(ctx: Ctx, id: number, body: unknown, opts: { submit?: boolean } = {}): Promise<{ id: number; no: string }> {
  requireSales(ctx);
  const input = parseInput(SalesReturnInputSchema, body);
  return inTransaction(async (tx) => {
    const doc = await lockReturnWithOrder(tx, ctx, id, input.salesOrderId);
    assertTransition(SALES_RETURN_MACHINE, "update", doc.status);
    const dls = await checkInput(tx, ctx, input);
    await tx.delete(salesReturnOrderLines).where(eq(salesReturnOrderLines.returnOrderId, id));
    const totals = await writeLines(tx, ctx, id, input, dls);
    await tx
      .update(salesReturnOrders)
      .set({
        ...totals,
        partnerId: input.partnerId,
        warehouseId: input.warehouseId,
        salesOrderId: input.salesOrderId,
        remark: input.remark,
        updatedAt: ctx.now,
      })
      .where(eq(salesReturnOrders.id, id));
    if (opts.submit) await submitIn(tx, ctx, id);
    return { id, no: doc.no };
  });
}

/** Deletes a draft (a submitted return is voided instead). */
export async function removeSalesReturnOrder(ctx: Ctx, id: number) {
  requireSales(ctx);
  await inTransaction(async (tx) => {
    const doc = await lockDocument(tx, salesReturnOrders, ctx, id, LABEL);
    assertTransition(SALES_RETURN_MACHINE, "remove", doc.status);
    await tx.delete(approvals).where(and(eq(approvals.companyId, ctx.companyId), eq(approvals.docType, SALES_RETURN_DOC_TYPE), eq(approvals.docId, id)));
    await tx.delete(salesReturnOrders).where(eq(salesReturnOrders.id, id));
  });
  return { success: true };
}

/**
 * Locks the return's sales order row first (when it has one, and `alsoOrder` — a draft being
 * re-pointed — too, lower id first), then the return. The order id is read before the locks; a
 * draft re-pointed to another order in between is read again.
 */
async function lockReturnWithOrder(tx: Executor, ctx: Ctx, id: number, alsoOrder?: number | null) {
  if (!isId(id)) throw new DomainError("not_found", `${LABEL}不存在`);
  for (let i = 0; i < 3; i++) {
    const [peek] = await tx
      .select({ salesOrderId: salesReturnOrders.salesOrderId })
      .from(salesReturnOrders)
      .where(and(eq(salesReturnOrders.id, id), eq(salesReturnOrders.companyId, ctx.companyId)));
    if (!peek) throw new DomainError("not_found", `${LABEL}不存在`);
    const orderIds = [...new Set([peek.salesOrderId, alsoOrder].filter((x): x is number => !!x))].sort((a, b) => a - b);
    for (const oid of orderIds) {
      const [o] = await tx
        .select({ id: salesOrders.id })
        .from(salesOrders)
        .where(and(eq(salesOrders.id, oid), eq(salesOrders.companyId, ctx.companyId)))
        .for("update");
      if (!o && oid === peek.salesOrderId) throw new DomainError("not_found", "销售单不存在");
    }
    const doc = await lockDocument(tx, salesReturnOrders, ctx, id, LABEL);
    if (doc.salesOrderId === peek.salesOrderId) return doc;
  }
  throw busyError();
}

async function linesOf(ex: Executor, id: number) {
  return ex.select().from(salesReturnOrderLines).where(eq(salesReturnOrderLines.returnOrderId, id)).orderBy(asc(salesReturnOrderLines.lineNo));
}

type ReturnLineRow = Awaited<ReturnType<typeof linesOf>>[number];

/**
 * Never more than delivered − already returned per sales order line, nor more than left the
 * warehouse on a delivery line minus what came back of it (the return's lines of one order line
 * summed). The caller holds the sales order row lock. Returns the quantities to count.
 */
async function checkReturnable(tx: Executor, ctx: Ctx, orderId: number, lines: ReturnLineRow[]) {
  const perOrderLine = new Map<number, Decimal>();
  const perDelivery = new Map<number, Decimal>();
  for (const l of lines) {
    if (!l.salesOrderLineId || !l.deliverOrderLineId) throw new DomainError("bad_request", `第 ${l.lineNo} 行：请从销售单的发货明细中选择退货产品`);
    perOrderLine.set(l.salesOrderLineId, add(perOrderLine.get(l.salesOrderLineId) ?? 0, l.qty));
    perDelivery.set(l.deliverOrderLineId, add(perDelivery.get(l.deliverOrderLineId) ?? 0, l.qty));
  }
  if (perOrderLine.size === 0) return { perOrderLine, perDelivery };
  const rows = await tx
    .select({
      id: salesOrderLines.id,
      deliveredQty: salesOrderLines.deliveredQty,
      returnedQty: salesOrderLines.returnedQty,
      mainOE: products.mainOE,
      name: products.name,
    })
    .from(salesOrderLines)
    .innerJoin(products, eq(products.id, salesOrderLines.productId))
    .where(and(eq(salesOrderLines.companyId, ctx.companyId), eq(salesOrderLines.orderId, orderId), inArray(salesOrderLines.id, [...perOrderLine.keys()])));
  if (rows.length !== perOrderLine.size) throw new DomainError("conflict", "退货明细与销售单明细不一致");
  for (const r of rows) {
    const left = sub(r.deliveredQty, r.returnedQty);
    const n = perOrderLine.get(r.id)!;
    if (gt(n, left)) {
      throw new DomainError(
        "conflict",
        `产品 ${r.mainOE} ${r.name} 最多可退 ${qtyString(left)} 件（已发货 ${qtyString(r.deliveredQty)}，已退货 ${qtyString(r.returnedQty)}），本次退货 ${qtyString(n)} 件`,
      );
    }
  }
  const dls = await deliveryLinesOf(tx, ctx, orderId, [...perDelivery.keys()]);
  for (const [dlId, n] of perDelivery) {
    const dl = dls.get(dlId);
    if (!dl) throw new DomainError("conflict", "退货明细引用的发货单已不存在或未发货");
    const left = sub(dl.qty, dl.returnedQty);
    if (gt(n, left))
      throw new DomainError(
        "conflict",
        `发货单 ${dl.deliverOrderNo} 的该产品最多可退 ${qtyString(left)} 件（已发 ${qtyString(dl.qty)}，已退 ${qtyString(dl.returnedQty)}），本次退货 ${qtyString(n)} 件`,
      );
  }
  return { perOrderLine, perDelivery, dls };
}

async function submitIn(tx: Executor, ctx: Ctx, id: number) {
  const doc = await lockReturnWithOrder(tx, ctx, id);
  assertTransition(SALES_RETURN_MACHINE, "submit", doc.status);
  const lines = await linesOf(tx, id);
  if (lines.length === 0) throw new DomainError("bad_request", "请添加退货明细");
  for (const l of lines) if (l.reasonCode === null) throw new DomainError("bad_request", `第 ${l.lineNo} 行请选择退货原因`);
  if (doc.salesOrderId) await checkReturnable(tx, ctx, doc.salesOrderId, lines);
  const reasons = [...new Set(lines.map((l) => reasonName(l.reasonCode)))].join("、");
  const [approval] = await tx
    .insert(approvals)
    .values({
      companyId: ctx.companyId,
      kind: RETURN_APPROVAL_KIND,
      docType: SALES_RETURN_DOC_TYPE,
      docId: id,
      docNo: doc.no,
      partnerId: doc.partnerId,
      amount: doc.totalAmount,
      reason: reasons.slice(0, 200),
      status: APPROVAL_WAITING,
      requestedBy: ctx.userId,
      requestedAt: ctx.now ?? new Date(),
    })
    .onConflictDoNothing()
    .returning({ id: approvals.id });
  await tx
    .update(salesReturnOrders)
    .set({ status: SR_WAITING_APPROVAL, approvalStatus: APPROVAL_WAITING, updatedAt: ctx.now })
    .where(eq(salesReturnOrders.id, id));
  await recordDocumentChange(tx, ctx, SALES_RETURN_MACHINE, "submit", { ...auditDoc(doc), from: doc.status, to: SR_WAITING_APPROVAL });
  if (approval) {
    const vars = {
      approvalId: approval.id,
      returnNo: doc.no,
      customerName: await partnerNameOf(tx, ctx, doc.partnerId),
      amount: formatMoney(doc.totalAmount),
      reason: reasons,
    };
    await notify(tx, ctx, "returnApprovalRequested", vars, { permission: RETURN_APPROVAL_CODE });
  }
}

/** 提交: 0 → 10 待审核, an approval of kind 2 waits on /demand/returnOrder/approval. */
export async function submitSalesReturnOrder(ctx: Ctx, id: number) {
  requireSales(ctx);
  await inTransaction((tx) => submitIn(tx, ctx, id));
  return { id, status: SR_WAITING_APPROVAL };
}

/** The waiting approval of a return, locked (after the return row). */
async function lockWaitingApproval(tx: Executor, ctx: Ctx, returnId: number) {
  const [a] = await tx
    .select()
    .from(approvals)
    .where(
      and(
        eq(approvals.companyId, ctx.companyId),
        eq(approvals.docType, SALES_RETURN_DOC_TYPE),
        eq(approvals.docId, returnId),
        eq(approvals.status, APPROVAL_WAITING),
      ),
    )
    .for("update");
  return a;
}

async function decide(ctx: Ctx, returnId: number, action: "approve" | "reject", body: unknown) {
  requireApprover(ctx);
  const { comment } = parseInput(ReturnDecisionSchema, body ?? {});
  if (action === "reject" && !comment) throw new DomainError("bad_request", "请填写驳回原因", { comment: ["请填写驳回原因"] });
  return inTransaction(async (tx) => {
    const doc = await lockDocument(tx, salesReturnOrders, ctx, returnId, LABEL);
    assertTransition(SALES_RETURN_MACHINE, action, doc.status);
    const a = await lockWaitingApproval(tx, ctx, returnId);
    const decided = { status: action === "approve" ? 1 : 2, decidedBy: ctx.userId, decidedAt: ctx.now ?? new Date(), comment: comment || null };
    if (a) await tx.update(approvals).set(decided).where(eq(approvals.id, a.id));
    else {
      await tx.insert(approvals).values({
        companyId: ctx.companyId,
        kind: RETURN_APPROVAL_KIND,
        docType: SALES_RETURN_DOC_TYPE,
        docId: returnId,
        docNo: doc.no,
        partnerId: doc.partnerId,
        amount: doc.totalAmount,
        requestedBy: doc.createdBy,
        ...decided,
      });
    }
    const status = action === "approve" ? SR_WAITING_INFLOW : SR_DRAFT;
    await tx.update(salesReturnOrders).set({ status, approvalStatus: decided.status, updatedAt: ctx.now }).where(eq(salesReturnOrders.id, returnId));
    await recordDocumentChange(tx, ctx, SALES_RETURN_MACHINE, action, { ...auditDoc(doc), from: doc.status, to: status, note: comment || undefined });
    // 退货审批结果: the one who submitted it (the creator when it was decided without a waiting approval).
    const result = {
      returnId,
      returnNo: doc.no,
      customerName: await partnerNameOf(tx, ctx, doc.partnerId),
      amount: formatMoney(doc.totalAmount),
      result: action === "approve" ? "通过" : "驳回",
      comment: comment || "无",
    };
    await notify(tx, ctx, "returnApprovalResult", result, { userId: a?.requestedBy ?? doc.createdBy });
    return { id: returnId, no: doc.no, status };
  });
}

/** 审核通过: 10 → 20 待入库 (退货审批, XQGL-007), with an optional comment. */
export function approveSalesReturnOrder(ctx: Ctx, returnId: number, body?: unknown) {
  return decide(ctx, returnId, "approve", body);
}

/** 驳回: 10 → 0 草稿 with the manager's comment (required); the clerk edits and submits again. */
export function rejectSalesReturnOrder(ctx: Ctx, returnId: number, body?: unknown) {
  return decide(ctx, returnId, "reject", body);
}

/** The return an approval (kind 2) of the caller's company is about. */
async function returnOfApproval(ctx: Ctx, approvalId: number) {
  if (!isId(approvalId)) throw new DomainError("not_found", "审批不存在");
  const [a] = await db()
    .select({ docId: approvals.docId, status: approvals.status, docNo: approvals.docNo })
    .from(approvals)
    .where(
      and(
        eq(approvals.id, approvalId),
        eq(approvals.companyId, ctx.companyId),
        eq(approvals.kind, RETURN_APPROVAL_KIND),
        eq(approvals.docType, SALES_RETURN_DOC_TYPE),
      ),
    );
  if (!a) throw new DomainError("not_found", "审批不存在");
  if (a.status !== APPROVAL_WAITING) throw new DomainError("conflict", `退货单 ${a.docNo} 的审批已处理`);
  return a.docId;
}

/** 退货审批 by the approval's id (the approval page). */
export async function decideReturnApproval(ctx: Ctx, approvalId: number, action: "approve" | "reject", comment?: string | null) {
  requireApprover(ctx);
  const returnId = await returnOfApproval(ctx, approvalId);
  return decide(ctx, returnId, action, { comment: comment ?? "" });
}

/** The return an approval (kind 2) of the caller's company is about, any status; null when there is none. */
export async function salesReturnOfApproval(ctx: Ctx, approvalId: number): Promise<SalesReturnView | null> {
  if (!isId(approvalId)) return null;
  const [a] = await db()
    .select({ docId: approvals.docId })
    .from(approvals)
    .where(
      and(
        eq(approvals.id, approvalId),
        eq(approvals.companyId, ctx.companyId),
        eq(approvals.kind, RETURN_APPROVAL_KIND),
        eq(approvals.docType, SALES_RETURN_DOC_TYPE),
      ),
    );
  return a ? getSalesReturnOrder(ctx, a.docId).catch(() => null) : null;
}

/** The location returned goods go to: the SalesReturnOrderLocation setting's when it is in the warehouse, else its 退货区. */
export async function returnLocationFor(tx: Executor, ctx: Ctx, warehouseId: number): Promise<number> {
  const settings = await getCompanySettings(ctx, tx);
  const setting = settings.SalesReturnOrderLocation as { Default?: { Id?: unknown } } | null;
  const raw = setting && typeof setting === "object" ? setting.Default?.Id : null;
  const id = typeof raw === "number" ? raw : typeof raw === "string" && /^\d{1,9}$/.test(raw.trim()) ? Number(raw.trim()) : null;
  if (id !== null && isId(id)) {
    const [loc] = await tx
      .select({ id: stockLocations.id })
      .from(stockLocations)
      .where(and(eq(stockLocations.id, id), eq(stockLocations.companyId, ctx.companyId), eq(stockLocations.warehouseId, warehouseId)));
    if (loc) return loc.id;
  }
  return returnsLocationOf(tx, ctx, warehouseId);
}

/**
 * 确认入库: 20 → 100. Under the sales order's row lock the returnable quantities are checked
 * again; the inflow is posted at the original delivery cost (free-standing: the moving average)
 * with source 3; the order and delivery lines count the return; the customer is credited last.
 */
export async function confirmSalesReturnOrder(ctx: Ctx, id: number) {
  // 确认入库 is the warehouse's step too (退货入库, XSGL-010).
  if (!worksStep(ctx, "salesReturnOrder", "confirm")) requireSales(ctx);
  await inTransaction(async (tx) => {
    const doc = await lockReturnWithOrder(tx, ctx, id);
    assertTransition(SALES_RETURN_MACHINE, "confirm", doc.status);
    const lines = await linesOf(tx, id);
    if (lines.length === 0) throw new DomainError("bad_request", "请添加退货明细");
    const counted = doc.salesOrderId ? await checkReturnable(tx, ctx, doc.salesOrderId, lines) : null;
    const locationId = await returnLocationFor(tx, ctx, doc.warehouseId);
    const freeCosts = await averageCosts(
      tx,
      ctx,
      lines.filter((l) => !l.deliverOrderLineId).map((l) => l.productId),
    );
    const moves = await postStock(tx, ctx, {
      bizType: "SalesReturnOrder",
      docType: SALES_RETURN_DOC_TYPE,
      docId: id,
      docNo: doc.no,
      lines: lines.map((l) => {
        const dl = l.deliverOrderLineId ? counted?.dls?.get(l.deliverOrderLineId) : undefined;
        const unitCost = dl ? (dl.unitCost ?? l.unitCost ?? undefined) : (freeCosts.get(l.productId) ?? undefined);
        return {
          productId: l.productId,
          locationId,
          batchNo: dl ? dl.batchNo : l.batchNo,
          qty: l.qty,
          unitCost: unitCost ?? undefined,
          source: 3,
          docLineId: l.id,
          remark: reasonName(l.reasonCode) || null,
        };
      }),
    });
    for (const m of moves) {
      if (m.docLineId)
        await tx.update(salesReturnOrderLines).set({ unitCost: m.unitCost, batchNo: m.batchNo }).where(eq(salesReturnOrderLines.id, m.docLineId));
    }
    if (counted) {
      for (const [lineId, q] of counted.perOrderLine) {
        await tx
          .update(salesOrderLines)
          .set({ returnedQty: sql`${salesOrderLines.returnedQty} + ${qtyString(q)}::numeric` })
          .where(eq(salesOrderLines.id, lineId));
      }
      for (const [lineId, q] of counted.perDelivery) {
        await tx
          .update(deliverOrderLines)
          .set({ returnedQty: sql`${deliverOrderLines.returnedQty} + ${qtyString(q)}::numeric` })
          .where(eq(deliverOrderLines.id, lineId));
      }
    }
    await tx
      .update(salesReturnOrders)
      .set({ status: SR_DONE, locationId, postedAt: ctx.now, postedBy: ctx.userId, updatedAt: ctx.now })
      .where(eq(salesReturnOrders.id, id));
    await recordDocumentChange(tx, ctx, SALES_RETURN_MACHINE, "confirm", { ...auditDoc(doc), from: doc.status, to: SR_DONE });
    // The customer's account: LAST lock of the transaction.
    if (!isZero(doc.totalAmount)) {
      await postPartnerEntry(tx, ctx, {
        partnerId: doc.partnerId,
        docType: SALES_RETURN_DOC_TYPE,
        docId: id,
        docNo: doc.no,
        amount: dec(doc.totalAmount).neg(),
        remark: `销售退货 ${doc.no}`,
      });
    }
  });
  return { id, status: SR_DONE };
}

/** 作废: 0/10/20 → 90; a waiting approval is closed with the note 退货单已作废. */
export async function cancelSalesReturnOrder(ctx: Ctx, id: number) {
  requireSales(ctx);
  await inTransaction(async (tx) => {
    const doc = await lockDocument(tx, salesReturnOrders, ctx, id, LABEL);
    assertTransition(SALES_RETURN_MACHINE, "cancel", doc.status);
    const a = await lockWaitingApproval(tx, ctx, id);
    if (a)
      await tx
        .update(approvals)
        .set({ status: APPROVAL_REJECTED, decidedBy: ctx.userId, decidedAt: ctx.now ?? new Date(), comment: "退货单已作废" })
        .where(eq(approvals.id, a.id));
    await tx.update(salesReturnOrders).set({ status: SR_CANCELLED, updatedAt: ctx.now }).where(eq(salesReturnOrders.id, id));
    await recordDocumentChange(tx, ctx, SALES_RETURN_MACHINE, "cancel", { ...auditDoc(doc), from: doc.status, to: SR_CANCELLED });
  });
  return { id, status: SR_CANCELLED };
}

/**
 * 红冲 (100 → 95): undoes a return booked in by mistake. Under the sales order's row lock the
 * inflow is posted back out of the return location at the cost it came in with
 * (SalesReturnOrderBack) — refused when those goods have been moved or sold since (the ledger
 * never goes negative); the order's and delivery lines' returned quantities go down again, and
 * the customer's credit is taken back (partner account last).
 */
export async function reverseSalesReturnOrder(ctx: Ctx, id: number) {
  requireSales(ctx);
  await inTransaction(async (tx) => {
    const doc = await lockReturnWithOrder(tx, ctx, id);
    assertTransition(SALES_RETURN_MACHINE, "reverse", doc.status);
    try {
      await reverseDocument(tx, ctx, { docType: SALES_RETURN_DOC_TYPE, docId: id, docNo: doc.no, bizType: "SalesReturnOrderBack", remark: `红冲 ${doc.no}` });
    } catch (e) {
      if (isDomainError(e) && e.code === "conflict") throw new DomainError("conflict", `销售退货单 ${doc.no} 退回的货物已移走或出库，不能红冲：${e.message}`);
      throw e;
    }
    for (const l of await linesOf(tx, id)) {
      if (l.salesOrderLineId) {
        await tx
          .update(salesOrderLines)
          .set({ returnedQty: sql`greatest(${salesOrderLines.returnedQty} - ${qtyString(l.qty)}::numeric, 0)` })
          .where(and(eq(salesOrderLines.id, l.salesOrderLineId), eq(salesOrderLines.companyId, ctx.companyId)));
      }
      if (l.deliverOrderLineId) {
        await tx
          .update(deliverOrderLines)
          .set({ returnedQty: sql`greatest(${deliverOrderLines.returnedQty} - ${qtyString(l.qty)}::numeric, 0)` })
          .where(and(eq(deliverOrderLines.id, l.deliverOrderLineId), eq(deliverOrderLines.companyId, ctx.companyId)));
      }
    }
    await tx
      .update(salesReturnOrders)
      .set({ status: SR_REVERSED, updatedAt: ctx.now ?? new Date() })
      .where(eq(salesReturnOrders.id, id));
    await recordDocumentChange(tx, ctx, SALES_RETURN_MACHINE, "reverse", { ...auditDoc(doc), from: doc.status, to: SR_REVERSED });
    // The customer's account: LAST lock of the transaction.
    await reversePartnerEntry(tx, ctx, { docType: SALES_RETURN_DOC_TYPE, docId: id, docNo: doc.no });
  });
  return { id, status: SR_REVERSED };
}

const commentOf = (body: unknown) => (body && typeof body === "object" ? (body as { comment?: unknown }).comment : undefined);

const ACTIONS: Record<Exclude<SalesReturnAction, "update" | "remove">, (ctx: Ctx, id: number, body?: unknown) => Promise<unknown>> = {
  submit: (ctx, id) => submitSalesReturnOrder(ctx, id),
  approve: (ctx, id, body) => approveSalesReturnOrder(ctx, id, { comment: commentOf(body) }),
  reject: (ctx, id, body) => rejectSalesReturnOrder(ctx, id, { comment: commentOf(body) }),
  confirm: (ctx, id) => confirmSalesReturnOrder(ctx, id),
  cancel: (ctx, id) => cancelSalesReturnOrder(ctx, id),
  reverse: (ctx, id) => reverseSalesReturnOrder(ctx, id),
};

/** Runs one status action by name (the document page's buttons, the JSON API). */
export function runSalesReturnAction(ctx: Ctx, id: number, action: string, body?: unknown) {
  const run = Object.hasOwn(ACTIONS, action) ? ACTIONS[action as keyof typeof ACTIONS] : undefined;
  if (!run) throw new DomainError("bad_request", "未知操作");
  return run(ctx, id, body);
}

export const SALES_RETURN_ACTIONS = ACTIONS as Record<string, (ctx: Ctx, id: number, body: unknown) => Promise<unknown>>;

export interface SalesReturnLineView {
  id: number;
  lineNo: number;
  productId: number;
  mainOE: string;
  productName: string;
  brandName: string | null;
  unitName: string | null;
  batchNo: string;
  qty: string;
  price: string;
  amount: string;
  unitCost: string | null;
  reasonCode: number | null;
  reasonName: string;
  salesOrderLineId: number | null;
  deliverOrderLineId: number | null;
  deliverOrderNo: string | null;
  remark: string | null;
}

export interface SalesReturnApprovalView {
  id: number;
  status: number;
  comment: string | null;
  decidedByName: string | null;
  decidedAt: Date | null;
  requestedAt: Date;
}

export interface SalesReturnView {
  id: number;
  no: string;
  status: number;
  statusName: string;
  partnerId: number;
  partnerName: string;
  partnerContact: string | null;
  partnerPhone: string | null;
  partnerAddress: string | null;
  warehouseId: number;
  warehouseName: string;
  locationId: number | null;
  locationName: string | null;
  salesOrderId: number | null;
  salesOrderNo: string | null;
  remark: string | null;
  totalQty: string;
  totalAmount: string;
  creationTime: Date;
  postedAt: Date | null;
  createdByName: string | null;
  postedByName: string | null;
  companyName: string;
  approvalStatus: number | null;
  /** The latest approval (a rejection's comment shows on the draft). */
  approval: SalesReturnApprovalView | null;
  /** The status actions offered now as buttons (submit, confirm, cancel). */
  actions: string[];
  lines: SalesReturnLineView[];
}

/** One return with its lines and names (document page, print page, approval page, JSON API). */
export async function getSalesReturnOrder(ctx: Ctx, id: number, ex: Executor = db()): Promise<SalesReturnView> {
  if (!isId(id)) throw new DomainError("not_found", `${LABEL}不存在`);
  const creator = alias(users, "creator");
  const poster = alias(users, "poster");
  const [h] = await ex
    .select({
      doc: salesReturnOrders,
      partnerName: enterpriseRelations.name,
      partnerContact: enterpriseRelations.contactName,
      partnerPhone: enterpriseRelations.contactPhone,
      partnerAddress: enterpriseRelations.address,
      warehouseName: warehouses.name,
      locationName: stockLocations.fullName,
      salesOrderNo: salesOrders.no,
      createdByName: creator.name,
      postedByName: poster.name,
      companyName: companies.name,
    })
    .from(salesReturnOrders)
    .innerJoin(enterpriseRelations, eq(enterpriseRelations.id, salesReturnOrders.partnerId))
    .innerJoin(warehouses, eq(warehouses.id, salesReturnOrders.warehouseId))
    .innerJoin(companies, eq(companies.id, salesReturnOrders.companyId))
    .leftJoin(stockLocations, eq(stockLocations.id, salesReturnOrders.locationId))
    .leftJoin(salesOrders, eq(salesOrders.id, salesReturnOrders.salesOrderId))
    .leftJoin(creator, eq(creator.id, salesReturnOrders.createdBy))
    .leftJoin(poster, eq(poster.id, salesReturnOrders.postedBy))
    .where(and(eq(salesReturnOrders.id, id), eq(salesReturnOrders.companyId, ctx.companyId)));
  if (!h) throw new DomainError("not_found", `${LABEL}不存在`);
  const decider = alias(users, "decider");
  const [lines, [appr]] = await Promise.all([
    ex
      .select({
        line: salesReturnOrderLines,
        mainOE: products.mainOE,
        productName: products.name,
        brandName: productBrands.name,
        unitName: productUnits.name,
        deliverOrderNo: deliverOrders.no,
      })
      .from(salesReturnOrderLines)
      .innerJoin(products, eq(products.id, salesReturnOrderLines.productId))
      .leftJoin(productBrands, eq(productBrands.id, products.brandId))
      .leftJoin(productUnits, eq(productUnits.id, products.unitId))
      .leftJoin(deliverOrderLines, eq(deliverOrderLines.id, salesReturnOrderLines.deliverOrderLineId))
      .leftJoin(deliverOrders, eq(deliverOrders.id, deliverOrderLines.deliverOrderId))
      .where(eq(salesReturnOrderLines.returnOrderId, id))
      .orderBy(asc(salesReturnOrderLines.lineNo)),
    ex
      .select({ a: approvals, decidedByName: decider.name })
      .from(approvals)
      .leftJoin(decider, eq(decider.id, approvals.decidedBy))
      .where(and(eq(approvals.companyId, ctx.companyId), eq(approvals.docType, SALES_RETURN_DOC_TYPE), eq(approvals.docId, id)))
      .orderBy(desc(approvals.id))
      .limit(1),
  ]);
  const d = h.doc;
  return {
    id: d.id,
    no: d.no,
    status: d.status,
    statusName: labelOf(SALES_RETURN_MACHINE.statuses, d.status),
    partnerId: d.partnerId,
    partnerName: h.partnerName,
    partnerContact: h.partnerContact,
    partnerPhone: h.partnerPhone,
    partnerAddress: h.partnerAddress,
    warehouseId: d.warehouseId,
    warehouseName: h.warehouseName,
    locationId: d.locationId,
    locationName: h.locationName,
    salesOrderId: d.salesOrderId,
    salesOrderNo: h.salesOrderNo,
    remark: d.remark,
    totalQty: d.totalQty,
    totalAmount: d.totalAmount,
    creationTime: d.creationTime,
    postedAt: d.postedAt,
    createdByName: h.createdByName,
    postedByName: h.postedByName,
    companyName: h.companyName,
    approvalStatus: d.approvalStatus,
    approval: appr
      ? {
          id: appr.a.id,
          status: appr.a.status,
          comment: appr.a.comment,
          decidedByName: appr.decidedByName,
          decidedAt: appr.a.decidedAt,
          requestedAt: appr.a.requestedAt,
        }
      : null,
    actions: actionsFor(SALES_RETURN_MACHINE, d.status).filter((a) => SALES_RETURN_BUTTONS.includes(a)),
    lines: lines.map((r) => ({
      id: r.line.id,
      lineNo: r.line.lineNo,
      productId: r.line.productId,
      mainOE: r.mainOE,
      productName: r.productName,
      brandName: r.brandName,
      unitName: r.unitName,
      batchNo: r.line.batchNo,
      qty: r.line.qty,
      price: r.line.price,
      amount: r.line.amount,
      unitCost: r.line.unitCost,
      reasonCode: r.line.reasonCode,
      reasonName: reasonName(r.line.reasonCode),
      salesOrderLineId: r.line.salesOrderLineId,
      deliverOrderLineId: r.line.deliverOrderLineId,
      deliverOrderNo: r.deliverOrderNo,
      remark: r.line.remark,
    })),
  };
}

export interface ReturnableLine {
  deliverOrderLineId: number;
  deliverOrderNo: string;
  salesOrderLineId: number;
  productId: number;
  mainOE: string;
  productName: string;
  batchNo: string;
  /** Left on this delivery line. */
  deliveredQty: string;
  returnedQty: string;
  /** What may still come back on this delivery line: min(delivery line − its returns, order line delivered − returned). */
  returnable: string;
  price: string;
}

export interface ReturnableOrder {
  order: { id: number; no: string; partnerId: number; partnerName: string; warehouseId: number; status: number };
  lines: ReturnableLine[];
}

/**
 * "从销售订单退货": the delivered lines of an order (by id or number) not yet returned, one per
 * delivery line, each with what may still come back and the net price it was delivered at.
 */
export async function salesReturnPrefill(ctx: Ctx, ref: { orderId?: number | null; orderNo?: string | null }, ex: Executor = db()): Promise<ReturnableOrder> {
  const no = (ref.orderNo ?? "").trim().slice(0, 60);
  if (!ref.orderId && !no) throw new DomainError("not_found", "销售单不存在");
  const [so] = await ex
    .select({
      id: salesOrders.id,
      no: salesOrders.no,
      partnerId: salesOrders.partnerId,
      partnerName: enterpriseRelations.name,
      warehouseId: salesOrders.warehouseId,
      status: salesOrders.status,
    })
    .from(salesOrders)
    .innerJoin(enterpriseRelations, eq(enterpriseRelations.id, salesOrders.partnerId))
    .where(and(eq(salesOrders.companyId, ctx.companyId), ref.orderId ? eq(salesOrders.id, ref.orderId) : sql`lower(${salesOrders.no}) = lower(${no})`));
  if (!so) throw new DomainError("not_found", no ? `销售单 ${no} 不存在` : "销售单不存在");
  if (!RETURNABLE_ORDER_STATUSES.includes(so.status)) throw new DomainError("conflict", `销售单 ${so.no} 尚未发货，不能退货`);
  const rows = await ex
    .select({
      id: deliverOrderLines.id,
      deliverOrderNo: deliverOrders.no,
      salesOrderLineId: deliverOrderLines.salesOrderLineId,
      productId: deliverOrderLines.productId,
      mainOE: products.mainOE,
      productName: products.name,
      batchNo: deliverOrderLines.batchNo,
      qty: deliverOrderLines.qty,
      returnedQty: deliverOrderLines.returnedQty,
      price: deliverOrderLines.price,
      lineDelivered: salesOrderLines.deliveredQty,
      lineReturned: salesOrderLines.returnedQty,
    })
    .from(deliverOrderLines)
    .innerJoin(deliverOrders, eq(deliverOrders.id, deliverOrderLines.deliverOrderId))
    .innerJoin(salesOrderLines, eq(salesOrderLines.id, deliverOrderLines.salesOrderLineId))
    .innerJoin(products, eq(products.id, deliverOrderLines.productId))
    .where(and(eq(deliverOrders.companyId, ctx.companyId), eq(deliverOrders.salesOrderId, so.id), eq(deliverOrders.status, DELIVERED)))
    .orderBy(asc(salesOrderLines.lineNo), asc(deliverOrders.id), asc(deliverOrderLines.lineNo));
  // The order line's remainder is shared by its delivery lines: handed out in delivery order.
  const lineLeft = new Map<number, Decimal>();
  const lines: ReturnableLine[] = [];
  for (const r of rows) {
    const left = lineLeft.get(r.salesOrderLineId) ?? sub(r.lineDelivered, r.lineReturned);
    const own = sub(r.qty, r.returnedQty);
    const returnable = gt(own, left) ? left : own;
    if (!gt(returnable, 0)) continue;
    lineLeft.set(r.salesOrderLineId, sub(left, returnable));
    lines.push({
      deliverOrderLineId: r.id,
      deliverOrderNo: r.deliverOrderNo,
      salesOrderLineId: r.salesOrderLineId,
      productId: r.productId,
      mainOE: r.mainOE,
      productName: r.productName,
      batchNo: r.batchNo,
      deliveredQty: r.qty,
      returnedQty: r.returnedQty,
      returnable: qtyString(returnable),
      price: r.price,
    });
  }
  return { order: so, lines };
}

/** Customers (partners with rel 1) and warehouses of the company, for the header selects and filters. */
export async function salesReturnChoices(ctx: Ctx) {
  const [customers, whs] = await Promise.all([
    db()
      .select({ value: enterpriseRelations.id, label: enterpriseRelations.name })
      .from(enterpriseRelations)
      .where(and(eq(enterpriseRelations.companyId, ctx.companyId), eq(enterpriseRelations.rel, 1)))
      .orderBy(asc(enterpriseRelations.nameSort))
      .limit(500),
    db()
      .select({ value: warehouses.id, label: warehouses.name, isDefault: warehouses.isDefault })
      .from(warehouses)
      .where(and(eq(warehouses.companyId, ctx.companyId), eq(warehouses.isEnabled, true)))
      .orderBy(desc(warehouses.isDefault), asc(warehouses.id)),
  ]);
  return { customers, warehouses: whs };
}
