import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { inTransaction } from "../db/transaction";
import { createRow } from "../lib/resource";
import { listFromParams } from "../lib/list-read";
import { enterpriseRelations } from "../organization/organization.tables";
import { productResource } from "../product/product.resources";
import { postStock } from "../stock/stock-ledger.service";
import { stockLocations, warehouses } from "../stock/stock.tables";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { saleExecuteResource } from "./sale-execute.resource";
import { customerInfoOf, refusalOf, resolveCustomer, salesOrderHistory } from "./sales-order.page";
import { createSalesOrder, getSalesOrder } from "./sales-order.service";

/** 销售执行: each line's progress from the order and the ledger's locks and demands; the order page's helpers. */
describe("sale execute and the order page's helpers", () => {
  useTestDatabase();
  let sales1: Ctx;
  let boss2: Ctx;
  const tag = Date.now().toString(36).toUpperCase().slice(-5);
  let orderId: number;
  let orderNo: string;
  let customerId: number;
  let stockedId: number;
  let shortId: number;

  beforeAll(async () => {
    ({ ctx: sales1 } = await ctxOf("sales1"));
    ({ ctx: boss2 } = await ctxOf("boss2"));
    const boss1 = (await ctxOf("boss1")).ctx;
    stockedId = (await createRow<{ id: number }>(productResource, boss1, { mainOE: `SEX-${tag}-01`, name: `执行测试机滤${tag}`, priceSale: "50" })).id;
    shortId = (await createRow<{ id: number }>(productResource, boss1, { mainOE: `SEX-${tag}-02`, name: `执行测试空滤${tag}`, priceSale: "30" })).id;
    const [w] = await db()
      .insert(warehouses)
      .values({ companyId: boss1.companyId, name: `执行仓${tag}` })
      .returning();
    const [loc] = await db()
      .insert(stockLocations)
      .values({ companyId: boss1.companyId, warehouseId: w!.id, code: "E-01", fullName: `执行仓${tag}-E-01` })
      .returning();
    await inTransaction((tx) =>
      postStock(tx, boss1, {
        bizType: "PurchaseOrder",
        docType: "test",
        docId: 21,
        docNo: "SEX1",
        lines: [{ productId: stockedId, locationId: loc!.id, batchNo: "B1", qty: "5", unitCost: "20", source: 1 }],
      }),
    );
    const [c] = await db()
      .select({ id: enterpriseRelations.id })
      .from(enterpriseRelations)
      .where(and(eq(enterpriseRelations.companyId, boss1.companyId), eq(enterpriseRelations.rel, 1)))
      .limit(1);
    customerId = c!.id;
    const saved = await createSalesOrder(
      sales1,
      {
        partnerId: customerId,
        warehouseId: w!.id,
        lines: [
          { productId: stockedId, qty: "3", price: "50" },
          { productId: shortId, qty: "4", price: "30", discount: "90" },
        ],
      },
      { submit: true, allowShortage: true },
    );
    orderId = saved.id;
    orderNo = saved.no;
  });

  it("lists each line with ordered, locked, short and open quantities", async () => {
    const { items } = await listFromParams<Record<string, unknown>>(saleExecuteResource, sales1, new URLSearchParams({ q: orderNo }));
    expect(items).toHaveLength(2);
    const byProduct = new Map(items.map((r) => [r.productId, r]));
    expect(byProduct.get(stockedId)).toMatchObject({ orderNo, qty: "3.00", lockedQty: "3.00", shortQty: "0.00", openQty: "3.00", deliveredQty: "0.00" });
    expect(byProduct.get(shortId)).toMatchObject({ orderNo, qty: "4.00", lockedQty: "0.00", shortQty: "4.00", openQty: "4.00" });
    const shortOnly = await listFromParams<Record<string, unknown>>(saleExecuteResource, sales1, new URLSearchParams({ q: orderNo, short: "true" }));
    expect(shortOnly.items.map((r) => r.productId)).toEqual([shortId]);
    const byOe = await listFromParams<Record<string, unknown>>(saleExecuteResource, sales1, new URLSearchParams({ oe: `sex${tag}01` }));
    expect(byOe.items.map((r) => r.productId)).toEqual([stockedId]);
  });

  it("the search box finds lines by a part of the order's number, the customer's name and the product (any OE spelling, name)", async () => {
    const q = async (text: string) =>
      (await listFromParams<Record<string, unknown>>(saleExecuteResource, sales1, new URLSearchParams({ q: text, maxResultCount: "100" }))).items;
    expect((await q(orderNo.slice(-6))).map((r) => r.orderNo)).toContain(orderNo);
    const [cust] = await db().select({ name: enterpriseRelations.name }).from(enterpriseRelations).where(eq(enterpriseRelations.id, customerId));
    const byCustomer = await q(cust!.name.slice(0, 4));
    expect(byCustomer.length).toBeGreaterThan(0);
    expect(byCustomer.map((r) => r.orderNo)).toContain(orderNo);
    expect((await q(`sex-${tag.toLowerCase()}-02`)).map((r) => r.productId)).toEqual([shortId]);
    // A name (a keyword with a digit would first be taken as a code).
    expect((await q("执行测试机滤")).map((r) => r.productId)).toEqual([stockedId]);
    expect(await q("没有这种东西")).toEqual([]);
  });

  it("never shows another company's lines or customers", async () => {
    const { items } = await listFromParams<Record<string, unknown>>(saleExecuteResource, boss2, new URLSearchParams({ q: orderNo }));
    expect(items).toHaveLength(0);
    expect(await customerInfoOf(boss2, customerId)).toBeNull();
    const mine = await customerInfoOf(sales1, customerId);
    expect(mine).toMatchObject({ partnerId: customerId });
    expect(mine!.openOrders).toBeGreaterThanOrEqual(1);
  });

  it("tells the order's history and the submit refusals apart", async () => {
    const history = await salesOrderHistory(sales1, await getSalesOrder(sales1, orderId));
    const events = history.map((h) => h.event);
    expect(events[0]).toBe("创建订单");
    expect(events).toContain("提交订单");
    expect(history.find((h) => h.event === "提交订单")!.detail).toBe("缺货部分转紧急采购");
    expect(refusalOf("库存不足：X 可用 1 件，需要 2 件")).toBe("shortage");
    expect(refusalOf("客户 A 信用额度 ￥1.00，已欠款 ￥0.00，未发货订单 ￥0.00，本单 ￥2.00，超出 ￥1.00，请提交审批")).toBe("credit");
    expect(refusalOf("第 1 行：数量必须大于 0")).toBeNull();
    const customers = [
      { id: 1, name: "东莞长安快修汽车服务部", initial: "DGCAKXQCFWB" },
      { id: 2, name: "广州白云汽修厂", initial: "GZBYQXC" },
      { id: 3, name: "广州天河汽修厂", initial: "GZTHQXC" },
    ];
    expect(resolveCustomer(customers, "东莞长安快修汽车服务部")).toEqual({ id: 1 });
    expect(resolveCustomer(customers, "gzbyqxc")).toEqual({ id: 2 });
    expect(resolveCustomer(customers, "天河")).toEqual({ id: 3 });
    expect(resolveCustomer(customers, "广州")).toEqual({ error: "“广州”对应多个客户，请输入完整名称" });
    expect(resolveCustomer(customers, "")).toEqual({ error: "请选择客户" });
  });
});
