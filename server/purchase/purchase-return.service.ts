import { and, asc, desc, eq, gt as gtSql, inArray, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Ctx } from "../lib/context";
import { db, type Executor } from "../db/client";
import { busyError, inTransaction } from "../db/transaction";
import { add, dec, gt, moneyString, mul, qtyString, roundMoney, sub, sum } from "../lib/decimal";
import { labelOf, REASON_CODES } from "../lib/dictionary";
import { recordDocumentChange } from "../lib/document-audit";
import { DomainError } from "../lib/errors";
import { t } from "../lib/i18n/zh-CN";
import { parseInput, escapeLike } from "../lib/validate";
import { enterpriseRelations } from "../organization/organization.tables";
import { productBrands } from "../product/brand.tables";
import { productUnits } from "../product/catalog.tables";
import { normalizeOE } from "../product/oe";
import { products } from "../product/product.tables";
import { actionsFor, assertTransition, lockDocument, runDocumentAction } from "../kernel/document";
import { lockStock, postStock, releaseLocks, reverseDocument } from "../stock/stock-ledger.service";
import { stockBalances, stockLocations, warehouses } from "../stock/stock.tables";
import { nextDocumentNo, noTakenIn } from "../kernel/numbering";
import { companies, users } from "../kernel/identity.tables";
import { purchaseOrderLines, purchaseOrders, purchaseReturnOrderLines, purchaseReturnOrders, receiveOrderLines, receiveOrders } from "./purchase.tables";
import { PurchaseReturnInputSchema, type PurchaseReturnInput } from "./purchase-return.input";
import { PURCHASE_RETURN_BUTTONS, PURCHASE_RETURN_MACHINE, type PurchaseReturnAction, PR_DONE, PR_DRAFT, PR_VOID, PR_WAITING } from "./purchase-return.status";
import { postPartnerEntry, reversePartnerEntry } from "../finance/partner-account.service";
import { rows as rowsOf } from "../lib/rows";

/**
 * 采购退货 (purchase returns). Lock order, the same as every use case touching a purchase order:
 * the purchase order row → the return row → balance rows (stock ledger service). Submitting locks
 * the chosen batches (never more than available); confirming releases those locks and posts the
 * outflow at the moving average in the same transaction, and counts the quantity as returned on
 * the purchase order line (never more than received − already returned).
 */
const LABEL = "采购退货单";
export const PURCHASE_RETURN_DOC_TYPE = "purchaseReturnOrder";
/** The return as the audit trail names it (单据过账 / 单据撤销). */
const auditDoc = (doc: { id: number; no: string; totalAmount: string }) => ({ type: PURCHASE_RETURN_DOC_TYPE, id: doc.id, no: doc.no, total: doc.totalAmount });
/** Page codes: the list/document page and the create action. */
const CODES = ["CGGL-003", "CGGL-005"] as const;

function requireBuyer(ctx: Ctx) {
  if (!CODES.some((c) => ctx.permissions.has(c))) throw new DomainError("forbidden", t.errors.pages[403]!.message);
}

/** The purchase order statuses whose received goods may be returned. */
const RETURNABLE_ORDER_STATUSES = [10, 20, 30, 40, 100];

