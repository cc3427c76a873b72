import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../test/test-db";
import { db } from "./client";
import { rows } from "./migrate";
import { inTransaction } from "./transaction";

/**
 * Real deadlocks and serialization failures, which only PostgreSQL produces (PGlite runs one
 * transaction at a time): inTransaction retries the transaction PostgreSQL aborted, so both
 * use cases complete.
 */
const url = process.env.TEST_DATABASE_URL;

/** Resolves once `n` callers have arrived: the transactions hold their first lock together. */
function barrier(n: number) {
  let arrived = 0;
  let open!: () => void;
  const all = new Promise<void>((r) => (open = r));
  return () => {
    if (++arrived === n) open();
    return all;
  };
}

describe.skipIf(!url)("inTransaction on PostgreSQL", () => {
  useTestDatabase();
  beforeAll(async () => {
    await db().execute(sql`create table tx_race (id int primary key, n int not null)`);
    await db().execute(sql`insert into tx_race values (1, 0), (2, 0)`);
  });

  it("a deadlock (rows locked in opposite orders) is retried: both transactions commit", async () => {
    const bothHoldOne = barrier(2);
    const tries = [0, 0];
    const lockBoth = (who: 0 | 1, first: number, second: number) =>
      inTransaction(async (tx) => {
        tries[who]!++;
        await tx.execute(sql`update tx_race set n = n + 1 where id = ${first}`);
        if (tries[who] === 1) await bothHoldOne();
        await tx.execute(sql`update tx_race set n = n + 1 where id = ${second}`);
      });
    await Promise.all([lockBoth(0, 1, 2), lockBoth(1, 2, 1)]);
    expect(tries[0]! + tries[1]!).toBe(3);
    const after = rows<{ id: number; n: number }>(await db().execute(sql`select id, n from tx_race order by id`));
    expect(after).toEqual([
      { id: 1, n: 2 },
      { id: 2, n: 2 },
    ]);
  });

  it("a serialization failure (two serializable read-then-write transactions) is retried", async () => {
    const bothRead = barrier(2);
    let tries = 0;
    const addNext = () =>
      inTransaction(
        async (tx) => {
          tries++;
          const [{ next }] = rows<{ next: number }>(await tx.execute(sql`select coalesce(max(id), 0) + 1 as next from tx_race`)) as [{ next: number }];
          if (tries <= 2) await bothRead();
          await tx.execute(sql`insert into tx_race values (${next}, 0)`);
        },
        { config: { isolationLevel: "serializable" } },
      );
    await Promise.all([addNext(), addNext()]);
    expect(tries).toBe(3);
    const ids = rows<{ id: number }>(await db().execute(sql`select id from tx_race order by id`)).map((r) => r.id);
    expect(ids).toEqual([1, 2, 3, 4]);
  });
});
