import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { inTransaction } from "../db/transaction";
import { postStock } from "../stock/stock-ledger.service";
import { stockMoves } from "../stock/stock.tables";
import { canTransition } from "../kernel/status-machine";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { countSavedMessage } from "./inventory-order.page";
import {
  addInventoryLine,
  countInventoryOrder,
  createInventoryOrder,
  getInventoryOrder,
  postInventoryOrder,
  reverseInventoryOrder,
  startInventoryOrder,
  voidInventoryOrder,
} from "./inventory-order.service";
import { INVENTORY_ORDER_MACHINE } from "./inventory-order.status";
import { balanceOf, brokenKeys, makeWarehouseFixture, receive } from "./warehouse-test-kit";

useTestDatabase();

let ctx: Ctx;
let stock: Ctx;
let f: Awaited<ReturnType<typeof makeWarehouseFixture>>;

beforeAll(async () => {
  ctx = (await ctxOf("boss1")).ctx;
  stock = (await ctxOf("stock1")).ctx;
  f = await makeWarehouseFixture(ctx, "IO1");
  await receive(ctx, f.productId, f.a1, "B1", "10", "8", 201);
  await receive(ctx, f.productId, f.a2, "B2", "5", "8", 202);
});

const lineAt = (doc: Awaited<ReturnType<typeof getInventoryOrder>>, locationId: number) => doc.lines.find((l) => l.locationId === locationId)!;

