import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { inTransaction } from "../db/transaction";
import { partnerAccountEntries, partnerAccounts } from "../finance/finance.tables";
import { saveCompanySetting } from "../system/company-setting.service";
import { stockBalances, stockLocks, stockMoves } from "../stock/stock.tables";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { confirmDelivery, priceDeliveryLines, updateDeliveryLogistics, voidDelivery } from "./deliver-order.service";
import { makeCustomer, makeProduct, makeSubmittedOrder, makeWarehouse, receiveStock } from "./deliver-order.fixture";
import { confirmPicking, createDeliveryForPicking, createPickingForOrder, voidOpenNotesOfOrder, voidPicking } from "./picking-order.service";
import { confirmScannedDelivery, findDeliveryForScan, resetDeliveryScan, scanDeliveryCode } from "./scan-delivery.service";
import { deliverOrderLines, deliverOrders, pickingOrderLines, pickingOrders, salesOrderLines, salesOrders } from "./sale.tables";
import { dec } from "../lib/decimal";

useTestDatabase();

let ctx: Ctx;
let other: Ctx;
let wh: { warehouseId: number; shelves: number[] };
let customer: number;

const orderOf = async (id: number) => (await db().select().from(salesOrders).where(eq(salesOrders.id, id)))[0]!;
const orderLines = (id: number) => db().select().from(salesOrderLines).where(eq(salesOrderLines.orderId, id)).orderBy(salesOrderLines.lineNo);
const pickingsOf = (orderId: number) => db().select().from(pickingOrders).where(eq(pickingOrders.salesOrderId, orderId)).orderBy(pickingOrders.id);
const pickingLines = (id: number) => db().select().from(pickingOrderLines).where(eq(pickingOrderLines.pickingOrderId, id)).orderBy(pickingOrderLines.lineNo);
const deliveriesOf = (orderId: number) => db().select().from(deliverOrders).where(eq(deliverOrders.salesOrderId, orderId)).orderBy(deliverOrders.id);
const deliveryLines = (id: number) => db().select().from(deliverOrderLines).where(eq(deliverOrderLines.deliverOrderId, id)).orderBy(deliverOrderLines.lineNo);
const locksOf = (orderId: number) =>
  db()
    .select()
    .from(stockLocks)
    .where(and(eq(stockLocks.docType, "salesOrder"), eq(stockLocks.docId, orderId)));
const balanceOf = async (partnerId: number) => (await db().select().from(partnerAccounts).where(eq(partnerAccounts.partnerId, partnerId)))[0];
const stockOf = async (productId: number) => {
  const [r] = await db()
    .select({ qty: sql<string>`coalesce(sum(qty),0)::text`, locked: sql<string>`coalesce(sum(locked_qty),0)::text` })
    .from(stockBalances)
    .where(eq(stockBalances.productId, productId));
  return { qty: Number(r!.qty), locked: Number(r!.locked) };
};
const setting = (name: string, value: boolean) => saveCompanySetting(ctx, { name, value: String(value) });

beforeAll(async () => {
  ctx = (await ctxOf("boss1")).ctx;
  other = (await ctxOf("boss2")).ctx;
  wh = await makeWarehouse(ctx, "发货测试仓", ["A", "B", "C"]);
  customer = await makeCustomer(ctx, "发货测试客户");
});

