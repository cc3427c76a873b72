import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { rows } from "../db/migrate";
import { anyOf, inIdsOf, noLike } from "../lib/doc-search";
import { listFromParams } from "../lib/list-read";
import { enterpriseRelations } from "../organization/organization.tables";
import { plansWithOnly } from "../test/plans";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { deliverOrderResource } from "./deliver-order.resource";
import { pickingOrderResource } from "./picking-order.resource";
import { salesOrderResource } from "./sales-order.resource";

// @postgres: the plans of PostgreSQL's own planner for the trigram indexes (runs again on PostgreSQL: scripts/test-support.mjs)

/**
 * Document lists found by number or by what they refer to (server/lib/doc-search.ts): any part
 * of a number, the partner's name, the sales order's number; each part an index lookup.
 */
describe("document search", () => {
  useTestDatabase();
  let boss1: Ctx;
  let boss2: Ctx;
  const ids = async (def: typeof salesOrderResource, ctx: Ctx, params: Record<string, string>) =>
    (await listFromParams<{ id: number }>(def, ctx, new URLSearchParams({ size: "200", ...params }))).items.map((r) => r.id);
  beforeAll(async () => {
    ({ ctx: boss1 } = await ctxOf("boss1"));
    ({ ctx: boss2 } = await ctxOf("boss2"));
  });

  it("finds sales orders by any part of the number, by the customer's name, and nothing for an unknown text", async () => {
    const [order] = rows<{ id: number; no: string; partner_id: number; name: string }>(
      await db().execute(sql`select o.id, o.no, o.partner_id, p.name from sales_orders o join enterprise_relations p on p.id = o.partner_id
        where o.company_id = ${boss1.companyId} order by o.id limit 1`),
    );
    expect(order, "demo data has sales orders").toBeTruthy();
    expect(await ids(salesOrderResource, boss1, { no: order!.no.slice(-5).toLowerCase() })).toContain(order!.id);
    expect(await ids(salesOrderResource, boss1, { q: order!.no })).toContain(order!.id);
    const byName = await ids(salesOrderResource, boss1, { q: order!.name.slice(1, 4) });
    const ofPartner = await ids(salesOrderResource, boss1, { partnerId: String(order!.partner_id) });
    expect(byName).toEqual(expect.arrayContaining(ofPartner));
    expect(await ids(salesOrderResource, boss1, { q: "无此客户无此单号" })).toEqual([]);
    // LIKE's wildcards are text, not patterns.
    expect(await ids(salesOrderResource, boss1, { q: "%" })).toEqual([]);
    expect(await ids(salesOrderResource, boss1, { no: "_" })).toEqual([]);
    // The same number in another company (numbers are per company) is that company's order, never boss1's.
    expect(await ids(salesOrderResource, boss2, { q: order!.no })).not.toContain(order!.id);
    expect(await ids(salesOrderResource, boss2, { q: order!.name })).not.toContain(order!.id);
  });

  it("finds picking lists and delivery notes by their sales order's number", async () => {
    const [pick] = rows<{ id: number; so_no: string }>(
      await db().execute(
        sql`select k.id, o.no as so_no from picking_orders k join sales_orders o on o.id = k.sales_order_id where k.company_id = ${boss1.companyId} limit 1`,
      ),
    );
    expect(pick, "demo data has picking lists").toBeTruthy();
    expect(await ids(pickingOrderResource as never, boss1, { q: pick!.so_no })).toContain(pick!.id);
    const [note] = rows<{ id: number; so_no: string }>(
      await db().execute(
        sql`select d.id, o.no as so_no from deliver_orders d join sales_orders o on o.id = d.sales_order_id where d.company_id = ${boss1.companyId} limit 1`,
      ),
    );
    expect(note, "demo data has delivery notes").toBeTruthy();
    expect(await ids(deliverOrderResource as never, boss1, { q: note!.so_no.toLowerCase() })).toContain(note!.id);
  });

  it("reads up to a limit of ids first and beyond it gives the whole lookup as a subquery, never a cut one", async () => {
    const partners = () => db().select({ id: enterpriseRelations.id }).from(enterpriseRelations).where(eq(enterpriseRelations.companyId, boss1.companyId));
    const all = (await partners()).length;
    expect(all).toBeGreaterThan(3);
    const count = async (cond: ReturnType<typeof anyOf>) =>
      (
        await db()
          .select({ id: enterpriseRelations.id })
          .from(enterpriseRelations)
          .where(and(eq(enterpriseRelations.companyId, boss1.companyId), cond))
      ).length;
    const listed = await inIdsOf(enterpriseRelations.id, partners);
    const subquery = await inIdsOf(enterpriseRelations.id, partners, 2);
    expect(await count(anyOf(listed))).toBe(all);
    expect(await count(anyOf(subquery))).toBe(all);
    expect(
      await inIdsOf(enterpriseRelations.id, () =>
        db()
          .select({ id: enterpriseRelations.id })
          .from(enterpriseRelations)
          .where(sql`false`),
      ),
    ).toBeUndefined();
    expect(await count(anyOf(undefined))).toBe(0);
    expect(noLike(enterpriseRelations.name, "  ")).toBeUndefined();
  });

  it("answers a number's part from each document table's trigram index", async () => {
    const tables = [
      "sales_orders",
      "picking_orders",
      "deliver_orders",
      "sales_return_orders",
      "purchase_orders",
      "receive_orders",
      "putaway_orders",
      "purchase_return_orders",
      "partner_payments",
    ];
    const plans = await plansWithOnly([
      ...tables.map(
        (t) => [t, "%no_trgm%", sql`explain select id from ${sql.identifier(t)} where company_id = ${boss1.companyId} and no ilike ${"%500000%"}`] as const,
      ),
      [
        "deliver_orders",
        "%tracking_no_trgm%",
        sql`explain select id from deliver_orders where company_id = ${boss1.companyId} and tracking_no ilike ${"%SF1234%"}`,
      ] as const,
      ["stock_moves", "%doc_no_trgm%", sql`explain select id from stock_moves where company_id = ${boss1.companyId} and doc_no ilike ${"%500000%"}`] as const,
    ]);
    tables.forEach((t, i) => expect(plans[i], t).toContain(`Bitmap Index Scan on ${t}_no_trgm_idx`));
    expect(plans.at(-2)).toContain("Bitmap Index Scan on deliver_orders_tracking_no_trgm_idx");
    // 库存流水's 单号 filter.
    expect(plans.at(-1)).toContain("Bitmap Index Scan on stock_moves_doc_no_trgm_idx");
  });
});
