import { count, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../db/client";
import { adminAreaRows, seedAdminAreas } from "../seed/seed-areas";
import { useTestDatabase } from "../test/test-db";
import { areaBrowse, areaChildren, areaPath, areaPathNames, regionList, searchAreas } from "./admin-area.service";
import { adminAreas } from "./reference.tables";
import { areaNameSuggestions } from "../system/admin-area.page";

describe("行政区域 (administrative areas)", () => {
  useTestDatabase();

  it("is seeded from the data set: 31 provinces, their cities and districts, with pinyin sort keys", async () => {
    const [{ n }] = (await db().select({ n: count() }).from(adminAreas)) as [{ n: number }];
    expect(Number(n)).toBe(adminAreaRows().length);
    expect(Number(n)).toBeGreaterThan(3000);
    const provinces = await areaChildren(null);
    expect(provinces).toHaveLength(31);
    expect(provinces.every((p) => p.level === 1 && p.hasChildren)).toBe(true);
    const [gz] = await db()
      .select()
      .from(adminAreas)
      .where(sql`${adminAreas.code} = '4401'`);
    expect(gz).toMatchObject({ name: "广州市", level: 2, parentCode: "44", nameSort: "guang3zhou1shi4" });
    // A municipality's 市辖区 reads as the municipality itself.
    expect((await areaChildren("11")).map((c) => c.name)).toEqual(["北京市"]);
  });

  it("seeding again inserts nothing; a missing row comes back", async () => {
    expect(await seedAdminAreas(db())).toBe(0);
    await db()
      .delete(adminAreas)
      .where(sql`${adminAreas.code} = '440106'`);
    expect(await seedAdminAreas(db())).toBe(1);
    expect((await areaPath("440106")).map((a) => a.name)).toEqual(["广东省", "广州市", "天河区"]);
  });

  it("reads the tree: children in code order, hasChildren, the path of a code", async () => {
    const cities = await areaChildren("44");
    expect(cities[0]).toEqual({ code: "4401", name: "广州市", level: 2, parentCode: "44", hasChildren: true });
    expect(cities.map((c) => c.name)).toContain("深圳市");
    const districts = await areaChildren("4401");
    expect(districts.find((d) => d.name === "天河区")).toEqual({ code: "440106", name: "天河区", level: 3, parentCode: "4401", hasChildren: false });
    expect(await areaPath("440106")).toHaveLength(3);
    expect(await areaPath("999999")).toEqual([]);
    const names = await areaPathNames(["440106", "4403", "44", "123456"]);
    expect(Object.fromEntries(names)).toEqual({ "440106": "广东省 / 广州市 / 天河区", "4403": "广东省 / 深圳市", "44": "广东省" });
  });

  it("searches by name at every level, provinces first", async () => {
    const found = await searchAreas("广州");
    expect(found[0]).toMatchObject({ code: "4401", name: "广州市" });
    expect((await searchAreas("天河")).map((a) => a.code)).toContain("440106");
    expect(await searchAreas("%")).toEqual([]);
    expect(await searchAreas("  ")).toEqual([]);
  });

  it("answers GET /api/app/region's query: parentCode, keyword, Chinese refusals", async () => {
    expect((await regionList({})).totalCount).toBe(31);
    const gd = await regionList({ parentCode: "44", keyword: "州" });
    expect(gd.items.map((c) => c.name)).toEqual(expect.arrayContaining(["广州市", "惠州市", "潮州市"]));
    expect(gd.items.every((c) => c.parentCode === "44")).toBe(true);
    expect((await regionList({ keyword: "天河区" })).items[0]).toMatchObject({ code: "440106" });
    await expect(regionList({ parentCode: "99" })).rejects.toMatchObject({ code: "not_found", message: "行政区域不存在" });
    await expect(regionList({ parentCode: "abc" })).rejects.toMatchObject({ code: "bad_request", message: "区域编码只能是 2–12 位数字" });
    await expect(regionList({ keyword: "很".repeat(21) })).rejects.toMatchObject({ code: "bad_request", message: "关键字不能超过 20 个字" });
  });

  it("browses the page's tree from URL parameters and refuses a city of another province", async () => {
    const view = await areaBrowse(new URLSearchParams("province=44&city=4401"));
    expect(view.province?.name).toBe("广东省");
    expect(view.city?.name).toBe("广州市");
    expect(view.districts.map((d) => d.name)).toContain("天河区");
    await expect(areaBrowse(new URLSearchParams("province=11&city=4401"))).rejects.toMatchObject({ code: "not_found" });
    await expect(areaBrowse(new URLSearchParams("province=4401"))).rejects.toMatchObject({ code: "not_found" });
    await expect(areaBrowse(new URLSearchParams("province=x"))).rejects.toMatchObject({ code: "not_found" });
    const found = await areaBrowse(new URLSearchParams("keyword=天河"));
    expect(found.found.find((a) => a.code === "440106")?.path).toBe("广东省 / 广州市 / 天河区");
  });

  it("the address forms suggest the provinces and cities; a municipality is its own city, placeholders are left out", async () => {
    const { province, city } = await areaNameSuggestions();
    const provinces = province!.map((o) => o.label);
    const cities = city!.map((o) => o.label);
    expect(provinces).toEqual(expect.arrayContaining(["广东省", "北京市", "新疆维吾尔自治区"]));
    expect(cities).toEqual(expect.arrayContaining(["广州市", "佛山市", "北京市", "上海市"]));
    expect(cities).not.toContain("市辖区");
    expect(cities.some((c) => c.endsWith("直辖县级行政区划"))).toBe(false);
    expect(new Set(cities).size).toBe(cities.length);
  });
});
