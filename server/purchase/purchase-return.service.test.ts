import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { inTransaction } from "../db/transaction";
import { enterpriseRelations } from "../organization/organization.tables";
import { products } from "../product/product.tables";
import { postStock } from "../stock/stock-ledger.service";
import { stockBalances, stockLocations, stockLocks, stockMoves, warehouses } from "../stock/stock.tables";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { purchaseOrderLines, purchaseOrders } from "./purchase.tables";
import {
  cancelPurchaseReturnOrder,
  confirmPurchaseReturnOrder,
  createPurchaseReturnOrder,
  getPurchaseReturnOrder,
  purchaseReturnPrefill,
  removePurchaseReturnOrder,
  reversePurchaseReturnOrder,
  submitPurchaseReturnOrder,
  updatePurchaseReturnOrder,
} from "./purchase-return.service";

useTestDatabase();

let ctx: Ctx;
let other: Ctx;
let productId: number;
let supplierId: number;
let warehouseId: number;
let shelf: number;

async function balance() {
  const [row] = await db()
    .select()
    .from(stockBalances)
    .where(
      and(
        eq(stockBalances.companyId, ctx.companyId),
        eq(stockBalances.productId, productId),
        eq(stockBalances.locationId, shelf),
        eq(stockBalances.batchNo, "B1"),
      ),
    );
  return row!;
}
async function ledgerSum() {
  const [row] = await db()
    .select({ s: sql<string>`coalesce(sum(${stockMoves.qty}), 0)::numeric(16,2)::text` })
    .from(stockMoves)
    .where(and(eq(stockMoves.companyId, ctx.companyId), eq(stockMoves.productId, productId), eq(stockMoves.locationId, shelf), eq(stockMoves.batchNo, "B1")));
  return row!.s;
}
const line = (qty: string, extra: Record<string, unknown> = {}) => ({
  productId,
  locationId: shelf,
  batchNo: "B1",
  qty,
  price: "12.5",
  reasonCode: 70,
  ...extra,
});

beforeAll(async () => {
  ctx = (await ctxOf("buyer1")).ctx;
  other = (await ctxOf("buyer2")).ctx;
  const [p] = await db().insert(products).values({ companyId: ctx.companyId, mainOE: "PRT-T1", oeNorm: "PRTT1", name: "退货测试件" }).returning();
  productId = p!.id;
  const [s] = await db().insert(enterpriseRelations).values({ companyId: ctx.companyId, rel: 0, name: "退货测试供应商" }).returning();
  supplierId = s!.id;
  const [w] = await db().insert(warehouses).values({ companyId: ctx.companyId, name: "退货测试仓" }).returning();
  warehouseId = w!.id;
  const [l] = await db().insert(stockLocations).values({ companyId: ctx.companyId, warehouseId, code: "R-01", fullName: "退货测试仓-R-01" }).returning();
  shelf = l!.id;
  await inTransaction((tx) =>
    postStock(tx, ctx, {
      bizType: "PurchaseOrder",
      docType: "test",
      docId: 1,
      docNo: "T1",
      lines: [{ productId, locationId: shelf, batchNo: "B1", qty: "10", unitCost: "8", source: 1 }],
    }),
  );
});

