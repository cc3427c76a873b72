import { and, asc, count, desc, eq, ilike, inArray, notInArray, or, sql, type SQL } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import { db, type Executor } from "../db/client";
import { inTransaction } from "../db/transaction";
import { actorOf, recordAudit } from "../lib/audit";
import { labelOf, type Dict } from "../lib/dictionary";
import { DomainError } from "../lib/errors";
import { t } from "../lib/i18n/zh-CN";
import { parseId } from "../lib/ids";
import { parseListQuery, type ListSpec } from "../lib/list-query";
import { escapeLike, parseInput } from "../lib/validate";
import { BUILTIN_BY_CODE, BUILTIN_DICTIONARIES, CODE_DICT_TEXT, isClosedKind, type BuiltinKind } from "./dictionary.builtin";
import { refreshDictionaryLabels } from "./dictionary-labels.service";
import { defaultLabel } from "./dictionary.labels";
import { DICT_TEXT, DictItemCreateSchema, DictItemUpdateSchema, DictTypeCreateSchema, DictTypeUpdateSchema } from "./dictionary.input";
import { dictItems, dictTypes } from "./reference.tables";

/**
 * 数据字典 (/system/dictionary/dictType, XTGL-017; /api/app/dictType): dictionary types and their
 * items, the one place pages read code labels from. The product's own dictionaries
 * (dictionary.builtin.ts) are synced in at start-up as built-in types; the platform operator
 * renames and reorders their items, and creates dictionaries of their own. Every signed-in user
 * reads; only the operator writes, and every change is in the audit trail (dictChange).
 *
 * Reads go to the database each time (one indexed query): an edit made on one app instance is
 * what every other instance shows on its next request.
 */
export const DICTIONARY_MENU = "XTGL-017";

export interface DictTypeView {
  id: number;
  code: string;
  name: string;
  description: string | null;
  isBuiltin: boolean;
  /** Values fixed by the code: no item added, removed or disabled (labels and order editable). */
  isClosed: boolean;
  /** status, code, open for built-in types; custom for the operator's own. */
  kind: BuiltinKind | "custom";
  sortOrder: number;
  itemCount: number;
  createdAt: string;
}

export interface DictItemView {
  id: number;
  typeId: number;
  value: string;
  label: string;
  description: string | null;
  sortOrder: number;
  isEnabled: boolean;
  /** One of the code's own values of a built-in type: never deleted. */
  isFixed: boolean;
}

export interface DictTypeDetail extends DictTypeView {
  items: DictItemView[];
}

/** What a page reads: an item's value and label (value as text, as stored). */
export interface DictEntry {
  value: string;
  label: string;
  description: string | null;
}

function requireDictAdmin(ctx: Ctx) {
  if (ctx.companyKind !== "platform" || !ctx.permissions.has(DICTIONARY_MENU)) throw new DomainError("forbidden", t.errors.pages[403]!.message);
}

type TypeRow = typeof dictTypes.$inferSelect;
type ItemRow = typeof dictItems.$inferSelect;

function kindOf(row: Pick<TypeRow, "code" | "isBuiltin">): DictTypeView["kind"] {
  if (!row.isBuiltin) return "custom";
  return BUILTIN_BY_CODE.get(row.code)?.kind ?? "open";
}

function builtinValues(row: Pick<TypeRow, "code" | "isBuiltin">): Set<string> {
  const def = row.isBuiltin ? BUILTIN_BY_CODE.get(row.code) : undefined;
  return new Set((def?.items ?? []).map(([v]) => String(v)));
}

function typeView(row: TypeRow, itemCount: number): DictTypeView {
  const kind = kindOf(row);
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    description: row.description,
    isBuiltin: row.isBuiltin,
    isClosed: kind === "status" || kind === "code",
    kind,
    sortOrder: row.sortOrder,
    itemCount,
    createdAt: row.createdAt.toISOString(),
  };
}

function itemView(row: ItemRow, fixed: Set<string>): DictItemView {
  return {
    id: row.id,
    typeId: row.typeId,
    value: row.value,
    label: row.label,
    description: row.description,
    sortOrder: row.sortOrder,
    isEnabled: row.isEnabled,
    isFixed: fixed.has(row.value),
  };
}

