import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { isDomainError } from "../lib/errors";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { countInventoryOrder, createInventoryOrder, getInventoryOrder, postInventoryOrder, startInventoryOrder } from "./inventory-order.service";
import { balanceOf, brokenKeys, makeWarehouseFixture, receive } from "./warehouse-test-kit";

/** A stocktake posting while receipts post to the same key (PostgreSQL only). */
const url = process.env.TEST_DATABASE_URL;

describe.skipIf(!url)("stocktake posting during receipts (PostgreSQL)", () => {
  useTestDatabase();
  let ctx: Ctx;
  let f: Awaited<ReturnType<typeof makeWarehouseFixture>>;

  beforeAll(async () => {
    ctx = (await ctxOf("stock1")).ctx;
    f = await makeWarehouseFixture((await ctxOf("boss1")).ctx, "PG2");
    await receive(ctx, f.productId, f.a1, "S", "10", "6", 401);
  });

  it("final balance = counted + what arrived after the count; Σ ledger = balance", async () => {
    const { id } = await createInventoryOrder(ctx, { warehouseId: f.w1 });
    await startInventoryOrder(ctx, id);
    const doc = await getInventoryOrder(ctx, id);
    await countInventoryOrder(ctx, id, { counts: [{ lineId: doc.lines[0]!.id, countedQty: "12" }] });
    const results = await Promise.all(
      [
        ...Array.from({ length: 20 }, (_, i) => receive(ctx, f.productId, f.a1, "S", "1", "6", 500 + i).then(() => "ok")),
        postInventoryOrder(ctx, id).then(() => "ok"),
      ].map((p) => p.catch((e: unknown) => (isDomainError(e) ? `refused: ${e.message}` : `error: ${(e as Error).message}`))),
    );
    expect(results.every((r) => r === "ok")).toBe(true);
    expect((await balanceOf(ctx, f.productId, f.a1, "S"))!.qty).toBe("32.00"); // counted 12 + 20 received after the count
    expect((await getInventoryOrder(ctx, id)).status).toBe(100);
    expect(await brokenKeys(ctx, f.productId)).toEqual([]);
  });

  it("the same stocktake posted 10 times at once posts once", async () => {
    const { id } = await createInventoryOrder(ctx, { warehouseId: f.w1 });
    await startInventoryOrder(ctx, id);
    const doc = await getInventoryOrder(ctx, id);
    await countInventoryOrder(ctx, id, { counts: [{ lineId: doc.lines[0]!.id, countedQty: "30" }] });
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        postInventoryOrder(ctx, id).then(
          () => "ok",
          (e: unknown) => (isDomainError(e) ? "refused" : "error"),
        ),
      ),
    );
    expect(results.filter((r) => r === "ok")).toHaveLength(1);
    expect(results.filter((r) => r === "refused")).toHaveLength(9);
    expect((await balanceOf(ctx, f.productId, f.a1, "S"))!.qty).toBe("30.00");
    expect(await brokenKeys(ctx, f.productId)).toEqual([]);
  });
});