/** Checks the header and lines refer to the caller's rows and fit together. */
async function checkInput(tx: Executor, ctx: Ctx, input: PurchaseReturnInput) {
  const [partner] = await tx
    .select({ id: enterpriseRelations.id })
    .from(enterpriseRelations)
    .where(and(eq(enterpriseRelations.id, input.partnerId), eq(enterpriseRelations.companyId, ctx.companyId), eq(enterpriseRelations.rel, 0)));
  if (!partner) throw new DomainError("bad_request", "所选供应商不存在", { partnerId: ["所选供应商不存在"] });
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
    const locationIds = [...new Set(lines.map((l) => l.locationId))];
    const ls = await tx
      .select({ id: stockLocations.id })
      .from(stockLocations)
      .where(and(eq(stockLocations.companyId, ctx.companyId), eq(stockLocations.warehouseId, input.warehouseId), inArray(stockLocations.id, locationIds)));
    if (ls.length !== locationIds.length) throw new DomainError("bad_request", "货位不存在或不属于所选仓库");
  }
  if (input.purchaseOrderId) {
    const [po] = await tx
      .select({
        id: purchaseOrders.id,
        partnerId: purchaseOrders.partnerId,
        warehouseId: purchaseOrders.warehouseId,
        status: purchaseOrders.status,
        no: purchaseOrders.no,
      })
      .from(purchaseOrders)
      .where(and(eq(purchaseOrders.id, input.purchaseOrderId), eq(purchaseOrders.companyId, ctx.companyId)));
    if (!po) throw new DomainError("bad_request", "所选采购单不存在", { purchaseOrderId: ["所选采购单不存在"] });
    if (!RETURNABLE_ORDER_STATUSES.includes(po.status)) throw new DomainError("conflict", `采购单 ${po.no} 尚未提交或已作废，不能退货`);
    if (po.partnerId !== input.partnerId)
      throw new DomainError("bad_request", "退货供应商与采购单的供应商不一致", { partnerId: ["退货供应商与采购单的供应商不一致"] });
    const lineIds = [...new Set(lines.map((l) => l.purchaseOrderLineId).filter((x): x is number => !!x))];
    if (lineIds.length) {
      const ols = await tx
        .select({ id: purchaseOrderLines.id, productId: purchaseOrderLines.productId })
        .from(purchaseOrderLines)
        .where(and(eq(purchaseOrderLines.companyId, ctx.companyId), eq(purchaseOrderLines.orderId, po.id), inArray(purchaseOrderLines.id, lineIds)));
      const byId = new Map(ols.map((o) => [o.id, o.productId]));
      for (const l of lines) {
        if (!l.purchaseOrderLineId) continue;
        if (byId.get(l.purchaseOrderLineId) !== l.productId) throw new DomainError("bad_request", "退货明细与采购单明细不一致");
      }
    }
  } else if (lines.some((l) => l.purchaseOrderLineId)) {
    throw new DomainError("bad_request", "退货明细引用了采购单明细，但未选择采购单");
  }
}

async function writeLines(tx: Executor, ctx: Ctx, returnOrderId: number, input: PurchaseReturnInput) {
  const rows = input.lines.map((l, i) => ({
    companyId: ctx.companyId,
    returnOrderId,
    lineNo: i + 1,
    productId: l.productId,
    locationId: l.locationId,
    batchNo: l.batchNo,
    qty: qtyString(l.qty!),
    price: moneyString(l.price),
    amount: moneyString(roundMoney(mul(l.qty!, l.price))),
    reasonCode: l.reasonCode,
    purchaseOrderLineId: input.purchaseOrderId ? (l.purchaseOrderLineId ?? null) : null,
    remark: l.remark,
  }));
  if (rows.length) await tx.insert(purchaseReturnOrderLines).values(rows);
  return {
    totalQty: qtyString(sum(rows.map((r) => r.qty))),
    totalAmount: moneyString(sum(rows.map((r) => r.amount))),
  };
}

/** Creates a draft (or, with `submit`, a submitted return with its stock locked) in one transaction. */
export async function createPurchaseReturnOrder(ctx: Ctx, body: unknown, opts: { submit?: boolean; tx?: Executor } = {}): Promise<{ id: number; no: string }> {
  requireBuyer(ctx);
  const input = parseInput(PurchaseReturnInputSchema, body);
  return inTransaction(
    async (tx) => {
      await checkInput(tx, ctx, input);
      const no = await nextDocumentNo(tx, ctx, PURCHASE_RETURN_DOC_TYPE, { exists: noTakenIn(tx, ctx, purchaseReturnOrders) });
      const [row] = await tx
        .insert(purchaseReturnOrders)
        .values({
          companyId: ctx.companyId,
          no,
          status: PR_DRAFT,
          partnerId: input.partnerId,
          warehouseId: input.warehouseId,
          purchaseOrderId: input.purchaseOrderId,
          remark: input.remark,
          createdBy: ctx.userId,
          creationTime: ctx.now,
          updatedAt: ctx.now,
        })
        .returning({ id: purchaseReturnOrders.id });
      const totals = await writeLines(tx, ctx, row!.id, input);
      await tx.update(purchaseReturnOrders).set(totals).where(eq(purchaseReturnOrders.id, row!.id));
      if (opts.submit) await submitIn(tx, ctx, row!.id);
      return { id: row!.id, no };
    },
    { tx: opts.tx },
  );
}

