import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { runReport, type ReportDef } from "./report-list";
import { insertReportFixture, MARCH, type Fixture } from "./report.fixture";
import { customerSalesView, pssReport, salesmanOrderView, supplierPurchaseView } from "./view-report";

useTestDatabase();

let boss: Ctx;
let sales: Ctx;
let other: Ctx;
let fx: Fixture;

const run = (def: ReportDef, ctx: Ctx, params: Record<string, string> = {}) => runReport(def, ctx, new URLSearchParams({ ...MARCH, ...params }));
const num = (r: Record<string, unknown>, fields: string[]) => fields.map((f) => Number(r[f]));

beforeAll(async () => {
  boss = (await ctxOf("boss1")).ctx;
  sales = (await ctxOf("sales1")).ctx;
  other = (await ctxOf("boss2")).ctx;
  fx = await insertReportFixture(boss, other, sales.userId);
});

describe("进销存报表", () => {
  it("gives opening, in, out, returns and closing per product for the period from the ledger", async () => {
    const r = await run(pssReport, boss, { warehouseId: String(fx.warehouseId) });
    const p1 = r.items.find((i) => Number(i.id) === fx.p1)!;
    expect(num(p1, ["opening", "purchased", "sold", "salesReturned", "purchaseReturned", "other", "closing"])).toEqual([5, 20, 10, 2, 0, 0, 17]);
    expect(num(p1, ["openingAmount", "purchasedAmount", "soldAmount", "closingAmount"])).toEqual([100, 390, 215, 318]);
    const p2 = r.items.find((i) => Number(i.id) === fx.p2)!;
    expect(num(p2, ["opening", "purchased", "sold", "closing"])).toEqual([0, 3, 2, 1]);
    expect(num(r.totals!, ["opening", "purchased", "sold", "closing"])).toEqual([5, 23, 12, 18]);
    // Without a period: everything up to now, no opening.
    const all = await runReport(pssReport, boss, new URLSearchParams({ warehouseId: String(fx.warehouseId) }));
    expect(
      num(
        all.items.find((i) => Number(i.id) === fx.p1)!,
        ["opening", "closing"],
      ),
    ).toEqual([0, 16]);
  });

  it("shows amounts only to 产品价格 holders and nothing of another company", async () => {
    const noCost = { ...sales, permissions: new Set([...sales.permissions].filter((c) => c !== "CPGL-002")) };
    const r = await run(pssReport, noCost, { warehouseId: String(fx.warehouseId) });
    expect(r.columns.some((c) => c.field === "closingAmount")).toBe(false);
    expect(r.totals).not.toHaveProperty("closingAmount");
    // (Filtered to the fixture's product: the other company's demo data fills page 1 otherwise.)
    const theirs = await run(pssReport, other, { filter: "他司刹车片" });
    expect(theirs.items.map((i) => [i.productName, Number(i.sold)])).toContainEqual(["他司刹车片", 9]);
    expect(theirs.items.map((i) => i.productName)).not.toContain("报表刹车片");
  });
});

describe("业务员开单", () => {
  it("counts orders written per salesman by status", async () => {
    const r = await run(salesmanOrderView, boss, { partnerId: String(fx.c2) });
    const row = r.items.find((i) => Number(i.id) === sales.userId)!;
    expect(num(row, ["orders", "amount", "dealAmount", "drafts", "open"])).toEqual([2, 140, 90, 1, 1]);
    const mine = await run(salesmanOrderView, boss, { salesmanId: String(boss.userId) });
    expect(mine.items.every((i) => Number(i.id) === boss.userId)).toBe(true);
    expect(Number(mine.items[0]!.delivered)).toBeGreaterThanOrEqual(1);
  });
});

describe("客户销售 and 供应商采购", () => {
  it("sums per customer: orders, delivered, returns, net and the balance owed", async () => {
    const r = await run(customerSalesView, boss, { q: "RPT客户" });
    const c1 = r.items.find((i) => Number(i.id) === fx.c1)!;
    expect(num(c1, ["orders", "orderAmount", "delivered", "returns", "net", "balance"])).toEqual([1, 300, 300, 60, 240, 240]);
    const c2 = r.items.find((i) => Number(i.id) === fx.c2)!;
    expect(num(c2, ["orders", "delivered", "returns", "net", "balance"])).toEqual([1, 36, 0, 36, 0]);
    expect(num(r.totals!, ["delivered", "net"])).toEqual([336, 276]);
    expect((await run(customerSalesView, other, { q: "RPT客户" })).items.map((i) => i.customerName)).toEqual([]);
  });

  it("sums per supplier: ordered, received, returned and the payable balance", async () => {
    const r = await run(supplierPurchaseView, boss, { partnerId: String(fx.s1) });
    expect(r.items.map((i) => num(i, ["orders", "ordered", "received", "returned", "net", "balance"]))).toEqual([[1, 441, 441, 0, 441, 441]]);
    expect((await run(supplierPurchaseView, other, { partnerId: String(fx.s1) })).totalCount).toBe(0);
  });
});
