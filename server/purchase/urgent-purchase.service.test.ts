import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { inTransaction } from "../db/transaction";
import { enterpriseRelations } from "../organization/organization.tables";
import { oeRowsOf } from "../product/product.resources";
import { productOes, products } from "../product/product.tables";
import { salesOrderLines, salesOrders } from "../sale/sale.tables";
import { lineHoldings } from "../sale/sales-order.state";
import { saveCompanySetting } from "../system/company-setting.service";
import { reserveStock } from "../stock/stock-ledger.service";
import { stockDemands, stockLocations, warehouses } from "../stock/stock.tables";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { createPurchaseOrder, getPurchaseOrder, submitPurchaseOrder } from "./purchase-order.service";
import { purchaseOrders, putawayOrderLines, putawayOrders, receiveOrders } from "./purchase.tables";
import { confirmPutawayOrder } from "./putaway-order.service";
import { generateUrgentPurchaseOrders, listUrgentPurchase, NO_SUPPLIER_MESSAGE, urgentResultMessage, type UrgentRow } from "./urgent-purchase.service";

useTestDatabase();

let boss: Ctx;
let buyer: Ctx;
let sales: Ctx;
let other: Ctx;
let wh1: number;
let wh2: number;
let shelf1: number;
let customerId: number;
let supA: number;
let supB: number;
let pA: number; // last bought from A
let pB: number; // last bought from B
let pNone: number; // never bought
let seq = 0;

/** A submitted sales order made by inserting rows, its lines reserved with allowShortage (sales order submit is another helper's). */
async function shortOrder(warehouseId: number, lines: { productId: number; qty: string }[], c: Ctx = boss) {
  seq += 1;
  const partnerId = c === boss ? customerId : await customerOf(c);
  return inTransaction(async (tx) => {
    const [o] = await tx
      .insert(salesOrders)
      .values({ companyId: c.companyId, no: `UR-XS-${seq}`, status: 30, partnerId, warehouseId, allowShortage: true, postedAt: new Date() })
      .returning();
    const ls = await tx
      .insert(salesOrderLines)
      .values(
        lines.map((l, i) => ({
          companyId: c.companyId,
          orderId: o!.id,
          lineNo: i + 1,
          productId: l.productId,
          qty: l.qty,
          price: "10",
          amount: String(Number(l.qty) * 10),
        })),
      )
      .returning();
    await reserveStock(
      tx,
      c,
      { docType: "salesOrder", docId: o!.id, docNo: o!.no },
      ls.map((l) => ({ productId: l.productId, warehouseId, qty: l.qty, docLineId: l.id })),
      { allowShortage: true },
    );
    return { id: o!.id, lineIds: ls.map((l) => l.id) };
  });
}

/** Products as the product service stores them (with their code rows, which the keyword search reads). */
async function newProducts(companyId: number, rows: { mainOE: string; name: string }[]) {
  const made = await db()
    .insert(products)
    .values(rows.map((r) => ({ companyId, mainOE: r.mainOE, oeNorm: r.mainOE.replace(/[^0-9A-Za-z]/g, "").toUpperCase(), name: r.name })))
    .returning();
  await db()
    .insert(productOes)
    .values(made.flatMap((p) => oeRowsOf(p)));
  return made;
}

async function customerOf(c: Ctx) {
  const [p] = await db()
    .insert(enterpriseRelations)
    .values({ companyId: c.companyId, rel: 1, name: `紧急测试客户${++seq}` })
    .returning();
  return p!.id;
}

/** A submitted purchase order (so the product has a last supplier and price). */
async function bought(partnerId: number, productId: number, price: string, warehouseId = wh1) {
  const made = await createPurchaseOrder(boss, { partnerId, warehouseId, lines: [{ productId, qty: "1", price }] });
  await submitPurchaseOrder(boss, made.id);
  return made.id;
}

const rowOf = (rows: UrgentRow[], productId: number, warehouseId: number) => rows.find((r) => r.productId === productId && r.warehouseId === warehouseId);
const list = (c: Ctx, q = "") => listUrgentPurchase(c, new URLSearchParams(q));