/** Replaces a draft's header and lines. */
export async function updatePurchaseReturnOrder(ctx: Ctx, id: number, body: unknown): Promise<{ id: number; no: string }> {
  requireBuyer(ctx);
  const input = parseInput(PurchaseReturnInputSchema, body);
  return inTransaction(async (tx) => {
    const doc = await lockDocument(tx, purchaseReturnOrders, ctx, id, LABEL);
    assertTransition(PURCHASE_RETURN_MACHINE, "update", doc.status);
    await checkInput(tx, ctx, input);
    await tx.delete(purchaseReturnOrderLines).where(eq(purchaseReturnOrderLines.returnOrderId, id));
    const totals = await writeLines(tx, ctx, id, input);
    await tx
      .update(purchaseReturnOrders)
      .set({
        ...totals,
        partnerId: input.partnerId,
        warehouseId: input.warehouseId,
        purchaseOrderId: input.purchaseOrderId,
        remark: input.remark,
        updatedAt: ctx.now,
      })
      .where(eq(purchaseReturnOrders.id, id));
    return { id, no: doc.no };
  });
}

/** Deletes a draft (a submitted or posted return is voided or reversed instead). */
export async function removePurchaseReturnOrder(ctx: Ctx, id: number) {
  requireBuyer(ctx);
  await inTransaction(async (tx) => {
    const doc = await lockDocument(tx, purchaseReturnOrders, ctx, id, LABEL);
    assertTransition(PURCHASE_RETURN_MACHINE, "remove", doc.status);
    await tx.delete(purchaseReturnOrders).where(eq(purchaseReturnOrders.id, id));
  });
  return { success: true };
}

/**
 * Locks the return's purchase order row first (when it has one), then the return: the order of
 * every use case that touches a purchase order. The order id is read before the locks; a draft
 * re-pointed to another order in between is read again.
 */
async function lockReturnWithOrder(tx: Executor, ctx: Ctx, id: number) {
  for (let i = 0; i < 3; i++) {
    const [peek] = await tx
      .select({ purchaseOrderId: purchaseReturnOrders.purchaseOrderId })
      .from(purchaseReturnOrders)
      .where(and(eq(purchaseReturnOrders.id, id), eq(purchaseReturnOrders.companyId, ctx.companyId)));
    if (!peek) throw new DomainError("not_found", `${LABEL}不存在`);
    if (peek.purchaseOrderId) await lockDocument(tx, purchaseOrders, ctx, peek.purchaseOrderId, "采购单");
    const doc = await lockDocument(tx, purchaseReturnOrders, ctx, id, LABEL);
    if (doc.purchaseOrderId === peek.purchaseOrderId) return doc;
  }
  throw busyError();
}

async function linesOf(tx: Executor, id: number) {
  return tx.select().from(purchaseReturnOrderLines).where(eq(purchaseReturnOrderLines.returnOrderId, id)).orderBy(asc(purchaseReturnOrderLines.lineNo));
}

/**
 * Never more than received − already returned per purchase order line (lines of one order line
 * summed). The caller holds the purchase order row lock. Returns the quantities per order line.
 */
async function checkReturnable(tx: Executor, ctx: Ctx, lines: { purchaseOrderLineId: number | null; qty: string }[]) {
  const need = new Map<number, ReturnType<typeof dec>>();
  for (const l of lines) if (l.purchaseOrderLineId) need.set(l.purchaseOrderLineId, add(need.get(l.purchaseOrderLineId) ?? 0, l.qty));
  if (need.size === 0) return need;
  const rows = await tx
    .select({
      id: purchaseOrderLines.id,
      receivedQty: purchaseOrderLines.receivedQty,
      returnedQty: purchaseOrderLines.returnedQty,
      mainOE: products.mainOE,
      name: products.name,
    })
    .from(purchaseOrderLines)
    .innerJoin(products, eq(products.id, purchaseOrderLines.productId))
    .where(and(eq(purchaseOrderLines.companyId, ctx.companyId), inArray(purchaseOrderLines.id, [...need.keys()])));
  for (const r of rows) {
    const left = sub(r.receivedQty, r.returnedQty);
    const n = need.get(r.id)!;
    if (gt(n, left)) {
      throw new DomainError(
        "conflict",
        `产品 ${r.mainOE} ${r.name} 最多可退 ${qtyString(left)} 件（已收货 ${qtyString(r.receivedQty)}，已退货 ${qtyString(r.returnedQty)}），本次退货 ${qtyString(n)} 件`,
      );
    }
  }
  return need;
}

