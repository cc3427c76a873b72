import { and, asc, eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { inTransaction } from "../db/transaction";
import { enterpriseRelations } from "../organization/organization.tables";
import { products } from "../product/product.tables";
import { saveCompanySetting } from "../system/company-setting.service";
import { productLocations, stockBalances, stockLocations, stockMoves, warehouses, productCosts } from "../stock/stock.tables";
import { postStock } from "../stock/stock-ledger.service";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { purchaseOrderLines, purchaseOrders, putawayOrderLines, putawayOrders, receiveOrderLines, receiveOrders } from "./purchase.tables";
import { confirmPutawayOrder, getPutawayOrder } from "./putaway-order.service";
import {
  afterPurchaseOrderSubmitted,
  confirmReceiveOrder,
  createPutawayFromReceive,
  createReceiveOrder,
  getReceiveOrder,
  reverseReceiveOrder,
} from "./receive-order.service";

useTestDatabase();

let ctx: Ctx;
let stockCtx: Ctx;
let warehouseId: number;
let shelf1: number;
let shelf2: number;
let otherShelf: number;
let partnerId: number;
let p1: number;
let p2: number;
let seq = 0;

async function settings(create: boolean, confirm: boolean, pickIn: boolean) {
  await saveCompanySetting(ctx, { name: "AutoCreateReceipt", value: String(create) });
  await saveCompanySetting(ctx, { name: "AutoConfirmReceipt", value: String(confirm) });
  await saveCompanySetting(ctx, { name: "AutoCreatePickIn", value: String(pickIn) });
}

/** A submitted purchase order made by inserting rows (the order service is another helper's). */
async function makeOrder(lines: { productId: number; qty: string; price: string }[]) {
  seq += 1;
  const [o] = await db()
    .insert(purchaseOrders)
    .values({ companyId: ctx.companyId, no: `RT-PO-${seq}`, status: 10, partnerId, warehouseId })
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
        amount: String(Number(l.qty) * Number(l.price)),
      })),
    );
  return o!.id;
}

async function submit(orderId: number) {
  return inTransaction(async (tx) => {
    await tx.select().from(purchaseOrders).where(eq(purchaseOrders.id, orderId)).for("update");
    return afterPurchaseOrderSubmitted(tx, ctx, orderId);
  });
}

async function notesOf(orderId: number) {
  return db().select().from(receiveOrders).where(eq(receiveOrders.purchaseOrderId, orderId)).orderBy(asc(receiveOrders.id));
}
async function orderOf(orderId: number) {
  const [o] = await db().select().from(purchaseOrders).where(eq(purchaseOrders.id, orderId));
  const lines = await db().select().from(purchaseOrderLines).where(eq(purchaseOrderLines.orderId, orderId)).orderBy(asc(purchaseOrderLines.lineNo));
  return { ...o!, lines };
}
async function balance(productId: number, locationId: number, batchNo: string) {
  const [b] = await db()
    .select({ qty: stockBalances.qty, unitCost: stockBalances.unitCost, source: stockBalances.source })
    .from(stockBalances)
    .where(
      and(
        eq(stockBalances.companyId, ctx.companyId),
        eq(stockBalances.productId, productId),
        eq(stockBalances.locationId, locationId),
        eq(stockBalances.batchNo, batchNo),
      ),
    );
  return b;
}
async function ledgerSum(productId: number, locationId: number, batchNo: string) {
  const [r] = await db()
    .select({ s: sql<string>`coalesce(sum(${stockMoves.qty}), 0)::text` })
    .from(stockMoves)
    .where(
      and(eq(stockMoves.companyId, ctx.companyId), eq(stockMoves.productId, productId), eq(stockMoves.locationId, locationId), eq(stockMoves.batchNo, batchNo)),
    );
  return Number(r!.s);
}
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
async function receivingArea() {
  const [l] = await db()
    .select()
    .from(stockLocations)
    .where(and(eq(stockLocations.warehouseId, warehouseId), eq(stockLocations.kind, 1)));
  return l!.id;
}
async function putawaysOf(receiveOrderId: number) {
  return db().select().from(putawayOrders).where(eq(putawayOrders.receiveOrderId, receiveOrderId));
}

