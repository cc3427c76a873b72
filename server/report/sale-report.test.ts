import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { exportReport, runReport, type ReportDef } from "./report-list";
import { drain, insertReportFixture, MARCH, type Fixture } from "./report.fixture";
import { saleDetailReport, saleLossReport, saleRankReport, saleReturnRankReport, saleReturnReport, salesmanSaleReport } from "./sale-report";

useTestDatabase();

let boss: Ctx;
let sales: Ctx;
let other: Ctx;
let noCost: Ctx;
let fx: Fixture;

const run = (def: ReportDef, ctx: Ctx, params: Record<string, string> = {}) => runReport(def, ctx, new URLSearchParams({ ...MARCH, ...params }));
const amounts = (rows: Record<string, unknown>[], f: string) => rows.map((r) => Number(r[f]));

beforeAll(async () => {
  boss = (await ctxOf("boss1")).ctx;
  sales = (await ctxOf("sales1")).ctx;
  other = (await ctxOf("boss2")).ctx;
  noCost = { ...sales, permissions: new Set([...sales.permissions].filter((c) => c !== "CPGL-002")) };
  fx = await insertReportFixture(boss, other, sales.userId);
});

describe("销售明细", () => {
  it("lists confirmed delivery lines of the period with cost and profit, and totals over the selection", async () => {
    const r = await run(saleDetailReport, boss, { warehouseId: String(fx.warehouseId) });
    expect(r.items.map((i) => i.deliverNo)).toEqual(["RPTFH2", "RPTFH1"]);
    const fh1 = r.items.find((i) => i.deliverNo === "RPTFH1")!;
    expect(fh1).toMatchObject({ orderNo: "RPTXS1", customerName: "RPT客户甲", salesmanName: boss.userName, mainOE: "RPT-A1" });
    expect(Number(fh1.cost)).toBe(215);
    expect(Number(fh1.profit)).toBe(85);
    expect(r.totalCount).toBe(2);
    expect(Number(r.totals!.amount)).toBe(336);
    expect(Number(r.totals!.cost)).toBe(253.5);
    expect(Number(r.totals!.profit)).toBe(82.5);
    expect(r.totals!.deliverNo).toBe("合计");
  });

  it("filters by customer, salesman and product keyword, sorts and pages", async () => {
    expect((await run(saleDetailReport, boss, { partnerId: String(fx.c2) })).items.map((i) => i.deliverNo)).toEqual(["RPTFH2"]);
    expect((await run(saleDetailReport, boss, { salesmanId: String(boss.userId), warehouseId: String(fx.warehouseId) })).items.map((i) => i.deliverNo)).toEqual(
      ["RPTFH1"],
    );
    expect((await run(saleDetailReport, boss, { q: "RPT-A1" })).items.map((i) => i.deliverNo)).toEqual(["RPTFH1"]);
    const sorted = await run(saleDetailReport, boss, { warehouseId: String(fx.warehouseId), sort: "amount.asc", size: "20" });
    expect(amounts(sorted.items, "amount")).toEqual([36, 300]);
    const all = await runReport(saleDetailReport, boss, new URLSearchParams({ warehouseId: String(fx.warehouseId) }));
    expect(all.items.map((i) => i.deliverNo)).toEqual(["RPTFH4", "RPTFH2", "RPTFH1"]);
  });

  it("hides cost and profit (columns, rows, totals, sorting, export) from those without 产品价格", async () => {
    const r = await run(saleDetailReport, noCost, { warehouseId: String(fx.warehouseId), sort: "profit.desc" });
    expect(r.columns.map((c) => c.field)).not.toContain("cost");
    expect(r.columns.map((c) => c.field)).not.toContain("profit");
    expect(r.items[0]).not.toHaveProperty("cost");
    expect(r.totals).not.toHaveProperty("profit");
    expect(r.query.sort.field).toBe("date");
    const withCost = await run(saleDetailReport, sales, { warehouseId: String(fx.warehouseId) });
    expect(withCost.columns.map((c) => c.field)).toContain("profit");
  });

  it("never shows another company's sales", async () => {
    const mine = await run(saleDetailReport, boss, { q: "RPT-A1" });
    expect(mine.items.every((i) => i.customerName !== "RPT他司客户")).toBe(true);
    const theirs = await run(saleDetailReport, other);
    expect(theirs.items.map((i) => i.deliverNo)).toEqual(["RPTFH9"]);
    expect(Number(theirs.totals!.amount)).toBe(999);
  });

  it("exports the same selection as .xlsx named after the page", async () => {
    const file = await exportReport(saleDetailReport, boss, new URLSearchParams({ ...MARCH, warehouseId: String(fx.warehouseId) }));
    expect(file.fileName).toBe("销售明细");
    const bytes = await drain(file.stream);
    expect(bytes.subarray(0, 2).toString()).toBe("PK");
  });
});

