import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import type { Db, Executor } from "../db/client";
import { managerCtx, withDatabase, withSeedSettings } from "./demo-seed-kit";
import { dec, gt, moneyString, mul, roundMoney } from "../lib/decimal";
import { enterpriseRelations } from "../organization/organization.tables";
import { warehouses } from "../stock/stock.tables";
import { companies } from "../kernel/identity.tables";
import { approveCredit, rejectCredit } from "../sale/credit-approval.service";
import { reverseDelivery, updateDeliveryLogistics } from "../sale/deliver-order.service";
import { confirmPicking, createPickingForOrder } from "../sale/picking-order.service";
import { deliverOrders, logisticsCompanies, pickingOrderLines, pickingOrders, salesOrders } from "../sale/sale.tables";
import { cancelSalesOrder, completeSalesOrder, createSalesOrder, markNoDeal, requestCreditApproval } from "../sale/sales-order.service";
import {
  approveSalesReturnOrder,
  cancelSalesReturnOrder,
  confirmSalesReturnOrder,
  createSalesReturnOrder,
  reverseSalesReturnOrder,
  salesReturnPrefill,
  submitSalesReturnOrder,
} from "../sale/sales-return.service";
import { runsAlone } from "../kernel/lock-phase";
import { rows as rowsOf } from "../lib/rows";

/**
 * Demo selling for each demo trading company (穗通汽配, 鹏达汽配), over the last 30 days:
 * sales orders in every status of spec §4 (0, 30, 40, 50, 60, 90, 95, 100, one short of stock
 * for 紧急采购), picking lists in 10/100/90, delivery notes in 20/30 with logistics, credit
 * approvals 待审核/通过/驳回, sales returns in 0/10/20/100/90, and logistics companies — so
 * every selling page and report shows real rows.
 *
 * Everything goes through the document services (stock only through the ledger, money only
 * through the partner accounts), as the company's manager with `ctx.now` set to when each step
 * happened, inside the demo seed's transaction (see server/seed/demo-seed-kit.ts). A company that
 * already has sales orders is left alone. Runs after the purchase documents and before the
 * receipts (which then settle these deliveries).
 */
const DAY = 86_400_000;

const LOGISTICS = [
  { name: "顺丰速运", code: "SF", contactPhone: "95338", trackingUrl: "https://www.sf-express.com/chn/sc/waybill/waybill-detail/{no}" },
  { name: "德邦物流", code: "DBL", contactPhone: "95353", trackingUrl: null },
  { name: "中通快运", code: "ZTKY", contactPhone: "95311", trackingUrl: null },
];

/** Settings a step runs with: picking lists made on submit; delivery notes made and confirmed from them unless said otherwise. */
const AUTO = { AutoCreatePickOut: "true", AutoCreateDeliver: "true", AutoConfirmDeliver: "true" };

interface Part {
  productId: number;
  price: string;
  /** Available on 主仓's shelves when the seed started. */
  free: string;
}

