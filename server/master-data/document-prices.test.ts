import { and, desc, eq, type SQL } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { canRead, hiddenFields, visibleDocument } from "../lib/list-read";
import { PRICE_CODE, PURCHASE_PRICE_CODES, SALE_PRICE_CODES } from "../lib/price-rules";
import type { ResourceDef } from "../lib/resource";
import { PRINT_PAGES, printSheetOf, type PrintKind } from "./print.service";
import { ctxOf, useTestDatabase } from "../test/test-db";
import { apiItem } from "../resource/api";
import { API_RESOURCES } from "./registry";

/**
 * Issue 20 item 13: every read of a document applies the same price rule as its page. The
 * resource's private fields (header and line keys alike) are dropped from the document read at
 * every depth — JSON API and print alike — for whoever may not read them. Checked over every
 * document resource of the API, so a document added later without its price rule fails here.
 */
useTestDatabase();

const PRICE_LIKE = /price|amount|cost|profit/i;
/** Flags and labels, not prices. */
const NOT_PRICES = new Set(["showPrices", "totalAmountText"]);
/**
 * Documents whose page shows prices to whoever works them: the delivery note and the sales
 * return are the customer's paper (their sale prices, never their costs); receipts and payments
 * are the money itself (readers hold 对账单).
 */
const OPEN_PRICES: Record<string, readonly string[]> = {
  deliveryOrder: ["price", "amount", "totalAmount", "deliveredAmount", "receivableAmount"],
  // 需求审批 shows the approver (经理, its only reader) the order's amount.
  creditApproval: ["amount"],
  salesReturnOrder: ["price", "amount", "totalAmount"],
  receipt: ["amount", "unallocatedAmount", "entryAmount"],
  paymentOrder: ["amount", "unallocatedAmount", "entryAmount"],
};
const documents = API_RESOURCES.filter((d) => d.document);

function keysOf(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysOf(v, out);
  else if (value && typeof value === "object" && !(value instanceof Date)) {
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      keysOf(v, out);
    }
  }
  return out;
}

async function someDocument(def: ResourceDef, companyId: number): Promise<number | undefined> {
  const t = def.table as any;
  // Receipts and payments share a table: the resource's own kind.
  const kind = def.filters?.kind ? ((await def.filters.kind.where(def.filters.kind.default, {} as Ctx)) as SQL | undefined) : undefined;
  const [row] = await db()
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.companyId, companyId), kind))
    .orderBy(desc(t.id))
    .limit(1);
  return row?.id as number | undefined;
}

const api = (token: string, path: string) => new Request(`http://localhost${path}`, { headers: { Authorization: `Bearer ${token}` } });

let boss: Ctx;
let stock: { ctx: Ctx; token: string };
beforeAll(async () => {
  boss = (await ctxOf("boss1")).ctx;
  stock = await ctxOf("stock1");
  for (const c of [PRICE_CODE, ...PURCHASE_PRICE_CODES, ...SALE_PRICE_CODES]) expect(stock.ctx.permissions.has(c)).toBe(false);
});

describe("the price rule of every document read", () => {
  it("a reader without any price permission gets no price from any document resource (the rule's fields cover every price the document has)", async () => {
    // A reader holding the document's reading codes and nothing that shows prices.
    const tested: string[] = [];
    for (const def of documents) {
      const id = await someDocument(def, boss.companyId);
      expect(id, `演示数据里没有${def.label}`).toBeDefined();
      const full = await def.document!.get(boss, id!);
      const reader = {
        ...boss,
        permissions: new Set(
          [...(def.readCodes ?? [def.writeCode])].filter((c) => ![PRICE_CODE, ...PURCHASE_PRICE_CODES, ...SALE_PRICE_CODES].includes(c as never)),
        ),
      } as Ctx;
      const seen = [...keysOf(visibleDocument(def, reader, full))].filter((k) => PRICE_LIKE.test(k) && !NOT_PRICES.has(k));
      const open = new Set(OPEN_PRICES[def.name] ?? []);
      // Readers of a document whose every reading code shows prices (a purchase return is for buyers) are never price-less.
      const priceless = [...reader.permissions].length > 0;
      if (priceless)
        expect(
          seen.filter((k) => !open.has(k)),
          def.name,
        ).toEqual([]);
      tested.push(def.name);
    }
    expect(tested).toEqual(
      expect.arrayContaining([
        "purchaseOrder",
        "salesOrder",
        "receiveOrder",
        "putawayOrder",
        "pickingOrder",
        "deliveryOrder",
        "salesReturnOrder",
        "purchaseReturnOrder",
        "purchasePlan",
        "inventoryOrder",
      ]),
    );
  });

  it("stock1 (仓管) reading documents through GET /api/app/<doc>/{id} gets no purchase or sales prices, nor costs", async () => {
    const read: string[] = [];
    for (const def of documents) {
      if (!canRead(def, stock.ctx)) continue;
      const id = await someDocument(def, stock.ctx.companyId);
      if (!id) continue;
      const res = await apiItem(api(stock.token, `/api/app/${def.name}/${id}`), def.name, String(id));
      expect(res.status, def.name).toBe(200);
      const keys = keysOf(await res.json());
      for (const hidden of hiddenFields(def, stock.ctx)) expect(keys.has(hidden), `${def.name}.${hidden}`).toBe(false);
      const open = new Set(OPEN_PRICES[def.name] ?? []);
      expect(
        [...keys].filter((k) => PRICE_LIKE.test(k) && !NOT_PRICES.has(k) && !open.has(k)),
        def.name,
      ).toEqual([]);
      read.push(def.name);
    }
    // The warehouse's chain: the orders its notes come from, and its own notes.
    expect(read).toEqual(expect.arrayContaining(["purchaseOrder", "salesOrder", "receiveOrder", "putawayOrder", "pickingOrder", "deliveryOrder"]));
    // The manager still reads the prices.
    const po = documents.find((d) => d.name === "purchaseOrder")!;
    const id = await someDocument(po, boss.companyId);
    const res = await apiItem(api((await ctxOf("boss1")).token, `/api/app/purchaseOrder/${id}`), "purchaseOrder", String(id));
    const body = (await res.json()) as { totalAmount?: string; lines: { price?: string }[] };
    expect(body.totalAmount).toBeDefined();
    expect(body.lines[0]!.price).toBeDefined();
  });

  it("print: whoever may print a document but not read its prices gets a sheet without price columns", async () => {
    const MONEY_COLUMNS = new Set(["price", "amount", "unitCost", "cost"]);
    for (const [kind, page] of Object.entries(PRINT_PAGES) as [PrintKind, { code: string }][]) {
      if (!stock.ctx.permissions.has(page.code)) continue;
      const def = documents.find(
        (d) => ({ receive: "receiveOrder", picking: "pickingOrder", deliver: "deliveryOrder", allocation: "moveOrder" })[kind as string] === d.name,
      );
      if (!def) continue;
      const [row] = await db()
        .select({ id: (def.table as any).id })
        .from(def.table as any)
        .where(and(eq((def.table as any).companyId, stock.ctx.companyId)))
        .orderBy(desc((def.table as any).id))
        .limit(20);
      if (!row) continue;
      const sheet = await printSheetOf(stock.ctx, kind, row.id as number).catch(() => null);
      if (!sheet) continue;
      const priced = sheet.columns.filter((c) => MONEY_COLUMNS.has(c.key)).map((c) => c.key);
      if (def.name === "deliveryOrder") continue; // the customer's paper: its prices are for whoever delivers
      expect(priced, kind).toEqual([]);
    }
  });
});
