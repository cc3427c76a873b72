import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { rows } from "../db/migrate";
import { apiCollection } from "../resource/api";
import { listFromParams } from "../lib/list-read";
import { createRow } from "../lib/resource";
import { plansWithOnly } from "../test/plans";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { brandResource, oeNumberResource } from "./catalog.resources";
import { codeLikePattern } from "./oe";
import { productResource, productTemplateResource } from "./product.resources";
import { mCodeNormOf, products } from "./product.tables";
import { pickProducts } from "../trade/line-pick.service";
import "../master-data/registry"; // the resource kit finds resources through it

// @postgres: pg_trgm indexes of the server's own extension (runs again on PostgreSQL: scripts/test-support.mjs)

/**
 * Issue 7 item 20: the keyword finds a code by any part of it (`905 320` finds `06J 905 320R`)
 * through a trigram index, and finds products by their brand's name or code. Runs on PGlite
 * and, with TEST_DATABASE_URL, on PostgreSQL.
 */
describe("product search", () => {
  useTestDatabase();
  let boss1: Ctx;
  let admin: Ctx;
  let token = "";
  const tag = Date.now().toString(36).toUpperCase().slice(-5);
  const ids = async (def: typeof productResource, ctx: Ctx, q: string) =>
    (await listFromParams<{ id: number }>(def, ctx, new URLSearchParams({ q, size: "200" }))).items.map((r) => r.id);
  beforeAll(async () => {
    ({ ctx: boss1, token } = await ctxOf("boss1"));
    ({ ctx: admin } = await ctxOf("admin"));
  });

  it("finds a product by any part of its code, standard OE or replacement OE", async () => {
    const p = await createRow<{ id: number }>(productResource, boss1, {
      mainOE: `06J 905 320R${tag}`,
      name: "点火线圈",
      replaceOE: `1K0 698 151A${tag}`,
      defaultStdOE: `5Q0 615 301${tag}`,
    });
    for (const q of ["905 320", "905320", "905-320", "j905320r", "320R", `698 151A${tag}`, `615301${tag}`]) {
      expect(await ids(productResource, boss1, q), q).toContain(p.id);
    }
    // The JSON API answers the same search.
    const url = `http://localhost/api/app/product?${new URLSearchParams({ filter: "905 320", maxResultCount: "200" })}`;
    const res = await apiCollection(new Request(url, { headers: { Authorization: `Bearer ${token}` } }), "product");
    expect(res.status).toBe(200);
    expect(((await res.json()) as { items: { id: number }[] }).items.map((r) => r.id)).toContain(p.id);
    // The oe filter too.
    const byFilter = await listFromParams<{ id: number }>(productResource, boss1, new URLSearchParams({ oe: "905 320", size: "200" }));
    expect(byFilter.items.map((r) => r.id)).toContain(p.id);
    // Another company's product is never found.
    const { ctx: boss2 } = await ctxOf("boss2");
    expect(await ids(productResource, boss2, "905 320")).not.toContain(p.id);
  });

  it("looks inside codes from three characters on; shorter keywords match the code's start", async () => {
    const p = await createRow<{ id: number }>(productResource, boss1, { mainOE: `QZ${tag}7Y`, name: "空调滤清器" });
    expect(codeLikePattern("7Y")).toBe("7Y%");
    expect(codeLikePattern("9 05-3")).toBe("%9053%");
    expect(await ids(productResource, boss1, `${tag.slice(-2)}7Y`)).toContain(p.id);
    expect(await ids(productResource, boss1, `QZ`)).toContain(p.id);
  });

  it("finds the public library's products and the OE dictionary's numbers by any part too", async () => {
    const t = await createRow<{ id: number }>(productTemplateResource, admin, { mainOE: `8K0 407 151${tag}`, name: "下摆臂" });
    expect(await ids(productTemplateResource as typeof productResource, admin, "407 151")).toContain(t.id);
    const oe = await createRow<{ id: number }>(oeNumberResource, admin, { oe: `4F0 698 451${tag}`, name: "刹车片" });
    expect(await ids(oeNumberResource as unknown as typeof productResource, admin, "698 451")).toContain(oe.id);
  });

  it("finds products by their brand's name or code", async () => {
    // (Each test file has a database of its own: these names are unique there.)
    const brand = await createRow<{ id: number }>(brandResource, admin, { name: "测试刹车品牌", code: "TBRAKE" });
    const p = await createRow<{ id: number }>(productResource, boss1, { mainOE: "BR-1001", name: "机油滤清器", brandId: brand.id });
    const other = await createRow<{ id: number }>(productResource, boss1, { mainOE: "BX-1002", name: "机油滤清器" });
    for (const q of ["测试刹车品牌", "刹车品牌", "tbrake"]) {
      const found = await ids(productResource, boss1, q);
      expect(found, q).toContain(p.id);
      expect(found, q).not.toContain(other.id);
    }
    // A real demo brand: every product of 曼牌 is found by the brand's name.
    const mann = await listFromParams<{ brandName: string }>(productResource, boss1, new URLSearchParams({ q: "曼牌", size: "50" }));
    expect(mann.totalCount).toBeGreaterThan(0);
    expect(mann.items.some((r) => r.brandName === "曼牌")).toBe(true);
  });

  it("matches every word of a search across brand, name, any code and 适用车型 (issue 20 item 11)", async () => {
    const brand = await createRow<{ id: number }>(brandResource, admin, { name: `词搜品牌${tag}`, code: `WS${tag}` });
    const oil = await createRow<{ id: number }>(productResource, boss1, {
      mainOE: `WA-${tag}-01`,
      name: "机油滤清器",
      brandId: brand.id,
      vehicles: "大众 宝来 2008-2018",
    });
    const air = await createRow<{ id: number }>(productResource, boss1, {
      mainOE: `WB 7781 ${tag}`,
      name: "空气滤清器",
      brandId: brand.id,
      vehicles: "大众 迈腾 2017-",
    });
    const other = await createRow<{ id: number }>(productResource, boss1, { mainOE: `WC-${tag}-03`, name: "机油滤清器", vehicles: "大众 宝来 2019-" });
    const mine = [oil.id, air.id, other.id];
    const found = async (q: string) => (await ids(productResource, boss1, q)).filter((id) => mine.includes(id)).sort((a, b) => a - b);
    const sorted = (...xs: number[]) => [...xs].sort((a, b) => a - b);
    expect(await found(`词搜品牌${tag} 机油`)).toEqual([oil.id]);
    expect(await found("宝来")).toEqual(sorted(oil.id, other.id));
    expect(await found("宝来 机油")).toEqual(sorted(oil.id, other.id));
    expect(await found(`词搜品牌${tag} 宝来`)).toEqual([oil.id]);
    expect(await found(`7781${tag} 迈腾`)).toEqual([air.id]);
    expect(await found(`词搜品牌${tag}\u3000空气`)).toEqual([air.id]);
    expect(await found(`ws${tag} 机油 宝来 2008`)).toEqual([oil.id]);
    expect(await found(`词搜品牌${tag} 刹车`)).toEqual([]);
    // A code written with spaces is still one code.
    expect(await found(`WB 7781 ${tag.toLowerCase()}`)).toEqual([air.id]);
    // The line picker of every document searches the same way.
    const picked = await pickProducts(boss1, { keyword: `词搜品牌${tag} 宝来` });
    expect(picked.map((p) => p.productId)).toEqual([oil.id]);
    // Another company finds none of them.
    const { ctx: boss2 } = await ctxOf("boss2");
    expect((await ids(productResource, boss2, "宝来 机油")).filter((id) => mine.includes(id))).toEqual([]);
  });

  it("finds a product by its barcode in any spelling, exactly (a part of it finds nothing)", async () => {
    const barcode = `69${String(Date.now()).slice(-11)}`;
    const p = await createRow<{ id: number }>(productResource, boss1, { mainOE: `BC${tag}`, name: "刹车片", mCode: barcode });
    for (const q of [barcode, `${barcode.slice(0, 1)} ${barcode.slice(1, 7)}-${barcode.slice(7)}`]) {
      expect(await ids(productResource, boss1, q), q).toEqual([p.id]);
    }
    expect((await listFromParams<{ id: number }>(productResource, boss1, new URLSearchParams({ oe: barcode }))).items.map((r) => r.id)).toEqual([p.id]);
    expect(await ids(productResource, boss1, barcode.slice(0, 9))).not.toContain(p.id);
    const { ctx: boss2 } = await ctxOf("boss2");
    expect(await ids(productResource, boss2, barcode)).toEqual([]);
  });

  it("answers infix code searches from the trigram indexes, and barcodes from theirs", async () => {
    // Without a trigram index, nothing can answer LIKE '%…%' but a scan (server/test/plans.ts).
    const [productOesPlan, templateOesPlan, oeNumbersPlan, productsPlan] = await plansWithOnly([
      [
        "product_oes",
        "%trgm%",
        sql`explain select product_id from product_oes where company_id = ${boss1.companyId} and oe_norm like ${codeLikePattern("905 320")}`,
      ],
      ["product_template_oes", "%trgm%", sql`explain select template_id from product_template_oes where oe_norm like ${codeLikePattern("407 151")}`],
      ["oe_numbers", "%trgm%", sql`explain select id from oe_numbers where oe_norm like ${codeLikePattern("698 451")}`],
      [
        "products",
        "%m_code%",
        sql`explain select id from products where company_id = ${boss1.companyId} and ${mCodeNormOf(products.mCode)} = ${"6901234567892"}`,
      ],
    ]);
    expect(productsPlan).toMatch(/Scan (using|on) products_company_m_code_norm_idx/);
    expect(productOesPlan).toContain("Bitmap Index Scan on product_oes_norm_trgm_idx");
    expect(templateOesPlan).toContain("Bitmap Index Scan on product_template_oes_norm_trgm_idx");
    expect(oeNumbersPlan).toContain("Bitmap Index Scan on oe_numbers_norm_trgm_idx");
    // The indexes dropped above are back.
    const [idx] = rows<{ n: number }>(await db().execute(sql`select count(*)::int as n from pg_indexes where tablename = 'product_oes'`));
    expect(idx!.n).toBeGreaterThanOrEqual(3);
  });
});
