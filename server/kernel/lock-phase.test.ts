import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "../db/client";
import { inTransaction } from "../db/transaction";
import { useTestDatabase } from "../test/test-db";
import { enterLockPhase, LockOrderError, lockPhaseOf } from "./lock-phase";

/** The lock order document → ledger → account is enforced: an earlier phase after a later one throws. */
useTestDatabase();

describe("lock phases", () => {
  it("allows document → ledger → account, and a phase again", async () => {
    await inTransaction(async (tx) => {
      enterLockPhase(tx, "document", "销售订单");
      enterLockPhase(tx, "document", "发货单");
      enterLockPhase(tx, "ledger", "库存余额");
      enterLockPhase(tx, "ledger", "库存余额");
      enterLockPhase(tx, "account", "往来账户");
      enterLockPhase(tx, "account", "往来账户");
      expect(lockPhaseOf(tx)).toBe("account");
    });
  });

  it("throws when a document is locked after the stock rows", async () => {
    await expect(
      inTransaction(async (tx) => {
        enterLockPhase(tx, "document", "销售订单");
        enterLockPhase(tx, "ledger", "库存余额");
        enterLockPhase(tx, "document", "发货单");
      }),
    ).rejects.toBeInstanceOf(LockOrderError);
  });

  it("throws when the stock rows are locked after the partner's account", async () => {
    await expect(
      inTransaction(async (tx) => {
        enterLockPhase(tx, "account", "往来账户");
        enterLockPhase(tx, "ledger", "库存余额");
      }),
    ).rejects.toThrow(/锁顺序错误/);
  });

  it("keeps the phase across the transaction's savepoints, and each transaction has its own", async () => {
    await inTransaction(async (tx) => {
      enterLockPhase(tx, "ledger", "库存余额");
      await expect(inTransaction(async (sp) => enterLockPhase(sp, "document", "发货单"), { tx })).rejects.toBeInstanceOf(LockOrderError);
    });
    await inTransaction(async (tx) => {
      expect(lockPhaseOf(tx)).toBeNull();
      enterLockPhase(tx, "document", "发货单");
    });
  });

  it("ignores statements outside a transaction (their locks end with them)", async () => {
    enterLockPhase(db(), "account", "往来账户");
    enterLockPhase(db(), "document", "发货单");
    expect(lockPhaseOf(db())).toBeNull();
    await db().execute(sql`select 1`);
  });
});
