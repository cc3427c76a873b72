import { inArray } from "drizzle-orm";
import { orErrorPage, requirePage } from "../auth/guard";
import { db } from "../db/client";
import { areaBrowse, cityChoices } from "../reference/admin-area.service";
import { adminAreas } from "../reference/reference.tables";
import type { Lookups } from "../resource/page";

/** 行政区域 (XTGL-020): the read-only page /system/basic/adminArea. */
export const ADMIN_AREA_PAGE = "/system/basic/adminArea";

/** The page's URL of a place in the tree (the area found is marked by the fragment). */
function adminAreaHref(to: { province?: string | null; city?: string | null; keyword?: string; mark?: string }) {
  const params = new URLSearchParams();
  if (to.province) params.set("province", to.province);
  if (to.city) params.set("city", to.city);
  if (to.keyword) params.set("keyword", to.keyword);
  const qs = params.toString();
  return `${ADMIN_AREA_PAGE}${qs ? `?${qs}` : ""}${to.mark ? `#area-${to.mark}` : ""}`;
}

/**
 * The page's loader: the tree as the URL opens it (?province=&city=) and the keyword's matches,
 * each with the link to its place in the tree. A code that is not a province, or not a city of
 * that province, is the shell's 404 page.
 */
export async function adminAreaPage(request: Request) {
  await requirePage(request, ADMIN_AREA_PAGE);
  const view = await orErrorPage(areaBrowse(new URL(request.url).searchParams));
  // A district's province is its city's parent: one query for the cities of the districts found.
  const cityCodes = [...new Set(view.found.filter((a) => a.level === 3 && a.parentCode).map((a) => a.parentCode!))];
  const cityParents = new Map(
    cityCodes.length
      ? (await db().select({ code: adminAreas.code, parentCode: adminAreas.parentCode }).from(adminAreas).where(inArray(adminAreas.code, cityCodes))).map(
          (r) => [r.code, r.parentCode],
        )
      : [],
  );
  const keyword = view.keyword;
  const found = view.found.map((a) => {
    const href =
      a.level === 1
        ? adminAreaHref({ province: a.code, keyword, mark: a.code })
        : a.level === 2
          ? adminAreaHref({ province: a.parentCode, city: a.code, keyword, mark: a.code })
          : adminAreaHref({ province: cityParents.get(a.parentCode ?? ""), city: a.parentCode, keyword, mark: a.code });
    return { ...a, href };
  });
  return {
    ...view,
    provinces: view.provinces.map((p) => ({ ...p, href: adminAreaHref({ province: p.code, keyword }) })),
    cities: view.cities.map((c) => ({ ...c, href: adminAreaHref({ province: c.parentCode, city: c.code, keyword }) })),
    /** Where 全国 and the province in the breadcrumb lead (keeping the search). */
    topHref: adminAreaHref({ keyword }),
    provinceHref: view.province ? adminAreaHref({ province: view.province.code, keyword }) : null,
    found,
  };
}

/**
 * The address forms' suggestions (公司地址: 省份, 城市): the provinces and the cities of 行政区域
 * (a datalist: any other text is still accepted). A municipality's "市辖区" is the city itself.
 */
export async function areaNameSuggestions(): Promise<Lookups> {
  const rows = await db()
    .select({ code: adminAreas.code, name: adminAreas.name, level: adminAreas.level, parentCode: adminAreas.parentCode })
    .from(adminAreas)
    .where(inArray(adminAreas.level, [1, 2]))
    .orderBy(adminAreas.code);
  const provinces = rows.filter((r) => r.level === 1);
  const provinceName = new Map(provinces.map((p) => [p.code, p.name]));
  const cities = new Set<string>();
  for (const r of rows) {
    if (r.level !== 2) continue;
    if (r.name === "市辖区") cities.add(provinceName.get(r.parentCode ?? "") ?? r.name);
    else if (!r.name.endsWith("直辖县级行政区划")) cities.add(r.name);
  }
  const options = (names: Iterable<string>) => [...names].map((label, i) => ({ value: i + 1, label }));
  return { province: options(provinces.map((p) => p.name)), city: options(cities) };
}

/** The partner form's 所在城市: every city as "广东省 广州市" (a municipality by its own name), valued by its code. */
export async function cityOptions(): Promise<Lookups> {
  const rows = await cityChoices();
  return { city: rows.map((c) => ({ value: Number(c.code), label: c.name === "市辖区" ? c.province : `${c.province} ${c.name}` })) };
}
