import { and, desc, eq, gt, inArray, lte } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { paymentMethods } from "../finance/finance.tables";
import { confirmPartnerPayment, createPartnerPayment } from "../finance/partner-payment.service";
import { auditLogs } from "../lib/audit.tables";
import { listFromParams } from "../lib/list-read";
import { updateRow } from "../lib/resource";
import { enterpriseRelations } from "../organization/organization.tables";
import { products } from "../product/product.tables";
import { productPriceResource, productResource } from "../product/product.resources";
import { createPurchaseOrder } from "../purchase/purchase-order.service";
import { receiveOrders } from "../purchase/purchase.tables";
import { confirmReceiveOrder, reverseReceiveOrder } from "../purchase/receive-order.service";
import { makeProduct, makeWarehouse, receiveStock } from "../sale/deliver-order.fixture";
import { confirmDelivery } from "../sale/deliver-order.service";
import { confirmPicking } from "../sale/picking-order.service";
import { pickingOrders } from "../sale/sale.tables";
import { cancelSalesOrder, createSalesOrder, submitSalesOrder } from "../sale/sales-order.service";
import { saveCompanySetting } from "./company-setting.service";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { auditLogResource } from "./audit-log.resource";

useTestDatabase();

type Entry = typeof auditLogs.$inferSelect;

let boss: Ctx;
let other: Ctx;
let warehouseId: number;
let shelf: number;
let productId: number;
let customerId: number;
let supplierId: number;
/** The id of the last entry before the tests: everything after it was recorded by them (the demo seed records its own). */
let since = 0;

/** The entries the tests made about one document (type + id), oldest first. */
async function entriesOf(targetType: string, targetId: number): Promise<Entry[]> {
  return db()
    .select()
    .from(auditLogs)
    .where(and(gt(auditLogs.id, since), eq(auditLogs.targetType, targetType), eq(auditLogs.targetId, String(targetId))))
    .orderBy(auditLogs.id);
}

beforeAll(async () => {
  // From a request: the address the session signed in from is the entry's 来源.
  boss = { ...(await ctxOf("boss1")).ctx, ip: "10.9.8.7" };
  other = (await ctxOf("boss2")).ctx;
  // Every step by hand: delivery notes and receiving notes wait to be confirmed.
  await saveCompanySetting(boss, { name: "AutoConfirmDeliver", value: "false" });
  await saveCompanySetting(boss, { name: "AutoConfirmReceipt", value: "false" });
  const made = await makeWarehouse(boss, "审计测试仓", ["A-01"]);
  warehouseId = made.warehouseId;
  shelf = made.shelves[0]!;
  productId = await makeProduct(boss, "AUD-0001", "审计测试机滤");
  await db().update(products).set({ priceSale: "45.00", priceCost: "30.00" }).where(eq(products.id, productId));
  await receiveStock(boss, productId, shelf, "B1", "20", "30");
  const [c, s] = await db()
    .insert(enterpriseRelations)
    .values([
      { companyId: boss.companyId, rel: 1, name: "审计测试客户" },
      { companyId: boss.companyId, rel: 0, name: "审计测试供应商" },
    ])
    .returning();
  customerId = c!.id;
  supplierId = s!.id;
  const [last] = await db().select({ id: auditLogs.id }).from(auditLogs).orderBy(desc(auditLogs.id)).limit(1);
  since = last?.id ?? 0;
});

const orderInput = (qty: string) => ({ partnerId: customerId, warehouseId, lines: [{ productId, qty, price: "50", discount: "100" }] });

