import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { inTransaction } from "../db/transaction";
import { products } from "../product/product.tables";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { cancelDemands, fillDemands, postStock, releaseLockedQty, releaseLocks, reserveStock } from "./stock-ledger.service";
import { productCosts, stockBalances, stockDemands, stockLocations, stockLocks, warehouses } from "./stock.tables";

useTestDatabase();

let ctx: Ctx;
let productId: number;
let warehouseId: number;
let shelfA: number;
let shelfB: number;
let receiving: number;
const DOC = { docType: "salesOrder", docNo: "XS-T" };

const balance = async (locationId: number, batchNo: string) =>
  (
    await db()
      .select()
      .from(stockBalances)
      .where(
        and(
          eq(stockBalances.companyId, ctx.companyId),
          eq(stockBalances.productId, productId),
          eq(stockBalances.locationId, locationId),
          eq(stockBalances.batchNo, batchNo),
        ),
      )
  )[0]!;
const locksOf = (docId: number) =>
  db()
    .select()
    .from(stockLocks)
    .where(and(eq(stockLocks.companyId, ctx.companyId), eq(stockLocks.docType, "salesOrder"), eq(stockLocks.docId, docId)));
const demandsOf = (docId: number) =>
  db()
    .select()
    .from(stockDemands)
    .where(and(eq(stockDemands.companyId, ctx.companyId), eq(stockDemands.docType, "salesOrder"), eq(stockDemands.docId, docId)));
async function lockedTotals() {
  const [b] = await db()
    .select({ s: sql<string>`sum(locked_qty)::text` })
    .from(stockBalances)
    .where(and(eq(stockBalances.companyId, ctx.companyId), eq(stockBalances.productId, productId)));
  const [l] = await db()
    .select({ s: sql<string>`coalesce(sum(qty), 0)::text` })
    .from(stockLocks)
    .where(and(eq(stockLocks.companyId, ctx.companyId), eq(stockLocks.productId, productId)));
  const [c] = await db()
    .select({ s: productCosts.lockedQty })
    .from(productCosts)
    .where(and(eq(productCosts.companyId, ctx.companyId), eq(productCosts.productId, productId)));
  return { balances: Number(b!.s), locks: Number(l!.s), cost: Number(c!.s) };
}
const receive = (docId: number, locationId: number, batchNo: string, qty: string, receivedAt: Date) =>
  inTransaction((tx) =>
    postStock(tx, ctx, {
      bizType: "PurchaseOrder",
      docType: "test",
      docId,
      docNo: `R${docId}`,
      lines: [{ productId, locationId, batchNo, qty, unitCost: "10", source: 1, receivedAt }],
    }),
  );

beforeAll(async () => {
  ctx = (await ctxOf("boss1")).ctx;
  const [p] = await db().insert(products).values({ companyId: ctx.companyId, mainOE: "RESV-T1", oeNorm: "RESVT1", name: "预留测试件" }).returning();
  productId = p!.id;
  const [w] = await db().insert(warehouses).values({ companyId: ctx.companyId, name: "预留测试仓" }).returning();
  warehouseId = w!.id;
  const locs = await db()
    .insert(stockLocations)
    .values([
      { companyId: ctx.companyId, warehouseId, code: "A", fullName: "预留测试仓-A" },
      { companyId: ctx.companyId, warehouseId, code: "B", fullName: "预留测试仓-B" },
      { companyId: ctx.companyId, warehouseId, code: "SH", fullName: "预留测试仓-收货区", kind: 1 },
    ])
    .returning();
  [shelfA, shelfB, receiving] = [locs[0]!.id, locs[1]!.id, locs[2]!.id];
  // Oldest stock on B, newer on A; some in the receiving area (never reserved from there).
  await receive(1, shelfB, "OLD", "3", new Date("2026-01-01T00:00:00Z"));
  await receive(2, shelfA, "NEW", "5", new Date("2026-06-01T00:00:00Z"));
  await receive(3, receiving, "RCV", "50", new Date("2025-01-01T00:00:00Z"));
});

