import { labelOf, type Dict } from "../lib/dictionary";
import { DomainError } from "../lib/errors";

/**
 * The status machine of a document type: ONE table of the actions that move it, from which
 * statuses, to which status. Every transition is decided by `assertTransition` under the
 * document's row lock (`lockDocument`), in the transaction that also posts its stock, so a
 * second click, tab, user or retried request finds the new status and is refused.
 *
 * Pure (no database): the `*.status.ts` files that define machines are read by the pages too.
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