async function submitIn(tx: Executor, ctx: Ctx, id: number) {
  const doc = await lockReturnWithOrder(tx, ctx, id);
  assertTransition(PURCHASE_RETURN_MACHINE, "submit", doc.status);
  const lines = await linesOf(tx, id);
  if (lines.length === 0) throw new DomainError("bad_request", "请添加退货明细");
  for (const l of lines) if (l.reasonCode === null) throw new DomainError("bad_request", `第 ${l.lineNo} 行请选择退货原因`);
  if (doc.purchaseOrderId) await checkReturnable(tx, ctx, lines);
  await lockStock(
    tx,
    ctx,
    { docType: PURCHASE_RETURN_DOC_TYPE, docId: id, docNo: doc.no },
    lines.map((l) => ({ productId: l.productId, locationId: l.locationId, batchNo: l.batchNo, qty: l.qty, docLineId: l.id })),
  );
  await tx.update(purchaseReturnOrders).set({ status: PR_WAITING, updatedAt: ctx.now }).where(eq(purchaseReturnOrders.id, id));
  await recordDocumentChange(tx, ctx, PURCHASE_RETURN_MACHINE, "submit", { ...auditDoc(doc), from: doc.status, to: PR_WAITING });
}

/** 提交: 0 → 10, the chosen batches locked (never more than available). */
export async function submitPurchaseReturnOrder(ctx: Ctx, id: number) {
  requireBuyer(ctx);
  await inTransaction((tx) => submitIn(tx, ctx, id));
  return { id, status: PR_WAITING };
}

/** 确认出库: 10 → 100; releases the locks and posts the outflow, counts the returned quantity on the purchase order. */
export async function confirmPurchaseReturnOrder(ctx: Ctx, id: number) {
  requireBuyer(ctx);
  await inTransaction(async (tx) => {
    const doc = await lockReturnWithOrder(tx, ctx, id);
    assertTransition(PURCHASE_RETURN_MACHINE, "confirm", doc.status);
    const lines = await linesOf(tx, id);
    const need = doc.purchaseOrderId ? await checkReturnable(tx, ctx, lines) : new Map();
    await releaseLocks(tx, ctx, { docType: PURCHASE_RETURN_DOC_TYPE, docId: id });
    const moves = await postStock(tx, ctx, {
      bizType: "PurchaseReturnOrder",
      docType: PURCHASE_RETURN_DOC_TYPE,
      docId: id,
      docNo: doc.no,
      lines: lines.map((l) => ({
        productId: l.productId,
        locationId: l.locationId,
        batchNo: l.batchNo,
        qty: dec(l.qty).neg(),
        docLineId: l.id,
        remark: labelOf(REASON_CODES, l.reasonCode as 20 | null),
      })),
    });
    for (const m of moves) {
      if (m.docLineId) await tx.update(purchaseReturnOrderLines).set({ unitCost: m.unitCost }).where(eq(purchaseReturnOrderLines.id, m.docLineId));
    }
    for (const [lineId, q] of need) {
      await tx
        .update(purchaseOrderLines)
        .set({ returnedQty: sql`${purchaseOrderLines.returnedQty} + ${qtyString(q)}::numeric` })
        .where(eq(purchaseOrderLines.id, lineId));
    }
    await tx
      .update(purchaseReturnOrders)
      .set({ status: PR_DONE, postedAt: ctx.now, postedBy: ctx.userId, updatedAt: ctx.now })
      .where(eq(purchaseReturnOrders.id, id));
    await recordDocumentChange(tx, ctx, PURCHASE_RETURN_MACHINE, "confirm", { ...auditDoc(doc), from: doc.status, to: PR_DONE });
    // What the supplier owes back lowers the payable (partner account LAST in the lock order).
    if (gt(doc.totalAmount, 0))
      await postPartnerEntry(tx, ctx, {
        partnerId: doc.partnerId,
        docType: PURCHASE_RETURN_DOC_TYPE,
        docId: id,
        docNo: doc.no,
        amount: dec(doc.totalAmount).neg(),
      });
  });
  return { id, status: PR_DONE };
}