describe("reservations", () => {
  it("locks first-in-first-out over shelf locations only, across batches", async () => {
    const r = await inTransaction((tx) => reserveStock(tx, ctx, { ...DOC, docId: 101 }, [{ productId, warehouseId, qty: "4", docLineId: 1001 }]));
    expect(r[0]!.locked.toString()).toBe("4");
    expect(r[0]!.short.toString()).toBe("0");
    expect((await balance(shelfB, "OLD")).lockedQty).toBe("3.00");
    expect((await balance(shelfA, "NEW")).lockedQty).toBe("1.00");
    expect((await balance(receiving, "RCV")).lockedQty).toBe("0.00");
    expect((await locksOf(101)).map((l) => [l.locationId, l.qty]).sort()).toEqual(
      [
        [shelfA, "1.00"],
        [shelfB, "3.00"],
      ].sort(),
    );
  });

  it("refuses a shortage naming the product, and changes nothing", async () => {
    const before = await lockedTotals();
    await expect(inTransaction((tx) => reserveStock(tx, ctx, { ...DOC, docId: 102 }, [{ productId, warehouseId, qty: "6", docLineId: 1002 }]))).rejects.toThrow(
      "库存不足：RESV-T1 预留测试件 可用 4，需要 6",
    );
    expect(await lockedTotals()).toEqual(before);
    expect(await locksOf(102)).toHaveLength(0);
  });

  it("with allowShortage locks what there is and records the rest as a demand that arriving shelf stock fills", async () => {
    const r = await inTransaction((tx) =>
      reserveStock(tx, ctx, { ...DOC, docId: 103 }, [{ productId, warehouseId, qty: "6", docLineId: 1003 }], { allowShortage: true }),
    );
    expect(r[0]!.locked.toString()).toBe("4");
    expect(r[0]!.short.toString()).toBe("2");
    expect((await demandsOf(103)).map((d) => d.qty)).toEqual(["2.00"]);
    // Stock into the receiving area does not fill it; a put-away onto a shelf does.
    await receive(4, receiving, "RCV2", "5", new Date());
    expect((await demandsOf(103)).map((d) => d.qty)).toEqual(["2.00"]);
    await receive(5, shelfA, "ARRIVED", "1", new Date());
    expect((await demandsOf(103)).map((d) => d.qty)).toEqual(["1.00"]);
    expect((await balance(shelfA, "ARRIVED")).lockedQty).toBe("1.00");
    await receive(6, shelfB, "ARRIVED2", "7", new Date());
    expect(await demandsOf(103)).toHaveLength(0);
    expect((await balance(shelfB, "ARRIVED2")).lockedQty).toBe("1.00");
    const t = await lockedTotals();
    expect(t.balances).toBe(t.locks);
    expect(t.cost).toBe(t.locks);
  });

  it("releases part of a line's lock on a key, refuses more than it locked", async () => {
    await inTransaction((tx) =>
      releaseLockedQty(tx, ctx, { docType: "salesOrder", docId: 101 }, [{ docLineId: 1001, productId, locationId: shelfB, batchNo: "OLD", qty: "2" }]),
    );
    expect((await locksOf(101)).find((l) => l.locationId === shelfB)!.qty).toBe("1.00");
    await expect(
      inTransaction((tx) =>
        releaseLockedQty(tx, ctx, { docType: "salesOrder", docId: 101 }, [{ docLineId: 1001, productId, locationId: shelfA, batchNo: "NEW", qty: "2" }]),
      ),
    ).rejects.toThrow("锁定的数量不足");
    const t = await lockedTotals();
    expect(t.balances).toBe(t.locks);
    expect(t.cost).toBe(t.locks);
  });

  it("a cancellation drops the demand, releases the locks, and the freed stock fills older demands", async () => {
    // Order 104 waits for 3; order 101's remaining locks are released by its cancellation.
    await inTransaction((tx) =>
      reserveStock(tx, ctx, { ...DOC, docId: 104 }, [{ productId, warehouseId, qty: "20", docLineId: 1004 }], { allowShortage: true }),
    );
    const short = Number((await demandsOf(104))[0]!.qty);
    const held101 = (await locksOf(101)).reduce((s, l) => s + Number(l.qty), 0);
    await inTransaction(async (tx) => {
      await cancelDemands(tx, ctx, { docType: "salesOrder", docId: 101 });
      await releaseLocks(tx, ctx, { docType: "salesOrder", docId: 101 });
      await fillDemands(tx, ctx, [productId], [warehouseId]);
    });
    expect(await locksOf(101)).toHaveLength(0);
    expect(Number((await demandsOf(104))[0]!.qty)).toBe(short - held101);
    const t = await lockedTotals();
    expect(t.balances).toBe(t.locks);
    expect(t.cost).toBe(t.locks);
  });
});
