import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { inTransaction } from "../db/transaction";
import { partnerAccounts } from "../finance/finance.tables";
import { isDomainError } from "../lib/errors";
import { enterpriseRelations } from "../organization/organization.tables";
import { products } from "../product/product.tables";
import { saveCompanySetting } from "../system/company-setting.service";
import { postStock } from "../stock/stock-ledger.service";
import { stockLocations, stockLocks, warehouses } from "../stock/stock.tables";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { salesOrders } from "./sale.tables";
import { cancelSalesOrder, createSalesOrder, getSalesOrder, submitSalesOrder } from "./sales-order.service";

/**
 * Races on PostgreSQL (TEST_DATABASE_URL), real parallel transactions: the order row lock, the
 * ledger's balance locks and the customer's account lock decide. Two orders for the last pieces
 * → one submits; one order submitted 10× → submitted and locked once; 20 orders of a customer
 * with a credit limit → never above the limit. After every race the lock figures agree:
 * Σ stock_locks = Σ balances.locked_qty = product_costs.locked_qty, and never above on hand.
 */
const pg = !!process.env.TEST_DATABASE_URL;
useTestDatabase();

let ctx: Ctx;
let customerId: number;
let limitedId: number;
let warehouseId: number;
let shelf: number;

function rowsOf(res: unknown) {
  return ((res as { rows?: unknown[] }).rows ?? (res as unknown[])) as Record<string, unknown>[];
}

/** Keys or products whose locked figures disagree with the lock rows, or exceed what is on hand. */
async function brokenLocks(companyId: number) {
  return rowsOf(
    await db().execute(sql`select 'key' as what, b.product_id from stock_balances b
        left join (select product_id, location_id, batch_no, sum(qty) s from stock_locks where company_id = ${companyId} group by 1, 2, 3) l using (product_id, location_id, batch_no)
        where b.company_id = ${companyId} and (b.locked_qty <> coalesce(l.s, 0) or b.locked_qty > b.qty)
      union all
      select 'product', c.product_id from product_costs c
        left join (select product_id, sum(locked_qty) s from stock_balances where company_id = ${companyId} group by 1) b using (product_id)
        where c.company_id = ${companyId} and c.locked_qty <> coalesce(b.s, 0)`),
  );
}

async function outcomes<T>(n: number, call: (i: number) => Promise<T>) {
  return Promise.all(
    Array.from({ length: n }, (_, i) =>
      call(i).then(
        (v) => ({ ok: true as const, v }),
        (e: unknown) => ({ ok: false as const, message: isDomainError(e) ? e.message : `error: ${(e as Error).message}` }),
      ),
    ),
  );
}

async function productWithStock(oe: string, qty: string) {
  const [p] = await db()
    .insert(products)
    .values({ companyId: ctx.companyId, mainOE: oe, oeNorm: oe.replace(/-/g, ""), name: `并发销售件${oe}` })
    .returning();
  await inTransaction((tx) =>
    postStock(tx, ctx, {
      bizType: "PurchaseOrder",
      docType: "test",
      docId: p!.id,
      docNo: `IN-${oe}`,
      lines: [{ productId: p!.id, locationId: shelf, batchNo: "", qty, unitCost: "5", source: 1 }],
    }),
  );
  return p!.id;
}

const order = (partnerId: number, productId: number, qty: string, price = "10") => ({ partnerId, warehouseId, lines: [{ productId, qty, price }] });

beforeAll(async () => {
  if (!pg) return;
  ctx = (await ctxOf("boss1")).ctx;
  await saveCompanySetting(ctx, { name: "AutoCreatePickOut", value: "false" });
  const ps = await db()
    .insert(enterpriseRelations)
    .values([
      { companyId: ctx.companyId, rel: 1, name: "并发客户" },
      { companyId: ctx.companyId, rel: 1, name: "并发额度客户", creditLimit: "1000.00" },
    ])
    .returning();
  [customerId, limitedId] = [ps[0]!.id, ps[1]!.id];
  const [w] = await db().insert(warehouses).values({ companyId: ctx.companyId, name: "并发销售仓" }).returning();
  warehouseId = w!.id;
  const [l] = await db().insert(stockLocations).values({ companyId: ctx.companyId, warehouseId, code: "SR", fullName: "并发销售仓-SR" }).returning();
  shelf = l!.id;
}, 60_000);