// Spelled out: drizzle leaves a column of a one-table select unqualified, which inside the subquery would name dict_items' own id.
const itemCountSql = sql<number>`(select count(*) from dict_items i where i.type_id = "dict_types"."id")::int`;

/* ------------------------------------------------------------------ start-up sync */

/**
 * Puts the product's dictionaries into dict_types / dict_items (start-up, in seedBase's
 * transaction). Idempotent: a missing type or value is added, what exists keeps the operator's
 * name, labels, order and descriptions. A closed type's items are exactly the code's values
 * (a value the code dropped is removed, a disabled one enabled again).
 */
export async function syncBuiltinDictionaries(ex: Executor) {
  const codes = BUILTIN_DICTIONARIES.map((d) => d.code);
  await ex
    .insert(dictTypes)
    .values(BUILTIN_DICTIONARIES.map((d, i) => ({ code: d.code, name: d.name, description: d.description, isBuiltin: true, sortOrder: (i + 1) * 10 })))
    .onConflictDoNothing({ target: dictTypes.code });
  // A type the operator created under a code the product later took becomes built-in.
  await ex
    .update(dictTypes)
    .set({ isBuiltin: true })
    .where(and(inArray(dictTypes.code, codes), eq(dictTypes.isBuiltin, false)));
  const types = await ex.select({ id: dictTypes.id, code: dictTypes.code }).from(dictTypes).where(inArray(dictTypes.code, codes));
  const idOf = new Map(types.map((r) => [r.code, r.id]));
  const missing: (typeof dictItems.$inferInsert)[] = [];
  const present = await ex
    .select({ typeId: dictItems.typeId, value: dictItems.value })
    .from(dictItems)
    .where(inArray(dictItems.typeId, [...idOf.values()]));
  const have = new Set(present.map((r) => `${r.typeId}\u0000${r.value}`));
  for (const def of BUILTIN_DICTIONARIES) {
    const typeId = idOf.get(def.code)!;
    def.items.forEach(([value, label], i) => {
      // The code's own label: the arrays may show the operator's labels already (dictionary.labels.ts).
      if (!have.has(`${typeId}\u0000${String(value)}`))
        missing.push({ typeId, value: String(value), label: defaultLabel(def.code, String(value)) ?? label, sortOrder: (i + 1) * 10 });
    });
  }
  if (missing.length) await ex.insert(dictItems).values(missing).onConflictDoNothing();
  for (const def of BUILTIN_DICTIONARIES) {
    if (!isClosedKind(def.kind)) continue;
    const typeId = idOf.get(def.code)!;
    const values = def.items.map(([v]) => String(v));
    await ex.delete(dictItems).where(and(eq(dictItems.typeId, typeId), notInArray(dictItems.value, values)));
    await ex
      .update(dictItems)
      .set({ isEnabled: true })
      .where(and(eq(dictItems.typeId, typeId), eq(dictItems.isEnabled, false)));
  }
}

/* ------------------------------------------------------------------ reads for pages */

/** A dictionary's enabled items in the operator's order (all of them with `includeDisabled`). */
export async function dictionaryItems(code: string, opts: { includeDisabled?: boolean } = {}): Promise<DictEntry[]> {
  const conds: SQL[] = [eq(dictTypes.code, code)];
  if (!opts.includeDisabled) conds.push(eq(dictItems.isEnabled, true));
  return db()
    .select({ value: dictItems.value, label: dictItems.label, description: dictItems.description })
    .from(dictItems)
    .innerJoin(dictTypes, eq(dictTypes.id, dictItems.typeId))
    .where(and(...conds))
    .orderBy(asc(dictItems.sortOrder), asc(dictItems.id));
}

/**
 * value → label of every item of a dictionary, disabled ones too (a stored value keeps its name
 * after its item was disabled). A built-in dictionary not yet synced reads the code's labels.
 */