beforeAll(async () => {
  ctx = (await ctxOf("boss1")).ctx;
  stockCtx = (await ctxOf("stock1")).ctx;
  const [w] = await db().insert(warehouses).values({ companyId: ctx.companyId, name: "收货测试仓" }).returning();
  warehouseId = w!.id;
  const locs = await db()
    .insert(stockLocations)
    .values([
      { companyId: ctx.companyId, warehouseId, code: "S-01", fullName: "收货测试仓-S-01", kind: 0 },
      { companyId: ctx.companyId, warehouseId, code: "S-02", fullName: "收货测试仓-S-02", kind: 0 },
    ])
    .returning();
  shelf1 = locs[0]!.id;
  shelf2 = locs[1]!.id;
  const [w2] = await db().insert(warehouses).values({ companyId: ctx.companyId, name: "别的仓" }).returning();
  const [o] = await db()
    .insert(stockLocations)
    .values({ companyId: ctx.companyId, warehouseId: w2!.id, code: "X-01", fullName: "别的仓-X-01", kind: 0 })
    .returning();
  otherShelf = o!.id;
  const [partner] = await db().insert(enterpriseRelations).values({ companyId: ctx.companyId, rel: 0, name: "收货测试供应商" }).returning();
  partnerId = partner!.id;
  const ps = await db()
    .insert(products)
    .values([
      { companyId: ctx.companyId, mainOE: "RCV-T1", oeNorm: "RCVT1", name: "收货测试件一" },
      { companyId: ctx.companyId, mainOE: "RCV-T2", oeNorm: "RCVT2", name: "收货测试件二" },
    ])
    .returning();
  p1 = ps[0]!.id;
  p2 = ps[1]!.id;
  await db().insert(productLocations).values({ companyId: ctx.companyId, productId: p1, warehouseId, locationId: shelf1 });
});

beforeEach(async () => {
  await settings(true, true, true);
});

describe("receiving notes: the Auto* settings", () => {
  it("AutoCreateReceipt off: nothing is made; 从采购单收货 makes a note with the open quantities prefilled", async () => {
    await settings(false, true, true);
    const orderId = await makeOrder([{ productId: p1, qty: "10", price: "5" }]);
    expect(await submit(orderId)).toBeNull();
    expect(await notesOf(orderId)).toHaveLength(0);
    const note = await createReceiveOrder(ctx, { purchaseOrderId: orderId });
    const view = await getReceiveOrder(ctx, note.id);
    expect(view.status).toBe(10);
    expect(view.lines[0]).toMatchObject({ expectedQty: "10.00", receivedQty: "10.00", price: "5.00", mainOE: "RCV-T1" });
    // The order's rule (refreshReceivingStatus): nothing received yet is still 10 待收货.
    expect((await orderOf(orderId)).status).toBe(10);
    // A second note while one is open is refused.
    await expect(createReceiveOrder(ctx, { purchaseOrderId: orderId })).rejects.toThrow(/已有待收货的收货单/);
  });

  it("AutoCreateReceipt on, AutoConfirmReceipt off: a note waits (10), the order waits (10), no stock yet", async () => {
    await settings(true, false, true);
    const orderId = await makeOrder([{ productId: p1, qty: "4", price: "5" }]);
    const note = await submit(orderId);
    const [n] = await notesOf(orderId);
    expect(n!.status).toBe(10);
    expect((await orderOf(orderId)).status).toBe(10);
    expect(
      await db()
        .select()
        .from(stockMoves)
        .where(and(eq(stockMoves.docType, "receiveOrder"), eq(stockMoves.docId, note!.id))),
    ).toHaveLength(0);
  });

  it("AutoConfirmReceipt on, AutoCreatePickIn off: the goods are in the 收货区 at the order price, source 1; no put-away note", async () => {
    await settings(true, true, false);
    const orderId = await makeOrder([{ productId: p2, qty: "6", price: "12.5" }]);
    const note = (await submit(orderId))!;
    const [n] = await notesOf(orderId);
    expect(n!.status).toBe(100);
    const area = await receivingArea();
    const b = await balance(p2, area, `${note.no}-1`);
    expect(b).toMatchObject({ qty: "6.00", unitCost: "12.5000", source: 1 });
    expect(await ledgerSum(p2, area, `${note.no}-1`)).toBe(6);
    const o = await orderOf(orderId);
    expect(o.status).toBe(40);
    expect(o.lines[0]!.receivedQty).toBe("6.00");
    expect(await putawaysOf(note.id)).toHaveLength(0);
    // The button makes it later.
    const p = await createPutawayFromReceive(ctx, note.id);
    expect((await getPutawayOrder(ctx, p.id)).lines[0]!.qty).toBe("6.00");
    await expect(createPutawayFromReceive(ctx, note.id)).rejects.toThrow(/没有待上架的数量/);
  });

  it("all on: confirmed at once and a put-away note with the default shelf prefilled", async () => {
    const orderId = await makeOrder([
      { productId: p1, qty: "3", price: "5" },
      { productId: p2, qty: "2", price: "7" },
    ]);
    const note = (await submit(orderId))!;
    const [pa] = await putawaysOf(note.id);
    expect(pa!.status).toBe(10);
    const view = await getPutawayOrder(ctx, pa!.id);
    expect(view.lines.map((l) => [l.mainOE, l.qty, l.toLocationId, l.batchNo])).toEqual([
      ["RCV-T1", "3.00", shelf1, `${note.no}-1`],
      ["RCV-T2", "2.00", null, `${note.no}-2`],
    ]);
  });
});

