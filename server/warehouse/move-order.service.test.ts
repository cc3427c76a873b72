import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { productCosts, stockMoves } from "../stock/stock.tables";
import { ctxOf, useTestDatabase } from "../test/test-db";
import {
  batchesOnHand,
  confirmMoveOrder,
  createMoveOrder,
  getMoveOrder,
  removeMoveOrder,
  reverseMoveOrder,
  updateMoveOrder,
  voidMoveOrder,
} from "./move-order.service";
import { canTransition } from "../kernel/status-machine";
import { MOVE_ORDER_MACHINE } from "./move-order.status";
import { balanceOf, brokenKeys, makeWarehouseFixture, receive } from "./warehouse-test-kit";

useTestDatabase();

/** What 成本流水 adds up: per location Σ qty and Σ amount of the product's moves; the company's Σ amount; the moving average. */
async function valueOf(productId: number) {
  const rows = await db()
    .select({ locationId: stockMoves.locationId, qty: sql<string>`sum(${stockMoves.qty})::text`, value: sql<string>`sum(${stockMoves.amount})::text` })
    .from(stockMoves)
    .where(and(eq(stockMoves.companyId, ctx.companyId), eq(stockMoves.productId, productId)))
    .groupBy(stockMoves.locationId);
  const [cost] = await db()
    .select()
    .from(productCosts)
    .where(and(eq(productCosts.companyId, ctx.companyId), eq(productCosts.productId, productId)));
  const total = rows.reduce((t, r) => t + Math.round(Number(r.value) * 100), 0);
  return { at: new Map(rows.map((r) => [r.locationId, { qty: r.qty, value: r.value }])), total, avg: cost!.avgCost };
}

let ctx: Ctx;
let stock: Ctx;
let other: Ctx;
let f: Awaited<ReturnType<typeof makeWarehouseFixture>>;

beforeAll(async () => {
  ctx = (await ctxOf("boss1")).ctx;
  stock = (await ctxOf("stock1")).ctx;
  other = (await ctxOf("boss2")).ctx;
  f = await makeWarehouseFixture(ctx, "MO1");
  await receive(ctx, f.productId, f.a1, "B1", "10", "12", 101);
});

