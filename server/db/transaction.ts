import { is } from "drizzle-orm";
import { PgTransaction, type PgTransactionConfig } from "drizzle-orm/pg-core";
import { DomainError } from "./domain-error";
import { db, type Executor, type Tx } from "./client";

/**
 * One explicit transaction per use case: the pattern every write follows (master data now,
 * the stock ledger and the order documents next).
 *
 *   await inTransaction(async (tx) => {
 *     // lock what the use case changes, in a fixed order (sorted ids, `FOR UPDATE`) …
 *     // … read, check and write through `tx` only; every write service takes `tx` …
 *   });
 *
 * - Top level (no `tx` in `opts`, or the plain database): runs `fn` in a new transaction and,
 *   when PostgreSQL aborts it because of a serialization failure (40001), a deadlock (40P01)
 *   or a lock it could not get (55P03), runs the whole of `fn` again: at most `MAX_TRIES`
 *   tries with a short random back-off, then a 409 DomainError "系统繁忙，请重试". `fn` must
 *   therefore do nothing outside the database that cannot be repeated.
 * - Nested (a caller's transaction in `opts.tx`): runs `fn` in a savepoint of it and never
 *   retries there: an aborted transaction can only be retried as a whole, by the outermost
 *   `inTransaction`.
 * - PGlite has one connection and runs transactions one after another, so none of these
 *   errors happen there; it is just a transaction.
 */
export const MAX_TRIES = 5;

/** SQLSTATEs after which the same transaction, run again, may well succeed. */
const RETRYABLE = new Set(["40001", "40P01", "55P03"]);

export interface TransactionOptions {
  /** The caller's transaction (or database): nested use runs as a savepoint, without retries. */
  tx?: Executor;
  /** Isolation level and access mode of a top-level transaction (default: read committed). */
  config?: PgTransactionConfig;
  /** Tries before giving up (tests); at most MAX_TRIES. */
  maxTries?: number;
}

export function busyError() {
  return new DomainError("conflict", "系统繁忙，请重试");
}

/** The SQLSTATE of a database error, looking through drizzle's wrapping (`cause`). */
export function sqlStateOf(e: unknown): string | undefined {
  let cur: unknown = e;
  for (let depth = 0; cur && typeof cur === "object" && depth < 5; depth++) {
    const code = (cur as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}

export function isRetryable(e: unknown) {
  const state = sqlStateOf(e);
  return state !== undefined && RETRYABLE.has(state);
}

/**
 * How often each retryable SQLSTATE aborted a top-level transaction in this process. The race
 * suites read it: a deadlock (40P01) there means a lock order is broken, even when the retry
 * then succeeded.
 */
const aborts = new Map<string, number>();
export function retryableAborts(): Record<string, number> {
  return Object.fromEntries(aborts);
}

export function isNested(ex: Executor | undefined): ex is Tx {
  return ex !== undefined && is(ex, PgTransaction);
}

export async function inTransaction<T>(fn: (tx: Tx) => Promise<T>, opts: TransactionOptions = {}): Promise<T> {
  if (isNested(opts.tx)) return opts.tx.transaction(fn);
  const database = opts.tx ?? db();
  const tries = Math.max(1, Math.min(opts.maxTries ?? MAX_TRIES, MAX_TRIES));
  for (let attempt = 1; ; attempt++) {
    try {
      return await database.transaction(fn, opts.config);
    } catch (e) {
      if (!isRetryable(e)) throw e;
      const state = sqlStateOf(e)!;
      aborts.set(state, (aborts.get(state) ?? 0) + 1);
      if (attempt >= tries) throw busyError();
      // 5-20 ms, then 10-40, 20-80 …: spreads the retries of transactions that collided.
      const base = 5 * 2 ** (attempt - 1);
      await new Promise((r) => setTimeout(r, base + Math.random() * base * 3));
    }
  }
}
