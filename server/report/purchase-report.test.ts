import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { exportReport, runReport } from "./report-list";
import { purchaseDetailReport } from "./purchase-report";
import { drain, insertReportFixture, MARCH, type Fixture } from "./report.fixture";

useTestDatabase();

let boss: Ctx;
let buyer: Ctx;
let other: Ctx;
let fx: Fixture;

beforeAll(async () => {
  boss = (await ctxOf("boss1")).ctx;
  buyer = (await ctxOf("buyer1")).ctx;
  other = (await ctxOf("boss2")).ctx;
  fx = await insertReportFixture(boss, other, (await ctxOf("sales1")).ctx.userId);
});

describe("采购明细", () => {
  it("lists posted receiving note lines (not reversed ones) with supplier, qty, price and amount", async () => {
    const r = await runReport(purchaseDetailReport, buyer, new URLSearchParams({ ...MARCH, partnerId: String(fx.s1), sort: "amount.desc" }));
    expect(r.items.map((i) => [i.receiveNo, i.orderNo, i.supplierName, i.mainOE, Number(i.qty), Number(i.price), Number(i.amount)])).toEqual([
      ["RPTSH1", "RPTCG1", "RPT供应商", "RPT-A1", 20, 19.5, 390],
      ["RPTSH1", "RPTCG1", "RPT供应商", "RPT-B2", 3, 17, 51],
    ]);
    expect(Number(r.totals!.qty)).toBe(23);
    expect(Number(r.totals!.amount)).toBe(441);
    expect((await runReport(purchaseDetailReport, buyer, new URLSearchParams({ ...MARCH, partnerId: String(fx.s1), q: "RPT-B2" }))).totalCount).toBe(1);
  });

  it("shows nothing of another company and exports as 采购明细", async () => {
    const theirs = await runReport(purchaseDetailReport, other, new URLSearchParams({ ...MARCH, partnerId: String(fx.s1) }));
    expect(theirs.totalCount).toBe(0);
    expect(Number(theirs.totals.amount)).toBe(0);
    const file = await exportReport(purchaseDetailReport, boss, new URLSearchParams({ ...MARCH, partnerId: String(fx.s1) }));
    expect(file.fileName).toBe("采购明细");
    expect((await drain(file.stream)).subarray(0, 2).toString()).toBe("PK");
  });
});