describe("confirming a receipt", () => {
  it("a partial receipt with a reason leaves the rest open; a second note receives the rest", async () => {
    await settings(true, false, false);
    const orderId = await makeOrder([{ productId: p1, qty: "10", price: "5" }]);
    const note = (await submit(orderId))!;
    const [line] = (await getReceiveOrder(ctx, note.id)).lines;
    await confirmReceiveOrder(stockCtx, note.id, { lines: [{ id: line!.id, receivedQty: "6", reasonCode: 30 }] });
    let o = await orderOf(orderId);
    expect(o.status).toBe(30);
    expect(o.lines[0]!.receivedQty).toBe("6.00");
    const rest = await createReceiveOrder(ctx, { purchaseOrderId: orderId });
    const restView = await getReceiveOrder(ctx, rest.id);
    expect(restView.lines[0]).toMatchObject({ expectedQty: "4.00", receivedQty: "4.00" });
    await confirmReceiveOrder(stockCtx, rest.id);
    o = await orderOf(orderId);
    expect(o.status).toBe(40);
    expect(o.lines[0]!.receivedQty).toBe("10.00");
    await expect(createReceiveOrder(ctx, { purchaseOrderId: orderId })).rejects.toThrow(/没有待收货的数量/);
  });

  it("a difference needs a §9 reason; more than ordered only as 20 产品多发; confirming twice posts once", async () => {
    await settings(true, false, false);
    const orderId = await makeOrder([{ productId: p2, qty: "5", price: "8" }]);
    const note = (await submit(orderId))!;
    const [line] = (await getReceiveOrder(ctx, note.id)).lines;
    await expect(confirmReceiveOrder(ctx, note.id, { lines: [{ id: line!.id, receivedQty: "4" }] })).rejects.toThrow(
      /第 1 行：实收 4.00 与应收 5.00 不一致，请选择差异原因/,
    );
    await expect(confirmReceiveOrder(ctx, note.id, { lines: [{ id: line!.id, receivedQty: "4", reasonCode: 999 }] })).rejects.toThrow(/差异原因不正确/);
    await expect(confirmReceiveOrder(ctx, note.id, { lines: [{ id: line!.id, receivedQty: "7", reasonCode: 30 }] })).rejects.toThrow(
      /超过订单未收数量 5.00，多收请选择差异原因“产品多发”/,
    );
    await expect(confirmReceiveOrder(ctx, note.id, { lines: [{ id: line!.id, receivedQty: "-1", reasonCode: 30 }] })).rejects.toThrow(/实收数量不能小于 0/);
    await confirmReceiveOrder(ctx, note.id, { lines: [{ id: line!.id, receivedQty: "7", reasonCode: 20 }] });
    await expect(confirmReceiveOrder(ctx, note.id)).rejects.toThrow(/收货单当前状态为“收货完成”，不能确认收货/);
    const area = await receivingArea();
    expect(await ledgerSum(p2, area, `${note.no}-1`)).toBe(7);
    const o = await orderOf(orderId);
    expect(o.lines[0]!.receivedQty).toBe("7.00");
    expect(o.status).toBe(40);
    const view = await getReceiveOrder(ctx, note.id);
    expect(view.lines[0]).toMatchObject({ receivedQty: "7.00", reasonCode: 20, reasonName: "产品多发", amount: "56.00" });
  });

  it("warehouse staff do not see prices", async () => {
    await settings(true, false, false);
    const orderId = await makeOrder([{ productId: p1, qty: "1", price: "9" }]);
    const note = (await submit(orderId))!;
    const view = await getReceiveOrder(stockCtx, note.id);
    expect(view.showPrices).toBe(false);
    expect(view.lines[0]!.price).toBeNull();
    expect(view.totalAmount).toBeNull();
  });

  it("another company's note is 不存在", async () => {
    await settings(true, false, false);
    const orderId = await makeOrder([{ productId: p1, qty: "1", price: "9" }]);
    const note = (await submit(orderId))!;
    const boss2 = (await ctxOf("boss2")).ctx;
    await expect(getReceiveOrder(boss2, note.id)).rejects.toThrow("收货单不存在");
    await expect(confirmReceiveOrder(boss2, note.id)).rejects.toThrow("收货单不存在");
  });
});

