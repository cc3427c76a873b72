import { and, count, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { parseListQuery } from "../lib/list-query";
import { createRow } from "../lib/resource";
import { listFromParams, listRows, listSpecOf } from "../lib/list-read";
import { departments, employees, enterpriseRelations, positions } from "../organization/organization.tables";
import { productBrands } from "../product/brand.tables";
import { oeNumbers, productCategories } from "../product/catalog.tables";
import { normalizeOE, splitOEs } from "../product/oe";
import { productResource, productTemplateResource } from "../product/product.resources";
import { productOes, products, productTemplates, tableRowCounts } from "../product/product.tables";
import { getGlobalSetting } from "../setting/setting.service";
import { companies } from "../kernel/identity.tables";
import { companyIdOf, ctxOf, useTestDatabase } from "../test/test-db";
import { vehicleMakes, vehicleModels, vehicles } from "../vehicle/vehicle.tables";
import { db } from "../db/client";
import { seedMasterData } from "./seed-master";

// @postgres: the demo seed as `DATABASE_URL=postgres://… npm run dev` runs it (runs again on PostgreSQL: scripts/test-support.mjs)

type Product = typeof products.$inferSelect;
const q = (s: string) => parseListQuery(new URLSearchParams(s), listSpecOf(productResource));
const listProducts = (ctx: Ctx, s: string) => listRows<Product>(productResource, ctx, q(s));

describe("demo master data", () => {
  useTestDatabase();

  it("has a two-level category tree whose children hang under a top-level category", async () => {
    const parent = alias(productCategories, "parent");
    const children = await db()
      .select({ name: productCategories.name, level: productCategories.level, parentName: parent.name, parentLevel: parent.level })
      .from(productCategories)
      .leftJoin(parent, eq(parent.id, productCategories.parentId))
      .where(eq(productCategories.level, 1));
    expect(children.length).toBeGreaterThanOrEqual(25);
    for (const c of children) expect(c.parentLevel).toBe(0);
    expect(children).toContainEqual(expect.objectContaining({ name: "机油滤清器", parentName: "滤清器" }));
    expect(children).toContainEqual(expect.objectContaining({ name: "刹车片", parentName: "制动系统" }));
    const tops = await db().select().from(productCategories).where(eq(productCategories.level, 0));
    expect(tops.every((t) => t.parentId === null)).toBe(true);
    expect(tops.map((t) => t.name)).toEqual(expect.arrayContaining(["滤清器", "制动系统", "点火系统", "发动机", "悬挂", "电气", "车身", "其他"]));

    // Every product sits in a child of its own top-level category.
    const c1 = alias(productCategories, "c1");
    const [{ misfiled }] = (await db()
      .select({ misfiled: count() })
      .from(products)
      .innerJoin(c1, eq(c1.id, products.categoryLevel1Id))
      .where(sql`${c1.parentId} is distinct from ${products.categoryLevel0Id}`)) as [{ misfiled: number }];
    expect(Number(misfiled)).toBe(0);
  });

  it("shows each demo company its own products only", async () => {
    const { ctx: suitong } = await ctxOf("sales1");
    const { ctx: pengda } = await ctxOf("sales2");
    const a = await listProducts(suitong, "size=200");
    const b = await listProducts(pengda, "size=200");
    expect(a.totalCount).toBe(400);
    expect(b.totalCount).toBe(150);
    expect(a.items.every((p) => p.companyId === suitong.companyId)).toBe(true);
    expect(b.items.every((p) => p.companyId === pengda.companyId)).toBe(true);

    // A code only 鹏达 stocks is not found by 穗通.
    const codesA = new Set((await db().select({ n: products.oeNorm }).from(products).where(eq(products.companyId, suitong.companyId))).map((r) => r.n));
    const onlyB = b.items.find((p) => !codesA.has(p.oeNorm))!;
    expect((await listProducts(pengda, `q=${encodeURIComponent(onlyB.mainOE)}`)).items.map((p) => p.id)).toContain(onlyB.id);
    expect((await listProducts(suitong, `q=${encodeURIComponent(onlyB.mainOE)}`)).items.map((p) => p.id)).not.toContain(onlyB.id);

    // Prices are set, and nothing is sold below its cost.
    const [{ bad }] = (await db()
      .select({ bad: count() })
      .from(products)
      .where(sql`${products.priceSale} is null or ${products.priceCost} is null or ${products.priceCost} >= ${products.priceSale}`)) as [{ bad: number }];
    expect(Number(bad)).toBe(0);
  });

  it("finds a product by any spelling of one of its replacement OEs", async () => {
    const { ctx } = await ctxOf("buyer1");
    const [p] = await db()
      .select()
      .from(products)
      .where(and(eq(products.companyId, ctx.companyId), sql`${products.replaceOE} like '%|%'`))
      .limit(1);
    expect(p).toBeDefined();
    const second = splitOEs(p!.replaceOE)[1]!;
    const rows = await db()
      .select({ productId: productOes.productId })
      .from(productOes)
      .where(and(eq(productOes.companyId, ctx.companyId), eq(productOes.oeNorm, normalizeOE(second))));
    expect(rows.map((r) => r.productId)).toContain(p!.id);
    const spelled = normalizeOE(second).toLowerCase().split("").join(" ");
    expect((await listProducts(ctx, `q=${encodeURIComponent(spelled)}`)).items.map((x) => x.id)).toContain(p!.id);

    // Every product is found by its own code.
    const [{ missing }] = (await db()
      .select({ missing: count() })
      .from(products)
      .where(sql`not exists (select 1 from ${productOes} o where o.product_id = ${products.id} and o.oe_norm = ${products.oeNorm} and o.kind = 0)`)) as [
      { missing: number },
    ];
    expect(Number(missing)).toBe(0);
  });

  it("keeps the row counters equal to the real counts", async () => {
    for (const name of ["穗通汽配", "鹏达汽配"]) {
      const companyId = await companyIdOf(name);
      const [{ n }] = (await db().select({ n: count() }).from(products).where(eq(products.companyId, companyId))) as [{ n: number }];
      const [counter] = await db()
        .select({ n: tableRowCounts.n })
        .from(tableRowCounts)
        .where(and(eq(tableRowCounts.tableName, "products"), eq(tableRowCounts.companyId, companyId)));
      expect(counter?.n).toBe(Number(n));
    }
    const [{ t }] = (await db().select({ t: count() }).from(productTemplates)) as [{ t: number }];
    expect(Number(t)).toBe(300);
    const [tc] = await db().select({ n: tableRowCounts.n }).from(tableRowCounts).where(eq(tableRowCounts.tableName, "product_templates"));
    expect(tc?.n).toBe(300);
  });

  it("links some products to the public library and fills the OE dictionary and vehicles", async () => {
    const companyId = await companyIdOf("穗通汽配");
    const linked = await db()
      .select({ code: products.oeNorm, libCode: productTemplates.oeNorm })
      .from(products)
      .innerJoin(productTemplates, eq(productTemplates.id, products.productTemplateLibId))
      .where(eq(products.companyId, companyId));
    expect(linked.length).toBeGreaterThan(50);
    expect(linked.every((r) => r.code === r.libCode)).toBe(true);

    const oes = await db().select().from(oeNumbers);
    expect(oes.length).toBe(100);
    expect(oes.every((o) => o.oeNorm === normalizeOE(o.oe) && o.makeId !== null)).toBe(true);

    const sagitar = await db()
      .select({ name: vehicles.name, engine: vehicles.engine })
      .from(vehicles)
      .innerJoin(vehicleModels, eq(vehicleModels.id, vehicles.modelId))
      .innerJoin(vehicleMakes, eq(vehicleMakes.id, vehicleModels.makeId))
      .where(and(eq(vehicleMakes.name, "大众"), eq(vehicleModels.name, "速腾")));
    expect(sagitar).toContainEqual({ name: "速腾 2019款 1.4T 自动", engine: "EA211" });
  });

  it("gives each demo company staff, partners and a platform partner of its own", async () => {
    for (const [name, other] of [
      ["穗通汽配", "鹏达汽配"],
      ["鹏达汽配", "穗通汽配"],
    ] as const) {
      const companyId = await companyIdOf(name);
      const staff = await db()
        .select({ code: employees.code, deptCompany: departments.companyId, posCompany: positions.companyId })
        .from(employees)
        .innerJoin(departments, eq(departments.id, employees.departmentId))
        .innerJoin(positions, eq(positions.id, employees.positionId))
        .where(eq(employees.companyId, companyId));
      expect(staff.length).toBe(8);
      expect(staff.every((e) => e.deptCompany === companyId && e.posCompany === companyId)).toBe(true);
      expect(staff.map((e) => e.code)).toContain("E001");

      const partners = await db()
        .select({ rel: enterpriseRelations.rel, tarCompanyId: enterpriseRelations.tarCompanyId, salesmanCompany: employees.companyId })
        .from(enterpriseRelations)
        .innerJoin(employees, eq(employees.id, enterpriseRelations.salesmanId))
        .where(eq(enterpriseRelations.companyId, companyId));
      expect(partners.filter((p) => p.rel === 1).length).toBeGreaterThanOrEqual(15);
      expect(partners.filter((p) => p.rel === 0).length).toBeGreaterThanOrEqual(10);
      expect(partners.every((p) => p.salesmanCompany === companyId)).toBe(true);
      expect(partners.map((p) => p.tarCompanyId)).toContain(await companyIdOf(other));

      const [company] = await db().select().from(companies).where(eq(companies.id, companyId));
      expect(company!.taxNumber).toMatch(/^[0-9A-Z]{15,20}$/);
      expect(company!.address).toBeTruthy();
    }
  });

  it("files a 机汽人 product saved without a category under 其他 / 其他配件", async () => {
    const setting = (await getGlobalSetting("JiQiRenDefaultCategory")) as { level0Id: number; level1Id: number };
    const named = await db()
      .select({ id: productCategories.id, name: productCategories.name })
      .from(productCategories)
      .where(inArray(productCategories.id, [setting.level0Id, setting.level1Id]));
    expect(Object.fromEntries(named.map((c) => [c.id, c.name]))).toEqual({ [setting.level0Id]: "其他", [setting.level1Id]: "其他配件" });

    const { ctx } = await ctxOf("boss1");
    const [brand] = await db().select({ id: productBrands.id }).from(productBrands).where(eq(productBrands.name, "机汽人"));
    const made = await createRow<Product>(productResource, ctx, { mainOE: "JQR-TEST-0001", name: "车门限位器", brandId: String(brand!.id) });
    expect(made).toMatchObject({ categoryLevel0Id: setting.level0Id, categoryLevel1Id: setting.level1Id });
  });

  it("does nothing when run a second time", async () => {
    const before = await db().select({ n: count() }).from(products);
    expect(await seedMasterData(db())).toBe(false);
    expect(await db().select({ n: count() }).from(products)).toEqual(before);
  });
});

describe("library search by any code", () => {
  useTestDatabase();

  it("finds a library product by a replacement OE in any spelling", async () => {
    const { ctx } = await ctxOf("boss1");
    const [lib] = await db()
      .select()
      .from(productTemplates)
      .where(sql`${productTemplates.replaceOE} is not null`)
      .limit(1);
    const replacement = lib!.replaceOE!.split("|")[0]!;
    const spelled = /\d/.test(replacement) ? replacement.toLowerCase().split("").join(" ") : replacement;
    const found = await listFromParams<{ id: number }>(productTemplateResource, ctx, new URLSearchParams({ q: spelled }));
    expect(found.items.map((r) => r.id)).toContain(lib!.id);
  });
});
