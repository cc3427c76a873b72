import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { inTransaction } from "../db/transaction";
import { productUnits } from "../product/catalog.tables";
import { products } from "../product/product.tables";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { lockStock, postStock, releaseLocks, reverseDocument } from "./stock-ledger.service";
import { productCosts, stockBalances, stockLocations, stockMoves, warehouses } from "./stock.tables";

useTestDatabase();

let ctx: Ctx;
let productId: number;
let shelf: number;
let shelf2: number;

async function balanceOf(locationId: number, batchNo = "") {
  const [row] = await db()
    .select()
    .from(stockBalances)
    .where(
      and(
        eq(stockBalances.companyId, ctx.companyId),
        eq(stockBalances.productId, productId),
        eq(stockBalances.locationId, locationId),
        eq(stockBalances.batchNo, batchNo),
      ),
    );
  return row;
}
async function costOf() {
  const [row] = await db()
    .select()
    .from(productCosts)
    .where(and(eq(productCosts.companyId, ctx.companyId), eq(productCosts.productId, productId)));
  return row!;
}
async function ledgerSum(locationId: number, batchNo = "") {
  const [row] = await db()
    .select({ s: sql<string>`coalesce(sum(${stockMoves.qty}), 0)::text` })
    .from(stockMoves)
    .where(
      and(eq(stockMoves.companyId, ctx.companyId), eq(stockMoves.productId, productId), eq(stockMoves.locationId, locationId), eq(stockMoves.batchNo, batchNo)),
    );
  return Number(row!.s);
}

beforeAll(async () => {
  ctx = (await ctxOf("boss1")).ctx;
  const [p] = await db().insert(products).values({ companyId: ctx.companyId, mainOE: "LEDGER-T1", oeNorm: "LEDGERT1", name: "账本测试件" }).returning();
  productId = p!.id;
  const [w] = await db().insert(warehouses).values({ companyId: ctx.companyId, name: "账本测试仓" }).returning();
  const locs = await db()
    .insert(stockLocations)
    .values([
      { companyId: ctx.companyId, warehouseId: w!.id, code: "T-01", fullName: "账本测试仓-T-01" },
      { companyId: ctx.companyId, warehouseId: w!.id, code: "T-02", fullName: "账本测试仓-T-02" },
    ])
    .returning();
  shelf = locs[0]!.id;
  shelf2 = locs[1]!.id;
});

