import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { isDomainError } from "../lib/errors";
import { createRow, deleteRow, getRow, updateRow } from "../lib/resource";
import { productResource } from "../product/product.resources";
import { products } from "../product/product.tables";
import { companyIdOf, ctxOf, useTestDatabase } from "../test/test-db";
import { addressResource, bankAccountResource } from "./organization.resources";
import { bankAccounts, companyAddresses } from "./organization.tables";
import { startTestApp } from "../test/http-app";

/**
 * Concurrent writes on PostgreSQL, where they really run side by side (PGlite serialises every
 * transaction and hides these races): many requests at once that each make a new default end
 * with exactly one default and no failure; many deletes of one row give one success and
 * "not found" for the rest.
 */
const url = process.env.TEST_DATABASE_URL;
type Row = Record<string, any>;

/** What each of many concurrent calls ended with: "ok", a DomainError code, or the raw error. */
async function outcomes<T>(n: number, call: (i: number) => Promise<T>) {
  return Promise.all(
    Array.from({ length: n }, (_, i) =>
      call(i).then(
        () => "ok",
        (e: unknown) => (isDomainError(e) ? e.code : `error: ${(e as Error).message}`),
      ),
    ),
  );
}

async function defaultsOf(table: typeof companyAddresses | typeof bankAccounts, companyId: number) {
  return db()
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.companyId, companyId), eq(table.isDefault, true)));
}

describe.skipIf(!url)("concurrent writes on PostgreSQL", () => {
  useTestDatabase();
  let boss1: Ctx;
  let companyId: number;
  beforeAll(async () => {
    boss1 = (await ctxOf("boss1")).ctx;
    companyId = await companyIdOf("穗通汽配");
  });

  it("30 parallel new default addresses: all succeed, exactly one default", async () => {
    const results = await outcomes(30, (i) =>
      createRow(addressResource, boss1, { contactName: `并发${i}`, phone: "13900000000", address: `并发路 ${i} 号`, isDefault: true }),
    );
    expect(results).toEqual(Array(30).fill("ok"));
    expect(await defaultsOf(companyAddresses, companyId)).toHaveLength(1);
  });

  it("30 parallel new default bank accounts: all succeed, exactly one default", async () => {
    const results = await outcomes(30, (i) =>
      createRow(bankAccountResource, boss1, {
        bankName: "招商银行",
        accountName: "穗通汽配",
        accountNumber: `62258800${String(i).padStart(4, "0")}`,
        isDefault: true,
      }),
    );
    expect(results).toEqual(Array(30).fill("ok"));
    expect(await defaultsOf(bankAccounts, companyId)).toHaveLength(1);
  });

  it("20 parallel updates making different addresses the default: all succeed, exactly one default", async () => {
    const rows = await db().select({ id: companyAddresses.id }).from(companyAddresses).where(eq(companyAddresses.companyId, companyId)).limit(20);
    expect(rows.length).toBe(20);
    const results = await outcomes(20, (i) => updateRow(addressResource, boss1, rows[i]!.id, { isDefault: true }));
    expect(results).toEqual(Array(20).fill("ok"));
    expect(await defaultsOf(companyAddresses, companyId)).toHaveLength(1);
  });

  it("20 parallel deletes of one product: exactly one succeeds, the others answer not found", async () => {
    const made = await createRow<Row>(productResource, boss1, { mainOE: "RACE-DEL-001", name: "并发删除的产品" });
    const results = await outcomes(20, () => deleteRow(productResource, boss1, made.id));
    expect(results.filter((r) => r === "ok")).toHaveLength(1);
    expect(results.filter((r) => r === "not_found")).toHaveLength(19);
    expect(await db().select().from(products).where(eq(products.id, made.id))).toEqual([]);
  });

  it("parallel partial updates of one row each keep the other's field", async () => {
    const made = await createRow<Row>(addressResource, boss1, { contactName: "并发改", phone: "13900000009", address: "原地址" });
    const results = await outcomes(10, (i) => updateRow(addressResource, boss1, made.id, i % 2 ? { city: `城市${i}` } : { district: `区${i}` }));
    expect(results).toEqual(Array(10).fill("ok"));
    const after = await getRow<Row>(addressResource, boss1, made.id);
    expect(after.city).toMatch(/^城市\d$/);
    expect(after.district).toMatch(/^区\d$/);
    expect(after.address).toBe("原地址");
  });

  describe("through HTTP (the real build behind the real Express stack)", () => {
    let base = "";
    let close: (() => Promise<void>) | undefined;
    let headers: Record<string, string>;

    beforeAll(async () => {
      ({ base, close } = await startTestApp());
      headers = { Authorization: `Bearer ${(await ctxOf("boss1")).token}`, "Content-Type": "application/json" };
    });
    afterAll(() => close?.());

    it("30 parallel POST /api/app/companyAddress with isDefault: 30 × 200, one default", async () => {
      const statuses = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          fetch(`${base}/api/app/companyAddress`, {
            method: "POST",
            headers,
            body: JSON.stringify({ contactName: `接口${i}`, phone: "13900000000", address: `接口路 ${i} 号`, isDefault: true }),
          }).then((r) => r.status),
        ),
      );
      expect(statuses).toEqual(Array(30).fill(200));
      expect(await defaultsOf(companyAddresses, companyId)).toHaveLength(1);
    });

    it("20 parallel DELETE /api/app/product/{id}: one 200, nineteen 404 with the Chinese message", async () => {
      const made = await createRow<Row>(productResource, boss1, { mainOE: "RACE-DEL-HTTP", name: "接口并发删除" });
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          fetch(`${base}/api/app/product/${made.id}`, { method: "DELETE", headers }).then(async (r) => ({ status: r.status, body: await r.json() })),
        ),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      const missing = answers.filter((a) => a.status === 404);
      expect(missing).toHaveLength(19);
      expect(missing[0]!.body).toEqual({ error: { code: "not_found", message: "产品不存在" } });
    });
  });
});