describe("reversal (红冲)", () => {
  it("takes the goods and the received quantities back; refused once put away", async () => {
    await settings(true, true, false);
    const orderId = await makeOrder([{ productId: p1, qty: "8", price: "6" }]);
    const note = (await submit(orderId))!;
    const area = await receivingArea();
    expect((await orderOf(orderId)).status).toBe(40);
    await reverseReceiveOrder(ctx, note.id);
    expect((await balance(p1, area, `${note.no}-1`))!.qty).toBe("0.00");
    expect(await ledgerSum(p1, area, `${note.no}-1`)).toBe(0);
    const back = await db()
      .select()
      .from(stockMoves)
      .where(and(eq(stockMoves.docType, "receiveOrder"), eq(stockMoves.docId, note.id), eq(stockMoves.bizType, "PurchaseOrderBack")));
    expect(back).toHaveLength(1);
    const o = await orderOf(orderId);
    expect(o.lines[0]!.receivedQty).toBe("0.00");
    expect(o.status).toBe(10);
    expect((await getReceiveOrder(ctx, note.id)).statusName).toBe("已红冲");
    await expect(reverseReceiveOrder(ctx, note.id)).rejects.toThrow(/不能红冲/);

    // Received again and put away: no reversal any more.
    const again = await createReceiveOrder(ctx, { purchaseOrderId: orderId });
    await confirmReceiveOrder(ctx, again.id);
    const pa = await createPutawayFromReceive(ctx, again.id);
    const [pl] = (await getPutawayOrder(ctx, pa.id)).lines;
    await confirmPutawayOrder(ctx, pa.id, { lines: [{ id: pl!.id, toLocationId: shelf1, qty: "8" }] });
    await expect(reverseReceiveOrder(ctx, again.id)).rejects.toThrow(`收货单 ${again.no} 的货物已上架，不能红冲`);
  });

  it("withdraws an open put-away note with it", async () => {
    const orderId = await makeOrder([{ productId: p2, qty: "2", price: "6" }]);
    const note = (await submit(orderId))!;
    expect(await putawaysOf(note.id)).toHaveLength(1);
    await reverseReceiveOrder(ctx, note.id);
    expect(await putawaysOf(note.id)).toHaveLength(0);
  });
});