describe("picking lists from the order's locks", () => {
  it("makes one picking line per lock, oldest stock first; the order stays 待发货 until something is picked (issue 20 item 12)", async () => {
    const p = await makeProduct(ctx, "PK-FIFO-1", "拣货测试件");
    await receiveStock(ctx, p, wh.shelves[1]!, "OLD", "3", "10", new Date("2026-01-01T00:00:00Z"));
    await receiveStock(ctx, p, wh.shelves[0]!, "NEW", "5", "20", new Date("2026-06-01T00:00:00Z"));
    const o = await makeSubmittedOrder(ctx, { partnerId: customer, warehouseId: wh.warehouseId, lines: [{ productId: p, qty: "4", price: "50" }] });
    expect(o.picking).not.toBeNull();
    const lines = await pickingLines(o.picking!.id);
    expect(lines.map((l) => [l.locationId, l.batchNo, l.qty, l.salesOrderLineId])).toEqual([
      [wh.shelves[1], "OLD", "3.00", o.lineIds[0]],
      [wh.shelves[0], "NEW", "1.00", o.lineIds[0]],
    ]);
    expect((await orderOf(o.id)).status).toBe(30);
    // Everything locked is on the open list: a second list has nothing to take.
    await expect(createPickingForOrder(ctx, o.id)).rejects.toThrow("没有待拣货的锁定库存");
  });

  it("makes no picking list when nothing could be locked", async () => {
    const p = await makeProduct(ctx, "PK-NONE-1", "缺货件");
    const o = await makeSubmittedOrder(ctx, {
      partnerId: customer,
      warehouseId: wh.warehouseId,
      lines: [{ productId: p, qty: "2", price: "5" }],
      allowShortage: true,
    });
    expect(o.picking).toBeNull();
    expect(await pickingsOf(o.id)).toHaveLength(0);
    expect((await orderOf(o.id)).status).toBe(30);
  });
});

