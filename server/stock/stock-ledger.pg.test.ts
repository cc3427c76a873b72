import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { inTransaction } from "../db/transaction";
import { products } from "../product/product.tables";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { lockStock, postStock } from "./stock-ledger.service";
import { productCosts, stockLocations, warehouses } from "./stock.tables";
import { outcomes } from "../test/race";

/**
 * The ledger's invariants under real parallel transactions (PostgreSQL only; PGlite runs one
 * transaction at a time): no oversell, no negative balance, Σ ledger = balance for every key,
 * product_costs.qty_on_hand = Σ balances, locked ≤ qty; and two postings touching the same
 * keys in opposite order wait for each other instead of failing.
 */
const url = process.env.TEST_DATABASE_URL;

function rowsOf(res: unknown) {
  return ((res as { rows?: unknown[] }).rows ?? (res as unknown[])) as Record<string, unknown>[];
}

/** Every key whose balance differs from Σ of its ledger rows, or breaks a bound. */
async function brokenInvariants(companyId: number) {
  const keys = rowsOf(
    await db().execute(sql`select b.product_id, b.location_id, b.batch_no, b.qty, b.locked_qty, coalesce(m.s, 0) as ledger
      from stock_balances b
      left join (select product_id, location_id, batch_no, sum(qty) s from stock_moves where company_id = ${companyId} group by 1, 2, 3) m
        using (product_id, location_id, batch_no)
      where b.company_id = ${companyId} and (b.qty <> coalesce(m.s, 0) or b.qty < 0 or b.locked_qty < 0 or b.locked_qty > b.qty)`),
  );
  const products = rowsOf(
    await db().execute(sql`select c.product_id from product_costs c
      left join (select product_id, sum(qty) s, sum(locked_qty) l from stock_balances where company_id = ${companyId} group by 1) b using (product_id)
      where c.company_id = ${companyId} and (c.qty_on_hand <> coalesce(b.s, 0) or c.locked_qty <> coalesce(b.l, 0))`),
  );
  return { keys, products };
}

