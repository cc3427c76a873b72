import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { alias, type PgSelect } from "drizzle-orm/pg-core";
import type { Ctx } from "../lib/context";
import { db, type Executor } from "../db/client";
import { inTransaction } from "../db/transaction";
import { formatMoney, gt, qtyString, sub, type Decimal } from "../lib/decimal";
import { DomainError } from "../lib/errors";
import { isId } from "../lib/ids";
import { parseInput } from "../lib/validate";
import { enterpriseRelations } from "../organization/organization.tables";
import { partnerNameOf } from "../organization/partner-name";
import { products } from "../product/product.tables";
import { getCompanySettings } from "../setting/setting.service";
import { runDocumentAction } from "../kernel/document";
import { returnsLocationOf } from "../stock/location.service";
import { averageCosts } from "../stock/stock-ledger.service";
import { stockLocations } from "../stock/stock.tables";
import { notify } from "../kernel/notify";
import { users } from "../kernel/identity.tables";
import {
  actionNamed,
  defineReturnService,
  forbidden,
  partnersAndWarehouses,
  reasonName,
  sumPer,
  type ReturnLineViewBase,
  type ReturnViewBase,
} from "../trade/return.service";
import { approvals, deliverOrderLines, deliverOrders, salesOrderLines, salesOrders, salesReturnOrderLines, salesReturnOrders } from "./sale.tables";
import { ReturnDecisionSchema, SalesReturnInputSchema } from "./sales-return.input";
import { SALES_RETURN_BUTTONS, SALES_RETURN_MACHINE, SR_DRAFT, type SalesReturnAction } from "./sales-return.status";
import { SO_CANCELLED, SO_DELIVERED, SO_DELIVERING, SO_DONE, SO_PARTIAL } from "./sales-order.status";
import { DL_DONE } from "./deliver-order.status";
import { APPROVAL_PASSED, APPROVAL_REJECTED, APPROVAL_WAITING } from "./approval.status";

/**
 * 销售退货 (sales returns): the shared return use cases (server/trade/return.service.ts) with
 * what is the sale side's own. A return comes from a delivered sales order (each line names the
 * delivery line the goods left on: its net price, batch and outflow cost are the return's) or
 * stands free (customer, products, price typed). Never more than delivered − already returned per
 * order line and per delivery line, checked at submit and again at confirm under the sales
 * order's row lock.
 *
 * Submitting opens an approval (退货审批, kind 2); approving lets the warehouse confirm it.
 * Confirming posts the inflow (bizType SalesReturnOrder, source 3 销售退货) at the original cost
 * into the SalesReturnOrderLocation setting's location when it belongs to the return's
 * warehouse, else the warehouse's 退货区, counts the quantity as returned on the order and
 * delivery lines, and credits the customer (postPartnerEntry, −total) last.
 *
 * LOCK ORDER (as every use case touching a sales order): the sales order row → the return row
 * (→ its approval row) → stock balances and costs (ledger) → the partner account (LAST).
 */
const LABEL = "销售退货单";
export const SALES_RETURN_DOC_TYPE = "salesReturnOrder";
/** Approvals of kind 2 (APPROVAL_KINDS): a sales return waiting for 退货审批. */
export const RETURN_APPROVAL_KIND = 2;
export const RETURN_APPROVAL_CODE = "XQGL-007";
/** Sales order statuses that can have delivered goods (发货中, 部分发货, 发货完成, 买家已取消 after a partial delivery, 已完成). */
const RETURNABLE_ORDER_STATUSES = [SO_DELIVERING, SO_PARTIAL, SO_DELIVERED, SO_CANCELLED, SO_DONE];

