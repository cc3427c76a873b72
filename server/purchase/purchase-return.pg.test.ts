import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { inTransaction } from "../db/transaction";
import { enterpriseRelations } from "../organization/organization.tables";
import { products } from "../product/product.tables";
import { postStock } from "../stock/stock-ledger.service";
import { productCosts, stockBalances, stockLocations, stockLocks, stockMoves, warehouses } from "../stock/stock.tables";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { confirmPurchaseReturnOrder, createPurchaseReturnOrder, getPurchaseReturnOrder, submitPurchaseReturnOrder } from "./purchase-return.service";
import { refusals } from "../test/race";

/** Purchase returns under real parallel transactions (PostgreSQL only: PGlite runs one at a time). */
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)("purchase returns in parallel (PostgreSQL)", () => {
  useTestDatabase();
  let ctx: Ctx;
  let productId: number;
  let partnerId: number;
  let warehouseId: number;
  let shelf: number;

  const balance = async () =>
    (
      await db()
        .select()
        .from(stockBalances)
        .where(and(eq(stockBalances.companyId, ctx.companyId), eq(stockBalances.productId, productId), eq(stockBalances.locationId, shelf)))
    )[0]!;

  beforeAll(async () => {
    ctx = (await ctxOf("buyer1")).ctx;
    const [p] = await db().insert(products).values({ companyId: ctx.companyId, mainOE: "PRPG-1", oeNorm: "PRPG1", name: "并发退货件" }).returning();
    productId = p!.id;
    const [s] = await db().insert(enterpriseRelations).values({ companyId: ctx.companyId, rel: 0, name: "并发退货供应商" }).returning();
    partnerId = s!.id;
    const [w] = await db().insert(warehouses).values({ companyId: ctx.companyId, name: "并发退货仓" }).returning();
    warehouseId = w!.id;
    const [l] = await db().insert(stockLocations).values({ companyId: ctx.companyId, warehouseId, code: "P-01", fullName: "并发退货仓-P-01" }).returning();
    shelf = l!.id;
    await inTransaction((tx) =>
      postStock(tx, ctx, {
        bizType: "PurchaseOrder",
        docType: "test",
        docId: 1,
        docNo: "T1",
        lines: [{ productId, locationId: shelf, batchNo: "", qty: "10", unitCost: "6", source: 1 }],
      }),
    );
  });

  it("30 returns of 1 submitted at once against stock 10: exactly 10 lock, 20 refused in Chinese, nothing negative", async () => {
    const ids: number[] = [];
    // Drafts one after another; the race under test is the submission (the stock lock).
    for (let i = 0; i < 30; i++)
      ids.push(
        (
          await createPurchaseReturnOrder(ctx, {
            partnerId,
            warehouseId,
            lines: [{ productId, locationId: shelf, batchNo: "", qty: "1", price: "6", reasonCode: 70 }],
          })
        ).id,
      );
    const results = await refusals(30, (i) => submitPurchaseReturnOrder(ctx, ids[i]!));
    expect(results.filter((r) => r !== "ok" && r !== "refused")).toEqual([]);
    expect(results.filter((r) => r === "ok")).toHaveLength(10);
    expect(results.filter((r) => r === "refused")).toHaveLength(20);
    const b = await balance();
    expect(b.qty).toBe("10.00");
    expect(b.lockedQty).toBe("10.00");
    const [locks] = await db()
      .select({ s: sql<string>`coalesce(sum(${stockLocks.qty}),0)::numeric(16,2)::text` })
      .from(stockLocks)
      .where(and(eq(stockLocks.companyId, ctx.companyId), eq(stockLocks.productId, productId)));
    expect(locks!.s).toBe("10.00");

    // The ten submitted ones confirmed at once (each also sent twice): the stock reaches 0, never below.
    const submitted: number[] = [];
    for (const id of ids) if ((await getPurchaseReturnOrder(ctx, id)).status === 10) submitted.push(id);
    expect(submitted).toHaveLength(10);
    const confirms = await refusals(20, (i) => confirmPurchaseReturnOrder(ctx, submitted[i % 10]!));
    expect(confirms.filter((r) => r !== "ok" && r !== "refused")).toEqual([]);
    expect(confirms.filter((r) => r === "ok")).toHaveLength(10);
    const after = await balance();
    expect(after.qty).toBe("0.00");
    expect(after.lockedQty).toBe("0.00");
    const [ledger] = await db()
      .select({ s: sql<string>`coalesce(sum(${stockMoves.qty}),0)::numeric(16,2)::text` })
      .from(stockMoves)
      .where(and(eq(stockMoves.companyId, ctx.companyId), eq(stockMoves.productId, productId)));
    expect(ledger!.s).toBe(after.qty);
    const [cost] = await db()
      .select()
      .from(productCosts)
      .where(and(eq(productCosts.companyId, ctx.companyId), eq(productCosts.productId, productId)));
    expect(cost!.qtyOnHand).toBe("0.00");
    expect(cost!.lockedQty).toBe("0.00");
  });
});
