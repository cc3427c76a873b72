import { and, eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Ctx } from "../lib/context";
import type { Executor } from "../db/client";
import { labelOf, type Dict } from "../lib/dictionary";
import { DomainError } from "../lib/errors";
import { isId } from "../lib/ids";

/**
 * The status machine of a document type: ONE table of the actions that move it, from which
 * statuses, to which status. Every transition is decided by `assertTransition` under the
 * document's row lock (`lockDocument`), in the transaction that also posts its stock, so a
 * second click, tab, user or retried request finds the new status and is refused.
 */
export interface StatusMachine<A extends string> {
  /** Chinese name of the document: 采购订单. */
  label: string;
  statuses: Dict;
  actions: Record<A, { label: string; from: readonly number[]; to: number | null }>;
}

export function defineStatusMachine<A extends string>(m: StatusMachine<A>): StatusMachine<A> {
  return m;
}

export function canTransition<A extends string>(m: StatusMachine<A>, action: A, status: number): boolean {
  return m.actions[action].from.includes(status);
}

/** Refuses an action the document's current status does not allow, naming both. */
export function assertTransition<A extends string>(m: StatusMachine<A>, action: A, status: number): void {
  if (!canTransition(m, action, status)) {
    throw new DomainError("conflict", `${m.label}当前状态为“${labelOf(m.statuses, status)}”，不能${m.actions[action].label}`);
  }
}

/** The actions the document's status offers (the page's buttons). */
export function actionsFor<A extends string>(m: StatusMachine<A>, status: number): A[] {
  return (Object.keys(m.actions) as A[]).filter((a) => m.actions[a].from.includes(status));
}

type DocTable = PgTable & { id: PgColumn; companyId: PgColumn };

/** Locks one document row of the caller's company (`FOR UPDATE`); another company's or a missing one is 不存在. */
export async function lockDocument<T extends DocTable>(tx: Executor, table: T, ctx: Pick<Ctx, "companyId">, id: number, label: string): Promise<T["$inferSelect"]> {
  if (!isId(id)) throw new DomainError("not_found", `${label}不存在`);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- drizzle's select() does not accept a table of a generic type
  const [row] = await (tx as any).select().from(table).where(and(eq(table.id, id), eq(table.companyId, ctx.companyId))).for("update");
  if (!row) throw new DomainError("not_found", `${label}不存在`);
  return row;
}
