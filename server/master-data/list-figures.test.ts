import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { dec, sum, tryDecimal } from "../lib/decimal";
import { sql } from "drizzle-orm";
import { listRows, listSpecOf } from "../lib/list-read";
import { receiveOrderResource } from "../purchase/receive-order.resource";
import { parseListQuery } from "../lib/list-query";
import type { ResourceDef } from "../lib/resource";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { API_RESOURCES } from "./registry";

/**
 * Every document list against its documents (the demo data holds several documents of each
 * kind, with different lines): what a list row shows is what the document itself says, and a
 * document's totals are the sums of its lines. A list figure computed apart from the document
 * (a per-document aggregate) once bound to the wrong row and showed one document's totals on
 * every row.
 */
useTestDatabase();

type Doc = Record<string, unknown> & { lines?: Record<string, unknown>[] };

/** A document figure derived from its lines, by the name lists and documents give it. */
const FROM_LINES: Record<string, (lines: Record<string, unknown>[]) => unknown> = {
  lineCount: (ls) => ls.length,
  countedCount: (ls) => ls.filter((l) => l.countedQty !== null && l.countedQty !== undefined).length,
  totalQty: (ls) => sum(ls.map((l) => l.qty as string)),
  totalAmount: (ls) => sum(ls.map((l) => l.amount as string)),
  totalExpected: (ls) => sum(ls.map((l) => l.expectedQty as string)),
  totalReceived: (ls) => sum(ls.map((l) => l.receivedQty as string)),
  totalPicked: (ls) => sum(ls.map((l) => l.pickedQty as string)),
};

/** Whether two values read the same: numbers by value ("20.00" = 20), dates by instant. */
function same(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) return new Date(a as string).getTime() === new Date(b as string).getTime();
  if ((typeof a === "number" || typeof a === "string") && (typeof b === "number" || typeof b === "string")) {
    const x = tryDecimal(a);
    const y = tryDecimal(b);
    if (x && y) return x.equals(y);
  }
  return (a ?? null) === (b ?? null);
}

const isScalar = (v: unknown) => v === null || v instanceof Date || ["string", "number", "boolean"].includes(typeof v);
const isFigure = (v: unknown) => typeof v === "number" || (typeof v === "string" && tryDecimal(v) !== null);

const documentResources = API_RESOURCES.filter(
  (d): d is ResourceDef<any> & { document: { get: NonNullable<NonNullable<ResourceDef<any>["document"]>["get"]> } } => !!d.document?.get,
);

let boss: Ctx;
beforeAll(async () => {
  boss = (await ctxOf("boss1")).ctx;
});

describe("document lists show what their documents say", () => {
  it("covers every document resource of the API", () => {
    expect(documentResources.map((d) => d.name).sort()).toEqual(
      [
        "creditApproval",
        "deliveryOrder",
        "inventoryOrder",
        "moveOrder",
        "paymentOrder",
        "pickingOrder",
        "purchaseOrder",
        "purchasePlan",
        "purchaseReturnOrder",
        "putawayOrder",
        "receipt",
        "receiveOrder",
        "salesOrder",
        "salesReturnOrder",
      ].sort(),
    );
  });

  for (const def of documentResources) {
    it(`${def.name} (${def.label}): every row's figures equal its document's, and the document's totals equal its lines`, async () => {
      const { items } = await listRows<Record<string, unknown>>(def, boss, parseListQuery(new URLSearchParams("size=200"), listSpecOf(def)));
      const aggregates = Object.keys(def.extra ?? {});
      // Where the list sums lines apart from the document: several documents, so that one
      // document's figures on every row would show.
      expect(items.length).toBeGreaterThan(aggregates.some((k) => k in FROM_LINES) ? 1 : 0);
      const mismatches: string[] = [];
      for (const row of items) {
        const doc = (await def.document.get(boss, row.id as number)) as Doc;
        const lines = Array.isArray(doc.lines) ? doc.lines : undefined;
        for (const [key, shown] of Object.entries(row)) {
          if (!isScalar(shown)) continue;
          if (key in doc) {
            if (!same(shown, doc[key])) mismatches.push(`${row.no ?? row.id} ${key}: 列表 ${String(shown)}，单据 ${String(doc[key])}`);
          } else if (aggregates.includes(key) && isFigure(shown)) {
            // A figure only the list computes must still be the document's own: derived from its lines.
            const derive = FROM_LINES[key];
            if (!derive || !lines) mismatches.push(`${row.no ?? row.id} ${key}: 单据里没有这个数`);
            else if (!same(shown, String(derive(lines))))
              mismatches.push(`${row.no ?? row.id} ${key}: 列表 ${String(shown)}，明细合计 ${String(derive(lines))}`);
          }
        }
        if (!lines) continue;
        for (const [key, derive] of Object.entries(FROM_LINES)) {
          if (doc[key] === undefined || doc[key] === null) continue;
          const fromLines = derive(lines);
          if (!same(doc[key], String(fromLines))) mismatches.push(`${row.no ?? row.id} 单据 ${key} ${String(doc[key])}，明细合计 ${String(fromLines)}`);
        }
      }
      expect(mismatches).toEqual([]);
    });
  }

  it("the figures differ from document to document where their lines do", async () => {
    // The bug's shape: with the aggregate bound to the wrong id, every 收货单 showed the same totals.
    const def = documentResources.find((d) => d.name === "receiveOrder")!;
    const { items } = await listRows<Record<string, unknown>>(def, boss, parseListQuery(new URLSearchParams("size=200"), listSpecOf(def)));
    const docs = await Promise.all(items.map((r) => def.document.get(boss, r.id as number) as Promise<Doc>));
    const distinct = new Set(docs.map((d) => dec(d.totalReceived as string).toString()));
    expect(distinct.size).toBeGreaterThan(1);
    expect(new Set(items.map((r) => dec(r.totalReceived as string).toString())).size).toBe(distinct.size);
  });

  it("an extra written with a bare column still binds to the list's own row", async () => {
    // The way the bug was written: drizzle prints `${receiveOrders.id}` as a bare "id" in a
    // select without joins, which the subquery's own table would claim. The read side
    // qualifies every outer column of an extra, so such an expression is right too.
    const table = receiveOrderResource.table;
    const bare = {
      ...receiveOrderResource,
      extra: { bareReceived: sql<string>`(select coalesce(sum(l.received_qty), 0)::text from receive_order_lines l where l.receive_order_id = ${table.id})` },
    };
    const { items } = await listRows<Record<string, unknown>>(bare, boss, parseListQuery(new URLSearchParams("size=200"), listSpecOf(bare)));
    const { items: right } = await listRows<Record<string, unknown>>(
      receiveOrderResource,
      boss,
      parseListQuery(new URLSearchParams("size=200"), listSpecOf(receiveOrderResource)),
    );
    expect(items.map((r) => dec(r.bareReceived as string).toString())).toEqual(right.map((r) => dec(r.totalReceived as string).toString()));
  });
});
