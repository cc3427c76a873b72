import { describe, expect, it } from "vitest";
import { createRow, updateRow } from "../lib/resource";
import { listFromParams } from "../lib/list-read";
import { departmentResource } from "../organization/organization.resources";
import { categoryResource } from "../product/catalog.resources";
import { productResource } from "../product/product.resources";
import { vehicleMakeResource, vehicleMfrResource, vehicleModelResource } from "../product/vehicle.resources";
import { ctxOf, useTestDatabase } from "../test/test-db";

/** Changes that would leave master data pointing at the wrong thing are refused. */
type Row = Record<string, any>;

describe("master data integrity", () => {
  useTestDatabase();

  it("refuses a department loop (A under B under A)", async () => {
    const { ctx } = await ctxOf("boss1");
    const a = await createRow<Row>(departmentResource, ctx, { name: "环测甲" });
    const b = await createRow<Row>(departmentResource, ctx, { name: "环测乙", parentId: a.id });
    const c = await createRow<Row>(departmentResource, ctx, { name: "环测丙", parentId: b.id });
    await expect(updateRow(departmentResource, ctx, a.id, { name: "环测甲", parentId: c.id })).rejects.toMatchObject({
      code: "bad_request",
      fields: { parentId: ["上级部门不能是自己或自己的下级部门"] },
    });
    await expect(updateRow(departmentResource, ctx, a.id, { name: "环测甲", parentId: a.id })).rejects.toMatchObject({ code: "bad_request" });
  });

  it("refuses to move a category to the other level while products use it at its level", async () => {
    const { ctx: admin } = await ctxOf("admin");
    const { ctx: boss } = await ctxOf("boss1");
    const top = await createRow<Row>(categoryResource, admin, { name: "层测一级" });
    const other = await createRow<Row>(categoryResource, admin, { name: "层测另一级" });
    const leaf = await createRow<Row>(categoryResource, admin, { name: "层测二级", parentId: top.id });
    await createRow(productResource, boss, { mainOE: "CAT-LEVEL-1", name: "层测产品", categoryLevel1Id: leaf.id });
    await expect(updateRow(categoryResource, admin, top.id, { name: "层测一级", parentId: other.id })).rejects.toMatchObject({ code: "bad_request" });
    await expect(updateRow(categoryResource, admin, leaf.id, { name: "层测二级", parentId: null })).rejects.toMatchObject({
      fields: { parentId: ["该分类已被产品用作二级分类，必须选择上级分类"] },
    });
  });

  it("refuses to move a manufacturer with models to another make", async () => {
    const { ctx: admin } = await ctxOf("admin");
    const make1 = await createRow<Row>(vehicleMakeResource, admin, { name: "厂测品牌一" });
    const make2 = await createRow<Row>(vehicleMakeResource, admin, { name: "厂测品牌二" });
    const mfr = await createRow<Row>(vehicleMfrResource, admin, { name: "厂测厂商", makeId: make1.id });
    await createRow(vehicleModelResource, admin, { name: "厂测车型", makeId: make1.id, mfrId: mfr.id });
    await expect(updateRow(vehicleMfrResource, admin, mfr.id, { name: "厂测厂商", makeId: make2.id })).rejects.toMatchObject({
      fields: { makeId: ["该厂商下已有车型，不能改为其他汽车品牌"] },
    });
    expect(await updateRow<Row>(vehicleMfrResource, admin, mfr.id, { name: "厂测厂商改", makeId: make1.id })).toMatchObject({ name: "厂测厂商改" });
  });
});

describe("product search box", () => {
  useTestDatabase();

  it("finds names with digits and codes without digits, not only codes", async () => {
    const { ctx } = await ctxOf("boss1");
    const a = await createRow<Row>(productResource, ctx, { mainOE: "XQ-TEST-77", name: "测试机油滤清器K3X9" });
    const b = await createRow<Row>(productResource, ctx, { mainOE: "HU ABCDEF z", name: "无数字编码产品" });
    const find = async (q: string) => (await listFromParams<Row>(productResource, ctx, new URLSearchParams({ q }))).items.map((r) => r.id);
    expect(await find("测试机油滤清器K3X9")).toEqual([a.id]);
    expect(await find("hu-abcdef")).toContain(b.id);
    expect(await find("xq test 77")).toEqual([a.id]);
  });
});

describe("category list", () => {
  useTestDatabase();

  it("lists categories as the tree: each first level followed by its children, by sort order", async () => {
    const { ctx } = await ctxOf("admin");
    const rows = (await listFromParams<Row>(categoryResource, ctx, new URLSearchParams("size=800"))).items;
    let currentParent: number | null = null;
    let lastTop = -1;
    for (const r of rows) {
      if (r.level === 0) {
        expect(r.sortOrder).toBeGreaterThanOrEqual(lastTop);
        lastTop = r.sortOrder;
        currentParent = r.id;
        expect(r.treeName).toBe(r.name);
      } else {
        expect(r.parentId).toBe(currentParent);
        expect(r.treeName).toBe(`└ ${r.name}`);
      }
    }
    expect(rows.some((r) => r.level === 1)).toBe(true);
  });
});
