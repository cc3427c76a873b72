import { and, eq } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { inTransaction } from "../db/transaction";
import { enterpriseRelations } from "../organization/organization.tables";
import { products } from "../product/product.tables";
import { postStock } from "../stock/stock-ledger.service";
import { stockLocations, warehouses } from "../stock/stock.tables";
import { deliverOrderLines, deliverOrders, salesOrderLines, salesOrders } from "./sale.tables";

/**
 * Test fixture: a customer, a product and a warehouse with a shelf holding stock, and a way to
 * make a delivered sales order directly (order + lines, a confirmed delivery note whose lines
 * carry the outflow cost, the outflow posted through the ledger, delivered quantities set) —
 * the state H3's delivery confirm leaves, without depending on it.
 */
export interface ReturnWorld {
  ctx: Ctx;
  customerId: number;
  productId: number;
  warehouseId: number;
  shelf: number;
}

export async function makeReturnWorld(ctx: Ctx, tag: string, stock: { qty: string; cost: string; batchNo?: string }): Promise<ReturnWorld> {
  const [p] = await db()
    .insert(products)
    .values({ companyId: ctx.companyId, mainOE: `SRT-${tag}`, oeNorm: `SRT${tag}`.toUpperCase(), name: `销售退货件${tag}` })
    .returning();
  const [c] = await db()
    .insert(enterpriseRelations)
    .values({ companyId: ctx.companyId, rel: 1, name: `退货客户${tag}` })
    .returning();
  const [w] = await db()
    .insert(warehouses)
    .values({ companyId: ctx.companyId, name: `退货仓${tag}` })
    .returning();
  const [l] = await db()
    .insert(stockLocations)
    .values({ companyId: ctx.companyId, warehouseId: w!.id, code: "S-01", fullName: `退货仓${tag}-S-01` })
    .returning();
  await inTransaction((tx) =>
    postStock(tx, ctx, {
      bizType: "PurchaseOrder",
      docType: "test",
      docId: 1,
      docNo: `T-${tag}`,
      lines: [{ productId: p!.id, locationId: l!.id, batchNo: stock.batchNo ?? "B1", qty: stock.qty, unitCost: stock.cost, source: 1 }],
    }),
  );
  return { ctx, customerId: c!.id, productId: p!.id, warehouseId: w!.id, shelf: l!.id };
}

let seq = 0;

/** A sales order of `qty` at `price`, delivered in the given parts (each its own confirmed delivery note). */
export async function makeDeliveredOrder(world: ReturnWorld, opts: { qty: string; price: string; deliveries: string[]; batchNo?: string }) {
  const { ctx } = world;
  const n = ++seq;
  const amount = (Number(opts.qty) * Number(opts.price)).toFixed(2);
  const delivered = opts.deliveries.reduce((s, q) => s + Number(q), 0).toFixed(2);
  const [so] = await db()
    .insert(salesOrders)
    .values({
      companyId: ctx.companyId,
      no: `XS-T${Date.now().toString(36)}${n}`,
      status: delivered === Number(opts.qty).toFixed(2) ? 60 : 50,
      partnerId: world.customerId,
      warehouseId: world.warehouseId,
      totalQty: opts.qty,
      totalAmount: amount,
    })
    .returning();
  const [line] = await db()
    .insert(salesOrderLines)
    .values({
      companyId: ctx.companyId,
      orderId: so!.id,
      lineNo: 1,
      productId: world.productId,
      qty: opts.qty,
      price: opts.price,
      amount,
      deliveredQty: delivered,
    })
    .returning();
  const deliveryLines: { id: number; deliverOrderId: number; unitCost: string }[] = [];
  for (const [i, q] of opts.deliveries.entries()) {
    const [d] = await db()
      .insert(deliverOrders)
      .values({
        companyId: ctx.companyId,
        no: `FH-T${Date.now().toString(36)}${n}-${i}`,
        status: 30,
        salesOrderId: so!.id,
        partnerId: world.customerId,
        warehouseId: world.warehouseId,
        totalQty: q,
      })
      .returning();
    const [dl] = await db()
      .insert(deliverOrderLines)
      .values({
        companyId: ctx.companyId,
        deliverOrderId: d!.id,
        lineNo: 1,
        salesOrderLineId: line!.id,
        productId: world.productId,
        locationId: world.shelf,
        batchNo: opts.batchNo ?? "B1",
        qty: q,
        price: opts.price,
        amount: (Number(q) * Number(opts.price)).toFixed(2),
      })
      .returning();
    const [move] = await inTransaction((tx) =>
      postStock(tx, ctx, {
        bizType: "SalesOrder",
        docType: "deliverOrder",
        docId: d!.id,
        docNo: d!.no,
        lines: [{ productId: world.productId, locationId: world.shelf, batchNo: opts.batchNo ?? "B1", qty: `-${q}`, docLineId: dl!.id }],
      }),
    );
    await db()
      .update(deliverOrderLines)
      .set({ unitCost: move!.unitCost })
      .where(and(eq(deliverOrderLines.id, dl!.id)));
    deliveryLines.push({ id: dl!.id, deliverOrderId: d!.id, unitCost: move!.unitCost });
  }
  return { order: so!, line: line!, deliveryLines };
}