/** 作废: 0/10 → 90, releasing what a submitted return locked. */
export async function cancelPurchaseReturnOrder(ctx: Ctx, id: number) {
  requireBuyer(ctx);
  await inTransaction((tx) =>
    runDocumentAction(tx, ctx, {
      table: purchaseReturnOrders,
      machine: PURCHASE_RETURN_MACHINE,
      action: "cancel",
      type: PURCHASE_RETURN_DOC_TYPE,
      id,
      post: async (tx, doc) => {
        await releaseLocks(tx, ctx, { docType: PURCHASE_RETURN_DOC_TYPE, docId: id });
        return { total: doc.totalAmount };
      },
    }),
  );
  return { id, status: PR_VOID };
}

/** 红冲: 100 → 90; the outflow posted back (PurchaseReturnOrderBack) and the returned quantity taken back. */
export async function reversePurchaseReturnOrder(ctx: Ctx, id: number) {
  requireBuyer(ctx);
  await inTransaction(async (tx) => {
    const doc = await lockReturnWithOrder(tx, ctx, id);
    assertTransition(PURCHASE_RETURN_MACHINE, "reverse", doc.status);
    await reverseDocument(tx, ctx, {
      docType: PURCHASE_RETURN_DOC_TYPE,
      docId: id,
      docNo: doc.no,
      bizType: "PurchaseReturnOrderBack",
      remark: `红冲 ${doc.no}`,
    });
    if (doc.purchaseOrderId) {
      const lines = await linesOf(tx, id);
      const back = new Map<number, ReturnType<typeof dec>>();
      for (const l of lines) if (l.purchaseOrderLineId) back.set(l.purchaseOrderLineId, add(back.get(l.purchaseOrderLineId) ?? 0, l.qty));
      for (const [lineId, q] of back) {
        await tx
          .update(purchaseOrderLines)
          .set({ returnedQty: sql`greatest(${purchaseOrderLines.returnedQty} - ${qtyString(q)}::numeric, 0)` })
          .where(eq(purchaseOrderLines.id, lineId));
      }
    }
    await tx.update(purchaseReturnOrders).set({ status: PR_VOID, updatedAt: ctx.now }).where(eq(purchaseReturnOrders.id, id));
    await recordDocumentChange(tx, ctx, PURCHASE_RETURN_MACHINE, "reverse", { ...auditDoc(doc), from: doc.status, to: PR_VOID });
    // The credit posted back (purchaseReturnOrderBack, +), partner account last.
    await reversePartnerEntry(tx, ctx, { docType: PURCHASE_RETURN_DOC_TYPE, docId: id, docNo: doc.no });
  });
  return { id, status: PR_VOID };
}

const ACTIONS: Record<Exclude<PurchaseReturnAction, "update" | "remove">, (ctx: Ctx, id: number) => Promise<unknown>> = {
  submit: submitPurchaseReturnOrder,
  confirm: confirmPurchaseReturnOrder,
  cancel: cancelPurchaseReturnOrder,
  reverse: reversePurchaseReturnOrder,
};

/** Runs one status action by name (the document page's buttons, the JSON API). */
export function runPurchaseReturnAction(ctx: Ctx, id: number, action: string) {
  const run = Object.hasOwn(ACTIONS, action) ? ACTIONS[action as keyof typeof ACTIONS] : undefined;
  if (!run) throw new DomainError("bad_request", "未知操作");
  return run(ctx, id);
}

export const PURCHASE_RETURN_ACTIONS = ACTIONS;

export interface PurchaseReturnLineView {
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
  qty: string;
  price: string;
  amount: string;
  unitCost: string | null;
  reasonCode: number | null;
  reasonName: string;
  purchaseOrderLineId: number | null;
  remark: string | null;
}