describe("put-away", () => {
  it("moves the batch from the 收货区 to the shelves (split over two), keeps its cost and source, posts once", async () => {
    const orderId = await makeOrder([{ productId: p1, qty: "10", price: "4.2" }]);
    const note = (await submit(orderId))!;
    const [pa] = await putawaysOf(note.id);
    const [line] = (await getPutawayOrder(ctx, pa!.id)).lines;
    const area = await receivingArea();
    const batch = `${note.no}-1`;
    await expect(confirmPutawayOrder(stockCtx, pa!.id, { lines: [{ id: line!.id, toLocationId: otherShelf, qty: "10" }] })).rejects.toThrow(
      /上架货位须是本仓库启用的货架/,
    );
    await expect(confirmPutawayOrder(stockCtx, pa!.id, { lines: [{ id: line!.id, toLocationId: area, qty: "10" }] })).rejects.toThrow(
      /上架货位须是本仓库启用的货架/,
    );
    await expect(
      confirmPutawayOrder(stockCtx, pa!.id, {
        lines: [
          { id: line!.id, toLocationId: shelf1, qty: "7" },
          { id: line!.id, toLocationId: shelf2, qty: "4" },
        ],
      }),
    ).rejects.toThrow(/上架数量合计 11.00 超过待上架数量 10.00/);
    const costBefore = (
      await db()
        .select()
        .from(productCosts)
        .where(and(eq(productCosts.companyId, ctx.companyId), eq(productCosts.productId, p1)))
    )[0]!;
    await confirmPutawayOrder(stockCtx, pa!.id, {
      lines: [
        { id: line!.id, toLocationId: shelf1, qty: "7" },
        { id: line!.id, toLocationId: shelf2, qty: "3" },
      ],
    });
    await expect(confirmPutawayOrder(stockCtx, pa!.id)).rejects.toThrow(/上架单当前状态为“上架完成”，不能确认上架/);
    expect((await balance(p1, area, batch))!.qty).toBe("0.00");
    expect(await balance(p1, shelf1, batch)).toMatchObject({ qty: "7.00", unitCost: "4.2000", source: 1 });
    expect(await balance(p1, shelf2, batch)).toMatchObject({ qty: "3.00", unitCost: "4.2000", source: 1 });
    for (const loc of [area, shelf1, shelf2]) expect(await ledgerSum(p1, loc, batch)).toBe(Number((await balance(p1, loc, batch))!.qty));
    const moves = await db()
      .select()
      .from(stockMoves)
      .where(and(eq(stockMoves.docType, "putawayOrder"), eq(stockMoves.docId, pa!.id)));
    expect(moves).toHaveLength(4);
    expect(moves.every((m) => m.bizType === "PutawayOrder")).toBe(true);
    const costAfter = (
      await db()
        .select()
        .from(productCosts)
        .where(and(eq(productCosts.companyId, ctx.companyId), eq(productCosts.productId, p1)))
    )[0]!;
    expect(costAfter.qtyOnHand).toBe(costBefore.qtyOnHand);
    expect(costAfter.avgCost).toBe(costBefore.avgCost);
    const view = await getPutawayOrder(ctx, pa!.id);
    expect(view.status).toBe(100);
    expect(view.lines.map((l) => [l.toLocationName, l.qty])).toEqual([
      ["收货测试仓-S-01", "7.00"],
      ["收货测试仓-S-02", "3.00"],
    ]);
    const [rl] = await db().select().from(receiveOrderLines).where(eq(receiveOrderLines.receiveOrderId, note.id));
    expect(rl!.putawayQty).toBe("10.00");
    expect((await orderOf(orderId)).lines[0]!.putawayQty).toBe("10.00");
    expect(await db().select().from(putawayOrderLines).where(eq(putawayOrderLines.putawayOrderId, pa!.id))).toHaveLength(2);
  });

  it("puts away at the batch's cost, not the average: the 收货区 goes back to quantity 0 and value 0, the average and the company's value stay", async () => {
    const [p] = await db().insert(products).values({ companyId: ctx.companyId, mainOE: "RCV-T3", oeNorm: "RCVT3", name: "收货测试件三" }).returning();
    await inTransaction((tx) =>
      postStock(tx, ctx, {
        bizType: "StockInit",
        docType: "test",
        docId: 1,
        docNo: "RCV-OPEN",
        lines: [{ productId: p!.id, locationId: shelf2, batchNo: "OLD", qty: "5", unitCost: "130" }],
      }),
    );
    const orderId = await makeOrder([{ productId: p!.id, qty: "1", price: "10.01" }]);
    const note = (await submit(orderId))!;
    const area = await receivingArea();
    const before = await valueOf(p!.id);
    expect(before.avg).toBe("110.0017");
    expect(before.at.get(area)).toEqual({ qty: "1.00", value: "10.01" });
    const [pa] = await putawaysOf(note.id);
    const [line] = (await getPutawayOrder(ctx, pa!.id)).lines;
    await confirmPutawayOrder(ctx, pa!.id, { lines: [{ id: line!.id, toLocationId: shelf1, qty: "1" }] });
    const after = await valueOf(p!.id);
    expect(after.at.get(area)).toEqual({ qty: "0.00", value: "0.00" });
    expect(after.at.get(shelf1)).toEqual({ qty: "1.00", value: "10.01" });
    expect([after.avg, after.total]).toEqual([before.avg, before.total]);
  });

  it("a partial put-away leaves the rest in the 收货区 for another note", async () => {
    const orderId = await makeOrder([{ productId: p2, qty: "5", price: "3" }]);
    const note = (await submit(orderId))!;
    const [pa] = await putawaysOf(note.id);
    const [line] = (await getPutawayOrder(ctx, pa!.id)).lines;
    await expect(confirmPutawayOrder(ctx, pa!.id)).rejects.toThrow(/请选择上架货位/);
    await confirmPutawayOrder(ctx, pa!.id, { lines: [{ id: line!.id, toLocationId: shelf2, qty: "2" }] });
    const next = await createPutawayFromReceive(ctx, note.id);
    expect((await getPutawayOrder(ctx, next.id)).lines[0]!.qty).toBe("3.00");
    expect((await balance(p2, await receivingArea(), `${note.no}-1`))!.qty).toBe("3.00");
  });
});
