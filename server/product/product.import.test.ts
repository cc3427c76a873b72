import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../db/client";
import { companyIdOf, ctxOf, useTestDatabase } from "../test/test-db";
import { importProductBatch } from "./product.import";
import { products, productTemplates } from "./product.tables";

describe("productBatch: library products become own products, all or none", () => {
  useTestDatabase();

  it("creates every product for the caller's company, whatever companyId says", async () => {
    const { ctx } = await ctxOf("boss1");
    const [lib] = await db().select().from(productTemplates).limit(1);
    const other = await companyIdOf("鹏达汽配");
    const ids = await importProductBatch(ctx, {
      data: [
        { basicInfo: { mainOE: "BATCH-0001", name: "批量甲", companyId: other }, productTemplateLibId: lib!.id },
        { basicInfo: { mainOE: "BATCH-0002", name: "批量乙" } },
      ],
    });
    expect(ids).toHaveLength(2);
    const rows = await db().select().from(products).where(eq(products.id, ids[0]!));
    expect(rows[0]).toMatchObject({ companyId: ctx.companyId, productTemplateLibId: lib!.id, oeNorm: "BATCH0001" });
  });

  it("creates nothing when one product is refused, and says which", async () => {
    const { ctx } = await ctxOf("boss1");
    const before = (await db().select({ id: products.id }).from(products).where(eq(products.companyId, ctx.companyId))).length;
    await expect(
      importProductBatch(ctx, { data: [{ basicInfo: { mainOE: "BATCH-0101", name: "批量丙" } }, { basicInfo: { mainOE: "batch 0101", name: "重复" } }] }),
    ).rejects.toMatchObject({ code: "conflict", message: "第 2 个产品：产品编码不能重复" });
    await expect(importProductBatch(ctx, { data: [] })).rejects.toMatchObject({ code: "bad_request" });
    await expect(importProductBatch(ctx, { data: [{ basicInfo: { mainOE: "", name: "无编码" } }] })).rejects.toMatchObject({
      message: "第 1 个产品：产品编码不能为空",
    });
    const after = (await db().select({ id: products.id }).from(products).where(eq(products.companyId, ctx.companyId))).length;
    expect(after).toBe(before);
  });
});
