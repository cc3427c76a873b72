import { and, eq, getTableName } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Ctx } from "../lib/context";
import type { Executor } from "../db/client";
import { recordDocumentChange } from "../lib/document-audit";
import { DomainError } from "../lib/errors";
import { isId } from "../lib/ids";
import { enterLockPhase } from "./lock-phase";
import { assertTransition, type StatusMachine } from "./status-machine";
import { generic } from "../db/generic";

export { actionsFor, assertTransition, canTransition, defineStatusMachine, type StatusMachine } from "./status-machine";

export type DocTable = PgTable & { id: PgColumn; companyId: PgColumn };
type DocWithStatus = PgTable & { id: PgColumn; companyId: PgColumn; status: PgColumn; no: PgColumn; updatedAt: PgColumn };

/**
 * Locks one document row of the caller's company (`FOR UPDATE`, lock phase "document");
 * another company's or a missing one is 不存在.
 */
export async function lockDocument<T extends DocTable>(
  tx: Executor,
  table: T,
  ctx: Pick<Ctx, "companyId">,
  id: number,
  label: string,
): Promise<T["$inferSelect"]> {
  if (!isId(id)) throw new DomainError("not_found", `${label}不存在`);
  enterLockPhase(tx, "document", label, `${getTableName(table)}:${id}`);
  const [row] = await generic(tx)
    .select()
    .from(table)
    .where(and(eq(table.id, id), eq(table.companyId, ctx.companyId)))
    .for("update");
  if (!row) throw new DomainError("not_found", `${label}不存在`);
  return row;
}

/** Reads one document row of the caller's company without a lock (to find its parent); 不存在 otherwise. */
export async function peekDocument<T extends DocTable>(
  ex: Executor,
  table: T,
  ctx: Pick<Ctx, "companyId">,
  id: number,
  label: string,
): Promise<T["$inferSelect"]> {
  if (!isId(id)) throw new DomainError("not_found", `${label}不存在`);
  const [row] = await generic(ex)
    .select()
    .from(table)
    .where(and(eq(table.id, id), eq(table.companyId, ctx.companyId)));
  if (!row) throw new DomainError("not_found", `${label}不存在`);
  return row;
}

/** What the service's posting decided: the status to write (default the action's `to`), more columns, the audit entry's total and note. */
export interface PostingOutcome<R> {
  /** The status written; the action's `to` when left out (an action with `to: null` must say). */
  to?: number;
  /** More columns written with the status (postedAt, closedAt …). */
  set?: Record<string, unknown>;
  /** The audit entry's amount. */
  total?: string | null;
  /** The audit entry's note (随销售订单 SO… 取消). */
  note?: string;
  /** Do not write the status (the posting wrote it, or deleted the row). */
  skipStatus?: boolean;
  /** Do not record the change (a status that did not move). */
  skipRecord?: boolean;
  /** What runDocumentAction returns besides { id, no, status }. */
  result?: R;
}

export interface DocumentAction<T extends DocWithStatus, A extends string, P, R> {
  table: T;
  machine: StatusMachine<A>;
  action: A;
  /** The document type's code: the audit entry's 对象类型. */
  type: string;
  id: number;
  /**
   * Locks the parent(s) first (document phase), given the unlocked row (its parent ids never
   * change): the order of a delivery note, the partner's account of a receipt.
   */
  lockParent?: (tx: Executor, peek: T["$inferSelect"]) => Promise<P>;
  /** Checks the locked document may take the action beyond its status (permissions, content). */
  check?: (tx: Executor, doc: T["$inferSelect"], parent: P) => Promise<void> | void;
  /** Takes the document's number when it has none yet (a draft numbered when submitted). */
  takeNumber?: (tx: Executor) => Promise<string>;
  /** The service's own posting: stock, amounts, lines, children (ledger and account phases). */
  post?: (tx: Executor, doc: T["$inferSelect"], parent: P) => Promise<PostingOutcome<R> | void>;
  /** Who hears of it, after the change is recorded. */
  notify?: (tx: Executor, doc: T["$inferSelect"], to: number) => Promise<unknown>;
}

/**
 * THE document kernel: runs one action of a document inside the caller's transaction `tx`:
 *   lock the parent, then the document (lock phase "document") → check the transition against
 *   the type's status machine → take the number where needed → the service's posting (ledger,
 *   account phases) → write the new status → record the change → notify.
 * Returns the document's id, number and new status, and what the posting returned.
 */
export async function runDocumentAction<T extends DocWithStatus, A extends string, P = undefined, R = undefined>(
  tx: Executor,
  ctx: Ctx,
  spec: DocumentAction<T, A, P, R>,
): Promise<{ id: number; no: string; from: number; status: number; result: R | undefined }> {
  const { table, machine, action } = spec;
  let parent = undefined as P;
  if (spec.lockParent) parent = await spec.lockParent(tx, await peekDocument(tx, table, ctx, spec.id, machine.label));
  const doc = (await lockDocument(tx, table, ctx, spec.id, machine.label)) as T["$inferSelect"] & { id: number; no: string; status: number };
  assertTransition(machine, action, doc.status);
  if (spec.check) await spec.check(tx, doc, parent);
  let no = doc.no;
  const set: Record<string, unknown> = {};
  if (!no && spec.takeNumber) {
    no = await spec.takeNumber(tx);
    set.no = no;
  }
  const out = (spec.post ? await spec.post(tx, { ...doc, no }, parent) : undefined) ?? {};
  const to = out.to ?? machine.actions[action].to;
  if (to === null || to === undefined) throw new Error(`${machine.label} ${String(action)}: the posting must give the status`);
  if (!out.skipStatus) {
    await generic(tx)
      .update(table)
      .set({ ...set, ...out.set, status: to, updatedAt: ctx.now ?? new Date() })
      .where(eq(table.id, doc.id));
  }
  if (!out.skipRecord) {
    await recordDocumentChange(tx, ctx, machine, action, { type: spec.type, id: doc.id, no, from: doc.status, to, total: out.total, note: out.note });
  }
  if (spec.notify) await spec.notify(tx, { ...doc, no, status: to }, to);
  return { id: doc.id, no, from: doc.status, status: to, result: out.result };
}