export interface PurchaseReturnView {
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
  purchaseOrderId: number | null;
  purchaseOrderNo: string | null;
  remark: string | null;
  totalQty: string;
  totalAmount: string;
  creationTime: Date;
  postedAt: Date | null;
  createdByName: string | null;
  postedByName: string | null;
  companyName: string;
  /** The status actions offered now (submit, confirm, cancel, reverse). */
  actions: string[];
  lines: PurchaseReturnLineView[];
}

/** One return with its lines and names (document page, print page, JSON API). */
export async function getPurchaseReturnOrder(ctx: Ctx, id: number, ex: Executor = db()): Promise<PurchaseReturnView> {
  const creator = alias(users, "creator");
  const poster = alias(users, "poster");
  const [h] = await ex
    .select({
      doc: purchaseReturnOrders,
      partnerName: enterpriseRelations.name,
      partnerContact: enterpriseRelations.contactName,
      partnerPhone: enterpriseRelations.contactPhone,
      partnerAddress: enterpriseRelations.address,
      warehouseName: warehouses.name,
      purchaseOrderNo: purchaseOrders.no,
      createdByName: creator.name,
      postedByName: poster.name,
      companyName: companies.name,
    })
    .from(purchaseReturnOrders)
    .innerJoin(enterpriseRelations, eq(enterpriseRelations.id, purchaseReturnOrders.partnerId))
    .innerJoin(warehouses, eq(warehouses.id, purchaseReturnOrders.warehouseId))
    .innerJoin(companies, eq(companies.id, purchaseReturnOrders.companyId))
    .leftJoin(purchaseOrders, eq(purchaseOrders.id, purchaseReturnOrders.purchaseOrderId))
    .leftJoin(creator, eq(creator.id, purchaseReturnOrders.createdBy))
    .leftJoin(poster, eq(poster.id, purchaseReturnOrders.postedBy))
    .where(and(eq(purchaseReturnOrders.id, id), eq(purchaseReturnOrders.companyId, ctx.companyId)));
  if (!h) throw new DomainError("not_found", `${LABEL}不存在`);
  const lines = await ex
    .select({
      line: purchaseReturnOrderLines,
      mainOE: products.mainOE,
      productName: products.name,
      brandName: productBrands.name,
      unitName: productUnits.name,
      locationName: stockLocations.fullName,
    })
    .from(purchaseReturnOrderLines)
    .innerJoin(products, eq(products.id, purchaseReturnOrderLines.productId))
    .innerJoin(stockLocations, eq(stockLocations.id, purchaseReturnOrderLines.locationId))
    .leftJoin(productBrands, eq(productBrands.id, products.brandId))
    .leftJoin(productUnits, eq(productUnits.id, products.unitId))
    .where(eq(purchaseReturnOrderLines.returnOrderId, id))
    .orderBy(asc(purchaseReturnOrderLines.lineNo));
  const d = h.doc;
  return {
    id: d.id,
    no: d.no,
    status: d.status,
    statusName: labelOf(PURCHASE_RETURN_MACHINE.statuses, d.status),
    partnerId: d.partnerId,
    partnerName: h.partnerName,
    partnerContact: h.partnerContact,
    partnerPhone: h.partnerPhone,
    partnerAddress: h.partnerAddress,
    warehouseId: d.warehouseId,
    warehouseName: h.warehouseName,
    purchaseOrderId: d.purchaseOrderId,
    purchaseOrderNo: h.purchaseOrderNo,
    remark: d.remark,
    totalQty: d.totalQty,
    totalAmount: d.totalAmount,
    creationTime: d.creationTime,
    postedAt: d.postedAt,
    createdByName: h.createdByName,
    postedByName: h.postedByName,
    companyName: h.companyName,
    actions: actionsFor(PURCHASE_RETURN_MACHINE, d.status).filter((a) => PURCHASE_RETURN_BUTTONS.includes(a)),
    lines: lines.map((r) => ({
      id: r.line.id,
      lineNo: r.line.lineNo,
      productId: r.line.productId,
      mainOE: r.mainOE,
      productName: r.productName,
      brandName: r.brandName,
      unitName: r.unitName,
      locationId: r.line.locationId,
      locationName: r.locationName,
      batchNo: r.line.batchNo,
      qty: r.line.qty,
      price: r.line.price,
      amount: r.line.amount,
      unitCost: r.line.unitCost,
      reasonCode: r.line.reasonCode,
      reasonName: r.line.reasonCode === null ? "" : labelOf(REASON_CODES, r.line.reasonCode as 20),
      purchaseOrderLineId: r.line.purchaseOrderLineId,
      remark: r.line.remark,
    })),
  };
}

