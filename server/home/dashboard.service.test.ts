import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { inTransaction } from "../db/transaction";
import { postPartnerEntry } from "../finance/partner-account.service";
import { enterpriseRelations } from "../organization/organization.tables";
import { products } from "../product/product.tables";
import { pickingOrders, salesOrders } from "../sale/sale.tables";
import { stockDemands, safeStocks, warehouses } from "../stock/stock.tables";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { loadDashboard, yuan, type DashboardCard } from "./dashboard.service";

useTestDatabase();

let boss: Ctx;
let boss2: Ctx;
let customer: number;
let warehouseId: number;
let productId: number;
let seq = 0;

const byKey = (cards: DashboardCard[]) => Object.fromEntries(cards.map((c) => [c.key, c]));
const keysOf = async (username: string) => (await loadDashboard((await ctxOf(username)).ctx)).map((c) => c.key);
const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());

async function order(status: number) {
  seq += 1;
  const [o] = await db()
    .insert(salesOrders)
    .values({ companyId: boss.companyId, no: `DB-XS-${seq}`, status, partnerId: customer, warehouseId })
    .returning();
  return o!.id;
}

function entry(e: { docType: string; amount: string; entryDate?: string; dueDate?: string | null }) {
  seq += 1;
  return inTransaction((tx) => postPartnerEntry(tx, boss, { partnerId: customer, docId: 900000 + seq, docNo: `DB-${seq}`, ...e }));
}

beforeAll(async () => {
  boss = (await ctxOf("boss1")).ctx;
  boss2 = (await ctxOf("boss2")).ctx;
  const [p] = await db().insert(enterpriseRelations).values({ companyId: boss.companyId, rel: 1, name: "看板测试客户" }).returning();
  customer = p!.id;
  const [w] = await db().insert(warehouses).values({ companyId: boss.companyId, name: "看板测试仓" }).returning();
  warehouseId = w!.id;
  const [pr] = await db().insert(products).values({ companyId: boss.companyId, mainOE: "DASH-1", oeNorm: "DASH1", name: "看板件" }).returning();
  productId = pr!.id;
});

describe("cards per role", () => {
  it("each role sees the cards of the pages it may open", async () => {
    expect(await keysOf("boss1")).toEqual(["todaySales", "openOrders", "picking", "receiving", "receivables", "belowSafe", "urgent"]);
    expect(await keysOf("sales1")).toEqual(["todaySales", "openOrders", "picking", "receivables"]);
    expect(await keysOf("buyer1")).toEqual(["receiving", "belowSafe", "urgent"]);
    expect(await keysOf("stock1")).toEqual(["picking", "receiving", "belowSafe"]);
    // The warehouse's 待收货 is its receiving notes.
    const stock = byKey(await loadDashboard((await ctxOf("stock1")).ctx));
    expect(stock.receiving!.href).toBe("/purchase/receive?status=10");
  });
});

describe("figures", () => {
  it("count what waits and sum today's confirmed deliveries, only of the user's company", async () => {
    const before = byKey(await loadDashboard(boss));
    const before2 = byKey(await loadDashboard(boss2));

    for (const s of [30, 30, 40, 50, 0, 60, 90]) await order(s);
    const so = await order(30);
    await db()
      .insert(pickingOrders)
      .values([
        { companyId: boss.companyId, no: `DB-JX-1`, status: 10, salesOrderId: so, partnerId: customer, warehouseId },
        { companyId: boss.companyId, no: `DB-JX-2`, status: 100, salesOrderId: so, partnerId: customer, warehouseId },
      ]);
    // Today: two deliveries and one reversed; yesterday's delivery does not count.
    await entry({ docType: "deliverOrder", amount: "100.50" });
    await entry({ docType: "deliverOrder", amount: "20" });
    await entry({ docType: "deliverOrderBack", amount: "-20" });
    const y = new Date(Date.now() - 86_400_000);
    await entry({ docType: "deliverOrder", amount: "999", entryDate: new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai" }).format(y) });
    // Due: deliveries without payment terms fall due on their day (a reversal does not settle its delivery here); one due in 2999 is not counted; a receipt is not a receivable.
    await entry({ docType: "deliverOrder", amount: "50", dueDate: "2999-01-01" });
    await entry({ docType: "receipt", amount: "-30" });
    await db().insert(safeStocks).values({ companyId: boss.companyId, productId, minQty: "5", maxQty: "10" });
    await db()
      .insert(stockDemands)
      .values([
        { companyId: boss.companyId, productId, warehouseId, qty: "3", docType: "salesOrder", docId: so, docNo: "DB", docLineId: 777001 },
        { companyId: boss.companyId, productId, warehouseId, qty: "2.5", docType: "salesOrder", docId: so + 1, docNo: "DB", docLineId: 777002 },
      ]);

    const after = byKey(await loadDashboard(boss));
    const money = (c: DashboardCard) => Number(c.value.replace(/[￥,]/g, ""));
    expect(money(after.todaySales!) - money(before.todaySales!)).toBeCloseTo(100.5 + 50, 2);
    expect(after.todaySales!.hint).toBe(`已确认发货 ${Number(before.todaySales!.hint.match(/\d+/)![0]) + 2} 单`);
    expect(after.todaySales!.href).toBe(`/statements/sale/report?dateFrom=${today()}&dateTo=${today()}`);
    expect(Number(after.openOrders!.value) - Number(before.openOrders!.value)).toBe(5);
    expect(after.openOrders!.links!.map((l) => [l.label, l.href])).toEqual([
      ["待发货", "/sale/order?status=30"],
      ["发货中", "/sale/order?status=40"],
      ["部分发货", "/sale/order?status=50"],
    ]);
    expect(Number(after.picking!.value) - Number(before.picking!.value)).toBe(1);
    expect(money(after.receivables!) - money(before.receivables!)).toBeCloseTo(100.5 + 20 + 999, 2);
    expect(Number(after.belowSafe!.value) - Number(before.belowSafe!.value)).toBe(1);
    expect(Number(after.urgent!.value) - Number(before.urgent!.value)).toBe(1);
    const figures = (hint: string) =>
      hint
        .match(/(\d+) 张销售订单缺货，缺货数量 ([\d.,]+)/)!
        .slice(1)
        .map((s) => Number(s.replace(/,/g, "")));
    const [ordersBefore, qtyBefore] = figures(before.urgent!.hint);
    const [ordersAfter, qtyAfter] = figures(after.urgent!.hint);
    expect(ordersAfter! - ordersBefore!).toBe(2);
    expect(qtyAfter! - qtyBefore!).toBeCloseTo(5.5, 2);
    expect(after.urgent!.alert).toBe(true);

    // The other company's figures did not move.
    expect(await loadDashboard(boss2)).toEqual(Object.values(before2));
  });

  it("formats money exactly", () => {
    expect(yuan("1234567.5")).toBe("￥1,234,567.50");
    expect(yuan("-20.00")).toBe("-￥20.00");
    expect(yuan("0")).toBe("￥0.00");
  });
});
