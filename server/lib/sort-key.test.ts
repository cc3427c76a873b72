import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Ctx } from "./context";
import { db } from "../db/client";
import * as schema from "../schema";
import { apiCollection } from "../resource/api";
import { addressResource, partnerResource } from "../organization/organization.resources";
import { enterpriseRelations } from "../organization/organization.tables";
import { brandResource } from "../product/catalog.resources";
import { productResource } from "../product/product.resources";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { listFromParams } from "./list-read";
import { createRow, getRow, updateRow } from "./resource";
import { fillSortKeys, pinyinSortKey } from "./sort-key";
import "../master-data/registry"; // the resource kit finds resources through it

// @postgres: pinyin sort keys under the server's collation (runs again on PostgreSQL: scripts/test-support.mjs)

/**
 * Chinese text sorts by pinyin (issue 7 item 18) on PGlite and, with TEST_DATABASE_URL, on
 * PostgreSQL: the same suite runs on both. By code point 上 (U+4E0A) comes before 东 (U+4E1C)
 * and 广 (U+5E7F); by pinyin 东莞 (dong) < 广州 (guang) < 上海 (shang).
 */
describe("pinyin sort keys", () => {
  it("orders Chinese by pinyin, polyphones in context, ASCII only", () => {
    const names = ["上海", "广州", "东莞", "北京", "重庆", "长沙", "安徽", "昂昂溪", "Audi", "奥迪"];
    const sorted = [...names].sort((a, b) => (pinyinSortKey(a)! < pinyinSortKey(b)! ? -1 : 1));
    expect(sorted).toEqual(["安徽", "昂昂溪", "奥迪", "Audi", "北京", "长沙", "重庆", "东莞", "广州", "上海"]);
    for (const n of names) expect(pinyinSortKey(n)).toMatch(/^[\x20-\x7e]*$/);
    expect(pinyinSortKey("ＡＢＣ")).toBe("abc");
    expect(pinyinSortKey(null)).toBeNull();
  });

  describe("lists", () => {
    useTestDatabase();
    const tag = `排序${Date.now().toString(36)}`;
    let boss1: Ctx;
    let token = "";

    const names = (rows: { name?: unknown; city?: unknown }[], field: "name" | "city" = "name") => rows.map((r) => String(r[field]).replace(tag, ""));

    it("sorts partners by pinyin through listRows and the JSON API, both directions", async () => {
      ({ ctx: boss1, token } = await ctxOf("boss1"));
      for (const city of ["上海", "广州", "东莞"]) await createRow(partnerResource, boss1, { rel: 1, name: `${city}${tag}` });

      const asc = await listFromParams<{ name: string }>(partnerResource, boss1, new URLSearchParams({ q: tag, sort: "name.asc" }));
      expect(names(asc.items)).toEqual(["东莞", "广州", "上海"]);
      const desc = await listFromParams<{ name: string }>(partnerResource, boss1, new URLSearchParams({ q: tag, sort: "name.desc" }));
      expect(names(desc.items)).toEqual(["上海", "广州", "东莞"]);

      const url = `http://localhost/api/app/enterpriseRelation?${new URLSearchParams({ filter: tag, sorting: "name asc" })}`;
      const res = await apiCollection(new Request(url, { headers: { Authorization: `Bearer ${token}` } }), "enterpriseRelation");
      expect(res.status).toBe(200);
      const body = (await res.json()) as { items: Record<string, unknown>[] };
      expect(names(body.items as { name: string }[])).toEqual(["东莞", "广州", "上海"]);
      // The key orders the list; it is not part of the row.
      expect(body.items[0]).not.toHaveProperty("nameSort");
    });

    it("sorts company addresses by city", async () => {
      for (const city of ["上海", "广州", "东莞"]) {
        await createRow(addressResource, boss1, { contactName: `联系人${tag}`, phone: "13800138000", city, address: `${city}某路 1 号` });
      }
      const asc = await listFromParams<{ city: string }>(addressResource, boss1, new URLSearchParams({ q: `联系人${tag}`, sort: "city.asc" }));
      expect(names(asc.items, "city")).toEqual(["东莞", "广州", "上海"]);
    });

    it("sorts products and platform brands by pinyin", async () => {
      for (const n of ["上海机滤", "广州机滤", "东莞机滤"]) await createRow(productResource, boss1, { mainOE: `PY${pinyinSortKey(n)}`, name: `${n}${tag}` });
      const products = await listFromParams<{ name: string }>(productResource, boss1, new URLSearchParams({ q: tag, sort: "name.asc" }));
      expect(names(products.items)).toEqual(["东莞机滤", "广州机滤", "上海机滤"]);

      const { ctx: admin } = await ctxOf("admin");
      for (const n of ["上海牌", "广州牌", "东莞牌"]) await createRow(brandResource, admin, { name: `${n}${tag}` });
      const brands = await listFromParams<{ name: string }>(brandResource, admin, new URLSearchParams({ q: tag, sort: "name.asc" }));
      expect(names(brands.items)).toEqual(["东莞牌", "广州牌", "上海牌"]);
    });

    it("follows a renamed row, and fills keys that bulk writes left empty", async () => {
      const row = await createRow<{ id: number }>(partnerResource, boss1, { rel: 1, name: `北京${tag}` });
      const sorted = async () =>
        names((await listFromParams<{ name: string }>(partnerResource, boss1, new URLSearchParams({ q: tag, sort: "name.asc" }))).items);
      expect(await sorted()).toEqual(["北京", "东莞", "广州", "上海"]);
      await updateRow(partnerResource, boss1, row.id, { name: `张家口${tag}` });
      expect(await sorted()).toEqual(["东莞", "广州", "上海", "张家口"]);

      // A row written around the resource (seeding, an old row before the column existed).
      await db()
        .update(enterpriseRelations)
        .set({ nameSort: null })
        .where(sql`${enterpriseRelations.name} like ${"%" + tag}`);
      expect(await fillSortKeys(db(), Object.values(schema))).toBeGreaterThanOrEqual(4);
      const [stored] = await db().select({ key: enterpriseRelations.nameSort }).from(enterpriseRelations).where(eq(enterpriseRelations.id, row.id));
      expect(stored!.key).toBe(pinyinSortKey(`张家口${tag}`));
      expect(await sorted()).toEqual(["东莞", "广州", "上海", "张家口"]);
      expect(await getRow(partnerResource, boss1, row.id)).not.toHaveProperty("nameSort");
    });

    it("has every seeded row's key filled at start", async () => {
      for (const table of [schema.products, schema.productTemplates, schema.enterpriseRelations, schema.productBrands]) {
        const [missing] = await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(table)
          .where(sql`${table.nameSort} is null`);
        expect(missing!.n).toBe(0);
      }
    });
  });
});
