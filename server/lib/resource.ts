import { and, eq, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type * as z from "zod";
import { t } from "./i18n/zh-CN";
import type { Ctx } from "./context";
import { db, type Executor } from "../db/client";
import { inTransaction } from "../db/transaction";
import { isId } from "./ids";
import { DomainError } from "./errors";
import { tryDecimal } from "./decimal";
import { baseQuery, ownerCond, selectionOf, type AnyTable, type ListSource } from "./list-read";
import { parseInput } from "./validate";
import { sortKeyValues } from "./sort-key";
import { actorOf, recordAudit } from "./audit";
import type { AuditAction } from "./dictionary";

/* eslint-disable @typescript-eslint/no-explicit-any */
export interface RefCheck {
  table: AnyTable;
  /** Chinese name of the referenced thing, for "所选部门不存在". */
  label: string;
  /** Company-owned tables must belong to the caller's company. */
  companyOwned?: boolean;
  /** Extra condition the referenced row must meet (e.g. a level-0 category). */
  where?: (table: any) => SQL;
}

export interface UsedBy {
  table: AnyTable;
  column: PgColumn;
  /** What uses it, in Chinese ("产品", "车型" …). */
  label: string;
}

/**
 * One definition per master-data resource (spec 000 §7 "Lists, export, delete"): a list source
 * plus how input is validated, which rows it may reference and which rows use it. The
 * functions below give every resource the same get / create / update / delete behaviour, the
 * same permission rules and the same tenant scoping.
 */
export interface ResourceDef<Row extends Record<string, any> = Record<string, any>> extends ListSource<Row> {
  /** Operations this resource does not offer (price setting neither creates nor deletes). */
  /** Operations this resource does not offer; all three: a read-only list (stock, ledger, reports). */
  readOnly?: { create?: boolean; update?: boolean; delete?: boolean };
  input: z.ZodType;
  /** Turns validated input into column values (normalised codes, pinyin …). */
  toValues?: (data: any, ctx: Ctx, ex: Executor, id?: number, current?: Record<string, unknown>) => Promise<Record<string, unknown>> | Record<string, unknown>;
  /**
   * Runs in the write's transaction just before the row is stored, after the row being changed
   * is locked (`id` is undefined on create): e.g. clearing the company's other default row
   * before a partial unique index would refuse a second one.
   */
  beforeSave?: (ex: Executor, values: Record<string, unknown>, ctx: Ctx, id?: number) => Promise<void>;
  /** Runs in the write's transaction after the row is stored (cross-reference rows …). */
  afterSave?: (ex: Executor, row: Row, ctx: Ctx) => Promise<void>;
  /**
   * Runs in the delete's transaction after the row is locked and `usedBy` found nothing: refuses
   * with a DomainError (a location that ever held stock) or removes rows that go with it.
   */
  beforeDelete?: (ex: Executor, id: number, ctx: Ctx) => Promise<void>;
  refs?: Record<string, RefCheck>;
  usedBy?: UsedBy[];
  /** Unique-index name → [field, message] shown when a write would duplicate a row. */
  unique?: Record<string, [string, string]>;
  /**
   * Fields only holders of a permission code may write, because a page of their own guards
   * them (prices: 产品价格, CPGL-002): field → [code, Chinese label]. Every write path (page,
   * JSON API, batch, import) refuses such a field from anyone else with 403 unless it keeps the
   * stored value; a write that does not send it keeps the stored value.
   */
  fieldCodes?: Readonly<Record<string, readonly [code: string, label: string]>>;
  /**
   * Fields whose change the audit trail records (prices: 价格变更), in the update's own
   * transaction, with before/after of the changed fields only: field → Chinese label. `name`
   * says which row it was in the entry's summary (the product's code and name).
   */
  auditFields?: { action: AuditAction; fields: Readonly<Record<string, string>>; name?: (row: Record<string, unknown>) => string };
  /**
   * A document (order, note, return, transfer, stocktake, plan) is not written column by column:
   * its service creates it with its lines, replaces the lines while it is a draft, reads it with
   * its lines, and moves it through its status machine. The JSON API then calls these instead
   * of the generic row writes: POST /api/app/{name} → create, GET/PUT/DELETE /api/app/{name}/{id}
   * → get/update/remove, POST /api/app/{name}/{id}/{action} → actions[action].
   */
  document?: DocumentCommands;
  /** Platform reference data that companies read but only the platform operator writes (银行). */
  platformWrite?: boolean;
}

export interface DocumentCommands {
  create?: (ctx: Ctx, body: unknown) => Promise<unknown>;
  get: (ctx: Ctx, id: number) => Promise<unknown>;
  update?: (ctx: Ctx, id: number, body: unknown) => Promise<unknown>;
  remove?: (ctx: Ctx, id: number) => Promise<unknown>;
  actions: Record<string, (ctx: Ctx, id: number, body: unknown) => Promise<unknown>>;
}

export function defineResource(def: ResourceDef): ResourceDef {
  return def;
}

export function canWrite(def: ResourceDef<any>, ctx: Ctx) {
  if (def.platformWrite && ctx.companyKind !== "platform") return false;
  return ctx.permissions.has(def.writeCode);
}

function requireWrite(def: ResourceDef<any>, ctx: Ctx) {
  if (!canWrite(def, ctx)) throw new DomainError("forbidden", t.errors.pages[403]!.message);
}

function notFound(def: ResourceDef<any>): DomainError {
  return new DomainError("not_found", `${def.label}不存在`);
}

export async function getRow<Row>(def: ResourceDef<any>, ctx: Ctx, id: number, ex: Executor = db()): Promise<Row> {
  if (!isId(id)) throw notFound(def);
  const [row] = await baseQuery(def, ex, selectionOf(def)).where(and(eq(def.table.id, id), ownerCond(def, ctx)));
  if (!row) throw notFound(def);
  return row as Row;
}

async function checkRefs(def: ResourceDef<any>, ctx: Ctx, ex: Executor, values: Record<string, unknown>) {
  const fields: Record<string, string[]> = {};
  for (const [field, ref] of Object.entries(def.refs ?? {})) {
    const v = values[field];
    if (v === null || v === undefined) continue;
    const conds = [eq(ref.table.id, v as number)];
    if (ref.companyOwned) conds.push(eq(ref.table.companyId, ctx.companyId));
    if (ref.where) conds.push(ref.where(ref.table));
    const [hit] = await (ex as any)
      .select({ id: ref.table.id })
      .from(ref.table)
      .where(and(...conds))
      .limit(1);
    if (!hit) fields[field] = [`所选${ref.label}不存在`];
  }
  const first = Object.values(fields)[0];
  if (first) throw new DomainError("bad_request", first[0]!, fields);
}

/** Maps a unique-index violation to the resource's field message; anything else is rethrown. */
function duplicateError(def: ResourceDef<any>, e: unknown): never {
  const cause = (e as { cause?: unknown })?.cause ?? e;
  const pg = cause as { code?: string; constraint?: string; message?: string };
  if (pg?.code === "23505") {
    const name = pg.constraint ?? Object.keys(def.unique ?? {}).find((k) => pg.message?.includes(k)) ?? "";
    const [field, message] = def.unique?.[name] ?? ["", `${def.label}已存在`];
    throw new DomainError("conflict", message, field ? { [field]: [message] } : undefined);
  }
  if (pg?.code === "23503") throw new DomainError("conflict", `${def.label}正在被其他数据使用，不能删除或修改`);
  throw e;
}

/** Same stored value: numbers compared as decimals ("45.6" = 45.60), null and undefined alike. */
function sameValue(a: unknown, b: unknown) {
  if ((a === null || a === undefined) && (b === null || b === undefined)) return true;
  const x = typeof a === "boolean" ? null : tryDecimal(a);
  const y = typeof b === "boolean" ? null : tryDecimal(b);
  return x && y ? x.eq(y) : a === b;
}

/**
 * The guarded fields (`fieldCodes`) this caller may not write. Sending one is refused (403)
 * unless it keeps the stored value (a row read and sent back whole); the caller drops them
 * from the values, so the stored value (or the column default) stays.
 */
function lockedFieldsOf(def: ResourceDef<any>, ctx: Ctx, input: unknown, data: Record<string, unknown>, current?: Record<string, unknown>) {
  const locked: string[] = [];
  const sent = input && typeof input === "object" ? (input as Record<string, unknown>) : {};
  for (const [field, [code, label]] of Object.entries(def.fieldCodes ?? {})) {
    if (ctx.permissions.has(code)) continue;
    locked.push(field);
    if (!Object.hasOwn(sent, field) || sent[field] === undefined) continue;
    if (!sameValue(data[field], current?.[field])) throw new DomainError("forbidden", `没有权限修改${label}`, { [field]: [`没有权限修改${label}`] });
  }
  return locked;
}

/**
 * `input` is what the caller sent. On update `current` is the stored row: the fields the
 * caller left out keep their stored values (a partial PUT), and the whole merged row is
 * validated, so the full-row rules still hold (a required name cannot be blanked).
 */
async function valuesOf(def: ResourceDef<any>, ctx: Ctx, ex: Executor, input: unknown, id?: number, current?: Record<string, unknown>) {
  const data = parseInput(def.input, current ? mergeOverRow(def, current, input) : input) as Record<string, unknown>;
  const locked = lockedFieldsOf(def, ctx, input, data, current);
  const values = def.toValues ? await def.toValues(data, ctx, ex, id, current) : data;
  for (const field of locked) delete values[field];
  Object.assign(values, sortKeyValues(def.table, values));
  await checkRefs(def, ctx, ex, values);
  return values;
}

function refuseReadOnly(def: ResourceDef<any>, op: "create" | "update" | "delete") {
  // A document is written only by its own service (lines, numbers, status machine, stock).
  if (def.document) throw new DomainError("bad_request", `${def.label}只能通过单据操作修改`);
  if (def.readOnly?.[op]) throw new DomainError("bad_request", `${def.label}不支持${op === "create" ? "新增" : op === "update" ? "修改" : "删除"}`);
}

/**
 * The input the stored row would have been saved from, overlaid with the fields the caller
 * sent: the schema's own fields only, so unknown keys never slip in from either side.
 */
function mergeOverRow(def: ResourceDef<any>, current: Record<string, unknown>, input: unknown): Record<string, unknown> {
  const sent = input && typeof input === "object" && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
  const shape = (def.input as { shape?: Record<string, unknown> }).shape;
  const merged: Record<string, unknown> = {};
  for (const key of shape ? Object.keys(shape) : Object.keys(current)) {
    if (Object.hasOwn(current, key) && current[key] !== undefined) merged[key] = current[key];
  }
  for (const [key, value] of Object.entries(sent)) if (value !== undefined) merged[key] = value;
  return merged;
}

/**
 * Locks the row a write changes, scoped to the caller's company, and returns it as stored
 * (undefined when it does not exist or belongs to another company). Concurrent writers of
 * the same row queue here; one that waited for a delete finds nothing.
 */
async function lockRow(def: ResourceDef<any>, ctx: Ctx, tx: Executor, id: number, strength: "update" | "no key update") {
  if (!isId(id)) return undefined;
  const [row] = await (tx as any)
    .select()
    .from(def.table)
    .where(and(eq(def.table.id, id), ownerCond(def, ctx)))
    .for(strength);
  return row as Record<string, unknown> | undefined;
}

/**
 * Creates a row in one transaction (a savepoint of the caller's transaction `ex`, when given):
 * checks, the row, and what `beforeSave`/`afterSave` write commit together or not at all.
 */
export async function createRow<Row extends Record<string, unknown>>(def: ResourceDef<any>, ctx: Ctx, input: unknown, ex?: Executor): Promise<Row> {
  requireWrite(def, ctx);
  refuseReadOnly(def, "create");
  try {
    return await inTransaction(
      async (tx) => {
        const values = await valuesOf(def, ctx, tx, input);
        delete values.id;
        if (def.scope === "company") values.companyId = ctx.companyId;
        if (def.beforeSave) await def.beforeSave(tx, values, ctx);
        const [row] = await (tx as any).insert(def.table).values(values).returning({ id: def.table.id });
        if (def.afterSave) await def.afterSave(tx, { ...values, id: row.id } as unknown as Row, ctx);
        // A row created with an audited field set (a credit limit, a price) is a change from nothing.
        if (def.auditFields) await recordFieldChanges(def, ctx, tx, row.id, {}, values);
        return getRow<Row>(def, ctx, row.id, tx);
      },
      { tx: ex },
    );
  } catch (e) {
    duplicateError(def, e);
  }
}

/**
 * Updates only the fields present in `input` (PUT is a partial update; omitted fields keep
 * their values). The row is locked first, so concurrent updates apply one after the other and
 * each validates against the row the previous one left.
 */
export async function updateRow<Row extends Record<string, unknown>>(def: ResourceDef<any>, ctx: Ctx, id: number, input: unknown, ex?: Executor): Promise<Row> {
  requireWrite(def, ctx);
  refuseReadOnly(def, "update");
  try {
    return await inTransaction(
      async (tx) => {
        const current = await lockRow(def, ctx, tx, id, "no key update");
        if (!current) throw notFound(def);
        const values = await valuesOf(def, ctx, tx, input, id, current);
        delete values.companyId;
        delete values.id;
        if (def.beforeSave) await def.beforeSave(tx, values, ctx, id);
        await (tx as any)
          .update(def.table)
          .set(values)
          .where(and(eq(def.table.id, id), ownerCond(def, ctx)));
        if (def.afterSave) await def.afterSave(tx, { ...values, id } as unknown as Row, ctx);
        if (def.auditFields) await recordFieldChanges(def, ctx, tx, id, current, values);
        return getRow<Row>(def, ctx, id, tx);
      },
      { tx: ex },
    );
  } catch (e) {
    duplicateError(def, e);
  }
}

/** Text of a value in an audit summary: numbers as stored (12.50), nothing as 空. */
function auditText(v: unknown) {
  return v === null || v === undefined || v === "" ? "空" : String(v);
}

/** Records the change of the resource's `auditFields` an update made (nothing when none changed). */
async function recordFieldChanges(
  def: ResourceDef<any>,
  ctx: Ctx,
  tx: Executor,
  id: number,
  current: Record<string, unknown>,
  values: Record<string, unknown>,
) {
  const audit = def.auditFields!;
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  const parts: string[] = [];
  for (const [field, label] of Object.entries(audit.fields)) {
    if (!Object.hasOwn(values, field) || sameValue(values[field], current[field])) continue;
    before[field] = current[field] ?? null;
    after[field] = values[field] ?? null;
    parts.push(`${label} ${auditText(current[field])} → ${auditText(values[field])}`);
  }
  if (parts.length === 0) return;
  const name = audit.name ? audit.name({ ...current, ...values }) : "";
  const summary = `${def.label}${name ? ` ${name}` : ""}：${parts.join("，")}`;
  await recordAudit({ ...actorOf(ctx), action: audit.action, targetType: def.name, targetId: id, summary, before, after }, tx);
}

/** The first kind of record that uses a row, or undefined when it is free to delete. */
export async function usedByOf(def: ResourceDef<any>, id: number, ex: Executor = db()): Promise<string | undefined> {
  for (const u of def.usedBy ?? []) {
    const [hit] = await ex
      .select({ one: sql`1` })
      .from(u.table)
      .where(eq(u.column, id))
      .limit(1);
    if (hit) return u.label;
  }
  return undefined;
}

/**
 * Deletes a row: lock it (company-scoped), check what uses it, delete, in one transaction. Of
 * several concurrent deletes of one row exactly one succeeds; the others wait for its lock,
 * then find no row and answer "…不存在" (404).
 */
export async function deleteRow(def: ResourceDef<any>, ctx: Ctx, id: number, ex?: Executor): Promise<void> {
  requireWrite(def, ctx);
  refuseReadOnly(def, "delete");
  try {
    await inTransaction(
      async (tx) => {
        const row = await lockRow(def, ctx, tx, id, "update");
        if (!row) throw notFound(def);
        const user = await usedByOf(def, id, tx);
        if (user) throw new DomainError("conflict", `该${def.label}已被${user}使用，不能删除`);
        if (def.beforeDelete) await def.beforeDelete(tx, id, ctx);
        await (tx as any).delete(def.table).where(and(eq(def.table.id, id), ownerCond(def, ctx)));
        // The audit trail keeps what was deleted, in the deletion's own transaction.
        await recordAudit({ ...actorOf(ctx), action: "delete", targetType: def.name, targetId: id, summary: `删除${def.label}`, before: row }, tx);
      },
      { tx: ex },
    );
  } catch (e) {
    duplicateError(def, e);
  }
}
