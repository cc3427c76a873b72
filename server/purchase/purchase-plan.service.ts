import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import { db, type Executor } from "../db/client";
import { inTransaction } from "../db/transaction";
import { gt, moneyString, qtyString, sub, sum } from "../lib/decimal";
import { labelOf } from "../lib/dictionary";
import { recordDocumentChange } from "../lib/document-audit";
import { DomainError } from "../lib/errors";
import { t } from "../lib/i18n/zh-CN";
import { parseInput } from "../lib/validate";
import { enterpriseRelations } from "../organization/organization.tables";
import { products } from "../product/product.tables";
import { actionsFor, assertTransition, lockDocument, runDocumentAction } from "../kernel/document";
import { warehouses } from "../stock/stock.tables";
import { nextDocumentNo } from "../kernel/numbering";
import { createPurchaseOrder } from "./purchase-order.service";
import { purchaseOrders, purchasePlanLines, purchasePlans } from "./purchase.tables";
import { PurchasePlanInputSchema } from "./purchase-plan.input";
import { PURCHASE_PLAN_MACHINE, PP_DONE, PP_DRAFT, PP_EXECUTING, PP_VOID } from "./purchase-plan.status";
import { auditDoc, LABEL, PURCHASE_PLAN_DOC_TYPE } from "./purchase-plan.sync";
import { rows as rowsOf } from "../lib/rows";

/**
 * 采购计划 (/purchase/plan/my, CGGL-007). 生成: every product below its safe-stock minimum gets
 * max − on hand − on order (open purchase order lines: qty − received of orders 10/20/30), from its
 * last supplier at the last price. 执行: draft purchase orders, one per supplier, made in the plan's
 * own transaction (H3's createPurchaseOrder with {tx, planId}).
 */
/** The plan as the audit trail names it (单据过账 / 单据撤销). */
export { syncPlanOfOrder, syncPurchasePlanStatus } from "./purchase-plan.sync";
const OPEN_ORDER_STATUSES = [10, 20, 30];

function requirePlanner(ctx: Ctx) {
  if (!ctx.permissions.has("CGGL-007")) throw new DomainError("forbidden", t.errors.pages[403]!.message);
}

export interface PlanSuggestion {
  productId: number;
  minQty: string;
  maxQty: string;
  stockQty: string;
  onOrderQty: string;
  qty: string;
  partnerId: number | null;
  price: string;
}

/** What a plan generated now would contain (products below their minimum, with a positive quantity). */
export async function planSuggestions(ex: Executor, ctx: Pick<Ctx, "companyId">): Promise<PlanSuggestion[]> {
  const rows = rowsOf(
    await ex.execute(sql`
      with open_orders as (
        select l.product_id, sum(l.qty - l.received_qty) as on_order
        from purchase_order_lines l join purchase_orders o on o.id = l.order_id
        where o.company_id = ${ctx.companyId} and o.status in (${sql.join(
          OPEN_ORDER_STATUSES.map((s) => sql`${s}::int`),
          sql`, `,
        )}) and l.qty > l.received_qty
        group by l.product_id
      ), last_line as (
        select distinct on (l.product_id) l.product_id, o.partner_id, l.price
        from purchase_order_lines l join purchase_orders o on o.id = l.order_id
        where o.company_id = ${ctx.companyId} and o.status not in (0, 90)
        order by l.product_id, o.creation_time desc, l.id desc
      )
      select s.product_id, s.min_qty::text as min_qty, s.max_qty::text as max_qty,
        coalesce(c.qty_on_hand, 0)::numeric(16,2)::text as stock_qty,
        coalesce(oo.on_order, 0)::numeric(16,2)::text as on_order_qty,
        ll.partner_id, coalesce(ll.price, 0)::numeric(16,2)::text as price
      from safe_stocks s
      left join product_costs c on c.company_id = s.company_id and c.product_id = s.product_id
      left join open_orders oo on oo.product_id = s.product_id
      left join last_line ll on ll.product_id = s.product_id
      where s.company_id = ${ctx.companyId} and coalesce(c.qty_on_hand, 0) < s.min_qty
      order by s.product_id`),
  );
  const out: PlanSuggestion[] = [];
  for (const r of rows) {
    const qty = sub(sub(String(r.max_qty), String(r.stock_qty)), String(r.on_order_qty));
    if (!gt(qty, 0)) continue;
    out.push({
      productId: Number(r.product_id),
      minQty: String(r.min_qty),
      maxQty: String(r.max_qty),
      stockQty: String(r.stock_qty),
      onOrderQty: String(r.on_order_qty),
      qty: qtyString(qty),
      partnerId: r.partner_id === null ? null : Number(r.partner_id),
      price: String(r.price),
    });
  }
  return out;
}

async function defaultWarehouse(ex: Executor, ctx: Ctx): Promise<number> {
  const [w] = await ex
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(eq(warehouses.companyId, ctx.companyId), eq(warehouses.isEnabled, true)))
    .orderBy(desc(warehouses.isDefault), asc(warehouses.id))
    .limit(1);
  if (!w) throw new DomainError("conflict", "请先在仓库管理中建立仓库");
  return w.id;
}