describe("from picking to delivery", () => {
  it("full flow: picking confirmed → delivery made and confirmed → stock out at the moving average, customer owes the amount, order 60", async () => {
    const p = await makeProduct(ctx, "DL-FULL-1", "全流程件");
    await receiveStock(ctx, p, wh.shelves[0]!, "B1", "4", "10");
    await receiveStock(ctx, p, wh.shelves[1]!, "B2", "4", "16"); // average 13
    const before = dec((await balanceOf(customer))?.balance ?? "0");
    const o = await makeSubmittedOrder(ctx, {
      partnerId: customer,
      warehouseId: wh.warehouseId,
      lines: [{ productId: p, qty: "6", price: "30", discount: "90" }],
    });
    const done = await confirmPicking(ctx, o.picking!.id);
    expect(done.status).toBe(100);
    expect(done.delivery?.status).toBe(30);
    const [note] = await deliveriesOf(o.id);
    expect(note!.status).toBe(30);
    expect(note!.totalAmount).toBe("162.00");
    expect(note!.totalCost).toBe("78.00");
    const dl = await deliveryLines(note!.id);
    expect(dl.every((l) => l.unitCost === "13.0000" && l.price === "27.00")).toBe(true);
    const moves = await db()
      .select()
      .from(stockMoves)
      .where(and(eq(stockMoves.docType, "deliverOrder"), eq(stockMoves.docId, note!.id)));
    expect(moves.every((m) => m.bizType === "SalesOrder")).toBe(true);
    expect(moves.reduce((s, m) => s + Number(m.qty), 0)).toBe(-6);
    expect(await stockOf(p)).toEqual({ qty: 2, locked: 0 });
    expect(await locksOf(o.id)).toHaveLength(0);
    const order = await orderOf(o.id);
    expect(order.status).toBe(60);
    expect(order.deliveredAmount).toBe("162.00");
    const [ol] = await orderLines(o.id);
    expect([ol!.deliveredQty, ol!.pickedQty]).toEqual(["6.00", "0.00"]);
    expect(
      dec((await balanceOf(customer))!.balance)
        .minus(before)
        .toFixed(2),
    ).toBe("162.00");
    const entries = await db()
      .select()
      .from(partnerAccountEntries)
      .where(and(eq(partnerAccountEntries.docType, "deliverOrder"), eq(partnerAccountEntries.docId, note!.id)));
    expect(entries.map((e) => e.amount)).toEqual(["162.00"]);
    // The same confirmation again is refused: posted once.
    await expect(confirmDelivery(ctx, note!.id)).rejects.toThrow("不能确认发货");
  });

  it("a partial pick leaves the rest locked; after delivery the order is 部分发货, and a new list picks the rest", async () => {
    const p = await makeProduct(ctx, "DL-PART-1", "部分拣货件");
    await receiveStock(ctx, p, wh.shelves[2]!, "P1", "10", "5");
    const o = await makeSubmittedOrder(ctx, {
      partnerId: customer,
      warehouseId: wh.warehouseId,
      lines: [{ productId: p, qty: "10", price: "1", discount: "33.33" }],
    });
    const [line] = await pickingLines(o.picking!.id);
    await expect(confirmPicking(ctx, o.picking!.id, [{ lineId: line!.id, qty: "11" }])).rejects.toThrow("超过计划数量");
    await confirmPicking(ctx, o.picking!.id, [{ lineId: line!.id, qty: "3" }]);
    expect((await orderOf(o.id)).status).toBe(50);
    expect((await locksOf(o.id)).reduce((s, l) => s + Number(l.qty), 0)).toBe(7);
    expect(await stockOf(p)).toEqual({ qty: 7, locked: 7 });
    const second = await createPickingForOrder(ctx, o.id);
    expect((await pickingLines(second.id)).map((l) => l.qty)).toEqual(["7.00"]);
    expect((await orderOf(o.id)).status).toBe(50);
    await confirmPicking(ctx, second.id);
    const notes = await deliveriesOf(o.id);
    // 10 × 1 × 33.33% = 3.33; 3 × 0.33 = 0.99, the last delivery takes the remainder 2.34.
    expect(notes.map((n) => n.totalAmount)).toEqual(["0.99", "2.34"]);
    expect((await orderOf(o.id)).status).toBe(60);
    expect((await orderOf(o.id)).deliveredAmount).toBe("3.33");
  });

  it("prices lines with the remainder on the completing delivery", () => {
    const ol = new Map([[1, { qty: "3", amount: "10.00", deliveredQty: "0" }]]);
    const out = priceDeliveryLines(
      [
        { salesOrderLineId: 1, qty: "1" },
        { salesOrderLineId: 1, qty: "2" },
      ],
      ol,
      new Map(),
    );
    expect(out.map((l) => [l.price, l.amount])).toEqual([
      ["3.33", "3.33"],
      ["3.33", "6.67"],
    ]);
  });

  it("without AutoConfirmDeliver the note waits; void keeps the goods picked for a new note; logistics can be edited", async () => {
    await setting("AutoConfirmDeliver", false);
    try {
      const p = await makeProduct(ctx, "DL-VOID-1", "作废发货件");
      await receiveStock(ctx, p, wh.shelves[0]!, "V1", "5", "8");
      const o = await makeSubmittedOrder(ctx, { partnerId: customer, warehouseId: wh.warehouseId, lines: [{ productId: p, qty: "2", price: "20" }] });
      const r = await confirmPicking(ctx, o.picking!.id);
      expect(r.delivery?.status).toBe(20);
      expect((await orderOf(o.id)).status).toBe(40);
      expect((await orderLines(o.id))[0]!.pickedQty).toBe("2.00");
      await voidDelivery(ctx, r.delivery!.id);
      expect((await deliveriesOf(o.id))[0]!.status).toBe(90);
      // The goods stay picked for a new note: the order is still 发货中.
      expect((await orderOf(o.id)).status).toBe(40);
      expect(await stockOf(p)).toEqual({ qty: 5, locked: 2 });
      await expect(createPickingForOrder(ctx, o.id)).rejects.toThrow("没有待拣货");
      const again = await createDeliveryForPicking(ctx, o.picking!.id);
      await expect(createDeliveryForPicking(ctx, o.picking!.id)).rejects.toThrow("已生成发货单");
      await updateDeliveryLogistics(ctx, again.id, { trackingNo: "SF123", packages: "2", receiverName: "李四" });
      await expect(updateDeliveryLogistics(ctx, again.id, { logisticsCompanyId: 999999 })).rejects.toThrow("物流公司不存在");
      await confirmDelivery(ctx, again.id);
      const note = (await deliveriesOf(o.id))[1]!;
      expect([note.status, note.trackingNo, note.packages, note.receiverName]).toEqual([30, "SF123", 2, "李四"]);
      expect((await orderOf(o.id)).status).toBe(60);
      expect(await stockOf(p)).toEqual({ qty: 3, locked: 0 });
      // Another company sees none of it.
      await expect(confirmDelivery(other, again.id)).rejects.toThrow("发货单不存在");
      await expect(voidPicking(other, o.picking!.id)).rejects.toThrow("拣货单不存在");
    } finally {
      await setting("AutoConfirmDeliver", true);
    }
  });

  it("cancelling voids open picking lists and delivery notes and clears picked quantities", async () => {
    await setting("AutoConfirmDeliver", false);
    try {
      const p = await makeProduct(ctx, "DL-CANCEL-1", "取消件");
      await receiveStock(ctx, p, wh.shelves[0]!, "C1", "6", "8");
      const o = await makeSubmittedOrder(ctx, { partnerId: customer, warehouseId: wh.warehouseId, lines: [{ productId: p, qty: "6", price: "20" }] });
      const [line] = await pickingLines(o.picking!.id);
      await confirmPicking(ctx, o.picking!.id, [{ lineId: line!.id, qty: "2" }]);
      const open = await createPickingForOrder(ctx, o.id);
      const r = await inTransaction(async (tx) => {
        await tx.select().from(salesOrders).where(eq(salesOrders.id, o.id)).for("update");
        return voidOpenNotesOfOrder(tx, ctx, o.id);
      });
      expect(r.pickingIds).toEqual([open.id]);
      expect(r.deliveryIds).toHaveLength(1);
      expect((await pickingsOf(o.id)).map((x) => x.status)).toEqual([100, 90]);
      expect((await deliveriesOf(o.id)).map((x) => x.status)).toEqual([90]);
      expect((await orderLines(o.id))[0]!.pickedQty).toBe("0.00");
    } finally {
      await setting("AutoConfirmDeliver", true);
    }
  });
});