describe("销售排行", () => {
  it("ranks products by amount with share and a top-10 chart", async () => {
    const r = await run(saleRankReport, boss, { warehouseId: String(fx.warehouseId) });
    expect(r.query.filters.by).toBe("product");
    expect(r.items.map((i) => i.name)).toEqual(["报表刹车片", "报表机油滤清器"]);
    expect(r.items.map((i) => Number(i.share))).toEqual([89.29, 10.71]);
    expect(amounts(r.items, "profit")).toEqual([85, -2.5]);
    expect(Number(r.totals!.qty)).toBe(12);
    expect(r.chart!.rows.map((x) => x.name)).toEqual(["报表刹车片", "报表机油滤清器"]);
  });

  it("ranks customers when switched to 按客户", async () => {
    const r = await run(saleRankReport, boss, { by: "customer", warehouseId: String(fx.warehouseId) });
    expect(r.columns.map((c) => c.header)).toContain("客户");
    expect(r.items.map((i) => [i.name, Number(i.amount)])).toEqual([
      ["RPT客户甲", 300],
      ["RPT客户乙", 36],
    ]);
  });

  it("leaves the chart out for those who may not read a charted column", async () => {
    const r = await run(saleRankReport, noCost, { warehouseId: String(fx.warehouseId) });
    expect(r.chart).not.toBeNull();
    expect(r.items[0]).not.toHaveProperty("profit");
  });
});

describe("销售退货明细 and 退货排行", () => {
  it("lists confirmed returns with their reason, and ranks by reason", async () => {
    const r = await run(saleReturnReport, boss, { warehouseId: String(fx.warehouseId) });
    expect(r.items.map((i) => [i.returnNo, i.reasonCode, Number(i.qty), Number(i.cost)])).toEqual([["RPTXT1", 70, 2, 43]]);
    expect(Number(r.totals!.amount)).toBe(60);
    const byReason = await run(saleReturnRankReport, boss, { by: "reason", warehouseId: String(fx.warehouseId) });
    expect(byReason.items.map((i) => [i.name, Number(i.amount), Number(i.share)])).toEqual([["质量问题", 60, 100]]);
    const byProduct = await run(saleReturnRankReport, boss, { warehouseId: String(fx.warehouseId) });
    expect(byProduct.items.map((i) => i.mainOE)).toEqual(["RPT-A1"]);
    expect((await run(saleReturnReport, boss, { reasonCode: "20", warehouseId: String(fx.warehouseId) })).totalCount).toBe(0);
  });
});

describe("业务员销售", () => {
  it("sums orders, deliveries, returns, net and profit per salesman", async () => {
    const r = await run(salesmanSaleReport, boss, { warehouseId: String(fx.warehouseId) });
    const row = (id: number) => r.items.find((i) => Number(i.id) === id)!;
    // boss: order 300; delivered 300 (cost 215); returned 60 (cost 43) → net 240, profit 85 − 17 = 68.
    expect([
      row(boss.userId).orders,
      Number(row(boss.userId).orderAmount),
      Number(row(boss.userId).delivered),
      Number(row(boss.userId).returns),
      Number(row(boss.userId).net),
      Number(row(boss.userId).profit),
    ]).toEqual([1, 300, 300, 60, 240, 68]);
    // sales1: order 90 (the draft does not count); delivered 36 (cost 38.50).
    expect([row(sales.userId).orders, Number(row(sales.userId).delivered), Number(row(sales.userId).profit)]).toEqual([1, 36, -2.5]);
    expect(Number(r.totals!.net)).toBe(276);
    expect(r.chart!.config.series.map((s) => s.field)).toEqual(["delivered", "net"]);
  });
});

describe("低价销售报表", () => {
  it("lists order lines and delivery lines sold below cost with the loss", async () => {
    const r = await run(saleLossReport, boss, { warehouseId: String(fx.warehouseId), sort: "loss.desc" });
    expect(r.items.map((i) => [i.kind, i.docNo, Number(i.price), Number(i.cost), Number(i.loss)])).toEqual([
      ["order", "RPTXS2", 18, 19, 5],
      ["deliver", "RPTFH2", 18, 19.25, 2.5],
    ]);
    expect(Number(r.totals!.loss)).toBe(7.5);
    expect((await run(saleLossReport, boss, { kind: "deliver", warehouseId: String(fx.warehouseId) })).items.map((i) => i.docNo)).toEqual(["RPTFH2"]);
    const hidden = await run(saleLossReport, noCost, { warehouseId: String(fx.warehouseId) });
    expect(hidden.totalCount).toBe(2);
    expect(hidden.items[0]).not.toHaveProperty("loss");
  });
});