export async function dictionaryLabels(code: string): Promise<Map<string, string>> {
  const rows = await dictionaryItems(code, { includeDisabled: true });
  const labels = new Map(rows.map((r) => [r.value, r.label]));
  for (const [v, label] of BUILTIN_BY_CODE.get(code)?.items ?? []) if (!labels.has(String(v))) labels.set(String(v), label);
  return labels;
}

/** The label of one value ("" for none; the value itself when the dictionary has no such item). */
export async function dictionaryLabel(code: string, value: string | number | null | undefined): Promise<string> {
  if (value === null || value === undefined || value === "") return "";
  const [row] = await db()
    .select({ label: dictItems.label })
    .from(dictItems)
    .innerJoin(dictTypes, eq(dictTypes.id, dictItems.typeId))
    .where(and(eq(dictTypes.code, code), eq(dictItems.value, String(value))))
    .limit(1);
  if (row) return row.label;
  const builtin = BUILTIN_BY_CODE.get(code)?.items as Dict<string | number> | undefined;
  return builtin ? labelOf(builtin, typeof builtin[0]?.[0] === "number" ? Number(value) : String(value)) : String(value);
}

/* ------------------------------------------------------------------ reads for the page and the API */

const TYPE_LIST: ListSpec<"sortOrder" | "code" | "name" | "id", never> = {
  sortable: ["sortOrder", "code", "name", "id"],
  defaultSort: { field: "sortOrder", dir: "asc" },
};
const TYPE_SORT = { sortOrder: dictTypes.sortOrder, code: dictTypes.code, name: dictTypes.name, id: dictTypes.id } as const;

function keywordCond(keyword: string): SQL | undefined {
  const k = keyword.trim().slice(0, 50);
  if (!k) return undefined;
  const like = `%${escapeLike(k)}%`;
  return or(ilike(dictTypes.code, like), ilike(dictTypes.name, like));
}

/** GET /api/app/dictType: filter (code or name), sorting, skipCount, maxResultCount → { totalCount, items }. Any signed-in user. */
export async function listDictTypes(ctx: Ctx, params: URLSearchParams): Promise<{ totalCount: number; items: DictTypeView[] }> {
  void ctx;
  const q = parseListQuery(params, TYPE_LIST);
  const where = keywordCond(q.keyword);
  const order = q.sort.dir === "desc" ? desc(TYPE_SORT[q.sort.field]) : asc(TYPE_SORT[q.sort.field]);
  const [rows, [total]] = await Promise.all([
    db().select({ row: dictTypes, itemCount: itemCountSql }).from(dictTypes).where(where).orderBy(order, asc(dictTypes.id)).limit(q.take).offset(q.skip),
    db().select({ n: count() }).from(dictTypes).where(where),
  ]);
  return { totalCount: Number(total?.n ?? 0), items: rows.map((r) => typeView(r.row, Number(r.itemCount))) };
}

/** A type named by its id or its code: the row, or "字典类型不存在". */
async function findType(ex: Executor, ref: unknown, lock = false): Promise<TypeRow> {
  const text = typeof ref === "number" ? String(ref) : typeof ref === "string" ? ref.trim() : "";
  const id = parseId(text);
  const cond = id !== null ? eq(dictTypes.id, id) : /^[A-Za-z][A-Za-z0-9_]{0,39}$/.test(text) ? eq(dictTypes.code, text) : undefined;
  if (!cond) throw new DomainError("not_found", DICT_TEXT.typeMissing);
  const query = ex.select().from(dictTypes).where(cond).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new DomainError("not_found", DICT_TEXT.typeMissing);
  return row;
}

async function itemsOf(ex: Executor, type: TypeRow): Promise<DictItemView[]> {
  const rows = await ex.select().from(dictItems).where(eq(dictItems.typeId, type.id)).orderBy(asc(dictItems.sortOrder), asc(dictItems.id));
  const fixed = builtinValues(type);
  return rows.map((r) => itemView(r, fixed));
}

async function detailOf(ex: Executor, type: TypeRow): Promise<DictTypeDetail> {
  const items = await itemsOf(ex, type);
  return { ...typeView(type, items.length), items };
}