describe.skipIf(!url)("stock ledger under parallel postings (PostgreSQL)", () => {
  useTestDatabase();
  let ctx: Ctx;
  let productId: number;
  let productB: number;
  let a: number;
  let b: number;

  beforeAll(async () => {
    ctx = (await ctxOf("boss1")).ctx;
    const ps = await db()
      .insert(products)
      .values([
        { companyId: ctx.companyId, mainOE: "RACE-1", oeNorm: "RACE1", name: "并发测试件" },
        { companyId: ctx.companyId, mainOE: "RACE-2", oeNorm: "RACE2", name: "并发测试件二" },
      ])
      .returning();
    productId = ps[0]!.id;
    productB = ps[1]!.id;
    const [w] = await db().insert(warehouses).values({ companyId: ctx.companyId, name: "并发仓" }).returning();
    const locs = await db()
      .insert(stockLocations)
      .values([
        { companyId: ctx.companyId, warehouseId: w!.id, code: "R-01", fullName: "并发仓-R-01" },
        { companyId: ctx.companyId, warehouseId: w!.id, code: "R-02", fullName: "并发仓-R-02" },
      ])
      .returning();
    a = locs[0]!.id;
    b = locs[1]!.id;
    await inTransaction((tx) =>
      postStock(tx, ctx, {
        bizType: "StockInit",
        docType: "opening",
        docId: null,
        docNo: "QC-RACE",
        lines: [
          { productId, locationId: a, qty: "10", unitCost: "3" },
          { productId: productB, locationId: a, qty: "100", unitCost: "1" },
          { productId: productB, locationId: b, qty: "100", unitCost: "1" },
        ],
      }),
    );
  });

  it("50 parallel issues of 1 against stock 10: exactly 10 succeed, 40 are refused, nothing negative", async () => {
    const results = await outcomes(50, (i) =>
      inTransaction((tx) =>
        postStock(tx, ctx, { bizType: "SalesOrder", docType: "race", docId: i, docNo: `R${i}`, lines: [{ productId, locationId: a, qty: "-1" }] }),
      ),
    );
    expect(results.filter((r) => r === "ok")).toHaveLength(10);
    expect(results.filter((r) => r === "conflict")).toHaveLength(40);
    const [cost] = await db()
      .select()
      .from(productCosts)
      .where(and(eq(productCosts.companyId, ctx.companyId), eq(productCosts.productId, productId)));
    expect(cost!.qtyOnHand).toBe("0.00");
    expect(await brokenInvariants(ctx.companyId)).toEqual({ keys: [], products: [] });
  });

  it("opposite transfers A→B and B→A at the same time all finish, with the ledger equal to every balance", async () => {
    const results = await outcomes(40, (i) => {
      const [from, to] = i % 2 ? [a, b] : [b, a];
      return inTransaction((tx) =>
        postStock(tx, ctx, {
          bizType: "StockMoveOrder",
          docType: "race-move",
          docId: i,
          docNo: `M${i}`,
          internal: true,
          lines: [
            { productId: productB, locationId: from, qty: "-1" },
            { productId: productB, locationId: to, qty: "1", batchFrom: { locationId: from, batchNo: "" } },
          ],
        }),
      );
    });
    expect(results.every((r) => r === "ok")).toBe(true);
    expect(await brokenInvariants(ctx.companyId)).toEqual({ keys: [], products: [] });
  });

  it("the same product on two lines of one document: the lines are summed before the check, in parallel too", async () => {
    const [p] = await db().insert(products).values({ companyId: ctx.companyId, mainOE: "RACE-3", oeNorm: "RACE3", name: "两行同件" }).returning();
    await inTransaction((tx) =>
      postStock(tx, ctx, {
        bizType: "StockInit",
        docType: "opening",
        docId: null,
        docNo: "QC-RACE-3",
        lines: [{ productId: p!.id, locationId: a, qty: "9", unitCost: "2" }],
      }),
    );
    // 20 documents, each taking 1 + 1 of the same key: the stock of 9 serves exactly 4 of them.
    const results = await outcomes(20, (i) =>
      inTransaction((tx) =>
        postStock(tx, ctx, {
          bizType: "SalesOrder",
          docType: "race-two-lines",
          docId: i,
          docNo: `T${i}`,
          lines: [
            { productId: p!.id, locationId: a, qty: "-1", docLineId: 1 },
            { productId: p!.id, locationId: a, qty: "-1", docLineId: 2 },
          ],
        }),
      ),
    );
    expect(results.filter((r) => r === "ok")).toHaveLength(4);
    expect(results.filter((r) => r !== "ok").every((r) => r === "conflict")).toBe(true);
    const [row] = rowsOf(
      await db().execute(sql`select qty::text as qty from stock_balances where company_id = ${ctx.companyId} and product_id = ${p!.id} and location_id = ${a}`),
    );
    expect(row!.qty).toBe("1.00");
    expect(await brokenInvariants(ctx.companyId)).toEqual({ keys: [], products: [] });
  });

  it("parallel locks never lock more than is there", async () => {
    const results = await outcomes(30, (i) =>
      inTransaction((tx) => lockStock(tx, ctx, { docType: "race-lock", docId: i, docNo: `L${i}` }, [{ productId: productB, locationId: a, qty: "5" }])),
    );
    const [row] = rowsOf(
      await db().execute(
        sql`select qty, locked_qty from stock_balances where company_id = ${ctx.companyId} and product_id = ${productB} and location_id = ${a}`,
      ),
    );
    const ok = results.filter((r) => r === "ok").length;
    expect(ok).toBe(Math.floor(Number(row!.qty) / 5));
    expect(Number(row!.locked_qty)).toBe(ok * 5);
    expect(results.filter((r) => r !== "ok").every((r) => r === "conflict")).toBe(true);
    expect(await brokenInvariants(ctx.companyId)).toEqual({ keys: [], products: [] });
  });
});