describe("scan delivery", () => {
  it("counts pieces by any OE spelling, flags wrong and surplus scans, confirms only when complete", async () => {
    await setting("AutoConfirmDeliver", false);
    try {
      const p = await makeProduct(ctx, "06J 115 403Q", "机油滤清器", "06J115403C");
      const q = await makeProduct(ctx, "SCAN-OTHER-1", "不在单上的件");
      await receiveStock(ctx, p, wh.shelves[0]!, "S1", "5", "8");
      const o = await makeSubmittedOrder(ctx, { partnerId: customer, warehouseId: wh.warehouseId, lines: [{ productId: p, qty: "2", price: "20" }] });
      const r = await confirmPicking(ctx, o.picking!.id);
      const note = await findDeliveryForScan(ctx, ` ${r.delivery!.no.toLowerCase()} `);
      expect(note.id).toBe(r.delivery!.id);
      expect(await scanDeliveryCode(ctx, note.id, { code: "SCAN-OTHER-1" })).toMatchObject({ ok: false, kind: "wrong", message: "不在本单: SCAN-OTHER-1" });
      expect(await scanDeliveryCode(ctx, note.id, { code: "NOPE" })).toMatchObject({ ok: false, kind: "wrong" });
      expect(await scanDeliveryCode(ctx, note.id, { code: "06j-115-403q" })).toMatchObject({ ok: true, kind: "counted" });
      await expect(confirmScannedDelivery(ctx, note.id)).rejects.toThrow("未扫描完成");
      expect(await scanDeliveryCode(ctx, note.id, { code: "06J115403C" })).toMatchObject({ ok: true });
      expect(await scanDeliveryCode(ctx, note.id, { code: "06J115403Q" })).toMatchObject({ ok: false, kind: "surplus" });
      expect((await deliveryLines(note.id)).map((l) => l.scannedQty)).toEqual(["2.00"]);
      await resetDeliveryScan(ctx, note.id);
      expect((await deliveryLines(note.id)).map((l) => l.scannedQty)).toEqual(["0.00"]);
      await scanDeliveryCode(ctx, note.id, { code: "06J115403Q" });
      await scanDeliveryCode(ctx, note.id, { code: "06J115403Q" });
      const done = await confirmScannedDelivery(ctx, note.id);
      expect(done.status).toBe(30);
      const [n] = await db().select().from(deliverOrders).where(eq(deliverOrders.id, note.id));
      expect(n!.scanCheckedBy).toBe(ctx.userId);
      await expect(scanDeliveryCode(ctx, note.id, { code: "06J115403Q" })).rejects.toThrow("发货完成");
      void q;
    } finally {
      await setting("AutoConfirmDeliver", true);
    }
  });
});