beforeAll(async () => {
  boss = (await ctxOf("boss1")).ctx;
  buyer = (await ctxOf("buyer1")).ctx;
  sales = (await ctxOf("sales1")).ctx;
  // Goods a receipt books are left in the 收货区 until a put-away note is confirmed.
  for (const [name, value] of [
    ["AutoCreateReceipt", "true"],
    ["AutoConfirmReceipt", "true"],
    ["AutoCreatePickIn", "true"],
  ])
    await saveCompanySetting(boss, { name, value });
  const ws = await db()
    .insert(warehouses)
    .values([
      { companyId: boss.companyId, name: "紧急测试仓一" },
      { companyId: boss.companyId, name: "紧急测试仓二" },
    ])
    .returning();
  [wh1, wh2] = [ws[0]!.id, ws[1]!.id];
  const locs = await db()
    .insert(stockLocations)
    .values([
      { companyId: boss.companyId, warehouseId: wh1, code: "U-01", fullName: "紧急测试仓一-U-01" },
      { companyId: boss.companyId, warehouseId: wh2, code: "U-01", fullName: "紧急测试仓二-U-01" },
    ])
    .returning();
  shelf1 = locs[0]!.id;
  const ps = await db()
    .insert(enterpriseRelations)
    .values([
      { companyId: boss.companyId, rel: 0, name: "紧急供应商甲" },
      { companyId: boss.companyId, rel: 0, name: "紧急供应商乙" },
      { companyId: boss.companyId, rel: 1, name: "紧急测试客户" },
    ])
    .returning();
  [supA, supB, customerId] = [ps[0]!.id, ps[1]!.id, ps[2]!.id];
  const prods = await newProducts(boss.companyId, [
    { mainOE: "URG-A1", name: "紧急件甲" },
    { mainOE: "URG-B1", name: "紧急件乙" },
    { mainOE: "URG-N1", name: "紧急件无源" },
  ]);
  [pA, pB, pNone] = [prods[0]!.id, prods[1]!.id, prods[2]!.id];
  // pA was bought from B first, then from A (the newest submitted line wins), pB from B.
  await bought(supB, pA, "7");
  await bought(supA, pA, "8.5");
  await bought(supB, pB, "20");
  // Those orders' goods arrive in the 收货区 of wh1 (not on a shelf): no stock to lock.
});