describe("stocktakes", () => {
  it("has one table of transitions", () => {
    expect(canTransition(INVENTORY_ORDER_MACHINE, "start", 0)).toBe(true);
    expect(canTransition(INVENTORY_ORDER_MACHINE, "count", 0)).toBe(false);
    expect(canTransition(INVENTORY_ORDER_MACHINE, "post", 10)).toBe(true);
    expect(canTransition(INVENTORY_ORDER_MACHINE, "post", 0)).toBe(false);
    expect(canTransition(INVENTORY_ORDER_MACHINE, "void", 10)).toBe(true);
    expect(canTransition(INVENTORY_ORDER_MACHINE, "void", 100)).toBe(false);
    expect(canTransition(INVENTORY_ORDER_MACHINE, "reverse", 100)).toBe(true);
  });

  it("takes the balances in scope as its lines", async () => {
    const all = await createInventoryOrder(stock, { warehouseId: f.w1 });
    expect(all.lineCount).toBe(2);
    const one = await createInventoryOrder(stock, { warehouseId: f.w1, locationIds: [f.a2] });
    expect((await getInventoryOrder(stock, one.id)).lines.map((l) => l.batchNo)).toEqual(["B2"]);
    const byKeyword = await createInventoryOrder(stock, { warehouseId: f.w1, keyword: "调拨测试件IO1" });
    expect(byKeyword.lineCount).toBe(2);
    await expect(createInventoryOrder(stock, { warehouseId: f.w2 })).rejects.toThrow("所选范围内没有库存");
    await expect(createInventoryOrder(stock, { warehouseId: f.w1, locationIds: [f.b1] })).rejects.toThrow("所选货位不属于该仓库");
    await voidInventoryOrder(stock, all.id);
    await voidInventoryOrder(stock, one.id);
    await voidInventoryOrder(stock, byKeyword.id);
  });

  it("posts counted − system quantity at count time: a receipt between counting and posting is not lost", async () => {
    const { id } = await createInventoryOrder(stock, { warehouseId: f.w1 });
    await expect(countInventoryOrder(stock, id, { counts: [] })).rejects.toThrow("不能录入实盘");
    await startInventoryOrder(stock, id);
    let doc = await getInventoryOrder(stock, id);
    expect(doc.status).toBe(10);
    // A1 counted 12 (2 more than the system's 10); A2 never counted.
    // Saving both counts, A2 as the books say: two recorded, one differs (issue 20 item 12: not "2 行有变化").
    const a2 = lineAt(doc, f.a2);
    const saved = await countInventoryOrder(stock, id, {
      counts: [
        { lineId: lineAt(doc, f.a1).id, countedQty: "12" },
        { lineId: a2.id, countedQty: a2.currentQty },
      ],
    });
    expect(saved).toMatchObject({ counted: 2, differing: 1 });
    expect(countSavedMessage(saved.counted, saved.differing)).toBe("已保存 2 行实盘数，1 行与账面数不一致");
    // Saved again unchanged: nothing recorded, still one differing.
    expect(await countInventoryOrder(stock, id, { counts: [{ lineId: lineAt(doc, f.a1).id, countedQty: "12" }] })).toMatchObject({ counted: 0, differing: 1 });
    await countInventoryOrder(stock, id, { counts: [{ lineId: a2.id, countedQty: "" }] });
    doc = await getInventoryOrder(stock, id);
    expect(lineAt(doc, f.a1)).toMatchObject({ systemQty: "10.00", countedQty: "12.00", diffQty: "2.00" });
    expect(lineAt(doc, f.a2).countedQty).toBeNull();
    // 3 more arrive at A1 after the count, before posting.
    await receive(ctx, f.productId, f.a1, "B1", "3", "8", 203);
    // A product found at the empty B-01 of this warehouse? B-01 is in w2: refused; A-02 batch NEW is fine.
    await expect(addInventoryLine(stock, id, { productId: f.productId, locationId: f.b1, batchNo: "", countedQty: "1" })).rejects.toThrow("不属于盘点仓库");
    await addInventoryLine(stock, id, { productId: f.productId, locationId: f.a2, batchNo: "PD-NEW", countedQty: "4" });
    await postInventoryOrder(stock, id);
    doc = await getInventoryOrder(stock, id);
    expect(doc.status).toBe(100);
    expect((await balanceOf(ctx, f.productId, f.a1, "B1"))!.qty).toBe("15.00"); // 10 + 3 received + 2 surplus
    expect((await balanceOf(ctx, f.productId, f.a2, "B2"))!.qty).toBe("5.00"); // not counted: untouched
    const found = (await balanceOf(ctx, f.productId, f.a2, "PD-NEW"))!;
    expect(found.qty).toBe("4.00");
    expect(found.source).toBe(2);
    expect(found.unitCost).toBe("8.0000");
    const moves = await db()
      .select()
      .from(stockMoves)
      .where(and(eq(stockMoves.docType, "inventoryOrder"), eq(stockMoves.docId, id)));
    expect(moves.map((m) => [m.bizType, m.qty]).sort()).toEqual([
      ["StockInventoryOrder", "2.00"],
      ["StockInventoryOrder", "4.00"],
    ]);
    await expect(postInventoryOrder(stock, id)).rejects.toThrow("盘点单当前状态为“已过账”，不能过账");
    await reverseInventoryOrder(stock, id);
    expect((await balanceOf(ctx, f.productId, f.a1, "B1"))!.qty).toBe("13.00");
    expect((await balanceOf(ctx, f.productId, f.a2, "PD-NEW"))!.qty).toBe("0.00");
    expect((await getInventoryOrder(stock, id)).status).toBe(90);
    expect(await brokenKeys(ctx, f.productId)).toEqual([]);
  });

  it("posts a shortage, and refuses one larger than what is available now", async () => {
    const { id } = await createInventoryOrder(stock, { warehouseId: f.w1, locationIds: [f.a2] });
    await startInventoryOrder(stock, id);
    const doc = await getInventoryOrder(stock, id);
    const line = doc.lines.find((l) => l.batchNo === "B2")!;
    await countInventoryOrder(stock, id, { counts: [{ lineId: line.id, countedQty: "0" }] }); // system 5 → shortage 5
    // 4 leave B2 after the count: only 1 is left, a shortage of 5 cannot be booked.
    await inTransaction((tx) =>
      postStock(tx, ctx, {
        bizType: "PurchaseReturnOrder",
        docType: "test",
        docId: 204,
        docNo: "T204",
        lines: [{ productId: f.productId, locationId: f.a2, batchNo: "B2", qty: "-4" }],
      }),
    );
    await expect(postInventoryOrder(stock, id)).rejects.toThrow("可用 1，需要 5");
    expect((await getInventoryOrder(stock, id)).status).toBe(10);
    // Recounted now (1 on the shelf, 0 found): shortage 1.
    await countInventoryOrder(stock, id, { counts: [{ lineId: line.id, countedQty: "" }] });
    await countInventoryOrder(stock, id, { counts: [{ lineId: line.id, countedQty: "0" }] });
    expect((await getInventoryOrder(stock, id)).lines.find((l) => l.id === line.id)).toMatchObject({ systemQty: "1.00", diffQty: "-1.00" });
    await postInventoryOrder(stock, id);
    expect((await balanceOf(ctx, f.productId, f.a2, "B2"))!.qty).toBe("0.00");
    expect(await brokenKeys(ctx, f.productId)).toEqual([]);
  });

  it("refuses bad counts and other companies", async () => {
    const { id } = await createInventoryOrder(stock, { warehouseId: f.w1, locationIds: [f.a1] });
    await startInventoryOrder(stock, id);
    const doc = await getInventoryOrder(stock, id);
    await expect(countInventoryOrder(stock, id, { counts: [{ lineId: doc.lines[0]!.id, countedQty: "-1" }] })).rejects.toThrow("实盘数不能小于 0");
    await expect(countInventoryOrder(stock, id, { counts: [{ lineId: doc.lines[0]!.id, countedQty: "abc" }] })).rejects.toThrow("实盘数必须是数字");
    const boss2 = (await ctxOf("boss2")).ctx;
    await expect(getInventoryOrder(boss2, id)).rejects.toThrow("盘点单不存在");
    await expect(postInventoryOrder(boss2, id)).rejects.toThrow("盘点单不存在");
    await voidInventoryOrder(stock, id);
    expect((await getInventoryOrder(stock, id)).status).toBe(90);
  });
});
