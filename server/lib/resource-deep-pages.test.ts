import { and, desc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../db/client";
import { createRow, deleteRow } from "./resource";
import { listFromParams } from "./list-read";
import { productResource } from "../product/product.resources";
import { products } from "../product/product.tables";
import { ctxOf, useTestDatabase } from "../test/test-db";

/**
 * Deep pages of a big list seek to cached page anchors; whatever the cache holds, a page must
 * show exactly the rows a plain OFFSET would, also right after rows are added or removed.
 */
describe("deep pages of a big list", () => {
  useTestDatabase();

  async function naive(companyId: number, offset: number, take: number) {
    const rows = await db()
      .select({ id: products.id })
      .from(products)
      .where(eq(products.companyId, companyId))
      .orderBy(desc(products.id))
      .limit(take)
      .offset(offset);
    return rows.map((r) => r.id);
  }

  it("shows the same rows as OFFSET on every page, before and after inserts and deletes", async () => {
    const { ctx } = await ctxOf("boss1");
    await db().execute(sql`
      insert into products (company_id, main_oe, oe_norm, name)
      select ${ctx.companyId}, 'DEEP-' || g, 'DEEP' || g, '深页测试' || g from generate_series(1, 12000) g`);
    const page = async (n: number, size = 50) =>
      (await listFromParams<{ id: number }>(productResource, ctx, new URLSearchParams(`size=${size}&page=${n}`))).items.map((r) => r.id);
    const total = (await listFromParams(productResource, ctx, new URLSearchParams("size=50"))).totalCount;
    const [real] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(eq(products.companyId, ctx.companyId));
    expect(total).toBe(real!.n);

    for (const n of [1, 2, 99, 100, 101, 150, 201, 240, Math.ceil(total / 50)]) {
      expect(await page(n), `page ${n}`).toEqual(await naive(ctx.companyId, (n - 1) * 50, 50));
    }
    // A new row moves every row one place down; the anchors must not be reused.
    const made = await createRow<{ id: number }>(productResource, ctx, { mainOE: "DEEP-NEW-1", name: "深页新增" });
    expect(await page(101)).toEqual(await naive(ctx.companyId, 5000, 50));
    expect((await page(1))[0]).toBe(made.id);
    await deleteRow(productResource, ctx, made.id);
    await db()
      .delete(products)
      .where(and(eq(products.companyId, ctx.companyId), eq(products.oeNorm, "DEEP7000")));
    expect(await page(101)).toEqual(await naive(ctx.companyId, 5000, 50));
    expect(await page(201, 50)).toEqual(await naive(ctx.companyId, 10000, 50));
    expect(await page(26, 400)).toEqual(await naive(ctx.companyId, 10000, 400));
  });
});
