import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../test/test-db";
import { db } from "./client";
import { rows } from "./migrate";
import { MAX_TRIES, inTransaction, sqlStateOf } from "./transaction";

/**
 * inTransaction's contract on any database: a serialization failure or deadlock (as drizzle
 * wraps it: the driver error in `cause`) runs the whole use case again, a bounded number of
 * times, then answers 409 "系统繁忙，请重试"; any other error and any nested use are not retried;
 * whatever a failed try wrote is rolled back. The real races are in transaction.pg.test.ts.
 */
useTestDatabase();

const dbError = (code: string) => Object.assign(new Error("Failed query: …"), { cause: Object.assign(new Error("driver"), { code }) });

beforeAll(async () => {
  await db().execute(sql`create table tx_probe (id int primary key, n int not null)`);
});

async function probeIds() {
  return rows<{ id: number }>(await db().execute(sql`select id from tx_probe order by id`)).map((r) => r.id);
}

describe("inTransaction", () => {
  it.each(["40001", "40P01", "55P03"])("retries the whole use case after SQLSTATE %s and keeps only the try that committed", async (code) => {
    await db().execute(sql`delete from tx_probe`);
    let tries = 0;
    const result = await inTransaction(async (tx) => {
      tries++;
      await tx.execute(sql`insert into tx_probe values (${tries}, 0)`);
      if (tries < 3) throw dbError(code);
      return "done";
    });
    expect(result).toBe("done");
    expect(tries).toBe(3);
    expect(await probeIds()).toEqual([3]);
  });

  it(`gives up after ${MAX_TRIES} tries with a Chinese 409`, async () => {
    let tries = 0;
    await expect(
      inTransaction(async () => {
        tries++;
        throw dbError("40P01");
      }),
    ).rejects.toMatchObject({ name: "DomainError", code: "conflict", message: "系统繁忙，请重试" });
    expect(tries).toBe(MAX_TRIES);
  });

  it("does not retry other errors, and rolls back what the try wrote", async () => {
    await db().execute(sql`delete from tx_probe`);
    let tries = 0;
    await expect(
      inTransaction(async (tx) => {
        tries++;
        await tx.execute(sql`insert into tx_probe values (1, 0)`);
        throw dbError("23505");
      }),
    ).rejects.toThrow("Failed query");
    expect(tries).toBe(1);
    expect(await probeIds()).toEqual([]);
  });

  it("nested in a caller's transaction: a savepoint, never retried inside", async () => {
    await db().execute(sql`delete from tx_probe`);
    let outer = 0;
    let inner = 0;
    await inTransaction(async (tx) => {
      outer++;
      await tx.execute(sql`insert into tx_probe values (${10 + outer}, 0)`);
      await inTransaction(
        async (sp) => {
          inner++;
          await sp.execute(sql`insert into tx_probe values (${20 + inner}, 0)`);
          if (outer === 1) throw dbError("40001");
        },
        { tx },
      );
    });
    // The nested call failed once without a retry of its own; the outer use case ran again.
    expect([outer, inner]).toEqual([2, 2]);
    expect(await probeIds()).toEqual([12, 22]);
  });

  it("reads SQLSTATEs through drizzle's wrapping", () => {
    expect(sqlStateOf(dbError("40P01"))).toBe("40P01");
    expect(sqlStateOf(new Error("plain"))).toBeUndefined();
  });
});
