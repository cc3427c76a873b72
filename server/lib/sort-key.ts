import { getTableColumns, getTableName, is, sql } from "drizzle-orm";
import { PgTable, text } from "drizzle-orm/pg-core";
import { pinyin } from "pinyin-pro";
import { rows as rowsOf } from "./rows";

/**
 * Chinese text sorts by pinyin (issue 7 item 18): 东莞 before 广州 before 上海, on PostgreSQL and
 * PGlite alike. PGlite's ICU has no Chinese tailoring (a `zh` collation sorts by code point
 * there) and a server's collations differ between installations, so the order does not come
 * from a collation: a sorted text column `foo` has a sibling column `fooSort` (SQL `foo_sort`,
 * declared with `sortKeyColumn`) holding its pinyin sort key, written with the row, and lists
 * sort on that column (`sortable: { name: table.nameSort }`). The key is plain ASCII compared
 * byte by byte (the column is `COLLATE "C"`), so every database orders it the same way.
 *
 * The key, per character: a Chinese character is its pinyin syllable with its tone number
 * (东莞 → "dong1guan3"; words read in context: 重庆 → "chong2qing4", 长沙 → "chang2sha1"),
 * anything else lower case (NFKC first, so full-width letters are ordinary ones). The tone
 * digit also ends the syllable, so 安 (an1) sorts before 昂 (ang2) as in a dictionary.
 */
export function pinyinSortKey(textValue: string | null | undefined): string | null {
  if (textValue === null || textValue === undefined) return null;
  const norm = textValue.normalize("NFKC").trim();
  let key = "";
  for (const part of pinyin(norm, { type: "all", toneType: "num", nonZh: "consecutive", v: true })) {
    if (part.isZh && part.pinyin) key += /\d$/.test(part.pinyin) ? part.pinyin : `${part.pinyin}5`;
    else key += part.origin.toLowerCase();
  }
  // Well inside a btree entry whatever the name's length.
  return key.slice(0, 600);
}

/** The sort-key column of a text column: `nameSort: sortKeyColumn("name_sort")` next to `name`. */
export const sortKeyColumn = (name: `${string}_sort`) => text(name);

/** [key property, source property] of each sort-key column of a table (`nameSort` ← `name`). */
export function sortKeysOf(table: PgTable): [key: string, source: string][] {
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  return Object.keys(columns)
    .filter((k) => k.endsWith("Sort") && columns[k]!.name.endsWith("_sort") && Object.hasOwn(columns, k.slice(0, -4)))
    .map((k) => [k, k.slice(0, -4)]);
}

/** Whether a selected field is a sort key (never shown, exported or sent: it is the order, not data). */
export function isSortKeyField(table: PgTable, field: string) {
  return sortKeysOf(table).some(([k]) => k === field);
}

/** The sort keys to store with a row's values: one for each source field the values set. */
export function sortKeyValues(table: PgTable, values: Record<string, unknown>): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const [key, source] of sortKeysOf(table)) {
    if (!Object.hasOwn(values, source)) continue;
    const v = values[source];
    out[key] = typeof v === "string" ? pinyinSortKey(v) : null;
  }
  return out;
}

interface SqlRunner {
  execute: (query: ReturnType<typeof sql>) => Promise<unknown>;
}

/**
 * Fills every missing sort key (rows written by bulk paths such as seeding, and existing rows
 * when a migration adds a key column): one pinyin computation per distinct text, one UPDATE per
 * batch of texts. Runs at start, under the start-up lock; costs one quick query per key column
 * when nothing is missing.
 */
export async function fillSortKeys(ex: SqlRunner, tables: Iterable<unknown>): Promise<number> {
  let filled = 0;
  for (const table of tables) {
    if (!is(table, PgTable)) continue;
    const columns = getTableColumns(table) as Record<string, { name: string }>;
    for (const [key, source] of sortKeysOf(table)) {
      const t = sql.identifier(getTableName(table));
      const k = sql.identifier(columns[key]!.name);
      const s = sql.identifier(columns[source]!.name);
      for (;;) {
        const texts = rowsOf(await ex.execute(sql`select distinct ${s} as v from ${t} where ${k} is null and ${s} is not null limit 1000`)).map((r) =>
          String(r.v),
        );
        if (texts.length === 0) break;
        const pairs = sql.join(
          texts.map((v) => sql`(${v}::text, ${pinyinSortKey(v)}::text)`),
          sql`, `,
        );
        await ex.execute(sql`update ${t} set ${k} = v.k from (values ${pairs}) as v(s, k) where ${t}.${s} = v.s and ${t}.${k} is null`);
        filled += texts.length;
      }
    }
  }
  return filled;
}
