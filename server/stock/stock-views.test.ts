import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { inTransaction } from "../db/transaction";
import { listRows, listSpecOf } from "../lib/list-read";
import { parseListQuery } from "../lib/list-query";
import { products } from "../product/product.tables";
import { parseStockAgeQuery, stockAgeReport } from "../report/stock-age";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { lockStock, postStock } from "./stock-ledger.service";
import { stockFlowResource, stockLockResource, stockResource, stockTotals } from "./stock-views";
import { stockLocations, stockMoves, warehouses } from "./stock.tables";

useTestDatabase();

let boss: Ctx;
let keeper: Ctx;
let wh: number;
let l1: number;
let l2: number;
let p1: number;
let p2: number;
const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY - 3_600_000);

type Row = Record<string, any>;
function list(def: typeof stockResource, ctx: Ctx, params: Record<string, string>) {
  return listRows<Row>(def, ctx, parseListQuery(new URLSearchParams(params), listSpecOf(def)));
}

async function ledgerSum(where: ReturnType<typeof and>) {
  const [r] = await db()
    .select({ s: sql<string>`coalesce(sum(${stockMoves.qty}), 0)::text` })
    .from(stockMoves)
    .where(where);
  return r!.s;
}

beforeAll(async () => {
  boss = (await ctxOf("boss1")).ctx;
  keeper = (await ctxOf("stock1")).ctx;
  const [w] = await db().insert(warehouses).values({ companyId: boss.companyId, name: "视图测试仓" }).returning();
  wh = w!.id;
  const locs = await db()
    .insert(stockLocations)
    .values([
      { companyId: boss.companyId, warehouseId: wh, code: "V-01", fullName: "视图测试仓-V-01" },
      { companyId: boss.companyId, warehouseId: wh, code: "V-02", fullName: "视图测试仓-V-02" },
    ])
    .returning();
  l1 = locs[0]!.id;
  l2 = locs[1]!.id;
  const ps = await db()
    .insert(products)
    .values([
      { companyId: boss.companyId, mainOE: "VIEW-T1", oeNorm: "VIEWT1", name: "视图测试件甲" },
      { companyId: boss.companyId, mainOE: "VIEW-T2", oeNorm: "VIEWT2", name: "视图测试件乙" },
    ])
    .returning();
  p1 = ps[0]!.id;
  p2 = ps[1]!.id;
  await db().execute(
    sql`insert into product_oes (product_id, company_id, oe_norm, kind) values (${p1}, ${boss.companyId}, 'VIEWT1', 0), (${p2}, ${boss.companyId}, 'VIEWT2', 0) on conflict do nothing`,
  );
  await inTransaction((tx) =>
    postStock(tx, boss, {
      bizType: "StockInit",
      docType: "opening",
      docId: 1,
      docNo: "QC-VIEW-1",
      lines: [
        { productId: p1, locationId: l1, batchNo: "B1", qty: "10", unitCost: "5", source: 1, receivedAt: ago(40) },
        { productId: p1, locationId: l2, batchNo: "B2", qty: "4", unitCost: "7.5", source: 0, receivedAt: ago(2) },
        { productId: p2, locationId: l1, batchNo: "B3", qty: "3", unitCost: "2.3333", source: 2, receivedAt: ago(200) },
      ],
    }),
  );
  await inTransaction((tx) =>
    postStock(tx, boss, {
      bizType: "PurchaseReturnOrder",
      docType: "purchaseReturnOrder",
      docId: 9,
      docNo: "CT-VIEW-1",
      lines: [{ productId: p1, locationId: l1, batchNo: "B1", qty: "-3" }],
    }),
  );
  await inTransaction((tx) =>
    lockStock(tx, boss, { docType: "moveOrder", docId: 77, docNo: "DB-VIEW-1" }, [{ productId: p2, locationId: l1, batchNo: "B3", qty: "2", docLineId: 1 }]),
  );
});