/** GET /api/app/dictType/{id or code}: the type with its items. Any signed-in user. */
export async function getDictType(ctx: Ctx, ref: unknown): Promise<DictTypeDetail> {
  void ctx;
  return detailOf(db(), await findType(db(), ref));
}

/** GET /api/app/dictType/{id}/items: the type's items in order. Any signed-in user. */
export async function listDictItems(ctx: Ctx, ref: unknown): Promise<{ totalCount: number; items: DictItemView[] }> {
  void ctx;
  const items = await itemsOf(db(), await findType(db(), ref));
  return { totalCount: items.length, items };
}

async function findItem(ex: Executor, type: TypeRow, itemRef: unknown, lock = false): Promise<ItemRow> {
  const id = parseId(typeof itemRef === "number" ? String(itemRef) : itemRef);
  if (id === null) throw new DomainError("not_found", DICT_TEXT.itemMissing);
  const query = ex
    .select()
    .from(dictItems)
    .where(and(eq(dictItems.id, id), eq(dictItems.typeId, type.id)))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new DomainError("not_found", DICT_TEXT.itemMissing);
  return row;
}

/** GET /api/app/dictType/{id}/items/{itemId}. Any signed-in user. */
export async function getDictItem(ctx: Ctx, typeRef: unknown, itemRef: unknown): Promise<DictItemView> {
  void ctx;
  const type = await findType(db(), typeRef);
  return itemView(await findItem(db(), type, itemRef), builtinValues(type));
}

/**
 * 数据字典's page: the types (filtered by code or name) and the chosen one with its items; with
 * no type chosen (or the chosen one not in the filtered list) the first listed. The operator only.
 */
export async function loadDictionaryPage(
  ctx: Ctx,
  opts: { type?: string | null; q?: string | null },
): Promise<{ types: DictTypeView[]; selected: DictTypeDetail | null; keyword: string }> {
  requireDictAdmin(ctx);
  const keyword = (opts.q ?? "").trim().slice(0, 50);
  const rows = await db()
    .select({ row: dictTypes, itemCount: itemCountSql })
    .from(dictTypes)
    .where(keywordCond(keyword))
    .orderBy(asc(dictTypes.sortOrder), asc(dictTypes.id));
  const types = rows.map((r) => typeView(r.row, Number(r.itemCount)));
  const wanted = opts.type ? rows.find((r) => r.row.code === opts.type)?.row : undefined;
  if (opts.type && !wanted && !keyword) throw new DomainError("not_found", DICT_TEXT.typeMissing);
  const chosen = wanted ?? rows[0]?.row;
  return { types, selected: chosen ? await detailOf(db(), chosen) : null, keyword };
}

/* ------------------------------------------------------------------ writes (the operator) */

function uniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; cause?: { code?: string } };
  return (err?.code ?? err?.cause?.code) === "23505";
}

async function audit(ex: Executor, ctx: Ctx, targetType: "dictType" | "dictItem", targetId: number, summary: string, before?: unknown, after?: unknown) {
  await recordAudit({ ...actorOf(ctx), action: "dictChange", targetType, targetId, summary, before, after }, ex);
}

/** The stored fields overlaid with what the caller sent (a partial PUT keeps the rest). */
function merged<K extends string>(current: Record<K, unknown>, body: unknown, keys: readonly K[]): Record<string, unknown> {
  const sent = body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const out: Record<string, unknown> = {};
  for (const k of keys) out[k] = sent[k] !== undefined ? sent[k] : current[k];
  return out;
}

const text = (v: unknown) => (v === null || v === undefined || v === "" ? "空" : typeof v === "boolean" ? (v ? "启用" : "停用") : String(v));

/** "名称 A → B，排序 10 → 20": the fields that changed, for the audit summary. */
function changes(labels: Record<string, string>, before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  return Object.entries(labels)
    .filter(([k]) => (before[k] ?? null) !== (after[k] ?? null))
    .map(([k, label]) => `${label} ${text(before[k])} → ${text(after[k])}`);
}