export async function seedCompanySales(tx: Executor, companyId: number, base = new Date()): Promise<boolean> {
  runsAlone(tx); // one use case after another in one transaction, at boot: no lock order to keep
  const [has] = await tx.select({ id: salesOrders.id }).from(salesOrders).where(eq(salesOrders.companyId, companyId)).limit(1);
  if (has) return false;
  const ctx0 = await managerCtx(tx, companyId);
  if (!ctx0) return false;
  const [main] = await tx
    .select({ id: warehouses.id })
    .from(warehouses)
    .where(and(eq(warehouses.companyId, companyId), eq(warehouses.isEnabled, true)))
    .orderBy(desc(warehouses.isDefault), asc(warehouses.id))
    .limit(1);
  if (!main) return false;
  const customers = await tx
    .select({ id: enterpriseRelations.id })
    .from(enterpriseRelations)
    .where(and(eq(enterpriseRelations.companyId, companyId), eq(enterpriseRelations.rel, 1), eq(enterpriseRelations.isEnabled, true)))
    // The most credit first (no limit counts as the most): the month's orders stay within it.
    .orderBy(sql`${enterpriseRelations.creditLimit} desc nulls first`, asc(enterpriseRelations.id));
  if (customers.length < 4) return false;
  const limited = customers.pop()!.id;
  // Products with at least 12 available on 主仓's shelves, skipping the last 60 (the purchase documents use those)
  // and the first ones (tests like to pick them).
  const rows = await tx.execute(sql`select p.id, p.price_sale::text as price_sale, p.price_cost::text as price_cost, s.free::text as free
      from products p
      join (select b.product_id, sum(b.qty - b.locked_qty) as free from stock_balances b join stock_locations l on l.id = b.location_id
            where b.company_id = ${companyId} and b.warehouse_id = ${main.id} and l.kind = 0 group by b.product_id) s on s.product_id = p.id
      where p.company_id = ${companyId} and p.is_enabled and s.free >= 12
      order by p.id desc offset 60 limit 40`);
  const list = rowsOf(rows);
  const pool: Part[] = list.map((r) => {
    const sale = r.price_sale ? dec(String(r.price_sale)) : null;
    const cost = r.price_cost ? dec(String(r.price_cost)) : null;
    const price = sale && gt(sale, 0) ? sale : cost && gt(cost, 0) ? mul(cost, "1.35") : dec(30);
    return { productId: Number(r.id), price: moneyString(roundMoney(price)), free: String(r.free) };
  });
  if (pool.length < 30) return false;
  let next = 0;
  const take = (n: number) => pool.slice(next, (next += n));
  const customer = (i: number) => customers[i % customers.length]!.id;

  await tx
    .insert(logisticsCompanies)
    .values(LOGISTICS.map((l) => ({ companyId, ...l })))
    .onConflictDoNothing();
  const carriers = await tx
    .select({ id: logisticsCompanies.id })
    .from(logisticsCompanies)
    .where(eq(logisticsCompanies.companyId, companyId))
    .orderBy(asc(logisticsCompanies.id));

  const at = (daysAgo: number, minutes = 0): Ctx => ({ ...ctx0, now: new Date(base.getTime() - daysAgo * DAY - 8 * 3_600_000 + minutes * 60_000) });
  const qtys = ["2", "4", "1", "3", "6", "5"];
  let seq = 0;
  const linesOf = (ps: Part[], discount = "100") => ps.map((p) => ({ productId: p.productId, qty: qtys[seq++ % qtys.length]!, price: p.price, discount }));
  const order = (ctx: Ctx, i: number, ps: Part[], opts: { submit?: boolean; allowShortage?: boolean; remark?: string; discount?: string } = {}) =>
    createSalesOrder(
      ctx,
      { partnerId: customer(i), warehouseId: main.id, remark: opts.remark, lines: linesOf(ps, opts.discount) },
      { submit: opts.submit, allowShortage: opts.allowShortage },
    );
  const pickingOf = async (orderId: number, status: number) => {
    const [p] = await tx
      .select({ id: pickingOrders.id })
      .from(pickingOrders)
      .where(and(eq(pickingOrders.companyId, companyId), eq(pickingOrders.salesOrderId, orderId), eq(pickingOrders.status, status)))
      .orderBy(desc(pickingOrders.id))
      .limit(1);
    if (!p) throw new Error(`demo seed: order ${orderId} has no picking list in status ${status}`);
    return p.id;
  };
  const deliveriesOf = (orderId: number) =>
    tx
      .select({ id: deliverOrders.id, status: deliverOrders.status })
      .from(deliverOrders)
      .where(and(eq(deliverOrders.companyId, companyId), eq(deliverOrders.salesOrderId, orderId)))
      .orderBy(asc(deliverOrders.id));
  let tracking = 7_310_000_000 + companyId * 1000;
  const ship = async (ctx: Ctx, orderId: number) => {
    for (const d of await deliveriesOf(orderId)) {
      await updateDeliveryLogistics(ctx, d.id, {
        logisticsCompanyId: carriers[d.id % carriers.length]!.id,
        trackingNo: `SF${tracking++}`,
        packages: 1 + (d.id % 3),
      });
    }
  };
  /** Submits (picking list made), confirms the picking: delivered and posted. `half` picks half of the first line. */
  const sell = async (daysAgo: number, i: number, ps: Part[], opts: { half?: boolean; discount?: string } = {}) => {
    const o = await order(at(daysAgo), i, ps, { submit: true, discount: opts.discount });
    const pickingId = await pickingOf(o.id, 10);
    let picked: { lineId: number; qty: string }[] | undefined;
    if (opts.half) {
      const lines = await tx.select().from(pickingOrderLines).where(eq(pickingOrderLines.pickingOrderId, pickingId)).orderBy(asc(pickingOrderLines.lineNo));
      picked = lines.map((l, k) => ({ lineId: l.id, qty: k === 0 ? dec(l.qty).div(2).floor().toFixed(2) : l.qty })).filter((l) => gt(l.qty, 0));
    }
    await confirmPicking(at(daysAgo, 60), pickingId, picked);
    await ship(at(daysAgo, 90), o.id);
    return o;
  };

  await withDatabase(tx, async () => {
    await withSeedSettings(tx, companyId, AUTO, async () => {
      // Delivered in full (60) — the bulk of the month's sales, a few at a discount.
      const done: { id: number }[] = [];
      for (let k = 0; k < 8; k++) done.push(await sell(28 - k * 3, k, take(2), { discount: k % 3 === 0 ? "95" : "100" }));
      // 已完成 (100).
      await completeSalesOrder(at(1), done[0]!.id);
      await completeSalesOrder(at(1, 10), done[1]!.id);
      // 部分发货 (50): half of the first line delivered, the rest still locked.
      await sell(6, 8, take(2), { half: true });
      // 买家已取消 (90): one before anything left, one after a partial delivery (the rest cancelled).
      const early = await order(at(9), 9, take(1), { submit: true });
      await cancelSalesOrder(at(8), early.id);
      const late = await sell(12, 10, take(2), { half: true });
      await cancelSalesOrder(at(10), late.id);
      // 已红冲 (95): a delivery confirmed by mistake and reversed; its order waits (30) again.
      const mistaken = await sell(4, 15, take(1));
      await reverseDelivery(at(4, 120), (await deliveriesOf(mistaken.id))[0]!.id);
      // 发货中 (40): a picking list waiting to be picked.
      await order(at(2), 11, take(2), { submit: true, remark: "请尽快发货" });
      // Sales returns of the delivered orders, in every status.
      const returns = [done[2]!, done[3]!, done[4]!, done[5]!, done[6]!];
      const reasons = [50, 70, 40, 20, 110];
      for (let k = 0; k < returns.length; k++) {
        const ctx = at(5 - k);
        const r = await salesReturnPrefill(ctx, { orderId: returns[k]!.id });
        const first = r.lines[0];
        if (!first) continue;
        const made = await createSalesReturnOrder(ctx, {
          partnerId: r.order.partnerId,
          warehouseId: r.order.warehouseId,
          salesOrderId: r.order.id,
          remark: "客户退回",
          lines: [
            {
              productId: first.productId,
              qty: "1",
              price: first.price,
              reasonCode: reasons[k],
              salesOrderLineId: first.salesOrderLineId,
              deliverOrderLineId: first.deliverOrderLineId,
            },
          ],
        });
        if (k === 0) continue; // 草稿
        await submitSalesReturnOrder(ctx, made.id);
        if (k === 1) continue; // 待审核
        if (k === 4) {
          await cancelSalesReturnOrder(at(5 - k, 30), made.id); // 已作废
          continue;
        }
        await approveSalesReturnOrder(at(5 - k, 30), made.id, { comment: "同意退货" });
        if (k === 2) continue; // 待入库
        await confirmSalesReturnOrder(at(5 - k, 60), made.id); // 已完成
      }
      // 已红冲 (95): a return booked in by mistake and reversed.
      {
        const ctx = at(2);
        const r = await salesReturnPrefill(ctx, { orderId: done[7]!.id });
        const first = r.lines[0];
        if (first) {
          const made = await createSalesReturnOrder(ctx, {
            partnerId: r.order.partnerId,
            warehouseId: r.order.warehouseId,
            salesOrderId: r.order.id,
            remark: "误录退货",
            lines: [
              {
                productId: first.productId,
                qty: "1",
                price: first.price,
                reasonCode: 110,
                salesOrderLineId: first.salesOrderLineId,
                deliverOrderLineId: first.deliverOrderLineId,
              },
            ],
          });
          await submitSalesReturnOrder(ctx, made.id);
          await approveSalesReturnOrder(at(2, 10), made.id, { comment: "同意退货" });
          await confirmSalesReturnOrder(at(2, 20), made.id);
          await reverseSalesReturnOrder(at(2, 40), made.id);
        }
      }
    });
    // Without automatic confirmation: a delivery note waiting (20) with its logistics filled in.
    await withSeedSettings(tx, companyId, { ...AUTO, AutoConfirmDeliver: "false" }, async () => {
      const o = await order(at(3), 12, take(2), { submit: true });
      await confirmPicking(at(3, 30), await pickingOf(o.id, 10));
      await ship(at(3, 40), o.id);
    });
    // Without picking lists on submit: 待发货 (30), and a picking list made by hand.
    await withSeedSettings(tx, companyId, { ...AUTO, AutoCreatePickOut: "false" }, async () => {
      await order(at(1), 13, take(2), { submit: true });
      const o = await order(at(1, 30), 14, take(1), { submit: true });
      await createPickingForOrder(at(1, 40), o.id);
      // Short of stock: 5 more than there is; the shortage waits on 紧急采购.
      const [p] = take(1);
      await createSalesOrder(
        at(0, 30),
        {
          partnerId: customer(0),
          warehouseId: main.id,
          remark: "缺货，待采购",
          lines: [{ productId: p!.productId, qty: dec(p!.free).add(5).toFixed(2), price: p!.price }],
        },
        { submit: true, allowShortage: true },
      );
    });
    // Drafts (0) and a quote that did not become a sale (95).
    await order(at(0, 10), 16, take(2), { remark: "客户询价" });
    const quote = await order(at(4), 17, take(1), { remark: "报价" });
    await markNoDeal(at(3), quote.id);
    // Credit approvals: a small limit on one customer, three orders over it (waiting, approved, rejected).
    {
      await tx.update(enterpriseRelations).set({ creditLimit: "500.00" }).where(eq(enterpriseRelations.id, limited));
      const big = (daysAgo: number) =>
        createSalesOrder(at(daysAgo), {
          partnerId: limited,
          warehouseId: main.id,
          remark: "超信用额度",
          lines: take(1).map((p) => ({ productId: p.productId, qty: "3", price: moneyString(roundMoney(mul(p.price, 4).add(200))) })),
        });
      const a = await big(2);
      await requestCreditApproval(at(2, 5), a.id, { reason: "老客户，月底回款" });
      await withSeedSettings(tx, companyId, AUTO, async () => {
        const b = await big(5);
        const rb = await requestCreditApproval(at(5, 5), b.id, { reason: "急用" });
        await approveCredit(at(5, 30), rb.approvalId, "同意，限本单");
      });
      const c = await big(7);
      const rc = await requestCreditApproval(at(7, 5), c.id, { reason: "新车型配件" });
      await rejectCredit(at(7, 30), rc.approvalId, "欠款过多，请先回款");
    }
  });
  return true;
}

export async function seedDemoSales(tx: Executor, shortNames: readonly string[] = ["穗通汽配", "鹏达汽配"]) {
  const rows = await tx
    .select({ id: companies.id, shortName: companies.shortName })
    .from(companies)
    .where(and(inArray(companies.shortName, [...shortNames]), eq(companies.kind, "trading")))
    .orderBy(asc(companies.id));
  for (const c of rows) {
    // A savepoint per company: a document a service refuses leaves the company without demo sales, never half of them.
    try {
      await (tx as Db).transaction((sp) => seedCompanySales(sp, c.id));
    } catch (e) {
      console.warn(`[seed] ${c.shortName} 的演示销售单据未能写入：${(e as Error).message}`);
    }
  }
}