describe("purchase returns", () => {
  it("submit locks, confirm posts the outflow at the moving average, the ledger sums to the balance", async () => {
    const { id, no } = await createPurchaseReturnOrder(ctx, { partnerId: supplierId, warehouseId, lines: [line("3")] });
    expect(no).toBeTruthy();
    let doc = await getPurchaseReturnOrder(ctx, id);
    expect(doc.status).toBe(0);
    expect(doc.totalAmount).toBe("37.50");
    expect(doc.actions).toEqual(["submit", "cancel"]);

    await submitPurchaseReturnOrder(ctx, id);
    expect((await balance()).lockedQty).toBe("3.00");
    await expect(submitPurchaseReturnOrder(ctx, id)).rejects.toThrow("当前状态为“待出库”，不能提交");

    await confirmPurchaseReturnOrder(ctx, id);
    const b = await balance();
    expect(b.qty).toBe("7.00");
    expect(b.lockedQty).toBe("0.00");
    expect(await ledgerSum()).toBe("7.00");
    doc = await getPurchaseReturnOrder(ctx, id);
    expect(doc.status).toBe(100);
    expect(doc.lines[0]!.unitCost).toBe("8.0000");
    const [move] = await db()
      .select()
      .from(stockMoves)
      .where(and(eq(stockMoves.docType, "purchaseReturnOrder"), eq(stockMoves.docId, id)));
    expect(move!.bizType).toBe("PurchaseReturnOrder");
    expect(move!.qty).toBe("-3.00");
    await expect(confirmPurchaseReturnOrder(ctx, id)).rejects.toThrow("不能确认出库");

    await reversePurchaseReturnOrder(ctx, id);
    expect((await balance()).qty).toBe("10.00");
    expect(await ledgerSum()).toBe("10.00");
    expect((await getPurchaseReturnOrder(ctx, id)).status).toBe(90);
    const back = await db()
      .select()
      .from(stockMoves)
      .where(and(eq(stockMoves.docType, "purchaseReturnOrder"), eq(stockMoves.docId, id), eq(stockMoves.bizType, "PurchaseReturnOrderBack")));
    expect(back).toHaveLength(1);
  });

  it("never locks more than is available, and cancel releases exactly what was locked", async () => {
    const a = await createPurchaseReturnOrder(ctx, { partnerId: supplierId, warehouseId, lines: [line("8")] }, { submit: true });
    const b = await createPurchaseReturnOrder(ctx, { partnerId: supplierId, warehouseId, lines: [line("3")] });
    await expect(submitPurchaseReturnOrder(ctx, b.id)).rejects.toThrow("可用 2，需要 3");
    expect((await getPurchaseReturnOrder(ctx, b.id)).status).toBe(0);
    await cancelPurchaseReturnOrder(ctx, a.id);
    expect((await balance()).lockedQty).toBe("0.00");
    const locks = await db()
      .select()
      .from(stockLocks)
      .where(and(eq(stockLocks.docType, "purchaseReturnOrder"), eq(stockLocks.docId, a.id)));
    expect(locks).toHaveLength(0);
    await submitPurchaseReturnOrder(ctx, b.id);
    await cancelPurchaseReturnOrder(ctx, b.id);
    expect((await balance()).qty).toBe("10.00");
  });

  it("refuses a missing reason code, a customer as supplier, another warehouse's location and another company", async () => {
    await expect(createPurchaseReturnOrder(ctx, { partnerId: supplierId, warehouseId, lines: [{ ...line("1"), reasonCode: null }] })).rejects.toThrow(
      "请选择退货原因",
    );
    const [customer] = await db().insert(enterpriseRelations).values({ companyId: ctx.companyId, rel: 1, name: "退货测试客户" }).returning();
    await expect(createPurchaseReturnOrder(ctx, { partnerId: customer!.id, warehouseId, lines: [] })).rejects.toThrow("所选供应商不存在");
    const [w2] = await db().insert(warehouses).values({ companyId: ctx.companyId, name: "退货测试仓2" }).returning();
    await expect(createPurchaseReturnOrder(ctx, { partnerId: supplierId, warehouseId: w2!.id, lines: [line("1")] })).rejects.toThrow(
      "货位不存在或不属于所选仓库",
    );
    const { id } = await createPurchaseReturnOrder(ctx, { partnerId: supplierId, warehouseId, lines: [line("1")] });
    await expect(getPurchaseReturnOrder(other, id)).rejects.toThrow("采购退货单不存在");
    await expect(submitPurchaseReturnOrder(other, id)).rejects.toThrow("采购退货单不存在");
    await expect(submitPurchaseReturnOrder(ctx, id + 100000)).rejects.toThrow("采购退货单不存在");
    await updatePurchaseReturnOrder(ctx, id, { partnerId: supplierId, warehouseId, lines: [line("2"), line("1")] });
    expect((await getPurchaseReturnOrder(ctx, id)).totalQty).toBe("3.00");
    await removePurchaseReturnOrder(ctx, id);
    await expect(getPurchaseReturnOrder(ctx, id)).rejects.toThrow("不存在");
  });

  it("from a purchase order: never more than received − returned, returned quantity kept on the order line", async () => {
    const [po] = await db()
      .insert(purchaseOrders)
      .values({ companyId: ctx.companyId, no: "PRT-PO-1", status: 40, partnerId: supplierId, warehouseId, totalQty: "5", totalAmount: "50" })
      .returning();
    const [pol] = await db()
      .insert(purchaseOrderLines)
      .values({ companyId: ctx.companyId, orderId: po!.id, lineNo: 1, productId, qty: "5", price: "10", amount: "50", receivedQty: "5" })
      .returning();
    const prefill = await purchaseReturnPrefill(ctx, po!.id);
    expect(prefill.lines).toHaveLength(1);
    expect(prefill.lines[0]).toMatchObject({ purchaseOrderLineId: pol!.id, returnable: "5.00", qty: "5.00", price: "10.00", locationId: shelf, batchNo: "B1" });

    const first = await createPurchaseReturnOrder(
      ctx,
      { partnerId: supplierId, warehouseId, purchaseOrderId: po!.id, lines: [line("4", { purchaseOrderLineId: pol!.id, price: "10" })] },
      { submit: true },
    );
    await confirmPurchaseReturnOrder(ctx, first.id);
    const [after] = await db().select().from(purchaseOrderLines).where(eq(purchaseOrderLines.id, pol!.id));
    expect(after!.returnedQty).toBe("4.00");

    const second = await createPurchaseReturnOrder(ctx, {
      partnerId: supplierId,
      warehouseId,
      purchaseOrderId: po!.id,
      lines: [line("2", { purchaseOrderLineId: pol!.id })],
    });
    await expect(submitPurchaseReturnOrder(ctx, second.id)).rejects.toThrow("最多可退 1.00 件（已收货 5.00，已退货 4.00），本次退货 2.00 件");

    await reversePurchaseReturnOrder(ctx, first.id);
    const [back] = await db().select().from(purchaseOrderLines).where(eq(purchaseOrderLines.id, pol!.id));
    expect(back!.returnedQty).toBe("0.00");
    await submitPurchaseReturnOrder(ctx, second.id);
    await confirmPurchaseReturnOrder(ctx, second.id);
    expect((await balance()).qty).toBe(await ledgerSum());
  });
});