describe("the urgent list", () => {
  it("groups the short lines by product and warehouse: Σ short, orders waiting, oldest, on order, last supplier and price", async () => {
    const o1 = await shortOrder(wh1, [
      { productId: pA, qty: "5" },
      { productId: pB, qty: "2" },
    ]);
    await shortOrder(wh1, [{ productId: pA, qty: "3" }]);
    await shortOrder(wh2, [{ productId: pA, qty: "4" }]);
    await shortOrder(wh1, [{ productId: pNone, qty: "6" }]);
    const { items, totalCount } = await list(buyer, "q=URG");
    expect(totalCount).toBe(4);
    const a1 = rowOf(items, pA, wh1)!;
    expect(a1).toMatchObject({
      mainOE: "URG-A1",
      warehouseName: "紧急测试仓一",
      urgentQty: "8.00",
      orderCount: 2,
      lastPartnerId: supA,
      lastPartnerName: "紧急供应商甲",
      lastPrice: "8.50",
    });
    // The receipts of the earlier orders sit in wh1's 收货区: available, not on order any more.
    expect(a1.availableQty).toBe("2.00");
    expect(a1.onOrderQty).toBe("0.00");
    const [d] = await db()
      .select()
      .from(stockDemands)
      .where(and(eq(stockDemands.docId, o1.id), eq(stockDemands.productId, pA)));
    expect(new Date(a1.waitingSince).getTime()).toBe(d!.createdAt.getTime());
    expect(rowOf(items, pA, wh2)).toMatchObject({ urgentQty: "4.00", orderCount: 1, availableQty: "0.00" });
    expect(rowOf(items, pNone, wh1)).toMatchObject({ urgentQty: "6.00", lastPartnerId: null, lastPrice: null });
    // Oldest waiting first.
    expect(items.map((r) => r.mainOE)).toEqual(["URG-A1", "URG-B1", "URG-A1", "URG-N1"]);
  });

  it("filters by OE in any spelling, warehouse and last supplier", async () => {
    expect((await list(buyer, "q=urga1")).items.map((r) => [r.mainOE, r.warehouseId])).toEqual([
      ["URG-A1", wh1],
      ["URG-A1", wh2],
    ]);
    expect((await list(buyer, `q=URG&warehouseId=${wh2}`)).items.map((r) => r.mainOE)).toEqual(["URG-A1"]);
    expect((await list(buyer, `q=URG&partnerId=${supB}`)).items.map((r) => r.mainOE)).toEqual(["URG-B1"]);
    expect((await list(buyer, "q=URG&sort=urgentQty.desc")).items[0]).toMatchObject({ mainOE: "URG-A1", urgentQty: "8.00" });
  });

  it("is the company's own and the buyer's page", async () => {
    other = (await ctxOf("buyer2")).ctx;
    const boss2 = (await ctxOf("boss2")).ctx;
    const [w] = await db().insert(warehouses).values({ companyId: boss2.companyId, name: "鹏达紧急仓" }).returning();
    const [p] = await newProducts(boss2.companyId, [{ mainOE: "URG-A1", name: "鹏达紧急件" }]);
    await shortOrder(w!.id, [{ productId: p!.id, qty: "9" }], boss2);
    expect((await list(other, "q=URG")).items.map((r) => [r.productName, r.urgentQty])).toEqual([["鹏达紧急件", "9.00"]]);
    expect((await list(buyer, "q=URG")).items.some((r) => r.productName === "鹏达紧急件")).toBe(false);
    // Another company's product and warehouse are "no shortage" here.
    await expect(generateUrgentPurchaseOrders(buyer, [{ productId: p!.id, warehouseId: w!.id }])).rejects.toThrow("所选产品已没有缺货");
    await expect(list(sales)).rejects.toThrow("没有访问此页面的权限");
    await expect(generateUrgentPurchaseOrders(sales, [{ productId: pA, warehouseId: wh1 }])).rejects.toThrow("没有访问此页面的权限");
  });
});

