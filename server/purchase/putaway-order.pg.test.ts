import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { inTransaction, retryableAborts } from "../db/transaction";
import { mul } from "../lib/decimal";
import { enterpriseRelations } from "../organization/organization.tables";
import { products } from "../product/product.tables";
import { cancelSalesOrder, createSalesOrder } from "../sale/sales-order.service";
import { saveCompanySetting } from "../system/company-setting.service";
import { lockStock, postStock, releaseLocks } from "../stock/stock-ledger.service";
import { stockDemands, stockLocations, stockLocks, warehouses } from "../stock/stock.tables";
import { BOOKS_HOLD, brokenBooks, outcomesOf } from "../test/race";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { purchaseOrderLines, purchaseOrders, putawayOrders } from "./purchase.tables";
import { confirmPutawayOrder, getPutawayOrder } from "./putaway-order.service";
import { afterPurchaseOrderSubmitted } from "./receive-order.service";

/**
 * Put-away against sales orders of the same product while orders wait for it (PostgreSQL only:
 * real parallel transactions). A put-away's arrival fills the waiting demands, so it locks
 * shelves beyond its own; a submit locks the shelves it takes from; a cancellation releases and
 * refills. Every one of them takes its balance rows before the product's cost row: they wait
 * for each other, and none is aborted as a deadlock (a retry would hide a broken lock order,
 * so the suite counts the aborts instead of trusting the answers).
 */
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)("put-away racing sales orders of the same product (PostgreSQL)", () => {
  useTestDatabase();
  let ctx: Ctx;
  let supplierId: number;
  let customerId: number;
  let warehouseId: number;
  let shelves: number[];
  let seq = 0;

  /** A submitted purchase order of one piece, received at once: its put-away note, waiting. */
  async function putawayWaiting(productId: number) {
    seq += 1;
    const [o] = await db()
      .insert(purchaseOrders)
      .values({ companyId: ctx.companyId, no: `PA-PG-${seq}`, status: 10, partnerId: supplierId, warehouseId })
      .returning();
    await db()
      .insert(purchaseOrderLines)
      .values({ companyId: ctx.companyId, lineNo: 1, orderId: o!.id, productId, qty: "1", price: "10.01", amount: mul("1", "10.01").toFixed(2) });
    const note = await inTransaction(async (tx) => {
      await tx.select().from(purchaseOrders).where(eq(purchaseOrders.id, o!.id)).for("update");
      return afterPurchaseOrderSubmitted(tx, ctx, o!.id);
    });
    const [pa] = await db().select().from(putawayOrders).where(eq(putawayOrders.receiveOrderId, note!.id));
    const [line] = (await getPutawayOrder(ctx, pa!.id)).lines;
    return { id: pa!.id, lineId: line!.id };
  }

  const order = (productId: number, qty: string) => ({ partnerId: customerId, warehouseId, lines: [{ productId, qty, price: "20" }] });

  beforeAll(async () => {
    ctx = (await ctxOf("boss1")).ctx;
    const ps = await db()
      .insert(enterpriseRelations)
      .values([
        { companyId: ctx.companyId, rel: 0, name: "上架并发供应商" },
        { companyId: ctx.companyId, rel: 1, name: "上架并发客户" },
      ])
      .returning();
    [supplierId, customerId] = [ps[0]!.id, ps[1]!.id];
    const [w] = await db().insert(warehouses).values({ companyId: ctx.companyId, name: "上架并发仓" }).returning();
    warehouseId = w!.id;
    const locs = await db()
      .insert(stockLocations)
      .values(["P-01", "P-02", "P-03"].map((code) => ({ companyId: ctx.companyId, warehouseId, code, fullName: `上架并发仓-${code}`, kind: 0 })))
      .returning();
    shelves = locs.map((l) => l.id);
    await saveCompanySetting(ctx, { name: "AutoCreateReceipt", value: "true" });
    await saveCompanySetting(ctx, { name: "AutoConfirmReceipt", value: "true" });
    await saveCompanySetting(ctx, { name: "AutoCreatePickIn", value: "true" });
    await saveCompanySetting(ctx, { name: "AutoCreatePickOut", value: "false" });
  }, 60_000);

  it("put-aways, submits waiting for stock and cancellations at once: all finish, no deadlock, the books hold", async () => {
    for (let round = 0; round < 5; round++) {
      const [p] = await db()
        .insert(products)
        .values({ companyId: ctx.companyId, mainOE: `PA-RACE-${round}`, oeNorm: `PARACE${round}`, name: `上架并发件${round}` })
        .returning();
      const productId = p!.id;
      const putaways = [];
      for (let i = 0; i < 10; i++) putaways.push(await putawayWaiting(productId));
      // 2 pieces on each shelf, locked by another document while 6 orders of 2 are submitted: they
      // wait (demands of 12). Then that document lets go without refilling (a voided purchase
      // return does): 6 pieces free on the shelves while orders wait, filled by the next event.
      const held = { docType: "race-hold", docId: productId, docNo: `HOLD-${round}` };
      await inTransaction((tx) =>
        postStock(tx, ctx, {
          bizType: "StockInit",
          docType: "race-open",
          docId: productId,
          docNo: `OPEN-${round}`,
          lines: shelves.map((locationId) => ({ productId, locationId, batchNo: `O${round}`, qty: "2", unitCost: "9" })),
        }),
      );
      await inTransaction((tx) =>
        lockStock(
          tx,
          ctx,
          held,
          shelves.map((locationId) => ({ productId, locationId, batchNo: `O${round}`, qty: "2" })),
        ),
      );
      const waiting: number[] = [];
      for (let i = 0; i < 6; i++) waiting.push((await createSalesOrder(ctx, order(productId, "2"), { submit: true, allowShortage: true })).id);
      await inTransaction((tx) => releaseLocks(tx, ctx, held));
      const aborts = retryableAborts()["40P01"] ?? 0;
      // Interleaved, so put-aways and submits share the pool's connections from the start.
      const results = await outcomesOf([
        ...putaways.flatMap((pa, i) => [
          () => confirmPutawayOrder(ctx, pa.id, { lines: [{ id: pa.lineId, toLocationId: shelves[i % shelves.length]!, qty: "1" }] }),
          () => createSalesOrder(ctx, order(productId, "1"), { submit: true, allowShortage: true }),
        ]),
        ...waiting.slice(0, 3).map((id) => () => cancelSalesOrder(ctx, id)),
      ]);
      expect(results.filter((r) => r !== "ok")).toEqual([]);
      expect(retryableAborts()["40P01"] ?? 0).toBe(aborts);
      expect(await brokenBooks(ctx.companyId)).toEqual(BOOKS_HOLD);
      // The 3 + 10 orders still open want 16 (3 × 2 + 10 × 1): each piece of it is locked or waits, and at most the 16 on hand are locked.
      const demands = await db()
        .select()
        .from(stockDemands)
        .where(and(eq(stockDemands.companyId, ctx.companyId), eq(stockDemands.productId, productId)));
      const locks = await db()
        .select()
        .from(stockLocks)
        .where(and(eq(stockLocks.companyId, ctx.companyId), eq(stockLocks.productId, productId)));
      const locked = locks.reduce((s, l) => s + Number(l.qty), 0);
      expect(locked + demands.reduce((s, d) => s + Number(d.qty), 0)).toBe(16);
      expect(locked).toBeLessThanOrEqual(16);
    }
  }, 180_000);
});