export interface ReturnableBatch {
  productId: number;
  mainOE: string;
  productName: string;
  brandName: string | null;
  locationId: number;
  locationName: string;
  batchNo: string;
  qty: string;
  available: string;
  receivedAt: Date;
}

/** Product condition for a typed OE (any spelling), name, pinyin or initials. */
function productMatch(keyword: string): SQL | undefined {
  const kw = keyword.trim();
  if (!kw) return undefined;
  const like = `%${escapeLike(kw)}%`;
  const norm = normalizeOE(kw);
  return or(
    sql`${products.name} ilike ${like}`,
    sql`${products.mainOE} ilike ${like}`,
    norm ? sql`${products.oeNorm} like ${`%${escapeLike(norm)}%`}` : undefined,
    sql`${products.pinYin} ilike ${`${escapeLike(kw)}%`}`,
    sql`${products.initial} ilike ${`${escapeLike(kw)}%`}`,
  );
}

/** The batches on hand in a warehouse (qty and available per location), to pick return lines from. */
export async function returnableBatches(
  ctx: Ctx,
  opts: { warehouseId: number; keyword?: string; productIds?: number[]; limit?: number },
): Promise<ReturnableBatch[]> {
  const conds: (SQL | undefined)[] = [
    eq(stockBalances.companyId, ctx.companyId),
    eq(stockBalances.warehouseId, opts.warehouseId),
    gtSql(stockBalances.qty, "0"),
    opts.keyword ? productMatch(opts.keyword) : undefined,
    opts.productIds ? (opts.productIds.length ? inArray(stockBalances.productId, opts.productIds) : sql`false`) : undefined,
  ];
  const rows = await db()
    .select({
      productId: stockBalances.productId,
      mainOE: products.mainOE,
      productName: products.name,
      brandName: productBrands.name,
      locationId: stockBalances.locationId,
      locationName: stockLocations.fullName,
      batchNo: stockBalances.batchNo,
      qty: stockBalances.qty,
      available: sql<string>`(${stockBalances.qty} - ${stockBalances.lockedQty})::numeric(16,2)::text`,
      receivedAt: stockBalances.receivedAt,
    })
    .from(stockBalances)
    .innerJoin(products, eq(products.id, stockBalances.productId))
    .innerJoin(stockLocations, eq(stockLocations.id, stockBalances.locationId))
    .leftJoin(productBrands, eq(productBrands.id, products.brandId))
    .where(and(...conds))
    .orderBy(asc(products.oeNorm), asc(stockLocations.fullName), asc(stockBalances.receivedAt))
    .limit(Math.min(opts.limit ?? 50, 200));
  return rows;
}

/** The last purchase price of each product (this supplier's first, then anyone's), from submitted orders. */
export async function lastPurchasePricesOf(ex: Executor, ctx: Ctx, productIds: number[], partnerId?: number | null): Promise<Map<number, string>> {
  if (productIds.length === 0) return new Map();
  const ids = sql.join(
    [...new Set(productIds)].map((id) => sql`${id}::int`),
    sql`, `,
  );
  const rows = rowsOf(
    await ex.execute(sql`select distinct on (l.product_id) l.product_id, l.price::text as price
      from purchase_order_lines l join purchase_orders o on o.id = l.order_id
      where l.company_id = ${ctx.companyId} and o.status not in (0, 90) and l.product_id in (${ids})
      order by l.product_id, (o.partner_id = ${partnerId ?? 0}) desc, o.creation_time desc, l.id desc`),
  );
  return new Map(rows.map((r) => [Number(r.product_id), String(r.price)]));
}