describe("生成采购订单", () => {
  it("makes one draft per last supplier and warehouse, short minus on order, at the last price; refuses products never bought", async () => {
    // 3 of pA are already on order into wh1 from A (submitted, nothing received).
    const { id: onOrderId } = await createPurchaseOrder(boss, { partnerId: supA, warehouseId: wh1, lines: [{ productId: pA, qty: "3", price: "8.5" }] });
    await saveCompanySetting(boss, { name: "AutoCreateReceipt", value: "false" });
    await submitPurchaseOrder(boss, onOrderId);
    await saveCompanySetting(boss, { name: "AutoCreateReceipt", value: "true" });
    expect(rowOf((await list(buyer, "q=URG")).items, pA, wh1)!.onOrderQty).toBe("3.00");

    const r = await generateUrgentPurchaseOrders(buyer, [
      { productId: pA, warehouseId: wh1 },
      { productId: pB, warehouseId: wh1 },
      { productId: pA, warehouseId: wh2 },
      { productId: pNone, warehouseId: wh1 },
    ]);
    expect(r.noSupplier).toEqual([{ mainOE: "URG-N1", productName: "紧急件无源", reason: NO_SUPPLIER_MESSAGE }]);
    expect(r.orders).toHaveLength(3);
    const views = await Promise.all(r.orders.map((o) => getPurchaseOrder(buyer, o.id)));
    const shape = views.map((v) => ({
      partnerId: v.partnerId,
      warehouseId: v.warehouseId,
      status: v.status,
      lines: v.lines.map((l) => [l.productId, l.qty, l.price]),
    }));
    expect(shape).toEqual(
      expect.arrayContaining([
        { partnerId: supA, warehouseId: wh1, status: 0, lines: [[pA, "5.00", "8.50"]] },
        { partnerId: supB, warehouseId: wh1, status: 0, lines: [[pB, "2.00", "20.00"]] },
        { partnerId: supA, warehouseId: wh2, status: 0, lines: [[pA, "4.00", "8.50"]] },
      ]),
    );
    const msg = urgentResultMessage(r);
    expect(msg.type).toBe("success");
    for (const o of r.orders) expect(msg.message).toContain(o.no);
    expect(msg.message).toContain(`URG-N1 ${NO_SUPPLIER_MESSAGE}`);

    // A second click finds everything covered by the drafts: nothing new.
    const again = await generateUrgentPurchaseOrders(buyer, [
      { productId: pA, warehouseId: wh1 },
      { productId: pB, warehouseId: wh1 },
    ]);
    expect(again.orders).toHaveLength(0);
    expect(again.covered.map((c) => c.mainOE).sort()).toEqual(["URG-A1", "URG-B1"]);
    expect(urgentResultMessage(again).type).toBe("info");
  });

  it("refuses an empty selection and groups that no longer wait", async () => {
    await expect(generateUrgentPurchaseOrders(buyer, [])).rejects.toThrow("请先勾选要采购的产品");
    await expect(generateUrgentPurchaseOrders(buyer, [{ productId: pA, warehouseId: 999999 }])).rejects.toThrow("所选产品已没有缺货");
  });

  it("short → listed → ordered → received and put away: the demand disappears and the sales order line holds the goods", async () => {
    const [p] = await newProducts(boss.companyId, [{ mainOE: "URG-F1", name: "紧急到货件" }]);
    await bought(supA, p!.id, "30", wh2);
    const so = await shortOrder(wh1, [{ productId: p!.id, qty: "4" }]);
    expect((await lineHoldings(db(), boss, [so.id])).get(so.lineIds[0]!)).toEqual({ lockedQty: "0.00", shortQty: "4.00" });
    expect(rowOf((await list(buyer, "q=URG-F1")).items, p!.id, wh1)).toMatchObject({ urgentQty: "4.00", lastPartnerId: supA, lastPrice: "30.00" });

    const r = await generateUrgentPurchaseOrders(buyer, [{ productId: p!.id, warehouseId: wh1 }]);
    expect(r.orders).toHaveLength(1);
    const poId = r.orders[0]!.id;
    // Submitted: receiving is confirmed automatically into the 收货区, a put-away note waits.
    await submitPurchaseOrder(buyer, poId);
    const [note] = await db().select().from(receiveOrders).where(eq(receiveOrders.purchaseOrderId, poId));
    expect(note!.status).toBe(100);
    expect((await lineHoldings(db(), boss, [so.id])).get(so.lineIds[0]!)!.shortQty).toBe("4.00");
    const [pa] = await db().select().from(putawayOrders).where(eq(putawayOrders.receiveOrderId, note!.id));
    const [paLine] = await db().select().from(putawayOrderLines).where(eq(putawayOrderLines.putawayOrderId, pa!.id)).orderBy(asc(putawayOrderLines.lineNo));
    await confirmPutawayOrder(boss, pa!.id, { lines: [{ id: paLine!.id, toLocationId: shelf1, qty: "4" }] });

    expect(
      await db()
        .select()
        .from(stockDemands)
        .where(and(eq(stockDemands.companyId, boss.companyId), eq(stockDemands.docId, so.id))),
    ).toHaveLength(0);
    expect((await lineHoldings(db(), boss, [so.id])).get(so.lineIds[0]!)).toEqual({ lockedQty: "4.00", shortQty: "0.00" });
    expect(rowOf((await list(buyer, "q=URG-F1")).items, p!.id, wh1)).toBeUndefined();
    const [po] = await db().select().from(purchaseOrders).where(eq(purchaseOrders.id, poId));
    expect(po!.status).toBe(40);
  });
});