describe("stock ledger", () => {
  it("receives at cost, keeps a moving average and a ledger that sums to the balance", async () => {
    await inTransaction((tx) =>
      postStock(tx, ctx, {
        bizType: "PurchaseOrder",
        docType: "test",
        docId: 1,
        docNo: "T1",
        lines: [{ productId, locationId: shelf, batchNo: "B1", qty: "10", unitCost: "5", source: 1 }],
      }),
    );
    await inTransaction((tx) =>
      postStock(tx, ctx, {
        bizType: "PurchaseOrder",
        docType: "test",
        docId: 2,
        docNo: "T2",
        lines: [{ productId, locationId: shelf, batchNo: "B2", qty: "30", unitCost: "9", source: 1 }],
      }),
    );
    const cost = await costOf();
    expect(cost.qtyOnHand).toBe("40.00");
    expect(cost.avgCost).toBe("8.0000"); // (10×5 + 30×9) / 40
    expect((await balanceOf(shelf, "B1"))!.unitCost).toBe("5.0000");
    expect((await balanceOf(shelf, "B1"))!.source).toBe(1);
    expect(await ledgerSum(shelf, "B1")).toBe(10);
  });

  it("counts a shortage in the product's own unit (issue 20 item 8: 只, not 件)", async () => {
    const [unit] = await db().select({ id: productUnits.id }).from(productUnits).where(eq(productUnits.name, "只"));
    const [p] = await db()
      .insert(products)
      .values({ companyId: ctx.companyId, mainOE: "LEDGER-U1", oeNorm: "LEDGERU1", name: "只装测试件", unitId: unit!.id })
      .returning();
    await inTransaction((tx) =>
      postStock(tx, ctx, {
        bizType: "PurchaseOrder",
        docType: "test",
        docId: 91,
        docNo: "T91",
        lines: [{ productId: p!.id, locationId: shelf2, batchNo: "U1", qty: "2.5", unitCost: "5", source: 1 }],
      }),
    );
    const attempt = inTransaction((tx) =>
      postStock(tx, ctx, {
        bizType: "PurchaseReturnOrder",
        docType: "test",
        docId: 92,
        docNo: "T92",
        lines: [{ productId: p!.id, locationId: shelf2, batchNo: "U1", qty: "-4" }],
      }),
    );
    await expect(attempt).rejects.toThrow("产品 LEDGER-U1 只装测试件 在 账本测试仓-T-02 可用 2.5 只，需要 4 只");
  });

  it("refuses to go below zero, naming product, location and what is available, summing lines of one key", async () => {
    const attempt = inTransaction((tx) =>
      postStock(tx, ctx, {
        bizType: "PurchaseReturnOrder",
        docType: "test",
        docId: 3,
        docNo: "T3",
        lines: [
          { productId, locationId: shelf, batchNo: "B1", qty: "-6" },
          { productId, locationId: shelf, batchNo: "B1", qty: "-6" },
        ],
      }),
    );
    await expect(attempt).rejects.toThrow("产品 LEDGER-T1 账本测试件 在 账本测试仓-T-01 可用 10，需要 12");
    expect((await balanceOf(shelf, "B1"))!.qty).toBe("10.00");
  });

  it("moves a batch with its identity and at its own cost (an internal move leaves the average alone)", async () => {
    const moves = await inTransaction((tx) =>
      postStock(tx, ctx, {
        bizType: "StockMoveOrder",
        docType: "test",
        docId: 4,
        docNo: "T4",
        internal: true,
        lines: [
          { productId, locationId: shelf, batchNo: "B1", qty: "-4" },
          { productId, locationId: shelf2, batchNo: "B1", qty: "4", batchFrom: { locationId: shelf, batchNo: "B1" } },
        ],
      }),
    );
    expect(moves.map((m) => [m.unitCost, m.amount])).toEqual([
      ["5.0000", "-20.00"],
      ["5.0000", "20.00"],
    ]);
    const moved = (await balanceOf(shelf2, "B1"))!;
    expect(moved.qty).toBe("4.00");
    expect(moved.unitCost).toBe("5.0000");
    expect(moved.source).toBe(1);
    expect((await costOf()).avgCost).toBe("8.0000");
    // An issue (a sale, a return to the supplier) goes out at the moving average.
    const [issued] = await inTransaction((tx) =>
      postStock(tx, ctx, {
        bizType: "SalesOrder",
        docType: "test",
        docId: 40,
        docNo: "T40",
        lines: [{ productId, locationId: shelf2, batchNo: "B1", qty: "-1" }],
      }),
    );
    expect([issued!.unitCost, issued!.amount]).toEqual(["8.0000", "-8.00"]);
    await inTransaction((tx) => reverseDocument(tx, ctx, { docType: "test", docId: 40, docNo: "T40", bizType: "SalesOrderBack" }));
    expect(await costOf()).toMatchObject({ avgCost: "8.0000", qtyOnHand: "40.00" });
  });

  it("refuses a batch moved outside an internal posting, and an internal posting that does not net to zero", async () => {
    await expect(
      inTransaction((tx) =>
        postStock(tx, ctx, {
          bizType: "StockMoveOrder",
          docType: "test",
          docId: 41,
          docNo: "T41",
          lines: [{ productId, locationId: shelf2, batchNo: "B1", qty: "1", batchFrom: { locationId: shelf, batchNo: "B1" } }],
        }),
      ),
    ).rejects.toThrow("internal");
    await expect(
      inTransaction((tx) =>
        postStock(tx, ctx, {
          bizType: "StockMoveOrder",
          docType: "test",
          docId: 41,
          docNo: "T41",
          internal: true,
          lines: [{ productId, locationId: shelf, batchNo: "B1", qty: "-1" }],
        }),
      ),
    ).rejects.toThrow("net to zero");
    expect((await costOf()).qtyOnHand).toBe("40.00");
  });

  it("reverses a document once, at the cost it was posted with", async () => {
    await inTransaction((tx) => reverseDocument(tx, ctx, { docType: "test", docId: 2, docNo: "T2", bizType: "PurchaseOrderBack" }));
    const cost = await costOf();
    expect(cost.qtyOnHand).toBe("10.00");
    expect(cost.avgCost).toBe("5.0000");
    expect((await balanceOf(shelf, "B2"))!.qty).toBe("0.00");
    const again = await inTransaction((tx) => reverseDocument(tx, ctx, { docType: "test", docId: 2, docNo: "T2", bizType: "PurchaseOrderBack" }));
    expect(again).toEqual([]);
    const back = await db()
      .select()
      .from(stockMoves)
      .where(and(eq(stockMoves.docType, "test"), eq(stockMoves.docId, 2), eq(stockMoves.bizType, "PurchaseOrderBack")));
    expect(back).toHaveLength(1);
    expect(back[0]!.reversesMoveId).not.toBeNull();
  });

  it("locks stock that then cannot be issued, and releases exactly what was locked", async () => {
    await inTransaction((tx) =>
      lockStock(tx, ctx, { docType: "test", docId: 5, docNo: "T5" }, [{ productId, locationId: shelf, batchNo: "B1", qty: "5", docLineId: 1 }]),
    );
    expect((await balanceOf(shelf, "B1"))!.lockedQty).toBe("5.00");
    await expect(
      inTransaction((tx) =>
        postStock(tx, ctx, {
          bizType: "PurchaseReturnOrder",
          docType: "test",
          docId: 6,
          docNo: "T6",
          lines: [{ productId, locationId: shelf, batchNo: "B1", qty: "-2" }],
        }),
      ),
    ).rejects.toThrow("可用 1，需要 2");
    await expect(
      inTransaction((tx) => lockStock(tx, ctx, { docType: "test", docId: 7, docNo: "T7" }, [{ productId, locationId: shelf, batchNo: "B1", qty: "2" }])),
    ).rejects.toThrow("可用 1");
    const released = await inTransaction((tx) => releaseLocks(tx, ctx, { docType: "test", docId: 5 }));
    expect(released).toHaveLength(1);
    expect((await balanceOf(shelf, "B1"))!.lockedQty).toBe("0.00");
    expect((await costOf()).lockedQty).toBe("0.00");
  });

  it("refuses an unknown location and a quantity with more than two decimals", async () => {
    await expect(
      inTransaction((tx) =>
        postStock(tx, ctx, { bizType: "PurchaseOrder", docType: "test", docId: 8, docNo: "T8", lines: [{ productId, locationId: 999999, qty: "1" }] }),
      ),
    ).rejects.toThrow("货位不存在");
    await expect(
      inTransaction((tx) =>
        postStock(tx, ctx, { bizType: "PurchaseOrder", docType: "test", docId: 8, docNo: "T8", lines: [{ productId, locationId: shelf, qty: "1.001" }] }),
      ),
    ).rejects.toThrow("最多两位小数");
  });
});

describe("big postings", () => {
  it("posts 600 lines in one call (one statement per step, whatever the line count)", async () => {
    const lines = Array.from({ length: 600 }, (_, i) => ({ productId, locationId: i % 2 ? shelf : shelf2, batchNo: `BIG-${i}`, qty: "1", unitCost: "2" }));
    const moves = await inTransaction((tx) => postStock(tx, ctx, { bizType: "StockInit", docType: "test-big", docId: 1, docNo: "BIG", lines }));
    expect(moves).toHaveLength(600);
    expect(moves.map((m) => m.batchNo)).toEqual(lines.map((l) => l.batchNo));
    const [row] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(stockBalances)
      .where(and(eq(stockBalances.companyId, ctx.companyId), sql`${stockBalances.batchNo} like 'BIG-%'`));
    expect(row!.n).toBe(600);
  });
});