/** 生成: a draft plan from safe stock. */
export async function generatePurchasePlan(ctx: Ctx, opts: { warehouseId?: number | null } = {}): Promise<{ id: number; no: string; lines: number }> {
  requirePlanner(ctx);
  return inTransaction(async (tx) => {
    const suggestions = await planSuggestions(tx, ctx);
    if (suggestions.length === 0) throw new DomainError("conflict", "没有低于安全库存下限且需要采购的产品");
    const warehouseId = opts.warehouseId ?? (await defaultWarehouse(tx, ctx));
    const no = await nextDocumentNo(tx, ctx, "purchasePlan");
    const [plan] = await tx
      .insert(purchasePlans)
      .values({
        companyId: ctx.companyId,
        no,
        status: PP_DRAFT,
        warehouseId,
        createdBy: ctx.userId,
        creationTime: ctx.now,
        updatedAt: ctx.now,
        remark: "由安全库存生成",
      })
      .returning({ id: purchasePlans.id });
    await tx.insert(purchasePlanLines).values(
      suggestions.map((s, i) => ({
        companyId: ctx.companyId,
        planId: plan!.id,
        lineNo: i + 1,
        productId: s.productId,
        partnerId: s.partnerId,
        qty: s.qty,
        price: s.price,
        stockQty: s.stockQty,
        onOrderQty: s.onOrderQty,
        minQty: s.minQty,
        maxQty: s.maxQty,
      })),
    );
    return { id: plan!.id, no, lines: suggestions.length };
  });
}

/** Replaces a draft plan's lines (added, removed, quantity or supplier changed by hand). */
export async function updatePurchasePlan(ctx: Ctx, id: number, body: unknown) {
  requirePlanner(ctx);
  const input = parseInput(PurchasePlanInputSchema, body);
  return inTransaction(async (tx) => {
    const plan = await lockDocument(tx, purchasePlans, ctx, id, LABEL);
    assertTransition(PURCHASE_PLAN_MACHINE, "update", plan.status);
    const [w] = await tx
      .select({ id: warehouses.id })
      .from(warehouses)
      .where(and(eq(warehouses.id, input.warehouseId), eq(warehouses.companyId, ctx.companyId)));
    if (!w) throw new DomainError("bad_request", "所选仓库不存在");
    const productIds = [...new Set(input.lines.map((l) => l.productId))];
    if (productIds.length) {
      const ps = await tx
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.companyId, ctx.companyId), inArray(products.id, productIds)));
      if (ps.length !== productIds.length) throw new DomainError("bad_request", "所选产品不存在");
    }
    const partnerIds = [...new Set(input.lines.map((l) => l.partnerId).filter((x): x is number => !!x))];
    if (partnerIds.length) {
      const ss = await tx
        .select({ id: enterpriseRelations.id })
        .from(enterpriseRelations)
        .where(and(eq(enterpriseRelations.companyId, ctx.companyId), eq(enterpriseRelations.rel, 0), inArray(enterpriseRelations.id, partnerIds)));
      if (ss.length !== partnerIds.length) throw new DomainError("bad_request", "所选供应商不存在");
    }
    // Snapshot figures of lines kept from the generated plan stay with their product.
    const old = await tx.select().from(purchasePlanLines).where(eq(purchasePlanLines.planId, id));
    const snap = new Map(old.map((l) => [l.productId, l]));
    await tx.delete(purchasePlanLines).where(eq(purchasePlanLines.planId, id));
    if (input.lines.length) {
      await tx.insert(purchasePlanLines).values(
        input.lines.map((l, i) => ({
          companyId: ctx.companyId,
          planId: id,
          lineNo: i + 1,
          productId: l.productId,
          partnerId: l.partnerId,
          qty: qtyString(l.qty!),
          price: moneyString(l.price),
          remark: l.remark,
          stockQty: snap.get(l.productId)?.stockQty ?? null,
          onOrderQty: snap.get(l.productId)?.onOrderQty ?? null,
          minQty: snap.get(l.productId)?.minQty ?? null,
          maxQty: snap.get(l.productId)?.maxQty ?? null,
        })),
      );
    }
    await tx.update(purchasePlans).set({ warehouseId: input.warehouseId, remark: input.remark, updatedAt: ctx.now }).where(eq(purchasePlans.id, id));
    return { id, no: plan.no };
  });
}