export interface ReturnPrefillLine {
  purchaseOrderLineId: number | null;
  productId: number;
  mainOE: string;
  productName: string;
  locationId: number | null;
  locationName: string | null;
  batchNo: string;
  /** What may still be returned (order line: received − returned; a batch: its available quantity). */
  returnable: string;
  available: string;
  qty: string;
  price: string;
}

/**
 * "从采购单退货": the order's received lines not yet returned, each on a batch of the order's
 * warehouse that has the product available (a batch this order's receipts made first).
 */
export async function purchaseReturnPrefill(ctx: Ctx, orderId: number) {
  const [po] = await db()
    .select({
      id: purchaseOrders.id,
      no: purchaseOrders.no,
      partnerId: purchaseOrders.partnerId,
      warehouseId: purchaseOrders.warehouseId,
      status: purchaseOrders.status,
    })
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.id, orderId), eq(purchaseOrders.companyId, ctx.companyId)));
  if (!po) throw new DomainError("not_found", "采购单不存在");
  const lines = await db()
    .select({
      id: purchaseOrderLines.id,
      productId: purchaseOrderLines.productId,
      receivedQty: purchaseOrderLines.receivedQty,
      returnedQty: purchaseOrderLines.returnedQty,
      price: purchaseOrderLines.price,
      mainOE: products.mainOE,
      name: products.name,
    })
    .from(purchaseOrderLines)
    .innerJoin(products, eq(products.id, purchaseOrderLines.productId))
    .where(and(eq(purchaseOrderLines.orderId, po.id), eq(purchaseOrderLines.companyId, ctx.companyId)))
    .orderBy(asc(purchaseOrderLines.lineNo));
  const open = lines.filter((l) => gt(sub(l.receivedQty, l.returnedQty), 0));
  const batches = await returnableBatches(ctx, { warehouseId: po.warehouseId, productIds: open.map((l) => l.productId), limit: 200 });
  const ownBatches = new Set(
    (
      await db()
        .select({ batchNo: receiveOrderLines.batchNo })
        .from(receiveOrderLines)
        .innerJoin(receiveOrders, eq(receiveOrders.id, receiveOrderLines.receiveOrderId))
        .where(and(eq(receiveOrders.companyId, ctx.companyId), eq(receiveOrders.purchaseOrderId, po.id)))
    ).map((r) => r.batchNo),
  );
  const out: ReturnPrefillLine[] = open.map((l) => {
    const returnable = sub(l.receivedQty, l.returnedQty);
    const candidates = batches.filter((b) => b.productId === l.productId && gt(b.available, 0));
    const pick = candidates.find((b) => ownBatches.has(b.batchNo)) ?? candidates[candidates.length - 1];
    const qty = pick ? (gt(returnable, pick.available) ? dec(pick.available) : returnable) : returnable;
    return {
      purchaseOrderLineId: l.id,
      productId: l.productId,
      mainOE: l.mainOE,
      productName: l.name,
      locationId: pick?.locationId ?? null,
      locationName: pick?.locationName ?? null,
      batchNo: pick?.batchNo ?? "",
      returnable: qtyString(returnable),
      available: pick ? pick.available : "0.00",
      qty: qtyString(qty),
      price: l.price,
    };
  });
  return { order: po, lines: out, batches };
}

/** Suppliers (partners with rel 0) and warehouses of the company, for the header selects. */
export async function purchaseReturnChoices(ctx: Ctx) {
  const [suppliers, whs] = await Promise.all([
    db()
      .select({ value: enterpriseRelations.id, label: enterpriseRelations.name })
      .from(enterpriseRelations)
      .where(and(eq(enterpriseRelations.companyId, ctx.companyId), eq(enterpriseRelations.rel, 0)))
      .orderBy(asc(enterpriseRelations.nameSort))
      .limit(500),
    db()
      .select({ value: warehouses.id, label: warehouses.name, isDefault: warehouses.isDefault })
      .from(warehouses)
      .where(and(eq(warehouses.companyId, ctx.companyId), eq(warehouses.isEnabled, true)))
      .orderBy(desc(warehouses.isDefault), asc(warehouses.id)),
  ]);
  return { suppliers, warehouses: whs };
}