describe("库存余额 (stock)", () => {
  it("shows each balance with available, batch cost, amount, source, age and the 新 badge", async () => {
    const { items, totalCount } = await list(stockResource, boss, { warehouseId: String(wh), sort: "batchNo.asc" });
    expect(totalCount).toBe(3);
    const [b1, b2, b3] = items;
    expect(b1).toMatchObject({
      productId: p1,
      mainOE: "VIEW-T1",
      productName: "视图测试件甲",
      fullName: "视图测试仓-V-01",
      warehouseName: "视图测试仓",
      batchNo: "B1",
      qty: "7.00",
      lockedQty: "0.00",
      available: "7.00",
      priceCost: "5.0000",
      amount: "35.00",
      source: 1,
      ageDays: 40,
      isNew: false,
    });
    expect(b2).toMatchObject({ batchNo: "B2", qty: "4.00", amount: "30.00", ageDays: 2, isNew: true, fullName: "视图测试仓-V-02" });
    expect(b3).toMatchObject({ batchNo: "B3", qty: "3.00", lockedQty: "2.00", available: "1.00", amount: "7.00", ageDays: 200 });
    // Every quantity is the sum of its ledger lines.
    for (const r of items)
      expect(
        Number(await ledgerSum(and(eq(stockMoves.productId, r.productId), eq(stockMoves.locationId, r.locationId), eq(stockMoves.batchNo, r.batchNo)))),
      ).toBe(Number(r.qty));
  });

  it("keeps the batch cost and amount from a stock keeper (no 产品价格)", async () => {
    const { items } = await list(stockResource, keeper, { warehouseId: String(wh) });
    expect(items).toHaveLength(3);
    for (const r of items) {
      expect(r).not.toHaveProperty("priceCost");
      expect(r).not.toHaveProperty("unitCost");
      expect(r).not.toHaveProperty("amount");
      expect(r).toHaveProperty("qty");
    }
    const totals = await stockTotals(keeper, stockResource, new URLSearchParams({ warehouseId: String(wh) }), false);
    expect(totals.amount).toBeUndefined();
  });

  it("totals the whole filtered selection, equal to the ledger", async () => {
    const totals = await stockTotals(boss, stockResource, new URLSearchParams({ warehouseId: String(wh), size: "20", page: "1" }), false);
    expect(totals).toEqual({ computed: true, qty: "14.00", lockedQty: "2.00", available: "12.00", amount: "72.00" });
    expect(await ledgerSum(and(eq(stockMoves.companyId, boss.companyId), eq(stockMoves.warehouseId, wh)))).toBe("14.00");
    // A page of one row still totals every row of the selection.
    const one = await stockTotals(boss, stockResource, new URLSearchParams({ warehouseId: String(wh), size: "20", page: "2" }), false);
    expect(one.qty).toBe("14.00");
  });

  it("finds by any spelling of the code, by brand-free name, location and source", async () => {
    expect((await list(stockResource, boss, { q: "view t1" })).items.map((r) => r.batchNo).sort()).toEqual(["B1", "B2"]);
    expect((await list(stockResource, boss, { q: "视图测试件乙" })).items.map((r) => r.batchNo)).toEqual(["B3"]);
    expect((await list(stockResource, boss, { locationId: String(l2) })).items.map((r) => r.batchNo)).toEqual(["B2"]);
    expect((await list(stockResource, boss, { warehouseId: String(wh), source: "2" })).items.map((r) => r.batchNo)).toEqual(["B3"]);
  });

  it("leaves empty balances out unless asked (only-with-stock is on by default)", async () => {
    await inTransaction((tx) =>
      postStock(tx, boss, {
        bizType: "PurchaseReturnOrder",
        docType: "purchaseReturnOrder",
        docId: 10,
        docNo: "CT-VIEW-2",
        lines: [{ productId: p1, locationId: l2, batchNo: "B2", qty: "-4" }],
      }),
    );
    expect((await list(stockResource, boss, { warehouseId: String(wh) })).totalCount).toBe(2);
    const all = await list(stockResource, boss, { warehouseId: String(wh), onHand: "false" });
    expect(all.totalCount).toBe(3);
    expect(all.items.find((r) => r.batchNo === "B2")!.qty).toBe("0.00");
    await inTransaction((tx) =>
      postStock(tx, boss, {
        bizType: "PurchaseReturnOrderBack",
        docType: "purchaseReturnOrder",
        docId: 10,
        docNo: "CT-VIEW-2",
        lines: [{ productId: p1, locationId: l2, batchNo: "B2", qty: "4", unitCost: "7.5", receivedAt: ago(2) }],
      }),
    );
  });

  it("counts at most the limit and says the count is capped; an unfiltered capped list is not totalled", async () => {
    const capped = { ...stockResource, countLimit: 2 };
    const r = await list(capped, boss, { warehouseId: String(wh) });
    expect(r.totalCount).toBe(2);
    expect(r.totalCapped).toBe(true);
    expect(r.items).toHaveLength(3);
    const exact = await list({ ...stockResource, countLimit: 3 }, boss, { warehouseId: String(wh) });
    expect(exact).toMatchObject({ totalCount: 3 });
    expect(exact.totalCapped).toBeUndefined();
    expect(await stockTotals(boss, stockResource, new URLSearchParams(), true)).toEqual({ computed: false });
    expect((await stockTotals(boss, stockResource, new URLSearchParams({ warehouseId: String(wh) }), true)).computed).toBe(true);
  });
});

