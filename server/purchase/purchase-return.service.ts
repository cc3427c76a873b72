import { and, asc, eq, gt as gtSql, inArray, or, sql, type SQL } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type { Ctx } from "../lib/context";
import { db, type Executor } from "../db/client";
import { dec, gt, moneyString, qtyString, sub } from "../lib/decimal";
import { DomainError } from "../lib/errors";
import { escapeLike } from "../lib/validate";
import { productBrands } from "../product/brand.tables";
import { normalizeOE } from "../product/oe";
import { products } from "../product/product.tables";
import { lockStock, releaseLocks } from "../stock/stock-ledger.service";
import { stockBalances, stockLocations } from "../stock/stock.tables";
import { actionNamed, defineReturnService, partnersAndWarehouses, type ReturnLineViewBase, type ReturnViewBase } from "../trade/return.service";
import { purchaseOrderLines, purchaseOrders, purchaseReturnOrderLines, purchaseReturnOrders, receiveOrderLines, receiveOrders } from "./purchase.tables";
import { PurchaseReturnInputSchema } from "./purchase-return.input";
import { PURCHASE_RETURN_BUTTONS, PURCHASE_RETURN_MACHINE, PR_DRAFT, type PurchaseReturnAction } from "./purchase-return.status";
import { PO_DONE, PO_DRAFT, PO_PARTIAL, PO_RECEIVED, PO_RECEIVING, PO_VOID, PO_WAITING } from "./purchase-order.status";
import { rows as rowsOf } from "../lib/rows";

/**
 * 采购退货 (purchase returns): the shared return use cases (server/trade/return.service.ts) with
 * what is the purchase side's own. Each line takes its goods from one batch on one location of
 * the return's warehouse. Submitting locks the chosen batches (never more than available);
 * confirming releases those locks and posts the outflow at the moving average in the same
 * transaction, and counts the quantity as returned on the purchase order line (never more than
 * received − already returned). Lock order, as every use case touching a purchase order: the
 * purchase order row → the return row → balance rows (stock ledger service) → the supplier's
 * account.
 */
export const PURCHASE_RETURN_DOC_TYPE = "purchaseReturnOrder";

/** The purchase order statuses whose received goods may be returned. */
const RETURNABLE_ORDER_STATUSES = [PO_WAITING, PO_RECEIVING, PO_PARTIAL, PO_RECEIVED, PO_DONE];

const service = defineReturnService({
  label: "采购退货单",
  docType: PURCHASE_RETURN_DOC_TYPE,
  machine: PURCHASE_RETURN_MACHINE,
  buttons: PURCHASE_RETURN_BUTTONS,
  draft: PR_DRAFT,
  /** Page codes: the list/document page and the create action. */
  codes: ["CGGL-003", "CGGL-005"],
  partner: { label: "供应商", rel: 0 },
  table: purchaseReturnOrders,
  lines: purchaseReturnOrderLines,
  schema: PurchaseReturnInputSchema,
  order: {
    label: "采购单",
    key: "purchaseOrderId",
    column: purchaseReturnOrders.purchaseOrderId,
    table: purchaseOrders,
    returnable: RETURNABLE_ORDER_STATUSES,
    notReturnable: "尚未提交或已作废",
    refs: "采购单明细",
    lines: purchaseOrderLines,
    movedQty: purchaseOrderLines.receivedQty,
    moved: "收货",
  },
  hasRefs: (l) => !!l.purchaseOrderLineId,
  orderLineOf: (l) => l.purchaseOrderLineId,
  bizType: { confirm: "PurchaseReturnOrder", reverse: "PurchaseReturnOrderBack" },

  /** Every line's location is one of the return's warehouse. */
  async checkLines(tx, ctx, input) {
    const locationIds = [...new Set(input.lines.map((l) => l.locationId))];
    if (!locationIds.length) return;
    const ls = await tx
      .select({ id: stockLocations.id })
      .from(stockLocations)
      .where(and(eq(stockLocations.companyId, ctx.companyId), eq(stockLocations.warehouseId, input.warehouseId), inArray(stockLocations.id, locationIds)));
    if (ls.length !== locationIds.length) throw new DomainError("bad_request", "货位不存在或不属于所选仓库");
  },
  /** A line naming an order line names one of this order, of the same product. */
  async orderFacts(tx, ctx, po, input) {
    const lineIds = [...new Set(input.lines.map((l) => l.purchaseOrderLineId).filter((x): x is number => !!x))];
    if (!lineIds.length) return;
    const ols = await tx
      .select({ id: purchaseOrderLines.id, productId: purchaseOrderLines.productId })
      .from(purchaseOrderLines)
      .where(and(eq(purchaseOrderLines.companyId, ctx.companyId), eq(purchaseOrderLines.orderId, po.id), inArray(purchaseOrderLines.id, lineIds)));
    const byId = new Map(ols.map((o) => [o.id, o.productId]));
    for (const l of input.lines) {
      if (l.purchaseOrderLineId && byId.get(l.purchaseOrderLineId) !== l.productId) throw new DomainError("bad_request", "退货明细与采购单明细不一致");
    }
  },
  lineRow: (l, input) => ({
    price: moneyString(l.price),
    locationId: l.locationId,
    batchNo: l.batchNo,
    purchaseOrderLineId: input.purchaseOrderId ? (l.purchaseOrderLineId ?? null) : null,
  }),

  /** 提交: 0 → 10, the chosen batches locked (never more than available). */
  async submit(tx, ctx, doc, lines) {
    await lockStock(
      tx,
      ctx,
      { docType: PURCHASE_RETURN_DOC_TYPE, docId: doc.id, docNo: doc.no },
      lines.map((l) => ({ productId: l.productId, locationId: l.locationId, batchNo: l.batchNo, qty: l.qty, docLineId: l.id })),
    );
  },
  /** 确认出库: releases the locks and posts the outflow at the moving average. */
  async stock(tx, ctx, doc) {
    await releaseLocks(tx, ctx, { docType: PURCHASE_RETURN_DOC_TYPE, docId: doc.id });
    return { move: (l) => ({ locationId: l.locationId, batchNo: l.batchNo, qty: dec(l.qty).neg() }) };
  },
  /** 作废: 0/10 → 90, releasing what a submitted return locked. */
  async cancel(tx, ctx, doc) {
    await releaseLocks(tx, ctx, { docType: PURCHASE_RETURN_DOC_TYPE, docId: doc.id });
  },

  view: {
    lineSelect: { locationName: stockLocations.fullName },
    joinLines: (q: PgSelect) => q.innerJoin(stockLocations, eq(stockLocations.id, purchaseReturnOrderLines.locationId)),
    header: (d, h) => ({ purchaseOrderId: d.purchaseOrderId, purchaseOrderNo: h.orderNo }),
    line: (l, r) => ({ locationId: l.locationId, locationName: r.locationName, purchaseOrderLineId: l.purchaseOrderLineId }),
  },
});