function requireApprover(ctx: Ctx) {
  if (!ctx.permissions.has(RETURN_APPROVAL_CODE)) forbidden();
}

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
        eq(deliverOrders.status, DL_DONE),
        ids ? inArray(deliverOrderLines.id, ids) : undefined,
      ),
    )
    .orderBy(asc(deliverOrders.id), asc(deliverOrderLines.lineNo));
  return new Map(rows.map((r) => [r.id, r]));
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
 * Per delivery line, never more than left the warehouse on it minus what came back of it (the
 * return's lines of one delivery line summed). The caller holds the sales order row lock.
 */
async function checkDeliveries(tx: Executor, ctx: Ctx, orderId: number, lines: (typeof salesReturnOrderLines.$inferSelect)[]) {
  const perDelivery = sumPer(lines, (l) => l.deliverOrderLineId);
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
  return dls;
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

const service = defineReturnService({
  label: LABEL,
  docType: SALES_RETURN_DOC_TYPE,
  machine: SALES_RETURN_MACHINE,
  buttons: SALES_RETURN_BUTTONS,
  draft: SR_DRAFT,
  /** Page codes: the list/document page and the create action; 退货审批 decides. */
  codes: ["XSGL-003", "XSGL-005"],
  partner: { label: "客户", rel: 1 },
  table: salesReturnOrders,
  lines: salesReturnOrderLines,
  schema: SalesReturnInputSchema,
  order: {
    label: "销售单",
    key: "salesOrderId",
    column: salesReturnOrders.salesOrderId,
    table: salesOrders,
    returnable: RETURNABLE_ORDER_STATUSES,
    notReturnable: "尚未发货",
    refs: "销售单的发货明细",
    lines: salesOrderLines,
    movedQty: salesOrderLines.deliveredQty,
    moved: "发货",
  },
  hasRefs: (l) => !!(l.salesOrderLineId || l.deliverOrderLineId),
  orderLineOf: (l) => l.salesOrderLineId,
  bizType: { confirm: "SalesReturnOrder", reverse: "SalesReturnOrderBack" },
  entryRemark: (no) => `销售退货 ${no}`,
  reverseRefused: (no, why) => `销售退货单 ${no} 退回的货物已移走或出库，不能红冲：${why}`,

  /** Every line names the delivery line of this order its goods left on. */
  async orderFacts(tx, ctx, so, input) {
    const ids = [...new Set(input.lines.map((l) => l.deliverOrderLineId).filter((x): x is number => !!x))];
    const dls = await deliveryLinesOf(tx, ctx, so.id, ids);
    input.lines.forEach((l, i) => {
      const dl = l.deliverOrderLineId ? dls.get(l.deliverOrderLineId) : undefined;
      if (!dl) throw new DomainError("bad_request", `第 ${i + 1} 行：请从销售单 ${so.no} 的发货明细中选择退货产品`);
      if (dl.productId !== l.productId || (l.salesOrderLineId && l.salesOrderLineId !== dl.salesOrderLineId)) {
        throw new DomainError("bad_request", `第 ${i + 1} 行：退货明细与销售单的发货明细不一致`);
      }
    });
    return dls;
  },
  lineRow(l, _input, dls) {
    const dl = l.deliverOrderLineId ? dls?.get(l.deliverOrderLineId) : undefined;
    // From an order: the customer is credited what that delivery charged, at the cost it left with.
    return {
      price: dl ? dl.price : l.price,
      unitCost: dl?.unitCost ?? null,
      batchNo: dl?.batchNo ?? "",
      salesOrderLineId: dl?.salesOrderLineId ?? null,
      deliverOrderLineId: dl?.id ?? null,
    };
  },
  assertLinked(l) {
    if (!l.salesOrderLineId || !l.deliverOrderLineId) throw new DomainError("bad_request", `第 ${l.lineNo} 行：请从销售单的发货明细中选择退货产品`);
  },
  checkMore: checkDeliveries,
  async count(tx, ctx, lines, sign) {
    for (const [lineId, q] of sumPer(lines, (l) => l.deliverOrderLineId)) {
      const returnedQty =
        sign > 0
          ? sql`${deliverOrderLines.returnedQty} + ${qtyString(q)}::numeric`
          : sql`greatest(${deliverOrderLines.returnedQty} - ${qtyString(q)}::numeric, 0)`;
      await tx
        .update(deliverOrderLines)
        .set({ returnedQty })
        .where(and(eq(deliverOrderLines.id, lineId), eq(deliverOrderLines.companyId, ctx.companyId)));
    }
  },

  /** 提交: 0 → 10 待审核, an approval of kind 2 waits on /demand/returnOrder/approval. */
  async submit(tx, ctx, doc, lines) {
    const reasons = [...new Set(lines.map((l) => reasonName(l.reasonCode)))].join("、");
    const [approval] = await tx
      .insert(approvals)
      .values({
        companyId: ctx.companyId,
        kind: RETURN_APPROVAL_KIND,
        docType: SALES_RETURN_DOC_TYPE,
        docId: doc.id,
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
    const requested = async () => {
      const vars = {
        approvalId: approval!.id,
        returnNo: doc.no,
        customerName: await partnerNameOf(tx, ctx, doc.partnerId),
        amount: formatMoney(doc.totalAmount),
        reason: reasons,
      };
      await notify(tx, ctx, "returnApprovalRequested", vars, { permission: RETURN_APPROVAL_CODE });
    };
    return { set: { approvalStatus: APPROVAL_WAITING }, notify: approval ? requested : undefined };
  },

  /**
   * 确认入库: the inflow at the original delivery cost (free-standing: the moving average) with
   * source 3, into the return location.
   */
  async stock(tx, ctx, doc, lines, dls) {
    const locationId = await returnLocationFor(tx, ctx, doc.warehouseId);
    const freeCosts = await averageCosts(
      tx,
      ctx,
      lines.filter((l) => !l.deliverOrderLineId).map((l) => l.productId),
    );
    const move = (l: (typeof lines)[number]) => {
      const dl = l.deliverOrderLineId ? dls?.get(l.deliverOrderLineId) : undefined;
      const unitCost = dl ? (dl.unitCost ?? l.unitCost ?? undefined) : (freeCosts.get(l.productId) ?? undefined);
      return { locationId, batchNo: dl ? dl.batchNo : l.batchNo, qty: l.qty, unitCost: unitCost ?? undefined, source: 3 };
    };
    return { move, set: { locationId } };
  },

  /** 作废: 0/10/20 → 90; a waiting approval is closed with the note 退货单已作废. */
  async cancel(tx, ctx, doc) {
    const a = await lockWaitingApproval(tx, ctx, doc.id);
    if (a)
      await tx
        .update(approvals)
        .set({ status: APPROVAL_REJECTED, decidedBy: ctx.userId, decidedAt: ctx.now ?? new Date(), comment: "退货单已作废" })
        .where(eq(approvals.id, a.id));
  },
  async remove(tx, ctx, id) {
    await tx.delete(approvals).where(and(eq(approvals.companyId, ctx.companyId), eq(approvals.docType, SALES_RETURN_DOC_TYPE), eq(approvals.docId, id)));
  },

  view: {
    headerSelect: { locationName: stockLocations.fullName },
    joinHeader: (q: PgSelect) => q.leftJoin(stockLocations, eq(stockLocations.id, salesReturnOrders.locationId)),
    lineSelect: { deliverOrderNo: deliverOrders.no },
    joinLines: (q: PgSelect) =>
      q
        .leftJoin(deliverOrderLines, eq(deliverOrderLines.id, salesReturnOrderLines.deliverOrderLineId))
        .leftJoin(deliverOrders, eq(deliverOrders.id, deliverOrderLines.deliverOrderId)),
    header: (d, h) => ({
      locationId: d.locationId,
      locationName: h.locationName,
      salesOrderId: d.salesOrderId,
      salesOrderNo: h.orderNo,
      approvalStatus: d.approvalStatus,
    }),
    line: (l, r) => ({ salesOrderLineId: l.salesOrderLineId, deliverOrderLineId: l.deliverOrderLineId, deliverOrderNo: r.deliverOrderNo }),
    /** The latest approval (a rejection's comment shows on the draft). */
    async more(ex, ctx, id) {
      const decider = alias(users, "decider");
      const [appr] = await ex
        .select({ a: approvals, decidedByName: decider.name })
        .from(approvals)
        .leftJoin(decider, eq(decider.id, approvals.decidedBy))
        .where(and(eq(approvals.companyId, ctx.companyId), eq(approvals.docType, SALES_RETURN_DOC_TYPE), eq(approvals.docId, id)))
        .orderBy(desc(approvals.id))
        .limit(1);
      const approval: SalesReturnApprovalView | null = appr
        ? {
            id: appr.a.id,
            status: appr.a.status,
            comment: appr.a.comment,
            decidedByName: appr.decidedByName,
            decidedAt: appr.a.decidedAt,
            requestedAt: appr.a.requestedAt,
          }
        : null;
      return { approval };
    },
  },
});

/** Creates a draft (or, with `submit`, a return waiting for approval) in one transaction. */
export const createSalesReturnOrder = service.create;
/** Replaces a draft's header and lines (with `submit`, submits it in the same transaction). */
export const updateSalesReturnOrder = service.update;
/** Deletes a draft and its approvals (a submitted return is voided instead). */
export const removeSalesReturnOrder = service.remove;
/** 提交: 0 → 10 待审核, an approval of kind 2 waits on /demand/returnOrder/approval. */
export const submitSalesReturnOrder = service.submit;
/**
 * 确认入库: 20 → 100, by the sales clerk or the warehouse (退货入库, XSGL-010). Under the sales
 * order's row lock the returnable quantities are checked again; the inflow is posted at the
 * original delivery cost; the order and delivery lines count the return; the customer is credited last.
 */
export const confirmSalesReturnOrder = service.confirm;
/** 作废: 0/10/20 → 90; a waiting approval is closed with the note 退货单已作废. */
export const cancelSalesReturnOrder = service.cancel;
/**
 * 红冲 (100 → 95): undoes a return booked in by mistake. The inflow is posted back out of the
 * return location at the cost it came in with (SalesReturnOrderBack) — refused when those goods
 * have been moved or sold since; the order's and delivery lines' returned quantities go down
 * again, and the customer's credit is taken back.
 */
export const reverseSalesReturnOrder = service.reverse;

/** 审核通过 (10 → 20 待入库) or 驳回 (10 → 0 草稿, the comment required), closing the waiting approval and telling the submitter. */
async function decide(ctx: Ctx, returnId: number, action: "approve" | "reject", body: unknown) {
  requireApprover(ctx);
  const { comment } = parseInput(ReturnDecisionSchema, body ?? {});
  if (action === "reject" && !comment) throw new DomainError("bad_request", "请填写驳回原因", { comment: ["请填写驳回原因"] });
  const decided = {
    status: action === "approve" ? APPROVAL_PASSED : APPROVAL_REJECTED,
    decidedBy: ctx.userId,
    decidedAt: ctx.now ?? new Date(),
    comment: comment || null,
  };
  let requestedBy: number | null = null;
  const done = await inTransaction((tx) =>
    runDocumentAction(tx, ctx, {
      table: salesReturnOrders,
      machine: SALES_RETURN_MACHINE,
      action,
      type: SALES_RETURN_DOC_TYPE,
      id: returnId,
      post: async (tx, doc) => {
        const a = await lockWaitingApproval(tx, ctx, returnId);
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
        requestedBy = a?.requestedBy ?? doc.createdBy;
        return { set: { approvalStatus: decided.status }, total: doc.totalAmount, note: comment || undefined };
      },
      // 退货审批结果: the one who submitted it (the creator when it was decided without a waiting approval).
      notify: async (tx, doc) => {
        const result = {
          returnId,
          returnNo: doc.no,
          customerName: await partnerNameOf(tx, ctx, doc.partnerId),
          amount: formatMoney(doc.totalAmount),
          result: action === "approve" ? "通过" : "驳回",
          comment: comment || "无",
        };
        await notify(tx, ctx, "returnApprovalResult", result, { userId: requestedBy });
      },
    }),
  );
  return { id: done.id, no: done.no, status: done.status };
}

/** 审核通过: 10 → 20 待入库 (退货审批, XQGL-007), with an optional comment. */
export function approveSalesReturnOrder(ctx: Ctx, returnId: number, body?: unknown) {
  return decide(ctx, returnId, "approve", body);
}

/** 驳回: 10 → 0 草稿 with the manager's comment (required); the clerk edits and submits again. */
export function rejectSalesReturnOrder(ctx: Ctx, returnId: number, body?: unknown) {
  return decide(ctx, returnId, "reject", body);
}

/** The approval (kind 2) of the caller's company with this id, if it is a sales return's. */
async function approvalOf(ctx: Ctx, approvalId: number) {
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
  return a;
}

/** 退货审批 by the approval's id (the approval page). */
export async function decideReturnApproval(ctx: Ctx, approvalId: number, action: "approve" | "reject", comment?: string | null) {
  requireApprover(ctx);
  const a = isId(approvalId) ? await approvalOf(ctx, approvalId) : undefined;
  if (!a) throw new DomainError("not_found", "审批不存在");
  if (a.status !== APPROVAL_WAITING) throw new DomainError("conflict", `退货单 ${a.docNo} 的审批已处理`);
  return decide(ctx, a.docId, action, { comment: comment ?? "" });
}

/** The return an approval (kind 2) of the caller's company is about, any status; null when there is none. */
export async function salesReturnOfApproval(ctx: Ctx, approvalId: number): Promise<SalesReturnView | null> {
  const a = isId(approvalId) ? await approvalOf(ctx, approvalId) : undefined;
  return a ? getSalesReturnOrder(ctx, a.docId).catch(() => null) : null;
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
  return actionNamed(ACTIONS, action)(ctx, id, body);
}

export const SALES_RETURN_ACTIONS = ACTIONS as Record<string, (ctx: Ctx, id: number, body: unknown) => Promise<unknown>>;

export interface SalesReturnLineView extends ReturnLineViewBase {
  salesOrderLineId: number | null;
  deliverOrderLineId: number | null;
  deliverOrderNo: string | null;
}

export interface SalesReturnApprovalView {
  id: number;
  status: number;
  comment: string | null;
  decidedByName: string | null;
  decidedAt: Date | null;
  requestedAt: Date;
}

export interface SalesReturnView extends ReturnViewBase {
  locationId: number | null;
  locationName: string | null;
  salesOrderId: number | null;
  salesOrderNo: string | null;
  approvalStatus: number | null;
  /** The latest approval (a rejection's comment shows on the draft). */
  approval: SalesReturnApprovalView | null;
  lines: SalesReturnLineView[];
}

/** One return with its lines and names (document page, print page, approval page, JSON API). */
export async function getSalesReturnOrder(ctx: Ctx, id: number, ex: Executor = db()): Promise<SalesReturnView> {
  return (await service.get(ctx, id, ex)) as unknown as SalesReturnView;
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
    .where(and(eq(deliverOrders.companyId, ctx.companyId), eq(deliverOrders.salesOrderId, so.id), eq(deliverOrders.status, DL_DONE)))
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
  const { partners, warehouses } = await partnersAndWarehouses(ctx, 1);
  return { customers: partners, warehouses };
}