describe("stock transfers", () => {
  it("has one table of transitions", () => {
    expect(canTransition(MOVE_ORDER_MACHINE, "confirm", 0)).toBe(true);
    expect(canTransition(MOVE_ORDER_MACHINE, "confirm", 100)).toBe(false);
    expect(canTransition(MOVE_ORDER_MACHINE, "void", 0)).toBe(true);
    expect(canTransition(MOVE_ORDER_MACHINE, "void", 100)).toBe(false);
    expect(canTransition(MOVE_ORDER_MACHINE, "reverse", 100)).toBe(true);
    expect(canTransition(MOVE_ORDER_MACHINE, "reverse", 0)).toBe(false);
    expect(canTransition(MOVE_ORDER_MACHINE, "update", 90)).toBe(false);
  });

  it("offers the batches on hand with their available quantity", async () => {
    const rows = await batchesOnHand(stock, { warehouseId: f.w1 });
    expect(rows).toEqual([expect.objectContaining({ productId: f.productId, locationId: f.a1, batchNo: "B1", available: "10.00" })]);
  });

  it("saves a draft, confirms it across warehouses and moves the batch with its identity", async () => {
    const { id, no } = await createMoveOrder(stock, {
      fromWarehouseId: f.w1,
      toWarehouseId: f.w2,
      lines: [{ productId: f.productId, fromLocationId: f.a1, batchNo: "B1", toLocationId: f.b1, qty: "4" }],
    });
    expect(no).toMatch(/^DB/);
    expect((await getMoveOrder(stock, id)).status).toBe(0);
    expect((await balanceOf(ctx, f.productId, f.a1, "B1"))!.qty).toBe("10.00");
    await confirmMoveOrder(stock, id);
    const doc = await getMoveOrder(stock, id);
    expect(doc.status).toBe(100);
    expect(doc.actions).toEqual(["reverse"]);
    expect(doc.lines[0]).toMatchObject({ fromLocationName: "甲仓MO1-A-01", toLocationName: "乙仓MO1-B-01", qty: "4.00", batchNo: "B1" });
    expect((await balanceOf(ctx, f.productId, f.a1, "B1"))!.qty).toBe("6.00");
    const target = (await balanceOf(ctx, f.productId, f.b1, "B1"))!;
    expect(target.qty).toBe("4.00");
    expect(target.unitCost).toBe("12.0000");
    expect(target.source).toBe(1);
    const moves = await db()
      .select()
      .from(stockMoves)
      .where(and(eq(stockMoves.docType, "moveOrder"), eq(stockMoves.docId, id)));
    expect(moves.map((m) => [m.bizType, m.qty]).sort()).toEqual([
      ["StockMoveOrder", "-4.00"],
      ["StockMoveOrder", "4.00"],
    ]);
    await expect(confirmMoveOrder(stock, id)).rejects.toThrow("调拨单当前状态为“已完成”，不能确认调拨");
    await expect(
      updateMoveOrder(stock, id, { lines: [{ productId: f.productId, fromLocationId: f.a1, batchNo: "B1", toLocationId: f.b1, qty: "1" }] }),
    ).rejects.toThrow("不能修改");
    // 红冲 puts it back.
    await reverseMoveOrder(stock, id);
    expect((await getMoveOrder(stock, id)).status).toBe(90);
    expect((await balanceOf(ctx, f.productId, f.a1, "B1"))!.qty).toBe("10.00");
    expect((await balanceOf(ctx, f.productId, f.b1, "B1"))!.qty).toBe("0.00");
    expect(await brokenKeys(ctx, f.productId)).toEqual([]);
  });

  it("refuses more than available with the ledger's message and leaves the draft as it was", async () => {
    const { id } = await createMoveOrder(stock, { lines: [{ productId: f.productId, fromLocationId: f.a1, batchNo: "B1", toLocationId: f.a2, qty: "11" }] });
    await expect(confirmMoveOrder(stock, id)).rejects.toThrow("在 甲仓MO1-A-01 可用 10，需要 11");
    expect((await getMoveOrder(stock, id)).status).toBe(0);
    await updateMoveOrder(stock, id, { lines: [{ productId: f.productId, fromLocationId: f.a1, batchNo: "B1", toLocationId: f.a2, qty: "3" }] });
    await confirmMoveOrder(stock, id);
    expect((await balanceOf(ctx, f.productId, f.a2, "B1"))!.qty).toBe("3.00");
  });

  it("refuses from = to, a location outside the chosen warehouse, bad quantities and another company's rows", async () => {
    await expect(
      createMoveOrder(stock, { lines: [{ productId: f.productId, fromLocationId: f.a1, batchNo: "B1", toLocationId: f.a1, qty: "1" }] }),
    ).rejects.toThrow("调出货位和调入货位不能相同");
    await expect(
      createMoveOrder(stock, {
        fromWarehouseId: f.w1,
        toWarehouseId: f.w1,
        lines: [{ productId: f.productId, fromLocationId: f.a1, batchNo: "B1", toLocationId: f.b1, qty: "1" }],
      }),
    ).rejects.toThrow("不属于调入仓库");
    await expect(
      createMoveOrder(stock, { lines: [{ productId: f.productId, fromLocationId: f.a1, batchNo: "B1", toLocationId: f.a2, qty: "0" }] }),
    ).rejects.toThrow("调拨数量必须大于 0");
    await expect(createMoveOrder(stock, { lines: [] })).rejects.toThrow("请添加调拨明细");
    await expect(
      createMoveOrder(other, { lines: [{ productId: f.productId, fromLocationId: f.a1, batchNo: "B1", toLocationId: f.a2, qty: "1" }] }),
    ).rejects.toThrow("不存在");
    const { id } = await createMoveOrder(stock, { lines: [{ productId: f.productId, fromLocationId: f.a1, batchNo: "B1", toLocationId: f.a2, qty: "1" }] });
    await expect(getMoveOrder(other, id)).rejects.toThrow("调拨单不存在");
    await expect(confirmMoveOrder(other, id)).rejects.toThrow("调拨单不存在");
    const sales = (await ctxOf("sales1")).ctx;
    await expect(confirmMoveOrder(sales, id)).rejects.toThrow("没有权限");
  });

  it("moves a batch at its own cost, not the average: the emptied location's value returns to 0, the average and the company's value stay", async () => {
    const g = await makeWarehouseFixture(ctx, "MO2");
    await receive(ctx, g.productId, g.a1, "OLD", "5", "130", 201);
    await receive(ctx, g.productId, g.a2, "NEW", "1", "10.01", 202);
    const before = await valueOf(g.productId);
    expect(before.avg).toBe("110.0017");
    const { id } = await createMoveOrder(stock, {
      fromWarehouseId: g.w1,
      toWarehouseId: g.w2,
      lines: [{ productId: g.productId, fromLocationId: g.a2, batchNo: "NEW", toLocationId: g.b1, qty: "1" }],
    });
    await confirmMoveOrder(stock, id);
    const moves = await db()
      .select()
      .from(stockMoves)
      .where(and(eq(stockMoves.docType, "moveOrder"), eq(stockMoves.docId, id)));
    expect(moves.map((m) => [m.qty, m.unitCost, m.amount, m.avgCostAfter]).sort()).toEqual([
      ["-1.00", "10.0100", "-10.01", "110.0017"],
      ["1.00", "10.0100", "10.01", "110.0017"],
    ]);
    const after = await valueOf(g.productId);
    expect(after.at.get(g.a2)).toEqual({ qty: "0.00", value: "0.00" });
    expect(after.at.get(g.b1)).toEqual({ qty: "1.00", value: "10.01" });
    expect([after.avg, after.total]).toEqual([before.avg, before.total]);
    // 红冲 moves it back at the cost it moved with: both locations as before, the average untouched.
    await reverseMoveOrder(stock, id);
    const back = await valueOf(g.productId);
    expect(back.at.get(g.a2)).toEqual({ qty: "1.00", value: "10.01" });
    expect(back.at.get(g.b1)).toEqual({ qty: "0.00", value: "0.00" });
    expect([back.avg, back.total]).toEqual([before.avg, before.total]);
  });

  it("voids and deletes drafts only", async () => {
    const a = await createMoveOrder(stock, { lines: [{ productId: f.productId, fromLocationId: f.a1, batchNo: "B1", toLocationId: f.a2, qty: "1" }] });
    await voidMoveOrder(stock, a.id);
    expect((await getMoveOrder(stock, a.id)).status).toBe(90);
    await expect(confirmMoveOrder(stock, a.id)).rejects.toThrow("已作废");
    const b = await createMoveOrder(stock, { lines: [{ productId: f.productId, fromLocationId: f.a1, batchNo: "B1", toLocationId: f.a2, qty: "1" }] });
    await removeMoveOrder(stock, b.id);
    await expect(getMoveOrder(stock, b.id)).rejects.toThrow("调拨单不存在");
  });
});