describe("document post and reverse (单据过账 / 单据撤销)", () => {
  it("submitting and cancelling a sales order records who, where, the number, the statuses and the total", async () => {
    const order = await createSalesOrder(boss, orderInput("2"));
    expect(await entriesOf("salesOrder", order.id)).toEqual([]); // a draft is not posted
    await submitSalesOrder(boss, order.id);
    await cancelSalesOrder(boss, order.id);

    const [submitted, cancelled, ...rest] = await entriesOf("salesOrder", order.id);
    expect(rest).toEqual([]);
    expect(submitted).toMatchObject({
      action: "documentPost",
      companyId: boss.companyId,
      userId: boss.userId,
      userName: "boss1",
      ip: "10.9.8.7",
      summary: `销售订单 ${order.no} 提交：草稿 → 待发货，金额 ￥100.00`,
      before: { no: order.no, status: 0, statusName: "草稿" },
      after: { no: order.no, status: 30, statusName: "待发货", totalAmount: "100.00" },
    });
    expect(cancelled).toMatchObject({
      action: "documentReverse",
      companyId: boss.companyId,
      userName: "boss1",
      summary: `销售订单 ${order.no} 取消订单：待发货 → 买家已取消，金额 ￥100.00`,
      before: { no: order.no, status: 30, statusName: "待发货" },
      after: { no: order.no, status: 90, statusName: "买家已取消" },
    });

    // The picking list the submit made (AutoCreatePickOut) was voided with the order, and says so.
    const [picking] = await db().select().from(pickingOrders).where(eq(pickingOrders.salesOrderId, order.id));
    const pickingEntries = await entriesOf("pickingOrder", picking!.id);
    expect(pickingEntries).toEqual([
      expect.objectContaining({ action: "documentReverse", summary: `拣货单 ${picking!.no} 作废：待拣货 → 已作废（随销售订单 ${order.no} 取消）` }),
    ]);
  });

  it("a refused submit (not enough stock) leaves no entry: the entry is in the change's transaction", async () => {
    const order = await createSalesOrder(boss, orderInput("999"));
    await expect(submitSalesOrder(boss, order.id)).rejects.toMatchObject({ code: "conflict" });
    expect(await entriesOf("salesOrder", order.id)).toEqual([]);
  });

  it("a context made inside the server without the login name (the demo seed's) still names the user", async () => {
    const seedLike = { ...boss, username: undefined, ip: undefined } as unknown as Ctx;
    const order = await createSalesOrder(seedLike, orderInput("1"), { submit: true });
    expect(await entriesOf("salesOrder", order.id)).toEqual([
      expect.objectContaining({ action: "documentPost", userId: boss.userId, userName: "boss1", ip: null }),
    ]);
  });

  it("confirming a delivery note records its amount and what the order went through", async () => {
    const order = await createSalesOrder(boss, orderInput("3"), { submit: true });
    const [picking] = await db().select().from(pickingOrders).where(eq(pickingOrders.salesOrderId, order.id));
    const picked = await confirmPicking(boss, picking!.id);
    const delivery = picked.delivery!;
    expect(delivery.status).toBe(20); // waiting: AutoConfirmDeliver is off
    await confirmDelivery(boss, delivery.id);

    expect(await entriesOf("pickingOrder", picking!.id)).toEqual([
      expect.objectContaining({ action: "documentPost", summary: `拣货单 ${picking!.no} 确认拣货：待拣货 → 拣货完成` }),
    ]);
    const entries = await entriesOf("deliverOrder", delivery.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: "documentPost",
      companyId: boss.companyId,
      userName: "boss1",
      ip: "10.9.8.7",
      summary: `发货单 ${delivery.no} 确认发货：待发货 → 发货完成，金额 ￥150.00（销售订单 ${order.no}：发货中 → 发货完成）`,
      before: { no: delivery.no, status: 20, statusName: "待发货" },
      after: { no: delivery.no, status: 30, statusName: "发货完成", totalAmount: "150.00" },
    });
  });

  it("confirming a receiving note and a receipt (收款单) records them with their amounts", async () => {
    const po = await createPurchaseOrder(boss, { partnerId: supplierId, warehouseId, lines: [{ productId, qty: "4", price: "30" }] }, { submit: true });
    const [poEntry] = await entriesOf("purchaseOrder", po.id);
    expect(poEntry).toMatchObject({ action: "documentPost", summary: `采购订单 ${po.no} 提交：草稿 → 待收货，金额 ￥120.00` });

    const [note] = await db().select().from(receiveOrders).where(eq(receiveOrders.purchaseOrderId, po.id));
    expect(note!.status).toBe(10); // waiting: AutoConfirmReceipt is off
    await confirmReceiveOrder(boss, note!.id);
    expect(await entriesOf("receiveOrder", note!.id)).toEqual([
      expect.objectContaining({
        action: "documentPost",
        companyId: boss.companyId,
        userName: "boss1",
        summary: `收货单 ${note!.no} 确认收货：待收货 → 收货完成，金额 ￥120.00（采购订单 ${po.no}：待收货 → 收货完成）`,
        before: { no: note!.no, status: 10, statusName: "待收货" },
        after: { no: note!.no, status: 100, statusName: "收货完成", totalAmount: "120.00" },
      }),
    ]);

    // 红冲 takes it back: a 单据撤销 entry, the order back to 待收货.
    await reverseReceiveOrder(boss, note!.id);
    const [, reversed] = await entriesOf("receiveOrder", note!.id);
    expect(reversed).toMatchObject({
      action: "documentReverse",
      summary: `收货单 ${note!.no} 红冲：收货完成 → 已红冲，金额 ￥120.00（采购订单 ${po.no}：收货完成 → 待收货）`,
      after: { status: 90, statusName: "已红冲" },
    });

    const [cash] = await db()
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.companyId, boss.companyId), eq(paymentMethods.name, "现金")));
    const receipt = await createPartnerPayment(boss, { kind: 1, partnerId: customerId, paymentMethodId: cash!.id, amount: "88.50", paidOn: "2026-11-20" });
    expect(await entriesOf("receipt", receipt.id)).toEqual([]); // a draft
    await confirmPartnerPayment(boss, receipt.id);
    expect(await entriesOf("receipt", receipt.id)).toEqual([
      expect.objectContaining({
        action: "documentPost",
        userName: "boss1",
        summary: `收款单 ${receipt.no} 确认：草稿 → 已确认，金额 ￥88.50`,
        after: { no: receipt.no, status: 100, statusName: "已确认", totalAmount: "88.50" },
      }),
    ]);
  });
});

