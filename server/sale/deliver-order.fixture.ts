import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { inTransaction } from "../db/transaction";
import { addOpenOrderAmount } from "../finance/partner-account.service";
import { lockDocument } from "../kernel/document";
import { moneyString, mul, roundMoney, sum } from "../lib/decimal";
import { enterpriseRelations } from "../organization/organization.tables";
import { normalizeOE } from "../product/oe";
import { productOes, products } from "../product/product.tables";
import { postStock, reserveStock } from "../stock/stock-ledger.service";
import { stockLocations, warehouses } from "../stock/stock.tables";
import { nextDocumentNo, noTakenIn } from "../kernel/numbering";
import { afterSalesOrderSubmitted } from "./picking-order.service";
import { salesOrderLines, salesOrders } from "./sale.tables";
import { SALES_ORDER_DOC_TYPE } from "./sales-order.state";

/**
 * Test fixture for picking and delivery tests (vitest only): a warehouse with shelves, products
 * with stock, a customer, and a submitted sales order made the way submitSalesOrder makes it
 * (status 30, stock reserved FIFO, open order amount, then afterSalesOrderSubmitted).
 */
export async function makeWarehouse(ctx: Ctx, name: string, shelves: string[]) {
  const [w] = await db().insert(warehouses).values({ companyId: ctx.companyId, name }).returning();
  const locs = await db()
    .insert(stockLocations)
    .values(shelves.map((code) => ({ companyId: ctx.companyId, warehouseId: w!.id, code, fullName: `${name}-${code}` })))
    .returning();
  return { warehouseId: w!.id, shelves: locs.map((l) => l.id) };
}

export async function makeProduct(ctx: Ctx, oe: string, name: string, altOe?: string) {
  const [p] = await db()
    .insert(products)
    .values({ companyId: ctx.companyId, mainOE: oe, oeNorm: normalizeOE(oe), name, replaceOE: altOe ?? null })
    .returning();
  await db()
    .insert(productOes)
    .values([
      { productId: p!.id, companyId: ctx.companyId, oeNorm: normalizeOE(oe), kind: 0 },
      ...(altOe ? [{ productId: p!.id, companyId: ctx.companyId, oeNorm: normalizeOE(altOe), kind: 1 }] : []),
    ]);
  return p!.id;
}

export async function makeCustomer(ctx: Ctx, name: string) {
  const [c] = await db().insert(enterpriseRelations).values({ companyId: ctx.companyId, rel: 1, name }).returning();
  return c!.id;
}

let docSeq = 900000;
export async function receiveStock(ctx: Ctx, productId: number, locationId: number, batchNo: string, qty: string, unitCost: string, receivedAt = new Date()) {
  const docId = docSeq++;
  await inTransaction((tx) =>
    postStock(tx, ctx, {
      bizType: "PurchaseOrder",
      docType: "test",
      docId,
      docNo: `T${docId}`,
      lines: [{ productId, locationId, batchNo, qty, unitCost, source: 1, receivedAt }],
    }),
  );
}

/** A sales order submitted like submitSalesOrder does it (30, locks, open amount, auto picking). */
export async function makeSubmittedOrder(
  ctx: Ctx,
  o: {
    partnerId: number;
    warehouseId: number;
    lines: { productId: number; qty: string; price: string; discount?: string }[];
    allowShortage?: boolean;
    afterSubmit?: boolean;
  },
) {
  return inTransaction(async (tx) => {
    const no = await nextDocumentNo(tx, ctx, SALES_ORDER_DOC_TYPE, { exists: noTakenIn(tx, ctx, salesOrders) });
    const lines = o.lines.map((l) => ({ ...l, amount: moneyString(roundMoney(mul(mul(l.qty, l.price), l.discount ?? "100").div(100))) }));
    const [order] = await tx
      .insert(salesOrders)
      .values({
        companyId: ctx.companyId,
        no,
        status: 30,
        partnerId: o.partnerId,
        warehouseId: o.warehouseId,
        totalQty: sum(lines.map((l) => l.qty)).toFixed(2),
        totalAmount: moneyString(sum(lines.map((l) => l.amount))),
        allowShortage: !!o.allowShortage,
        createdBy: ctx.userId,
        postedAt: new Date(),
        contactName: "张三",
        contactPhone: "13800000000",
        address: "广州市天河区",
      })
      .returning();
    // As a submit does: the order locked (document phase) before its stock and account.
    await lockDocument(tx, salesOrders, ctx, order!.id, "销售订单");
    const made = await tx
      .insert(salesOrderLines)
      .values(
        lines.map((l, i) => ({
          companyId: ctx.companyId,
          lineNo: i + 1,
          orderId: order!.id,
          productId: l.productId,
          qty: l.qty,
          price: l.price,
          discount: l.discount ?? "100",
          amount: l.amount,
        })),
      )
      .returning();
    await reserveStock(
      tx,
      ctx,
      { docType: SALES_ORDER_DOC_TYPE, docId: order!.id, docNo: no },
      made.map((l) => ({ productId: l.productId, warehouseId: o.warehouseId, qty: l.qty, docLineId: l.id })),
      { allowShortage: o.allowShortage },
    );
    await addOpenOrderAmount(tx, ctx, o.partnerId, order!.totalAmount);
    const picking = o.afterSubmit === false ? null : await afterSalesOrderSubmitted(tx, ctx, order!.id);
    return { id: order!.id, no, lineIds: made.map((l) => l.id), picking };
  });
}
