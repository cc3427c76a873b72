import { and, eq, sql } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { inTransaction } from "../db/transaction";
import { products } from "../product/product.tables";
import { postStock } from "../stock/stock-ledger.service";
import { stockBalances, stockLocations, stockMoves, warehouses } from "../stock/stock.tables";

/** Test fixtures of the transfer and stocktake tests: a product, two warehouses with shelves, stock received into one. */
export async function makeWarehouseFixture(ctx: Ctx, tag: string) {
  const [p] = await db()
    .insert(products)
    .values({ companyId: ctx.companyId, mainOE: `WH-${tag}`, oeNorm: `WH${tag}`.toUpperCase().replace(/[^A-Z0-9]/g, ""), name: `调拨测试件${tag}` })
    .returning();
  const [w1] = await db()
    .insert(warehouses)
    .values({ companyId: ctx.companyId, name: `甲仓${tag}` })
    .returning();
  const [w2] = await db()
    .insert(warehouses)
    .values({ companyId: ctx.companyId, name: `乙仓${tag}` })
    .returning();
  const locs = await db()
    .insert(stockLocations)
    .values([
      { companyId: ctx.companyId, warehouseId: w1!.id, code: "A-01", fullName: `甲仓${tag}-A-01` },
      { companyId: ctx.companyId, warehouseId: w1!.id, code: "A-02", fullName: `甲仓${tag}-A-02` },
      { companyId: ctx.companyId, warehouseId: w2!.id, code: "B-01", fullName: `乙仓${tag}-B-01` },
    ])
    .returning();
  return { productId: p!.id, w1: w1!.id, w2: w2!.id, a1: locs[0]!.id, a2: locs[1]!.id, b1: locs[2]!.id };
}

export function receive(ctx: Ctx, productId: number, locationId: number, batchNo: string, qty: string, unitCost = "10", docId = 1) {
  return inTransaction((tx) =>
    postStock(tx, ctx, {
      bizType: "PurchaseOrder",
      docType: "test",
      docId,
      docNo: `T${docId}`,
      lines: [{ productId, locationId, batchNo, qty, unitCost, source: 1 }],
    }),
  );
}

export async function balanceOf(ctx: Ctx, productId: number, locationId: number, batchNo = "") {
  const [row] = await db()
    .select()
    .from(stockBalances)
    .where(
      and(
        eq(stockBalances.companyId, ctx.companyId),
        eq(stockBalances.productId, productId),
        eq(stockBalances.locationId, locationId),
        eq(stockBalances.batchNo, batchNo),
      ),
    );
  return row;
}

/** Keys whose balance differs from the sum of their ledger rows, or is negative (should be none). */
export async function brokenKeys(ctx: Ctx, productId: number) {
  const res = await db().execute(sql`
    select b.location_id, b.batch_no, b.qty, coalesce(m.s, 0) as s from ${stockBalances} b
    left join (select location_id, batch_no, sum(qty) s from ${stockMoves} where company_id = ${ctx.companyId} and product_id = ${productId} group by 1, 2) m
      on m.location_id = b.location_id and m.batch_no = b.batch_no
    where b.company_id = ${ctx.companyId} and b.product_id = ${productId} and (b.qty <> coalesce(m.s, 0) or b.qty < 0 or b.locked_qty < 0)`);
  return ((res as { rows?: unknown[] }).rows ?? (res as unknown[])) as unknown[];
}
