/**
 * Issue 9 on PostgreSQL (a throwaway schema on BENCH_DATABASE_URL with the demo data, dropped
 * afterwards), as boss1 of 穗通汽配:
 *   (a) order entry: create and submit a 20-line sales order (stock locked FIFO, picking list
 *       made), p50 over 30 runs;
 *   (b) delivery postings per second: 50 concurrent clients confirm waiting delivery notes of one
 *       hot product (outflow at the moving average + receivable), then the no-oversell check;
 *   (c) /sale/order page 1 (the real build behind the real HTTP stack) with one million orders
 *       seeded by generate_series;
 *   (d) a statement of account over 10,000 documents of one customer (partnerStatement).
 * BENCH_SALE_ORDERS (1,000,000) and BENCH_STATEMENT_DOCS (10,000) change the sizes.
 */
import crypto from "node:crypto";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { and, eq, sql } from "drizzle-orm";
import pg from "pg";
import type { Ctx } from "../server/lib/context";
import { resolveSession, startSession } from "../server/auth/session.service";
import { bootDatabase } from "../server/boot";
import { db, setDatabase } from "../server/db/client";
import { inTransaction } from "../server/db/transaction";
import { partnerStatement } from "../server/finance/statement.service";
import { createApp } from "../server/http";
import { isDomainError } from "../server/lib/errors";
import { enterpriseRelations } from "../server/organization/organization.tables";
import { products } from "../server/product/product.tables";
import { deliverOrders, pickingOrders } from "../server/sale/sale.tables";
import { confirmDelivery } from "../server/sale/deliver-order.service";
import { confirmPicking } from "../server/sale/picking-order.service";
import { createSalesOrder } from "../server/sale/sales-order.service";
import { saveCompanySetting } from "../server/system/company-setting.service";
import { postStock } from "../server/stock/stock-ledger.service";
import { productCosts, stockBalances, stockLocations, stockMoves, warehouses } from "../server/stock/stock.tables";
import { users } from "../server/kernel/identity.tables";
import { logLine, pct, signIn, timePage } from "./measure.mts";
import { benchOrderEntryPage, ENTRY_TARGET } from "./order-entry.mts";

const CLIENTS = Number(process.env.BENCH_CLIENTS) || 50;
const HOT_STOCK = Number(process.env.BENCH_SALE_STOCK) || 500;
const ORDERS = Number(process.env.BENCH_SALE_ORDERS) || 1_000_000;
const STATEMENT_DOCS = Number(process.env.BENCH_STATEMENT_DOCS) || 10_000;
const TARGET = { entryMs: 150, listMs: 20, statementMs: 500 };
const mark = (ok: boolean) => (ok ? "✓ 达标" : "✗ 未达标");

