import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { eq as decimalEq } from "../lib/decimal";
import { exportRows, listFromParams, visibleRow } from "../lib/list-read";
import { createRow, getRow, updateRow } from "../lib/resource";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { readSheet } from "../test/list-behaviour";
import { importProductBatch } from "./product.import";
import { productResource } from "./product.resources";
import { products } from "./product.tables";

/**
 * Issue 7 item 1: prices belong to 产品价格 (/product/priceSetting, CPGL-002). stock1 (仓管)
 * holds 我的产品 (CPGL-001) but not CPGL-002: whatever path it writes through, it cannot set
 * a price, and it never reads a cost price. sales1 holds CPGL-002; boss1 holds everything.
 */
type Row = Record<string, any>;

async function stored(id: number) {
  const [row] = await db()
    .select({ priceSale: products.priceSale, priceCost: products.priceCost, name: products.name })
    .from(products)
    .where(eq(products.id, id));
  return row!;
}

const samePrice = (a: unknown, b: string) => a !== null && decimalEq(a as string, b);

describe("field-level permission: prices only for holders of 产品价格 (CPGL-002)", () => {
  useTestDatabase();
  let boss1: Ctx;
  let sales1: Ctx;
  let stock1: Ctx;
  let p: Row;
  beforeAll(async () => {
    boss1 = (await ctxOf("boss1")).ctx;
    sales1 = (await ctxOf("sales1")).ctx;
    stock1 = (await ctxOf("stock1")).ctx;
    expect(stock1.permissions.has("CPGL-001")).toBe(true);
    expect(stock1.permissions.has("CPGL-002")).toBe(false);
    expect(sales1.permissions.has("CPGL-002")).toBe(true);
    p = await createRow<Row>(productResource, boss1, { mainOE: "PERM-0001", name: "权限测试件", priceSale: "30", priceCost: "20" });
  });

  it("refuses a price change from stock1 with a Chinese 403 and keeps the prices", async () => {
    await expect(updateRow(productResource, stock1, p.id, { priceSale: "1" })).rejects.toMatchObject({ code: "forbidden", message: "没有权限修改销售价" });
    await expect(updateRow(productResource, stock1, p.id, { priceCost: 0 })).rejects.toMatchObject({ code: "forbidden", message: "没有权限修改成本价" });
    await expect(updateRow(productResource, stock1, p.id, { name: "改名", priceCost: null })).rejects.toMatchObject({ code: "forbidden" });
    const row = await stored(p.id);
    expect(samePrice(row.priceSale, "30")).toBe(true);
    expect(samePrice(row.priceCost, "20")).toBe(true);
    expect(row.name).toBe("权限测试件");
  });

  it("lets stock1 save the rest of the product (its form has no price fields) and keeps the prices", async () => {
    await updateRow(productResource, stock1, p.id, { mainOE: "PERM-0001", name: "仓管改名", isEnabled: "on" });
    const row = await stored(p.id);
    expect(row.name).toBe("仓管改名");
    expect(samePrice(row.priceSale, "30")).toBe(true);
    expect(samePrice(row.priceCost, "20")).toBe(true);
  });

  it("accepts a row sent back with the price it already has", async () => {
    await updateRow(productResource, stock1, p.id, { name: "原价回传", priceSale: "30.00" });
    expect((await stored(p.id)).name).toBe("原价回传");
  });

  it("refuses a price on a product stock1 creates, and creates it without prices otherwise", async () => {
    await expect(createRow(productResource, stock1, { mainOE: "PERM-0002", name: "新件", priceCost: "5" })).rejects.toMatchObject({
      code: "forbidden",
      message: "没有权限修改成本价",
    });
    const made = await createRow<Row>(productResource, stock1, { mainOE: "PERM-0002", name: "新件" });
    const row = await stored(made.id);
    expect(row.priceSale).toBeNull();
    expect(row.priceCost).toBeNull();
  });

  it("refuses prices in productBatch and 公库产品导入 (both create through the same rule), all or none", async () => {
    const before = (await db().select({ id: products.id }).from(products).where(eq(products.companyId, stock1.companyId))).length;
    await expect(
      importProductBatch(stock1, {
        data: [{ basicInfo: { mainOE: "PERM-B1", name: "批量一" } }, { basicInfo: { mainOE: "PERM-B2", name: "批量二", priceSale: "9" } }],
      }),
    ).rejects.toMatchObject({ code: "forbidden", message: "第 2 个产品：没有权限修改销售价" });
    const after = (await db().select({ id: products.id }).from(products).where(eq(products.companyId, stock1.companyId))).length;
    expect(after).toBe(before);
  });

  it("lets holders of CPGL-002 set prices", async () => {
    await updateRow(productResource, sales1, p.id, { priceSale: "31.5", priceCost: "21" });
    const row = await stored(p.id);
    expect(samePrice(row.priceSale, "31.5")).toBe(true);
    expect(samePrice(row.priceCost, "21")).toBe(true);
  });

  it("never shows stock1 a cost price: lists, rows, sorting and exports", async () => {
    const mine = await listFromParams<Row>(productResource, stock1, new URLSearchParams("q=PERM-0001"));
    expect(mine.items).toHaveLength(1);
    expect(mine.items[0]).not.toHaveProperty("priceCost");
    expect(mine.items[0]).toHaveProperty("priceSale");
    const boss = await listFromParams<Row>(productResource, boss1, new URLSearchParams("q=PERM-0001"));
    expect(boss.items[0]).toHaveProperty("priceCost");

    expect(visibleRow(productResource, stock1, await getRow<Row>(productResource, stock1, p.id))).not.toHaveProperty("priceCost");
    expect(visibleRow(productResource, boss1, await getRow<Row>(productResource, boss1, p.id))).toHaveProperty("priceCost");

    expect(() => exportRows(productResource, stock1, { excelColumes: [{ displayName: "成本价", fieldName: "priceCost" }] })).toThrow(
      expect.objectContaining({ code: "forbidden", message: "没有权限导出成本价" }),
    );
    const sheet = await readSheet(
      exportRows(productResource, boss1, { filter: { filter: "PERM-0001" }, excelColumes: [{ displayName: "成本价", fieldName: "priceCost" }] }).stream,
    );
    expect(sheet.getRow(1).values).toEqual([undefined, "成本价"]);
    expect(sheet.rowCount).toBe(2);
  });
});