describe.skipIf(!pg)("sales order races (PostgreSQL)", () => {
  it("two orders locking the last pieces at once: exactly one submits, the other is refused for stock", async () => {
    for (let round = 0; round < 5; round++) {
      const productId = await productWithStock(`SO-LAST-${round}`, "3");
      const a = await createSalesOrder(ctx, order(customerId, productId, "2"));
      const b = await createSalesOrder(ctx, order(customerId, productId, "2"));
      const results = await outcomes(2, (i) => submitSalesOrder(ctx, i === 0 ? a.id : b.id));
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      const refused = results.find((r) => !r.ok)!;
      expect(refused.ok ? "" : refused.message).toMatch(/^库存不足：SO-LAST-\d 并发销售件SO-LAST-\d 可用 1，需要 2$/);
      const statuses = (await Promise.all([a.id, b.id].map((id) => getSalesOrder(ctx, id)))).map((o) => o.status).sort();
      expect(statuses).toEqual([0, 30]);
      expect(await brokenLocks(ctx.companyId)).toEqual([]);
    }
  }, 60_000);

  it("the same order submitted 10 times at once: submitted once, locked once, counted once", async () => {
    const productId = await productWithStock("SO-TEN", "100");
    const before = (await db().select().from(partnerAccounts).where(eq(partnerAccounts.partnerId, customerId)))[0]?.openOrderAmount ?? "0";
    const { id } = await createSalesOrder(ctx, order(customerId, productId, "7"));
    const results = await outcomes(10, () => submitSalesOrder(ctx, id));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    for (const r of results) if (!r.ok) expect(r.message).toBe("销售订单当前状态为“待发货”，不能提交");
    const locks = await db()
      .select()
      .from(stockLocks)
      .where(and(eq(stockLocks.docType, "salesOrder"), eq(stockLocks.docId, id)));
    expect(locks.reduce((s, l) => s + Number(l.qty), 0)).toBe(7);
    const [acct] = await db().select().from(partnerAccounts).where(eq(partnerAccounts.partnerId, customerId));
    expect(Number(acct!.openOrderAmount) - Number(before)).toBe(70);
    expect(await brokenLocks(ctx.companyId)).toEqual([]);
  }, 60_000);

  it("20 orders of one customer with a credit limit submitted at once never go over the limit", async () => {
    const productId = await productWithStock("SO-CREDIT", "1000");
    // 20 orders of ￥130 against a limit of ￥1,000: at most 7 fit.
    const ids: number[] = [];
    for (let i = 0; i < 20; i++) ids.push((await createSalesOrder(ctx, order(limitedId, productId, "13"))).id);
    const results = await outcomes(20, (i) => submitSalesOrder(ctx, ids[i]!));
    const accepted = results.filter((r) => r.ok).length;
    expect(accepted).toBe(7);
    for (const r of results)
      if (!r.ok)
        expect(r.message).toMatch(/^客户 并发额度客户 信用额度 ￥1,000\.00，已欠款 ￥0\.00，未发货订单 ￥910\.00，本单 ￥130\.00，超出 ￥40\.00，请提交审批$/);
    const [acct] = await db().select().from(partnerAccounts).where(eq(partnerAccounts.partnerId, limitedId));
    expect(acct!.openOrderAmount).toBe("910.00");
    const [submitted] = rowsOf(
      await db().execute(sql`select coalesce(sum(total_amount), 0)::text as s from sales_orders where partner_id = ${limitedId} and status = 30`),
    );
    expect(Number(submitted!.s)).toBeLessThanOrEqual(1000);
    expect(Number(submitted!.s)).toBe(910);
    const locked = await db().select().from(stockLocks).where(eq(stockLocks.productId, productId));
    expect(locked.reduce((s, l) => s + Number(l.qty), 0)).toBe(accepted * 13);
    expect(await brokenLocks(ctx.companyId)).toEqual([]);
  }, 60_000);

  it("cancel and submit of orders of the last pieces racing: locks stay consistent", async () => {
    const productId = await productWithStock("SO-MIX", "10");
    const first: number[] = [];
    for (let i = 0; i < 5; i++) first.push((await createSalesOrder(ctx, order(customerId, productId, "2"), { submit: true })).id);
    const second: number[] = [];
    for (let i = 0; i < 10; i++) second.push((await createSalesOrder(ctx, order(customerId, productId, "1"))).id);
    const results = await outcomes(15, (i) =>
      i < 5 ? cancelSalesOrder(ctx, first[i]!) : submitSalesOrder(ctx, second[i - 5]!, { allowShortage: i % 2 === 0 }),
    );
    expect(results.filter((r) => !r.ok && !r.message.startsWith("库存不足"))).toEqual([]);
    expect(await brokenLocks(ctx.companyId)).toEqual([]);
    const [r] = rowsOf(await db().execute(sql`select (select coalesce(sum(qty), 0) from stock_locks where product_id = ${productId})::text as locked`));
    expect(Number(r!.locked)).toBeLessThanOrEqual(10);
    const open = await db()
      .select({ status: salesOrders.status })
      .from(salesOrders)
      .where(and(eq(salesOrders.companyId, ctx.companyId), eq(salesOrders.status, 90)));
    expect(open.length).toBeGreaterThanOrEqual(5);
  }, 60_000);
});