/** Creates a draft (or, with `submit`, a submitted return with its stock locked) in one transaction. */
export const createPurchaseReturnOrder = service.create;
/** Replaces a draft's header and lines. */
export const updatePurchaseReturnOrder = service.update;
/** Deletes a draft (a submitted or posted return is voided or reversed instead). */
export const removePurchaseReturnOrder = service.remove;
/** 提交: 0 → 10, the chosen batches locked (never more than available). */
export const submitPurchaseReturnOrder = service.submit;
/** 确认出库: 10 → 100; releases the locks and posts the outflow, counts the returned quantity on the purchase order, lowers the payable. */
export const confirmPurchaseReturnOrder = service.confirm;
/** 作废: 0/10 → 90, releasing what a submitted return locked. */
export const cancelPurchaseReturnOrder = service.cancel;
/** 红冲: 100 → 90; the outflow posted back (PurchaseReturnOrderBack), the returned quantity and the supplier's credit taken back. */
export const reversePurchaseReturnOrder = service.reverse;

const ACTIONS: Record<Exclude<PurchaseReturnAction, "update" | "remove">, (ctx: Ctx, id: number) => Promise<unknown>> = {
  submit: submitPurchaseReturnOrder,
  confirm: confirmPurchaseReturnOrder,
  cancel: cancelPurchaseReturnOrder,
  reverse: reversePurchaseReturnOrder,
};

/** Runs one status action by name (the document page's buttons, the JSON API). */
export function runPurchaseReturnAction(ctx: Ctx, id: number, action: string) {
  return actionNamed(ACTIONS, action)(ctx, id);
}

export const PURCHASE_RETURN_ACTIONS = ACTIONS;

export interface PurchaseReturnLineView extends ReturnLineViewBase {
  locationId: number;
  locationName: string;
  purchaseOrderLineId: number | null;
}

export interface PurchaseReturnView extends ReturnViewBase {
  purchaseOrderId: number | null;
  purchaseOrderNo: string | null;
  lines: PurchaseReturnLineView[];
}

/** One return with its lines and names (document page, print page, JSON API). */
export async function getPurchaseReturnOrder(ctx: Ctx, id: number, ex: Executor = db()): Promise<PurchaseReturnView> {
  return (await service.get(ctx, id, ex)) as unknown as PurchaseReturnView;
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
      where l.company_id = ${ctx.companyId} and o.status not in (${PO_DRAFT}, ${PO_VOID}) and l.product_id in (${ids})
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
  const { partners, warehouses } = await partnersAndWarehouses(ctx, 0);
  return { suppliers: partners, warehouses };
}