/** POST /api/app/dictType { code, name, description, sortOrder }: a custom type (no items yet). */
export async function createDictType(ctx: Ctx, body: unknown): Promise<DictTypeDetail> {
  requireDictAdmin(ctx);
  const input = parseInput(DictTypeCreateSchema, body);
  try {
    return await inTransaction(async (tx) => {
      const [taken] = await tx.select({ id: dictTypes.id }).from(dictTypes).where(eq(dictTypes.code, input.code)).limit(1);
      if (taken) throw new DomainError("conflict", DICT_TEXT.codeTaken, { code: [DICT_TEXT.codeTaken] });
      const [row] = await tx
        .insert(dictTypes)
        .values({ code: input.code, name: input.name, description: input.description, sortOrder: input.sortOrder, isBuiltin: false })
        .returning();
      await audit(tx, ctx, "dictType", row!.id, `新增字典类型 ${row!.name}（${row!.code}）`, undefined, row);
      return detailOf(tx, row!);
    });
  } catch (e) {
    if (uniqueViolation(e)) throw new DomainError("conflict", DICT_TEXT.codeTaken, { code: [DICT_TEXT.codeTaken] });
    throw e;
  }
}

const TYPE_FIELDS = { name: DICT_TEXT.name, description: DICT_TEXT.description, sortOrder: DICT_TEXT.sortOrder } as const;

/** PUT /api/app/dictType/{id} { name, description, sortOrder }: the code never changes (built-in or not). */
export async function updateDictType(ctx: Ctx, ref: unknown, body: unknown): Promise<DictTypeDetail> {
  requireDictAdmin(ctx);
  return inTransaction(async (tx) => {
    const current = await findType(tx, ref, true);
    const sentCode = body && typeof body === "object" ? (body as Record<string, unknown>).code : undefined;
    if (sentCode !== undefined && sentCode !== null && String(sentCode).trim() !== current.code) {
      const message = current.isBuiltin ? DICT_TEXT.builtinType : CODE_DICT_TEXT.codeFixed;
      throw new DomainError("bad_request", message, { code: [message] });
    }
    const input = parseInput(DictTypeUpdateSchema, merged(current, body, ["name", "description", "sortOrder"]));
    const parts = changes(TYPE_FIELDS, current, input);
    if (parts.length === 0) return detailOf(tx, current);
    const [row] = await tx.update(dictTypes).set(input).where(eq(dictTypes.id, current.id)).returning();
    await audit(tx, ctx, "dictType", current.id, `修改字典类型 ${current.name}（${current.code}）：${parts.join("，")}`, current, row);
    return detailOf(tx, row!);
  });
}

/** DELETE /api/app/dictType/{id}: a custom type with all its items; a built-in one is refused. */
export async function deleteDictType(ctx: Ctx, ref: unknown): Promise<void> {
  requireDictAdmin(ctx);
  await inTransaction(async (tx) => {
    const current = await findType(tx, ref, true);
    if (current.isBuiltin) throw new DomainError("conflict", DICT_TEXT.builtinType);
    const items = await tx.select().from(dictItems).where(eq(dictItems.typeId, current.id)).orderBy(asc(dictItems.sortOrder), asc(dictItems.id));
    await tx.delete(dictTypes).where(eq(dictTypes.id, current.id));
    await audit(tx, ctx, "dictType", current.id, `删除字典类型 ${current.name}（${current.code}）${items.length ? `及其 ${items.length} 个字典项` : ""}`, {
      ...current,
      items,
    });
  });
}