describe("锁定库存 (stockLock)", () => {
  it("lists what each document holds", async () => {
    const { items } = await list(stockLockResource, boss, { productId: String(p2) });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      mainOE: "VIEW-T2",
      fullName: "视图测试仓-V-01",
      batchNo: "B3",
      qty: "2.00",
      docType: "moveOrder",
      docNo: "DB-VIEW-1",
      docId: 77,
    });
    expect(items[0]!.userName).toBeTruthy();
  });
});

describe("库存流水 (stockFlow)", () => {
  it("shows each ledger line with the key's balance and the product's running balance", async () => {
    const { items } = await list(stockFlowResource, boss, { productId: String(p1), sort: "id.asc" });
    expect(items.map((r) => [r.bizType, r.batchNo, r.qtyIn, r.qtyOut, r.balanceAfter, r.productQtyAfter])).toEqual([
      ["StockInit", "B1", "10.00", null, "10.00", "10.00"],
      ["StockInit", "B2", "4.00", null, "4.00", "14.00"],
      ["PurchaseReturnOrder", "B1", null, "3.00", "7.00", "11.00"],
      ["PurchaseReturnOrder", "B2", null, "4.00", "0.00", "7.00"],
      ["PurchaseReturnOrderBack", "B2", "4.00", null, "4.00", "11.00"],
    ]);
    // The running balance after the last line is the product's stock on hand.
    expect(await ledgerSum(and(eq(stockMoves.companyId, boss.companyId), eq(stockMoves.productId, p1)))).toBe("11.00");
    expect(items[0]).toHaveProperty("unitCost", "5.0000");
    const hidden = await list(stockFlowResource, keeper, { productId: String(p1) });
    expect(hidden.items[0]).not.toHaveProperty("unitCost");
    expect(hidden.items[0]).not.toHaveProperty("avgCostAfter");
  });

  it("filters by business type, document number and dates", async () => {
    expect((await list(stockFlowResource, boss, { productId: String(p1), bizType: "PurchaseReturnOrder" })).totalCount).toBe(2);
    expect((await list(stockFlowResource, boss, { docNo: "CT-VIEW-2" })).totalCount).toBe(2);
    const tomorrow = new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 2 * DAY).toISOString().slice(0, 10);
    expect((await list(stockFlowResource, boss, { productId: String(p1), dateFrom: tomorrow })).totalCount).toBe(0);
    expect((await list(stockFlowResource, boss, { productId: String(p1), dateFrom: yesterday, dateTo: tomorrow })).totalCount).toBe(5);
    expect((await list(stockFlowResource, boss, { productId: String(p1), dateTo: yesterday })).totalCount).toBe(0);
    // A date that does not exist is ignored, not an error.
    expect((await list(stockFlowResource, boss, { productId: String(p1), dateFrom: "2026-02-30" })).totalCount).toBe(5);
  });
});

describe("库龄报表", () => {
  it("puts each balance in its age bucket; buckets add up to the balances", async () => {
    const report = await stockAgeReport(boss, parseStockAgeQuery(new URLSearchParams({ warehouseId: String(wh) })));
    expect(report.totalCount).toBe(2);
    const [a, b] = report.items;
    expect(a).toMatchObject({ mainOE: "VIEW-T1", qty: "11.00", amount: "65.00" });
    expect(a!.buckets).toEqual({
      b0: { qty: "4.00", amount: "30.00" },
      b1: { qty: "7.00", amount: "35.00" },
      b2: { qty: "0", amount: "0" },
      b3: { qty: "0", amount: "0" },
      b4: { qty: "0", amount: "0" },
    });
    expect(b).toMatchObject({ mainOE: "VIEW-T2", qty: "3.00", amount: "7.00" });
    expect(b!.buckets.b4).toEqual({ qty: "3.00", amount: "7.00" });
    expect(report.totals.qty).toBe("14.00");
    expect(report.totals.amount).toBe("72.00");
    expect(report.totals.buckets.b4.qty).toBe("3.00");
    expect(await ledgerSum(and(eq(stockMoves.companyId, boss.companyId), eq(stockMoves.warehouseId, wh)))).toBe("14.00");

    const byWh = await stockAgeReport(boss, parseStockAgeQuery(new URLSearchParams({ warehouseId: String(wh), byWarehouse: "1" })));
    expect(byWh.items[0]).toMatchObject({ warehouseId: wh, warehouseName: "视图测试仓" });

    const keeperView = await stockAgeReport(keeper, parseStockAgeQuery(new URLSearchParams({ warehouseId: String(wh) })));
    expect(keeperView.items[0]!.amount).toBeUndefined();
    expect(keeperView.items[0]!.buckets.b1).toEqual({ qty: "7.00" });
    expect(keeperView.showAmount).toBe(false);
  });
});