async function adminQuery(url: string, text: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

async function ctxOf(username: string): Promise<Ctx> {
  const [u] = await db().select({ id: users.id }).from(users).where(eq(users.username, username));
  const { token } = await startSession({ userId: u!.id, kind: "web" });
  return (await resolveSession(token))!;
}

interface Setup {
  ctx: Ctx;
  warehouseId: number;
  locationId: number;
  customerId: number;
}

/** n products of the company, each with `stock` pieces on the bench shelf. */
async function stockedProducts(s: Setup, prefix: string, n: number, stock: number): Promise<number[]> {
  const made = await db()
    .insert(products)
    .values(
      Array.from({ length: n }, (_, i) => ({
        companyId: s.ctx.companyId,
        mainOE: `${prefix}-${i + 1}`,
        oeNorm: `${prefix}${i + 1}`,
        name: `销售基准件${prefix}${i + 1}`,
      })),
    )
    .returning({ id: products.id });
  await inTransaction((tx) =>
    postStock(tx, s.ctx, {
      bizType: "StockInit",
      docType: "opening",
      docId: null,
      docNo: `QC-${prefix}`,
      lines: made.map((p) => ({ productId: p.id, locationId: s.locationId, qty: String(stock), unitCost: "5" })),
    }),
  );
  return made.map((p) => p.id);
}

/** (a) create + submit of a 20-line order, p50 of 30. */
async function benchOrderEntry(s: Setup) {
  const ids = await stockedProducts(s, "SOE", 20, 1000);
  const times: number[] = [];
  for (let run = 0; run < 30; run++) {
    const t0 = performance.now();
    await createSalesOrder(
      s.ctx,
      {
        partnerId: s.customerId,
        warehouseId: s.warehouseId,
        lines: ids.map((productId, i) => ({ productId, qty: "1", price: String(10 + i), discount: "100" })),
      },
      { submit: true },
    );
    times.push(performance.now() - t0);
  }
  const p50 = pct(times, 50);
  console.log(
    `  销售开单（20 行，保存并提交，锁库存）   p50 ${p50.toFixed(1)} ms   p95 ${pct(times, 95).toFixed(1)} ms（30 次）   目标 ≤ ${TARGET.entryMs} ms  ${mark(p50 <= TARGET.entryMs)}`,
  );
}

/** (b) HOT_STOCK orders of one piece of one product, picked; 50 clients confirm their delivery notes at once. */
async function benchDeliveries(s: Setup) {
  const [hot] = await stockedProducts(s, "SOHOT", 1, HOT_STOCK);
  await saveCompanySetting(s.ctx, { name: "AutoCreatePickOut", value: "true" });
  await saveCompanySetting(s.ctx, { name: "AutoCreateDeliver", value: "true" });
  await saveCompanySetting(s.ctx, { name: "AutoConfirmDeliver", value: "false" });
  const body = { partnerId: s.customerId, warehouseId: s.warehouseId, lines: [{ productId: hot!, qty: "1", price: "20", discount: "100" }] };
  const orders: number[] = [];
  let refusedAtOrder = 0;
  for (let i = 0; i < HOT_STOCK + 10; i++) {
    try {
      orders.push((await createSalesOrder(s.ctx, body, { submit: true })).id);
    } catch (e) {
      if (isDomainError(e)) refusedAtOrder++;
      else throw e;
    }
  }
  const picks = await db()
    .select({ id: pickingOrders.id })
    .from(pickingOrders)
    .where(
      and(
        eq(pickingOrders.companyId, s.ctx.companyId),
        eq(pickingOrders.status, 10),
        sql`${pickingOrders.salesOrderId} = any(${`{${orders.join(",")}}`}::int[])`,
      ),
    );
  for (const p of picks) await confirmPicking(s.ctx, p.id);
  const notes = await db()
    .select({ id: deliverOrders.id })
    .from(deliverOrders)
    .where(
      and(
        eq(deliverOrders.companyId, s.ctx.companyId),
        eq(deliverOrders.status, 20),
        sql`${deliverOrders.salesOrderId} = any(${`{${orders.join(",")}}`}::int[])`,
      ),
    );
  const queue = notes.map((n) => n.id);
  let ok = 0;
  const errors: string[] = [];
  const latencies: number[] = [];
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
        const s0 = performance.now();
        try {
          await confirmDelivery(s.ctx, id);
          ok++;
          latencies.push(performance.now() - s0);
        } catch (e) {
          errors.push((e as Error).message);
        }
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const rate = ok / seconds;
  const [bal] = await db()
    .select({ qty: sql<string>`coalesce(sum(${stockBalances.qty}), 0)::text`, locked: sql<string>`coalesce(sum(${stockBalances.lockedQty}), 0)::text` })
    .from(stockBalances)
    .where(and(eq(stockBalances.companyId, s.ctx.companyId), eq(stockBalances.productId, hot!)));
  const [ledger] = await db()
    .select({ s: sql<string>`coalesce(sum(${stockMoves.qty}), 0)::text`, neg: sql<number>`count(*) filter (where ${stockMoves.balanceAfter} < 0)::int` })
    .from(stockMoves)
    .where(and(eq(stockMoves.companyId, s.ctx.companyId), eq(stockMoves.productId, hot!)));
  const [cost] = await db()
    .select({ q: productCosts.qtyOnHand })
    .from(productCosts)
    .where(and(eq(productCosts.companyId, s.ctx.companyId), eq(productCosts.productId, hot!)));
  const delivered = HOT_STOCK - Number(bal!.qty);
  const consistent = Number(bal!.qty) === Number(ledger!.s) && Number(cost!.q) === Number(bal!.qty) && Number(bal!.qty) >= 0 && ledger!.neg === 0;
  console.log(
    `  ${CLIENTS} 个并发客户端确认发货（同一产品）   ${rate.toFixed(0)} 单/秒（${ok.toLocaleString()} 张发货单用时 ${seconds.toFixed(2)} s，单次 p50 ${pct(latencies, 50).toFixed(1)} ms，p95 ${pct(latencies, 95).toFixed(1)} ms；每张都锁同一库存行和同一客户账户，最差情形）`,
  );
  console.log(
    `    （库存 ${HOT_STOCK}：下单 ${orders.length}，库存不足被拒 ${refusedAtOrder}，发货 ${delivered}，其他错误 ${errors.length}${errors.length ? `：${errors[0]}` : ""}；超卖 ${delivered > HOT_STOCK ? delivered - HOT_STOCK : 0} ${delivered <= HOT_STOCK ? "✓" : "✗"}；余额 ${bal!.qty} = Σ 流水 ${ledger!.s}，成本表 ${cost!.q}，锁定 ${bal!.locked}，负数余额 ${ledger!.neg} 条 ${consistent ? "✓ 一致" : "✗ 不一致"}）`,
  );
}

/** (c) ORDERS sales orders by generate_series, then /sale/order page 1 over HTTP. */
async function benchOrderList(s: Setup) {
  const t0 = performance.now();
  await db()
    .execute(sql`insert into sales_orders (company_id, no, status, partner_id, warehouse_id, salesman_id, total_qty, total_amount, created_by, creation_time, updated_at)
    select ${s.ctx.companyId}, 'BXS' || lpad(i::text, 8, '0'), (array[0, 30, 40, 50, 60, 90, 95, 100])[1 + i % 8], ${s.customerId}, ${s.warehouseId}, ${s.ctx.userId},
      1 + i % 20, (100 + i % 5000)::numeric(16,2), ${s.ctx.userId}, now() - make_interval(secs => ${ORDERS}::int - i), now()
    from generate_series(1, ${ORDERS}::int) as i`);
  await db().execute(sql`analyze sales_orders`);
  const seeded = (performance.now() - t0) / 1000;
  const build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;
  const server = createApp(build, { log: logLine, loginRateLimit: 1e6 }).listen(0, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  try {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const cookie = await signIn(base, "boss1");
    const first = await timePage(base, "/sale/order", cookie, 30);
    const data = await timePage(base, "/sale/order?_data=routes%2F_app%2B%2Fsale.order", cookie, 30);
    const filtered = await timePage(base, "/sale/order?status=30", cookie, 30);
    console.log(
      `  /sale/order 第 1 页（${ORDERS.toLocaleString()} 张销售订单，生成用时 ${seeded.toFixed(1)} s）   p50 ${first.p50.toFixed(1)} ms   p95 ${first.p95.toFixed(1)} ms   目标 ≤ ${TARGET.listMs} ms  ${mark(first.p50 <= TARGET.listMs)}`,
    );
    const home = await timePage(base, "/home?_data=routes%2F_app%2B%2Fhome", cookie, 30);
    console.log(
      `    仅数据 (loader) p50 ${data.p50.toFixed(1)} ms；按状态 待发货 筛选 p50 ${filtered.p50.toFixed(1)} ms；/home 工作台数据（同一百万订单）p50 ${home.p50.toFixed(1)} ms`,
    );
    // What a clerk does with a bookmarkable list: find one order by its number (a part of it), by
    // the search box, one day's orders, a deep page, another sort.
    const day = new Date(Date.now() - (ORDERS / 2) * 1000).toISOString().slice(0, 10);
    const probes = [
      [
        "单号筛选（单号的一部分）",
        `/sale/order?no=${String(ORDERS / 2)
          .padStart(8, "0")
          .slice(-6)}`,
      ],
      ["搜索框（完整单号）", `/sale/order?q=BXS${String(ORDERS / 2).padStart(8, "0")}`],
      ["日期范围（一天）", `/sale/order?dateFrom=${day}&dateTo=${day}`],
      ["第 1000 页", "/sale/order?page=1000"],
      ["按金额排序", "/sale/order?sort=totalAmount.desc"],
    ] as const;
    const probed: string[] = [];
    for (const [name, u] of probes) probed.push(`${name} p50 ${(await timePage(base, u, cookie, 10)).p50.toFixed(1)} ms`);
    console.log(`    ${probed.join("；")}`);
    const entry = await benchOrderEntryPage(base, cookie);
    console.log(
      `  销售开单页 JS（含明细表格的延迟加载，${entry.files} 个文件）   ${(entry.jsBytes / 1024).toFixed(1)} KB gzip   目标 ≤ ${ENTRY_TARGET.jsKB} KB  ${mark(entry.jsBytes <= ENTRY_TARGET.jsKB * 1024)}`,
    );
    console.log(
      `  添加一行（CPU 降速 6 倍，回车至新行出现并聚焦）   p50 ${entry.addLineP50.toFixed(1)} ms   p95 ${entry.addLineP95.toFixed(1)} ms（${entry.lines} 次）   目标 ≤ ${ENTRY_TARGET.addLineMs} ms  ${mark(entry.addLineP50 <= ENTRY_TARGET.addLineMs)}`,
    );
  } finally {
    await new Promise((r) => server.close(r));
  }
}

/** (d) STATEMENT_DOCS deliveries and receipts of one customer this month, then partnerStatement. */
async function benchStatement(s: Setup) {
  const [p] = await db().insert(enterpriseRelations).values({ companyId: s.ctx.companyId, rel: 1, name: "对账基准客户" }).returning();
  const partnerId = p!.id;
  // Every fifth entry a receipt (−), the others deliveries (+); balance_after is the running sum.
  await db()
    .execute(sql`insert into partner_account_entries (company_id, partner_id, doc_type, doc_id, doc_no, entry_date, due_date, amount, settled_amount, balance_after)
    select ${s.ctx.companyId}, ${partnerId}, case when i % 5 = 0 then 'receipt' else 'deliverOrder' end, 2000000000 - i, 'DZ' || i,
      current_date - ((${STATEMENT_DOCS}::int - i) % 25), case when i % 5 = 0 then null else current_date end,
      case when i % 5 = 0 then -50 else 30 end, 0,
      sum(case when i % 5 = 0 then -50 else 30 end) over (order by i)
    from generate_series(1, ${STATEMENT_DOCS}::int) as i`);
  await db().execute(sql`insert into partner_accounts (company_id, partner_id, balance)
    select ${s.ctx.companyId}, ${partnerId}, coalesce(sum(amount), 0) from partner_account_entries where company_id = ${s.ctx.companyId} and partner_id = ${partnerId}
    on conflict (company_id, partner_id) do update set balance = excluded.balance`);
  await db().execute(sql`analyze partner_account_entries`);
  const from = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const times: number[] = [];
  let st: Awaited<ReturnType<typeof partnerStatement>> | undefined;
  for (let i = 0; i < 10; i++) {
    const t0 = performance.now();
    st = await partnerStatement(s.ctx, { partnerId, from, to });
    times.push(performance.now() - t0);
  }
  const p50 = pct(times, 50);
  const balanced = Number(st!.opening) + Number(st!.totalIncrease) - Number(st!.totalDecrease) === Number(st!.closing);
  console.log(
    `  对账单（${st!.lines.length.toLocaleString()} 笔单据）             p50 ${p50.toFixed(1)} ms   p95 ${pct(times, 95).toFixed(1)} ms（10 次）；期初 ${st!.opening} + 增 ${st!.totalIncrease} − 减 ${st!.totalDecrease} = 期末 ${st!.closing} ${balanced ? "✓" : "✗"}   目标 ≤ ${TARGET.statementMs} ms  ${mark(p50 <= TARGET.statementMs)}`,
  );
}

export async function benchSale(url: string) {
  const schema = `bench_sale_${Date.now().toString(36)}_${crypto.randomBytes(3).toString("hex")}`;
  await adminQuery(url, `create schema ${schema}`);
  const { handle } = await bootDatabase({ url, searchPath: schema, demo: true, demoPassword: "Demo@123456" });
  try {
    console.log(`\n销售：PostgreSQL（临时 schema，演示数据，穗通汽配 boss1）`);
    const ctx = await ctxOf("boss1");
    const [w] = await db().insert(warehouses).values({ companyId: ctx.companyId, name: "销售基准仓" }).returning();
    const [loc] = await db()
      .insert(stockLocations)
      .values({ companyId: ctx.companyId, warehouseId: w!.id, code: "S-01", fullName: "销售基准仓-S-01" })
      .returning();
    const [c] = await db().insert(enterpriseRelations).values({ companyId: ctx.companyId, rel: 1, name: "销售基准客户" }).returning();
    const s: Setup = { ctx, warehouseId: w!.id, locationId: loc!.id, customerId: c!.id };
    // BENCH_SALE_STEPS=订单列表 (comma-separated names) runs only those steps.
    const only = process.env.BENCH_SALE_STEPS?.split(",");
    for (const [name, step] of [
      ["开单", benchOrderEntry],
      ["发货", benchDeliveries],
      ["对账单", benchStatement],
      ["订单列表", benchOrderList],
    ] as const) {
      if (only && !only.includes(name)) continue;
      try {
        await step(s);
      } catch (e) {
        console.log(`  ${name}：✗ 失败 ${(e as Error).message}`);
      }
    }
  } finally {
    await handle.close();
    setDatabase(undefined);
    await adminQuery(url, `drop schema ${schema} cascade`);
  }
}

// `npx tsx bench/sale.mts` runs it alone.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    console.error("请设置 BENCH_DATABASE_URL=postgres://…");
    process.exit(1);
  }
  process.env.QIPEI_MODE ??= "development";
  process.env.NODE_ENV ??= "production";
  process.env.SESSION_SECRET ??= crypto.randomBytes(16).toString("hex");
  await benchSale(url);
  process.exit(0);
}