/** 执行: 0 → 10; one draft purchase order per supplier, in this transaction. Lines without a supplier are refused. */
export async function executePurchasePlan(ctx: Ctx, id: number): Promise<{ id: number; orders: { id: number; no: string }[] }> {
  requirePlanner(ctx);
  return inTransaction(async (tx) => {
    const plan = await lockDocument(tx, purchasePlans, ctx, id, LABEL);
    assertTransition(PURCHASE_PLAN_MACHINE, "execute", plan.status);
    const lines = await tx
      .select({ line: purchasePlanLines, mainOE: products.mainOE })
      .from(purchasePlanLines)
      .innerJoin(products, eq(products.id, purchasePlanLines.productId))
      .where(eq(purchasePlanLines.planId, id))
      .orderBy(asc(purchasePlanLines.lineNo));
    if (lines.length === 0) throw new DomainError("bad_request", "采购计划没有明细，不能执行");
    const missing = lines.filter((l) => !l.line.partnerId);
    if (missing.length)
      throw new DomainError(
        "bad_request",
        `第 ${missing.map((l) => l.line.lineNo).join("、")} 行（${missing.map((l) => l.mainOE).join("、")}）未指定供应商，请先选择供应商再执行`,
      );
    const warehouseId = plan.warehouseId ?? (await defaultWarehouse(tx, ctx));
    const bySupplier = new Map<number, typeof lines>();
    for (const l of lines) bySupplier.set(l.line.partnerId!, [...(bySupplier.get(l.line.partnerId!) ?? []), l]);
    const orders: { id: number; no: string }[] = [];
    for (const [partnerId, group] of [...bySupplier.entries()].sort((a, b) => a[0] - b[0])) {
      const order = await createPurchaseOrder(
        ctx,
        {
          partnerId,
          warehouseId,
          remark: `采购计划 ${plan.no}`,
          lines: group.map((g) => ({ productId: g.line.productId, qty: g.line.qty, price: g.line.price, remark: g.line.remark })),
        },
        { tx, planId: id },
      );
      orders.push(order);
      await tx
        .update(purchasePlanLines)
        .set({ purchaseOrderId: order.id })
        .where(
          inArray(
            purchasePlanLines.id,
            group.map((g) => g.line.id),
          ),
        );
    }
    await tx
      .update(purchasePlans)
      .set({ status: PP_EXECUTING, warehouseId, postedAt: ctx.now, postedBy: ctx.userId, updatedAt: ctx.now })
      .where(eq(purchasePlans.id, id));
    await recordDocumentChange(tx, ctx, PURCHASE_PLAN_MACHINE, "execute", {
      ...auditDoc(plan),
      from: plan.status,
      to: PP_EXECUTING,
      note: `生成采购订单 ${orders.map((o) => o.no).join("、")}`,
    });
    return { id, orders };
  });
}

/** 完成: 10 → 100 (by hand, or `syncPurchasePlanStatus` once every order of the plan is submitted or later). */
export async function completePurchasePlan(ctx: Ctx, id: number) {
  requirePlanner(ctx);
  await inTransaction((tx) =>
    runDocumentAction(tx, ctx, { table: purchasePlans, machine: PURCHASE_PLAN_MACHINE, action: "complete", type: PURCHASE_PLAN_DOC_TYPE, id }),
  );
  return { id, status: PP_DONE };
}

/** 作废: 0 → 90. */
export async function voidPurchasePlan(ctx: Ctx, id: number) {
  requirePlanner(ctx);
  await inTransaction((tx) =>
    runDocumentAction(tx, ctx, { table: purchasePlans, machine: PURCHASE_PLAN_MACHINE, action: "void", type: PURCHASE_PLAN_DOC_TYPE, id }),
  );
  return { id, status: PP_VOID };
}

export async function getPurchasePlan(ctx: Ctx, id: number, ex: Executor = db()) {
  const [plan] = await ex
    .select()
    .from(purchasePlans)
    .where(and(eq(purchasePlans.id, id), eq(purchasePlans.companyId, ctx.companyId)));
  if (!plan) throw new DomainError("not_found", `${LABEL}不存在`);
  const lines = await ex
    .select({
      line: purchasePlanLines,
      mainOE: products.mainOE,
      productName: products.name,
      partnerName: enterpriseRelations.name,
      purchaseOrderNo: purchaseOrders.no,
    })
    .from(purchasePlanLines)
    .innerJoin(products, eq(products.id, purchasePlanLines.productId))
    .leftJoin(enterpriseRelations, eq(enterpriseRelations.id, purchasePlanLines.partnerId))
    .leftJoin(purchaseOrders, eq(purchaseOrders.id, purchasePlanLines.purchaseOrderId))
    .where(eq(purchasePlanLines.planId, id))
    .orderBy(asc(purchasePlanLines.lineNo));
  const [orders] = await ex
    .select({ n: count() })
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.planId, id), eq(purchaseOrders.companyId, ctx.companyId)));
  return {
    ...plan,
    lineCount: lines.length,
    totalQty: qtyString(sum(lines.map((l) => l.line.qty))),
    orderCount: Number(orders?.n ?? 0),
    statusName: labelOf(PURCHASE_PLAN_MACHINE.statuses, plan.status),
    actions: actionsFor(PURCHASE_PLAN_MACHINE, plan.status).filter((a) => a !== "update"),
    lines: lines.map((l) => ({ ...l.line, mainOE: l.mainOE, productName: l.productName, partnerName: l.partnerName, purchaseOrderNo: l.purchaseOrderNo })),
  };
}

export const PURCHASE_PLAN_ACTIONS: Record<string, (ctx: Ctx, id: number) => Promise<unknown>> = {
  execute: executePurchasePlan,
  complete: completePurchasePlan,
  void: voidPurchasePlan,
};
