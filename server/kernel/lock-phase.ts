import { is } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { Executor } from "../db/client";

/**
 * THE LOCK ORDER of every write transaction, in phases:
 *
 *   1 document  the documents' rows (`lockDocument`), a parent before its child: the order
 *               before its delivery note, the partner's account before a receipt (a receipt's
 *               parent, see partner-payment.service `lockForPosting`)
 *   2 ledger    the stock balance and product cost rows (stock-ledger.service `lockRows`)
 *   3 account   the partner's account row, last (partner-account.service `lockPartnerAccount`)
 *
 * Two transactions that take their locks in this order wait for each other and never
 * deadlock. The order is enforced in code: per transaction the highest phase taken so far is
 * kept, and a lock of an earlier phase after it throws `LockOrderError`. The check runs in
 * tests (VITEST, NODE_ENV=test) and costs nothing in production.
 */
export const LOCK_PHASE = { document: 1, ledger: 2, account: 3 } as const;
export type LockPhase = keyof typeof LOCK_PHASE;

export class LockOrderError extends Error {
  constructor(taking: LockPhase, after: LockPhase, what: string) {
    super(`锁顺序错误：在 ${after} 阶段之后又锁 ${taking} 阶段（${what}）；顺序应为 document → ledger → account`);
    this.name = "LockOrderError";
  }
}

const NAMES = Object.fromEntries(Object.entries(LOCK_PHASE).map(([k, v]) => [v, k])) as Record<number, LockPhase>;

function enforced() {
  return !!process.env.VITEST || process.env.NODE_ENV === "test";
}

/**
 * A transaction's savepoints are other PgTransaction objects over the same session, and each
 * top-level transaction has a session of its own (drizzle's node-postgres and PGlite drivers):
 * the session is the transaction.
 */
const highest = new WeakMap<object, number>();
/** Transactions that run alone (the demo seed): nothing waits on their locks, no order to keep. */
const ALONE = Number.NEGATIVE_INFINITY;

function keyOf(ex: Executor): object | undefined {
  if (!is(ex, PgTransaction)) return undefined; // autocommit: a lock ends with its statement
  return (ex as unknown as { session?: object }).session ?? ex;
}

/** The rows a transaction holds already (by `row` key): locking one again waits for nothing. */
const held = new WeakMap<object, Set<string>>();

/**
 * Notes that `tx` takes a lock of `phase`; throws when it already took one of a later phase.
 * `row` names the row (table:id): a row the transaction already holds may be locked again at
 * any time (an order re-read under its lock after its stock was posted).
 */
export function enterLockPhase(tx: Executor, phase: LockPhase, what: string, row?: string): void {
  if (!enforced()) return;
  const key = keyOf(tx);
  if (!key) return;
  if (row) {
    const rows = held.get(key) ?? new Set<string>();
    if (rows.has(row)) return;
    held.set(key, rows.add(row));
  }
  const n = LOCK_PHASE[phase];
  const top = highest.get(key) ?? 0;
  if (top === ALONE) return;
  if (n < top) throw new LockOrderError(phase, NAMES[top]!, what);
  if (n > top) highest.set(key, n);
}

/**
 * Marks a transaction that runs alone, with no other writer of the company at the same time
 * (the demo seed writes a company's documents one use case after another in ONE transaction,
 * so a later document is locked after an earlier one's stock): its lock order is not checked.
 */
export function runsAlone(tx: Executor): void {
  const key = keyOf(tx);
  if (key) highest.set(key, ALONE);
}

/** The highest phase `tx` has locked in (tests). */
export function lockPhaseOf(tx: Executor): LockPhase | null {
  const key = keyOf(tx);
  const top = key ? highest.get(key) : undefined;
  return top && top !== ALONE ? NAMES[top]! : null;
}