/** POST /api/app/dictType/{id}/items { value, label, description, sortOrder, isEnabled }: refused for a closed type. */
export async function createDictItem(ctx: Ctx, typeRef: unknown, body: unknown): Promise<DictItemView> {
  requireDictAdmin(ctx);
  try {
    return await inTransaction(async (tx) => {
      const type = await findType(tx, typeRef, true);
      const kind = kindOf(type);
      if (kind === "status" || kind === "code") throw new DomainError("conflict", kind === "status" ? DICT_TEXT.closedAdd : CODE_DICT_TEXT.closedAdd);
      // A new item is enabled unless the caller says otherwise (the schema reads a missing check box as off).
      const sent = body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
      const input = parseInput(DictItemCreateSchema, { ...sent, isEnabled: sent.isEnabled ?? true });
      const [taken] = await tx
        .select({ id: dictItems.id })
        .from(dictItems)
        .where(and(eq(dictItems.typeId, type.id), eq(dictItems.value, input.value)))
        .limit(1);
      if (taken) throw new DomainError("conflict", DICT_TEXT.valueTaken, { value: [DICT_TEXT.valueTaken] });
      const [row] = await tx
        .insert(dictItems)
        .values({
          typeId: type.id,
          value: input.value,
          label: input.label,
          description: input.description,
          sortOrder: input.sortOrder,
          isEnabled: input.isEnabled,
        })
        .returning();
      await audit(tx, ctx, "dictItem", row!.id, `新增字典项 ${type.name}（${type.code}）：${row!.value} ${row!.label}`, undefined, row);
      return itemView(row!, builtinValues(type));
    });
  } catch (e) {
    if (uniqueViolation(e)) throw new DomainError("conflict", DICT_TEXT.valueTaken, { value: [DICT_TEXT.valueTaken] });
    throw e;
  }
}

const ITEM_FIELDS = { label: DICT_TEXT.label, description: DICT_TEXT.description, sortOrder: DICT_TEXT.sortOrder, isEnabled: "状态" } as const;

/**
 * PUT /api/app/dictType/{id}/items/{itemId} { label, description, sortOrder, isEnabled }: the value
 * never changes (stored data refers to it); a closed type's items stay enabled.
 */
export async function updateDictItem(ctx: Ctx, typeRef: unknown, itemRef: unknown, body: unknown): Promise<DictItemView> {
  requireDictAdmin(ctx);
  const view = await inTransaction(async (tx) => {
    const type = await findType(tx, typeRef, true);
    const current = await findItem(tx, type, itemRef, true);
    const sentValue = body && typeof body === "object" ? (body as Record<string, unknown>).value : undefined;
    if (sentValue !== undefined && sentValue !== null && String(sentValue).trim() !== current.value)
      throw new DomainError("bad_request", DICT_TEXT.valueFixed, { value: [DICT_TEXT.valueFixed] });
    const input = parseInput(DictItemUpdateSchema, merged(current, body, ["label", "description", "sortOrder", "isEnabled"]));
    const kind = kindOf(type);
    if (!input.isEnabled && current.isEnabled && (kind === "status" || kind === "code")) {
      const message = kind === "status" ? DICT_TEXT.closedDisable : CODE_DICT_TEXT.closedDisable;
      throw new DomainError("conflict", message, { isEnabled: [message] });
    }
    const parts = changes(ITEM_FIELDS, current, input);
    if (parts.length === 0) return itemView(current, builtinValues(type));
    const [row] = await tx.update(dictItems).set(input).where(eq(dictItems.id, current.id)).returning();
    await audit(tx, ctx, "dictItem", current.id, `修改字典项 ${type.name}（${type.code}）/${current.value}：${parts.join("，")}`, current, row);
    return itemView(row!, builtinValues(type));
  });
  // A renamed built-in item shows everywhere at once on this instance (the others within DICTIONARY_LABELS_TTL_MS).
  await refreshDictionaryLabels();
  return view;
}

/** DELETE /api/app/dictType/{id}/items/{itemId}: an item the operator added; the code's own values stay. */
export async function deleteDictItem(ctx: Ctx, typeRef: unknown, itemRef: unknown): Promise<void> {
  requireDictAdmin(ctx);
  await inTransaction(async (tx) => {
    const type = await findType(tx, typeRef, true);
    const current = await findItem(tx, type, itemRef, true);
    if (builtinValues(type).has(current.value)) throw new DomainError("conflict", DICT_TEXT.closedRemove);
    await tx.delete(dictItems).where(eq(dictItems.id, current.id));
    await audit(tx, ctx, "dictItem", current.id, `删除字典项 ${type.name}（${type.code}）：${current.value} ${current.label}`, current);
  });
}