describe("the demo data (seeded through the real services)", () => {
  it("left one trail of every kind of document it posted and reversed, each entry naming the user", async () => {
    const seeded = await db()
      .select({ targetType: auditLogs.targetType, action: auditLogs.action, userName: auditLogs.userName })
      .from(auditLogs)
      .where(and(lte(auditLogs.id, since), eq(auditLogs.companyId, boss.companyId), inArray(auditLogs.action, ["documentPost", "documentReverse"])));
    const kinds = new Set(seeded.map((e) => `${e.targetType}:${e.action}`));
    const posted = [
      "salesOrder",
      "pickingOrder",
      "deliverOrder",
      "salesReturnOrder",
      "purchasePlan",
      "purchaseOrder",
      "receiveOrder",
      "putawayOrder",
      "purchaseReturnOrder",
      "moveOrder",
      "inventoryOrder",
      "receipt",
      "payment",
    ];
    const reversed = [
      "salesOrder",
      "pickingOrder",
      "salesReturnOrder",
      "purchasePlan",
      "purchaseOrder",
      "receiveOrder",
      "purchaseReturnOrder",
      "moveOrder",
      "inventoryOrder",
      "payment",
    ];
    for (const t of posted) expect(kinds, `${t} 过账`).toContain(`${t}:documentPost`);
    for (const t of reversed) expect(kinds, `${t} 撤销`).toContain(`${t}:documentReverse`);
    expect(seeded.filter((e) => !e.userName)).toEqual([]);
  });
});

describe("price changes (价格变更)", () => {
  it("records before and after of the changed price fields only, on either product page", async () => {
    await updateRow(productPriceResource, boss, productId, { priceSale: "52.5" });
    let entries = await entriesOf("productPrice", productId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: "priceChange",
      companyId: boss.companyId,
      userId: boss.userId,
      userName: "boss1",
      ip: "10.9.8.7",
      summary: "产品价格 AUD-0001 审计测试机滤：销售价 45.00 → 52.50",
      before: { priceSale: "45.00" },
      after: { priceSale: "52.50" },
    });
    expect(Object.keys(entries[0]!.before as object)).toEqual(["priceSale"]);

    // Saving without a price change (the same price in another spelling, or another field) records nothing.
    await updateRow(productPriceResource, boss, productId, { priceSale: "52.50", priceCost: "30" });
    await updateRow(productResource, boss, productId, { name: "审计测试机油滤清器" });
    expect(await entriesOf("productPrice", productId)).toHaveLength(1);
    expect(await entriesOf("product", productId)).toEqual([]);

    // Through 我的产品 both prices at once; clearing one is a change to 空.
    await updateRow(productResource, boss, productId, { priceSale: "60", priceCost: null });
    entries = await entriesOf("product", productId);
    expect(entries).toEqual([
      expect.objectContaining({
        action: "priceChange",
        summary: "产品 AUD-0001 审计测试机油滤清器：销售价 52.50 → 60.00，成本价 30.00 → 空",
        before: { priceSale: "52.50", priceCost: "30.00" },
        after: { priceSale: "60.00", priceCost: null },
      }),
    ]);
  });
});

describe("who reads the entries", () => {
  it("another company never sees them on the 操作日志 list", async () => {
    const params = new URLSearchParams({ maxResultCount: "1000", action: "documentPost" });
    const theirs = await listFromParams<Entry>(auditLogResource, other, params);
    expect(theirs.items.every((e) => e.companyId === other.companyId)).toBe(true);
    const mine = await listFromParams<Entry>(auditLogResource, boss, params);
    const ids = mine.items.map((e) => e.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(theirs.items.some((e) => ids.includes(e.id))).toBe(false);
    const ours = await db()
      .select({ id: auditLogs.id })
      .from(auditLogs)
      .where(and(gt(auditLogs.id, since), inArray(auditLogs.action, ["documentPost", "priceChange"])));
    expect(ours.length).toBeGreaterThan(0);
    expect(theirs.items.some((e) => ours.some((o) => o.id === e.id))).toBe(false);
  });
});
