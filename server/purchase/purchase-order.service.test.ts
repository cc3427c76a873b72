import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { enterpriseRelations } from "../organization/organization.tables";
import { products } from "../product/product.tables";
import { warehouses } from "../stock/stock.tables";
import { saveCompanySetting } from "../system/company-setting.service";
import { ctxOf, useTestDatabase } from "../test/test-db";
import {
  cancelPurchaseOrder,
  completePurchaseOrder,
  createPurchaseOrder,
  getPurchaseOrder,
  receivingStatusOf,
  removePurchaseOrder,
  submitPurchaseOrder,
  updatePurchaseOrder,
} from "./purchase-order.service";
import { purchaseOrderLines, purchaseOrders, receiveOrders } from "./purchase.tables";

useTestDatabase();

let ctx: Ctx;
let other: Ctx;
let supplierId: number;
let customerId: number;
let warehouseId: number;
let disabledWarehouseId: number;
let p1: number;
let p2: number;

beforeAll(async () => {
  ctx = (await ctxOf("boss1")).ctx;
  other = (await ctxOf("boss2")).ctx;
  const [s] = await db().insert(enterpriseRelations).values({ companyId: ctx.companyId, rel: 0, name: "采购测试供应商", paymentTerm: 30 }).returning();
  supplierId = s!.id;
  const [c] = await db().insert(enterpriseRelations).values({ companyId: ctx.companyId, rel: 1, name: "采购测试客户" }).returning();
  customerId = c!.id;
  const [w] = await db().insert(warehouses).values({ companyId: ctx.companyId, name: "采购测试仓" }).returning();
  warehouseId = w!.id;
  const [w2] = await db().insert(warehouses).values({ companyId: ctx.companyId, name: "停用测试仓", isEnabled: false }).returning();
  disabledWarehouseId = w2!.id;
  const ps = await db()
    .insert(products)
    .values([
      { companyId: ctx.companyId, mainOE: "PO-T1", oeNorm: "POT1", name: "采购测试件一" },
      { companyId: ctx.companyId, mainOE: "PO-T2", oeNorm: "POT2", name: "采购测试件二" },
    ])
    .returning();
  p1 = ps[0]!.id;
  p2 = ps[1]!.id;
  // Receiving notes wait to be confirmed, so submitted orders stay 待收货 (10) here.
  await saveCompanySetting(ctx, { name: "AutoCreateReceipt", value: "true" });
  await saveCompanySetting(ctx, { name: "AutoConfirmReceipt", value: "false" });
});

const input = (over: Record<string, unknown> = {}) => ({
  partnerId: supplierId,
  warehouseId,
  expectedDate: "2030-01-31",
  remark: "测试",
  lines: [
    { productId: p1, qty: "3", price: "12.5" },
    { productId: p2, qty: "1,200", price: "0.33" },
  ],
  ...over,
});

