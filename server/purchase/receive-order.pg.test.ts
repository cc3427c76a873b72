import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { inTransaction } from "../db/transaction";
import { div, dec, mul, sum } from "../lib/decimal";
import { enterpriseRelations } from "../organization/organization.tables";
import { products } from "../product/product.tables";
import { saveCompanySetting } from "../system/company-setting.service";
import { productCosts, stockBalances, stockMoves, warehouses } from "../stock/stock.tables";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { purchaseOrderLines, purchaseOrders } from "./purchase.tables";
import { afterPurchaseOrderSubmitted, confirmReceiveOrder } from "./receive-order.service";
import { refusals } from "../test/race";

/** Receiving under real parallel transactions (PostgreSQL only: PGlite runs one at a time). */
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)("receiving notes in parallel (PostgreSQL)", () => {
  useTestDatabase();
  let ctx: Ctx;
  let partnerId: number;
  let warehouseId: number;
  let seq = 0;

  async function product(oe: string) {
    const [p] = await db()
      .insert(products)
      .values({ companyId: ctx.companyId, mainOE: oe, oeNorm: oe.replace(/-/g, ""), name: `并发收货件${oe}` })
      .returning();
    return p!.id;
  }

  /** A submitted order (rows inserted directly) and its waiting receiving note. */
  async function orderWithNote(lines: { productId: number; qty: string; price: string }[]) {
    seq += 1;
    const [o] = await db()
      .insert(purchaseOrders)
      .values({ companyId: ctx.companyId, no: `PG-PO-${seq}`, status: 10, partnerId, warehouseId })
      .returning();
    await db()
      .insert(purchaseOrderLines)
      .values(
        lines.map((l, i) => ({
          companyId: ctx.companyId,
          lineNo: i + 1,
          orderId: o!.id,
          productId: l.productId,
          qty: l.qty,
          price: l.price,
          amount: mul(l.qty, l.price).toFixed(2),
        })),
      );
    const note = await inTransaction(async (tx) => {
      await tx.select().from(purchaseOrders).where(eq(purchaseOrders.id, o!.id)).for("update");
      return afterPurchaseOrderSubmitted(tx, ctx, o!.id);
    });
    return { orderId: o!.id, noteId: note!.id, noteNo: note!.no };
  }

  async function balancesOf(productId: number) {
    return db()
      .select({ locationId: stockBalances.locationId, batchNo: stockBalances.batchNo, qty: stockBalances.qty })
      .from(stockBalances)
      .where(and(eq(stockBalances.companyId, ctx.companyId), eq(stockBalances.productId, productId)));
  }
  async function ledgerOf(productId: number) {
    return db()
      .select({ locationId: stockMoves.locationId, batchNo: stockMoves.batchNo, s: sql<string>`sum(${stockMoves.qty})::text`, n: sql<number>`count(*)::int` })
      .from(stockMoves)
      .where(and(eq(stockMoves.companyId, ctx.companyId), eq(stockMoves.productId, productId)))
      .groupBy(stockMoves.locationId, stockMoves.batchNo);
  }

  beforeAll(async () => {
    ctx = (await ctxOf("boss1")).ctx;
    const [s] = await db().insert(enterpriseRelations).values({ companyId: ctx.companyId, rel: 0, name: "并发收货供应商" }).returning();
    partnerId = s!.id;
    const [w] = await db().insert(warehouses).values({ companyId: ctx.companyId, name: "并发收货仓" }).returning();
    warehouseId = w!.id;
    await saveCompanySetting(ctx, { name: "AutoCreateReceipt", value: "true" });
    await saveCompanySetting(ctx, { name: "AutoConfirmReceipt", value: "false" });
    await saveCompanySetting(ctx, { name: "AutoCreatePickIn", value: "false" });
  });

  it("the same note confirmed 20 times at once posts once: one ledger row per line, balance = received", async () => {
    const p = await product("RPG-1");
    // The same product on two lines of one note.
    const { orderId, noteId, noteNo } = await orderWithNote([
      { productId: p, qty: "5", price: "10" },
      { productId: p, qty: "7", price: "12" },
    ]);
    const results = await refusals(20, () => confirmReceiveOrder(ctx, noteId));
    expect(results.filter((r) => r === "ok")).toHaveLength(1);
    expect(results.filter((r) => r === "refused")).toHaveLength(19);
    const moves = await db()
      .select()
      .from(stockMoves)
      .where(and(eq(stockMoves.companyId, ctx.companyId), eq(stockMoves.docType, "receiveOrder"), eq(stockMoves.docId, noteId)));
    expect(moves).toHaveLength(2);
    const balances = await balancesOf(p);
    expect(Object.fromEntries(balances.map((b) => [b.batchNo, b.qty]))).toEqual({ [`${noteNo}-1`]: "5.00", [`${noteNo}-2`]: "7.00" });
    const lines = await db().select().from(purchaseOrderLines).where(eq(purchaseOrderLines.orderId, orderId));
    expect(lines.map((l) => l.receivedQty).sort()).toEqual(["5.00", "7.00"]);
    const [o] = await db().select().from(purchaseOrders).where(eq(purchaseOrders.id, orderId));
    expect(o!.status).toBe(40);
    const [cost] = await db()
      .select()
      .from(productCosts)
      .where(and(eq(productCosts.companyId, ctx.companyId), eq(productCosts.productId, p)));
    expect(cost!.qtyOnHand).toBe("12.00");
  });

  it("20 notes of one product confirmed at once: Σ ledger = balances, qty on hand = Σ balances, the weighted average cost", async () => {
    const p = await product("RPG-2");
    const specs = Array.from({ length: 20 }, (_, i) => ({ qty: String(i + 1), price: (5 + (i % 7) * 1.25).toFixed(2) }));
    const notes: { noteId: number }[] = [];
    for (const s of specs) notes.push(await orderWithNote([{ productId: p, qty: s.qty, price: s.price }]));
    const results = await refusals(20, (i) => confirmReceiveOrder(ctx, notes[i]!.noteId));
    expect(results).toEqual(Array(20).fill("ok"));

    const balances = await balancesOf(p);
    const ledger = await ledgerOf(p);
    expect(balances).toHaveLength(20);
    for (const b of balances) {
      const l = ledger.find((x) => x.locationId === b.locationId && x.batchNo === b.batchNo)!;
      expect(dec(l.s).eq(b.qty)).toBe(true);
      expect(l.n).toBe(1);
    }
    const total = sum(balances.map((b) => b.qty));
    expect(total.eq(sum(specs.map((s) => s.qty)))).toBe(true);
    const [cost] = await db()
      .select()
      .from(productCosts)
      .where(and(eq(productCosts.companyId, ctx.companyId), eq(productCosts.productId, p)));
    expect(dec(cost!.qtyOnHand).eq(total)).toBe(true);
    // By hand: Σ qty × price / Σ qty (the moving average rounds to 4 decimals at each receipt).
    const expected = div(sum(specs.map((s) => mul(s.qty, s.price))), sum(specs.map((s) => s.qty)));
    expect(dec(cost!.avgCost).minus(expected).abs().lte("0.0005")).toBe(true);
  });
});
