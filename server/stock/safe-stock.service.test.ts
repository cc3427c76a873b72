import ExcelJS from "exceljs";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { inTransaction } from "../db/transaction";
import { parseListQuery } from "../lib/list-query";
import { listRows, listSpecOf } from "../lib/list-read";
import { products } from "../product/product.tables";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { importSafeStocks, safeStockResource } from "./safe-stock.service";
import { postStock } from "./stock-ledger.service";
import { safeStocks, stockLocations, warehouses } from "./stock.tables";

useTestDatabase();

let ctx: Ctx;
let productId: number;

async function sheet(rows: unknown[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("安全库存");
  ws.addRow(["产品编码", "下限", "上限"]);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

beforeAll(async () => {
  ctx = (await ctxOf("buyer1")).ctx;
  const [p] = await db().insert(products).values({ companyId: ctx.companyId, mainOE: "SAFE-T-01", oeNorm: "SAFET01", name: "安全库存测试件" }).returning();
  productId = p!.id;
  const [w] = await db().insert(warehouses).values({ companyId: ctx.companyId, name: "安全库存测试仓" }).returning();
  const [l] = await db()
    .insert(stockLocations)
    .values({ companyId: ctx.companyId, warehouseId: w!.id, code: "S-01", fullName: "安全库存测试仓-S-01" })
    .returning();
  await inTransaction((tx) =>
    postStock(tx, ctx, {
      bizType: "PurchaseOrder",
      docType: "test",
      docId: 1,
      docNo: "T1",
      lines: [{ productId, locationId: l!.id, qty: "3", unitCost: "5", source: 1 }],
    }),
  );
});

describe("safe stock import", () => {
  it("refuses the whole file and reports every bad row in Chinese", async () => {
    const result = await importSafeStocks(
      ctx,
      await sheet([
        ["safe t 01", 5, 20],
        ["NO-SUCH", 1, 2],
        ["SAFE-T-01", 3, 1],
        ["", "x", 2],
      ]),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => e.row)).toEqual([3, 4, 5]);
    expect(result.errors.find((e) => e.row === 3)!.message).toContain("产品不存在");
    expect(result.errors.find((e) => e.row === 4)!.message).toContain("上限不能小于下限");
    expect(result.errors.find((e) => e.row === 4)!.message).toContain("与第 2 行重复");
    expect(result.errors.find((e) => e.row === 5)!.message).toContain("产品编码不能为空");
    const rows = await db()
      .select()
      .from(safeStocks)
      .where(and(eq(safeStocks.companyId, ctx.companyId), eq(safeStocks.productId, productId)));
    expect(rows).toHaveLength(0);
  });

  it("imports (any OE spelling), updates on a second import, and flags rows below the minimum", async () => {
    expect(await importSafeStocks(ctx, await sheet([["safe t 01", 5, 20]]))).toEqual({ ok: true, rows: 1 });
    expect(await importSafeStocks(ctx, await sheet([["SAFE-T-01", "6", "30"]]))).toEqual({ ok: true, rows: 1 });
    const q = parseListQuery(new URLSearchParams({ below: "true", q: "SAFE-T-01" }), listSpecOf(safeStockResource));
    const { items } = await listRows<Record<string, unknown>>(safeStockResource, ctx, q);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ productId, minQty: "6.00", maxQty: "30.00", qtyOnHand: "3.00", below: true });
  });
});

describe("safe stock rows", () => {
  it("are created, changed and deleted as master data, and another company never sees or touches them", async () => {
    const { createRow, deleteRow, getRow, updateRow } = await import("../lib/resource");
    const [p2] = await db().insert(products).values({ companyId: ctx.companyId, mainOE: "SAFE-T-02", oeNorm: "SAFET02", name: "安全库存行测试件" }).returning();
    const row = await createRow<Record<string, unknown>>(safeStockResource, ctx, { productId: p2!.id, minQty: "2", maxQty: "9" });
    expect(row).toMatchObject({ productId: p2!.id, minQty: "2.00", maxQty: "9.00", companyId: ctx.companyId });
    await expect(createRow(safeStockResource, ctx, { productId: p2!.id, minQty: "5", maxQty: "1" })).rejects.toMatchObject({ code: "bad_request" });
    expect(await updateRow<Record<string, unknown>>(safeStockResource, ctx, row.id as number, { maxQty: "12" })).toMatchObject({
      minQty: "2.00",
      maxQty: "12.00",
    });

    const other = (await ctxOf("boss2")).ctx;
    const list = await listRows<Record<string, unknown>>(
      safeStockResource,
      other,
      parseListQuery(new URLSearchParams("q=SAFE-T-02"), listSpecOf(safeStockResource)),
    );
    expect(list.items).toEqual([]);
    await expect(getRow(safeStockResource, other, row.id as number)).rejects.toMatchObject({ code: "not_found" });
    await expect(updateRow(safeStockResource, other, row.id as number, { maxQty: "99" })).rejects.toMatchObject({ code: "not_found" });
    await expect(deleteRow(safeStockResource, other, row.id as number)).rejects.toMatchObject({ code: "not_found" });
    // Another company's product cannot be given a safe stock here.
    const [foreign] = await db().insert(products).values({ companyId: other.companyId, mainOE: "SAFE-T-03", oeNorm: "SAFET03", name: "别家产品" }).returning();
    await expect(createRow(safeStockResource, ctx, { productId: foreign!.id, minQty: "1", maxQty: "2" })).rejects.toMatchObject({ code: "bad_request" });

    await deleteRow(safeStockResource, ctx, row.id as number);
    await expect(getRow(safeStockResource, ctx, row.id as number)).rejects.toMatchObject({ code: "not_found" });
    void and;
    void eq;
    void safeStocks;
  });
});