describe("purchase orders", () => {
  it("creates a draft with a number, decimal totals and the supplier's payment term", async () => {
    const { id, no } = await createPurchaseOrder(ctx, input());
    expect(no).toMatch(/\d/);
    const o = await getPurchaseOrder(ctx, id);
    expect(o.status).toBe(0);
    expect(o.paymentTerm).toBe(30);
    expect(o.totalQty).toBe("1203.00");
    expect(o.totalAmount).toBe("433.50"); // 37.50 + 396.00
    expect(o.partnerName).toBe("采购测试供应商");
    expect(o.warehouseName).toBe("采购测试仓");
    expect(o.lines.map((l) => [l.lineNo, l.mainOE, l.qty, l.price, l.amount])).toEqual([
      [1, "PO-T1", "3.00", "12.50", "37.50"],
      [2, "PO-T2", "1200.00", "0.33", "396.00"],
    ]);
  });

  it("refuses bad input with Chinese messages naming the line", async () => {
    await expect(createPurchaseOrder(ctx, input({ lines: [] }))).rejects.toThrow("请至少添加一行产品");
    await expect(createPurchaseOrder(ctx, input({ lines: [{ productId: p1, qty: "0", price: "1" }] }))).rejects.toThrow("第 1 行：数量必须大于 0");
    await expect(
      createPurchaseOrder(
        ctx,
        input({
          lines: [
            { productId: p1, qty: "1", price: "1" },
            { productId: p1, qty: "1.234", price: "1" },
          ],
        }),
      ),
    ).rejects.toThrow("第 2 行：数量最多两位小数");
    await expect(createPurchaseOrder(ctx, input({ lines: [{ productId: p1, qty: "1", price: "-1" }] }))).rejects.toThrow("第 1 行：单价不能小于 0");
    await expect(createPurchaseOrder(ctx, input({ lines: [{ productId: p1, qty: "abc", price: "1" }] }))).rejects.toThrow("第 1 行：数量必须是数字");
    await expect(createPurchaseOrder(ctx, input({ lines: Array.from({ length: 501 }, () => ({ productId: p1, qty: "1", price: "1" })) }))).rejects.toThrow(
      "最多 500 行",
    );
    await expect(createPurchaseOrder(ctx, input({ partnerId: customerId }))).rejects.toThrow("供应商不存在");
    await expect(createPurchaseOrder(ctx, input({ warehouseId: disabledWarehouseId }))).rejects.toThrow("该仓库已停用");
    await expect(createPurchaseOrder(ctx, input({ lines: [{ productId: 2147483000, qty: "1", price: "1" }] }))).rejects.toThrow("第 1 行：产品不存在");
    await expect(createPurchaseOrder(other, input())).rejects.toThrow("供应商不存在");
  });

  it("edits a draft only; another company's order is 不存在", async () => {
    const { id } = await createPurchaseOrder(ctx, input());
    await updatePurchaseOrder(ctx, id, input({ lines: [{ productId: p2, qty: "2", price: "5" }] }));
    const o = await getPurchaseOrder(ctx, id);
    expect(o.lines).toHaveLength(1);
    expect(o.totalAmount).toBe("10.00");
    await expect(getPurchaseOrder(other, id)).rejects.toThrow("采购订单不存在");
    await expect(submitPurchaseOrder(other, id)).rejects.toThrow("采购订单不存在");
    await submitPurchaseOrder(ctx, id);
    await expect(updatePurchaseOrder(ctx, id, input())).rejects.toThrow("采购订单当前状态为“待收货”，不能保存");
    await expect(removePurchaseOrder(ctx, id)).rejects.toThrow("不能删除");
  });

  it("submits once: a second submit is refused in Chinese; submitting makes the receiving note", async () => {
    const { id } = await createPurchaseOrder(ctx, input());
    expect((await submitPurchaseOrder(ctx, id)).status).toBe(10);
    await expect(submitPurchaseOrder(ctx, id)).rejects.toThrow("采购订单当前状态为“待收货”，不能提交");
    const o = await getPurchaseOrder(ctx, id);
    expect(o.status).toBe(10);
    expect(o.postedBy).toBe(ctx.userId);
    const notes = await db().select().from(receiveOrders).where(eq(receiveOrders.purchaseOrderId, id));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.status).toBe(10);
  });

  it("creates and submits at once; cancel drops the open receiving note", async () => {
    const { id } = await createPurchaseOrder(ctx, input(), { submit: true });
    expect((await getPurchaseOrder(ctx, id)).status).toBe(10);
    const r = await cancelPurchaseOrder(ctx, id);
    expect(r.status).toBe(90);
    expect(
      await db()
        .select()
        .from(receiveOrders)
        .where(and(eq(receiveOrders.purchaseOrderId, id), eq(receiveOrders.status, 10))),
    ).toHaveLength(0);
    await expect(cancelPurchaseOrder(ctx, id)).rejects.toThrow("采购订单当前状态为“已作废”，不能作废");
  });

  it("refuses to void once something was received; complete closes a partly received order", async () => {
    const { id } = await createPurchaseOrder(ctx, input(), { submit: true });
    const [line] = await db().select().from(purchaseOrderLines).where(eq(purchaseOrderLines.orderId, id));
    await db().update(purchaseOrderLines).set({ receivedQty: "1" }).where(eq(purchaseOrderLines.id, line!.id));
    await expect(cancelPurchaseOrder(ctx, id)).rejects.toThrow("已有收货，不能作废");
    await db().update(purchaseOrders).set({ status: 30 }).where(eq(purchaseOrders.id, id));
    expect((await completePurchaseOrder(ctx, id)).status).toBe(100);
    await expect(completePurchaseOrder(ctx, id)).rejects.toThrow("不能完成");
  });

  it("with AutoConfirmReceipt the submitted order is received at once (40) and can be completed", async () => {
    await saveCompanySetting(ctx, { name: "AutoConfirmReceipt", value: "true" });
    try {
      const { id } = await createPurchaseOrder(ctx, input(), { submit: true });
      const o = await getPurchaseOrder(ctx, id);
      expect(o.status).toBe(40);
      expect(o.lines.map((l) => [l.receivedQty, l.openQty])).toEqual([
        ["3.00", "0.00"],
        ["1200.00", "0.00"],
      ]);
      await expect(cancelPurchaseOrder(ctx, id)).rejects.toThrow("不能作废");
      expect((await completePurchaseOrder(ctx, id)).status).toBe(100);
    } finally {
      await saveCompanySetting(ctx, { name: "AutoConfirmReceipt", value: "false" });
    }
  });

  it("deletes a draft", async () => {
    const { id } = await createPurchaseOrder(ctx, input());
    await removePurchaseOrder(ctx, id);
    await expect(getPurchaseOrder(ctx, id)).rejects.toThrow("采购订单不存在");
  });

  it("reads the receiving status from the lines and the open notes", () => {
    const l = (qty: string, receivedQty: string) => ({ qty, receivedQty });
    expect(receivingStatusOf([l("2", "0"), l("1", "0")], 1)).toBe(10);
    expect(receivingStatusOf([l("2", "1"), l("1", "0")], 1)).toBe(20);
    expect(receivingStatusOf([l("2", "1"), l("1", "0")], 0)).toBe(30);
    expect(receivingStatusOf([l("2", "2"), l("1", "1")], 0)).toBe(40);
  });
});
