import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { stockMoves } from "../stock/stock.tables";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { confirmMoveOrder, createMoveOrder, getMoveOrder } from "./move-order.service";
import { balanceOf, brokenKeys, makeWarehouseFixture, receive } from "./warehouse-test-kit";
import { refusals } from "../test/race";

/** Transfers under real parallel transactions (PostgreSQL only: PGlite runs one at a time). */
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)("transfers in parallel (PostgreSQL)", () => {
  useTestDatabase();
  let ctx: Ctx;
  let f: Awaited<ReturnType<typeof makeWarehouseFixture>>;

  beforeAll(async () => {
    ctx = (await ctxOf("stock1")).ctx;
    f = await makeWarehouseFixture((await ctxOf("boss1")).ctx, "PG1");
    await receive(ctx, f.productId, f.a1, "X", "5", "10", 301);
    await receive(ctx, f.productId, f.b1, "X", "5", "10", 302);
  });

  // Drafts are made one after another: numbering reads the company's time zone on a second
  // connection (server/system/business-code.service.ts), which starves a small pool when dozens
  // of numbering transactions run at once. The race under test is the confirmation.
  it("20 pairs of opposite transfers A→B and B→A confirmed at once: no 5xx, no negative balance, Σ ledger = balance", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 40; i++) {
      const from = i % 2 === 0 ? f.a1 : f.b1;
      const to = i % 2 === 0 ? f.b1 : f.a1;
      ids.push((await createMoveOrder(ctx, { lines: [{ productId: f.productId, fromLocationId: from, batchNo: "X", toLocationId: to, qty: "1" }] })).id);
    }
    const results = await refusals(ids.length, (i) => confirmMoveOrder(ctx, ids[i]!));
    expect(results.filter((r) => r !== "ok" && r !== "refused")).toEqual([]);
    expect(results.filter((r) => r === "ok").length).toBeGreaterThan(0);
    const a = (await balanceOf(ctx, f.productId, f.a1, "X"))!;
    const b = (await balanceOf(ctx, f.productId, f.b1, "X"))!;
    expect(Number(a.qty) + Number(b.qty)).toBe(10);
    expect(Number(a.qty)).toBeGreaterThanOrEqual(0);
    expect(Number(b.qty)).toBeGreaterThanOrEqual(0);
    expect(await brokenKeys(ctx, f.productId)).toEqual([]);
  });

  it("the same transfer confirmed 10 times at once posts once", async () => {
    const { id } = await createMoveOrder(ctx, { lines: [{ productId: f.productId, fromLocationId: f.a1, batchNo: "X", toLocationId: f.a2, qty: "1" }] });
    const before = (await balanceOf(ctx, f.productId, f.a1, "X"))!.qty;
    const results = await refusals(10, () => confirmMoveOrder(ctx, id));
    expect(results.filter((r) => r === "ok")).toHaveLength(1);
    expect(results.filter((r) => r === "refused")).toHaveLength(9);
    expect((await getMoveOrder(ctx, id)).status).toBe(100);
    const moves = await db()
      .select()
      .from(stockMoves)
      .where(and(eq(stockMoves.docType, "moveOrder"), eq(stockMoves.docId, id)));
    expect(moves).toHaveLength(2);
    expect(Number((await balanceOf(ctx, f.productId, f.a1, "X"))!.qty)).toBe(Number(before) - 1);
    expect(await brokenKeys(ctx, f.productId)).toEqual([]);
  });
});
