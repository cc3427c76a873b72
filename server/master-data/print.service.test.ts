import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { purchaseOrders } from "../purchase/purchase.tables";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { printSheetOf } from "./print.service";
import { PRINT_REFUSED } from "../print/print-sheet";

useTestDatabase();

let boss1: Ctx;
async function orderIn(status: number) {
  const [o] = await db()
    .select({ id: purchaseOrders.id })
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.companyId, boss1.companyId), eq(purchaseOrders.status, status)))
    .limit(1);
  if (!o) throw new Error(`no demo purchase order in status ${status}`);
  return o.id;
}

beforeAll(async () => {
  boss1 = (await ctxOf("boss1")).ctx;
});

describe("printing purchase orders (spec 000 §8)", () => {
  it("prints a submitted order and refuses a draft and a voided (not concluded) one", async () => {
    const sheet = await printSheetOf(boss1, "purchase", await orderIn(10));
    expect(sheet.rows.length).toBeGreaterThan(0);
    expect(sheet.statusLabel).toBe("待收货");
    await expect(printSheetOf(boss1, "purchase", await orderIn(0))).rejects.toThrow(PRINT_REFUSED);
    await expect(printSheetOf(boss1, "purchase", await orderIn(90))).rejects.toThrow(PRINT_REFUSED);
  });

  it("does not print another company's order", async () => {
    const boss2 = (await ctxOf("boss2")).ctx;
    await expect(printSheetOf(boss2, "purchase", await orderIn(10))).rejects.toMatchObject({ code: "not_found" });
  });
});
