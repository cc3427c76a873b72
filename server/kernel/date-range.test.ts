import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { enterpriseRelations } from "../organization/organization.tables";
import { purchaseOrders } from "../purchase/purchase.tables";
import { warehouses } from "../stock/stock.tables";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { dateRangeFilters } from "./date-range";
import { parseDay, parseListQuery } from "../lib/list-query";

// @postgres: day boundaries under the server's own time zone (runs again on PostgreSQL: scripts/test-support.mjs)

describe("date filters", () => {
  it("reads a calendar day in a few spellings and refuses days that do not exist", () => {
    expect(parseDay("2026-11-24")).toBe("2026-11-24");
    expect(parseDay(" 2026/1/5 ")).toBe("2026-01-05");
    expect(parseDay("2026.02.28")).toBe("2026-02-28");
    expect(parseDay("2026-02-29")).toBeUndefined();
    expect(parseDay("2024-02-29")).toBe("2024-02-29");
    expect(parseDay("2026-13-01")).toBeUndefined();
    expect(parseDay("24/11/2026")).toBeUndefined();
    expect(parseDay("2026-11-24'; drop")).toBeUndefined();
  });

  it("a list spec's date filters take only real days", () => {
    const spec = {
      sortable: ["id"] as const,
      defaultSort: { field: "id" as const, dir: "asc" as const },
      filters: { dateFrom: "date", dateTo: "date" } as const,
    };
    const q = parseListQuery(new URLSearchParams({ dateFrom: "2026/11/1", dateTo: "2026-11-31" }), spec);
    expect(q.filters).toEqual({ dateFrom: "2026-11-01" });
  });
});

describe("dateRangeFilters (company time zone, inclusive days)", () => {
  useTestDatabase();
  let ctx: Ctx;
  let id: number;
  beforeAll(async () => {
    ({ ctx } = await ctxOf("boss1"));
    const [p] = await db().select({ id: enterpriseRelations.id }).from(enterpriseRelations).where(eq(enterpriseRelations.companyId, ctx.companyId)).limit(1);
    const [w] = await db().select({ id: warehouses.id }).from(warehouses).where(eq(warehouses.companyId, ctx.companyId)).limit(1);
    // 2026-11-24 00:30 in Shanghai is still 2026-11-23 in UTC.
    const [o] = await db()
      .insert(purchaseOrders)
      .values({
        companyId: ctx.companyId,
        no: `DR-${Date.now()}`,
        partnerId: p!.id,
        warehouseId: w!.id,
        creationTime: new Date("2026-11-23T16:30:00Z"),
        expectedDate: "2026-12-01",
      })
      .returning();
    id = o!.id;
  });

  async function hit(filter: { where: (v: string, ctx: Ctx) => Promise<unknown> }, day: string) {
    const cond = (await filter.where(day, ctx)) as never;
    const rows = await db()
      .select({ id: purchaseOrders.id })
      .from(purchaseOrders)
      .where(and(eq(purchaseOrders.id, id), cond));
    return rows.length === 1;
  }

  it("cuts timestamps at the company's midnight", async () => {
    const f = dateRangeFilters(purchaseOrders.creationTime, "created");
    expect(await hit(f.createdFrom, "2026-11-24")).toBe(true);
    expect(await hit(f.createdFrom, "2026-11-25")).toBe(false);
    expect(await hit(f.createdTo, "2026-11-24")).toBe(true);
    expect(await hit(f.createdTo, "2026-11-23")).toBe(false);
  });

  it("compares date columns as days", async () => {
    const f = dateRangeFilters(purchaseOrders.expectedDate, "expected");
    expect(await hit(f.expectedFrom, "2026-12-01")).toBe(true);
    expect(await hit(f.expectedTo, "2026-12-01")).toBe(true);
    expect(await hit(f.expectedTo, "2026-11-30")).toBe(false);
  });
});
