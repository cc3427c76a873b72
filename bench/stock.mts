/**
 * Issue 8 on PostgreSQL: (a) postings per second with 50 concurrent clients issuing from ONE
 * product (the hottest row the ledger has), with the oversell check; (c) the opening-stock
 * import of 10,000 rows from a generated .xlsx. (b), the stock list over a million balance
 * rows, runs inside bench/million.mts on its million-product database.
 *
 * A throwaway schema on BENCH_DATABASE_URL with the demo data, dropped afterwards.
 * BENCH_STOCK (default 3000) is the stock the 50 clients drain, BENCH_IMPORT_ROWS (10,000) the file.
 */
import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import pg from "pg";
import type { Ctx } from "../server/lib/context";
import { resolveSession, startSession } from "../server/auth/session.service";
import { bootDatabase } from "../server/boot";
import { db, setDatabase } from "../server/db/client";
import { inTransaction } from "../server/db/transaction";
import { isDomainError } from "../server/lib/errors";
import { products } from "../server/product/product.tables";
import { lockDocument } from "../server/kernel/document";
import { importOpeningStock } from "../server/stock/opening-stock.service";
import { postStock } from "../server/stock/stock-ledger.service";
import { productCosts, stockBalances, stockLocations, stockMoves, warehouses } from "../server/stock/stock.tables";
import { users } from "../server/kernel/identity.tables";
import { moveOrders } from "../server/warehouse/warehouse.tables";
import { pct } from "./measure.mts";

const CLIENTS = Number(process.env.BENCH_CLIENTS) || 50;
const STOCK = Number(process.env.BENCH_STOCK) || 3000;
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS) || 10_000;
const TARGET = { postingsPerSecond: 200, importS: 10 };
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

/**
 * (a) Stock STOCK of one product on one location; 50 clients each own a document row and post
 * outflows of 1 in a loop, as a confirming document does: one transaction that locks the
 * document row (lockDocument), posts through postStock (which locks the balance row) and
 * touches the document, until the ledger refuses them for lack of stock.
 */
async function benchPostings(ctx: Ctx, productId: number, locationId: number) {
  await inTransaction((tx) =>
    postStock(tx, ctx, {
      bizType: "StockInit",
      docType: "opening",
      docId: null,
      docNo: "QC-BENCH",
      lines: [{ productId, locationId, qty: String(STOCK), unitCost: "3" }],
    }),
  );
  const docs = await db()
    .insert(moveOrders)
    .values(Array.from({ length: CLIENTS }, (_, i) => ({ companyId: ctx.companyId, no: `BENCH-${i + 1}`, remark: "出库基准" })))
    .returning({ id: moveOrders.id, no: moveOrders.no });
  let ok = 0;
  let refused = 0;
  const errors: string[] = [];
  const latencies: number[] = [];
  let lastOk = 0;
  const t0 = performance.now();
  await Promise.all(
    docs.map(async (doc) => {
      for (;;) {
        const s = performance.now();
        try {
          await inTransaction(async (tx) => {
            await lockDocument(tx, moveOrders, ctx, doc.id, "出库单");
            await postStock(tx, ctx, {
              bizType: "SalesOrder",
              docType: "benchIssue",
              docId: doc.id,
              docNo: doc.no,
              lines: [{ productId, locationId, qty: "-1" }],
            });
            await tx
              .update(moveOrders)
              .set({ updatedAt: sql`now()` })
              .where(eq(moveOrders.id, doc.id));
          });
          ok++;
          lastOk = performance.now();
          latencies.push(lastOk - s);
        } catch (e) {
          if (isDomainError(e) && e.code === "conflict") {
            refused++;
            return;
          }
          errors.push((e as Error).message);
          if (errors.length > 20) return;
        }
      }
    }),
  );
  const seconds = (lastOk - t0) / 1000;
  const rate = ok / seconds;
  const [bal] = await db()
    .select({ qty: stockBalances.qty })
    .from(stockBalances)
    .where(and(eq(stockBalances.companyId, ctx.companyId), eq(stockBalances.productId, productId), eq(stockBalances.locationId, locationId)));
  const [ledger] = await db()
    .select({ s: sql<string>`coalesce(sum(${stockMoves.qty}), 0)::text`, neg: sql<number>`count(*) filter (where ${stockMoves.balanceAfter} < 0)::int` })
    .from(stockMoves)
    .where(and(eq(stockMoves.companyId, ctx.companyId), eq(stockMoves.productId, productId)));
  const [cost] = await db()
    .select({ q: productCosts.qtyOnHand })
    .from(productCosts)
    .where(and(eq(productCosts.companyId, ctx.companyId), eq(productCosts.productId, productId)));
  const oversell = ok - STOCK;
  const consistent = Number(bal!.qty) === Number(ledger!.s) && Number(cost!.q) === Number(bal!.qty) && Number(bal!.qty) >= 0 && ledger!.neg === 0;
  console.log(
    `  ${CLIENTS} 个并发客户端对同一产品出库   ${rate.toFixed(0)} 次/秒（${ok.toLocaleString()} 次过账用时 ${seconds.toFixed(2)} s，单次 p50 ${pct(latencies, 50).toFixed(1)} ms，p95 ${pct(latencies, 95).toFixed(1)} ms；连接池 ${Number(process.env.DATABASE_POOL_SIZE) || 10}）   目标 ≥ ${TARGET.postingsPerSecond} 次/秒  ${mark(rate >= TARGET.postingsPerSecond)}`,
  );
  console.log(
    `    （库存 ${STOCK.toLocaleString()}：成功 ${ok.toLocaleString()}，库存不足被拒 ${refused}，其他错误 ${errors.length}${errors.length ? `：${errors[0]}` : ""}；超卖 ${oversell > 0 ? oversell : 0} ${oversell === 0 ? "✓" : "✗"}；余额 ${bal!.qty} = Σ 流水 ${ledger!.s}，成本表 ${cost!.q}，负数余额 ${ledger!.neg} 条 ${consistent ? "✓ 一致" : "✗ 不一致"}）`,
  );
}

/** (c) 10,000 products of the company and an .xlsx with one opening row for each, imported through importOpeningStock. */
async function benchImport(ctx: Ctx, warehouseName: string, locationCode: string) {
  const prefix = `IMP${Date.now().toString(36).toUpperCase()}`;
  await db().execute(sql`insert into products (company_id, main_oe, oe_norm, name)
    select ${ctx.companyId}, ${prefix} || '-' || lpad(i::text, 5, '0'), ${prefix} || lpad(i::text, 5, '0'), '期初导入基准件' || i
      from generate_series(1, ${IMPORT_ROWS}::int) as i`);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("期初库存");
  ws.addRow(["产品编码(OE)", "仓库", "货位", "批次号", "数量", "单位成本"]);
  for (let i = 1; i <= IMPORT_ROWS; i++)
    ws.addRow([`${prefix}-${String(i).padStart(5, "0")}`, warehouseName, locationCode, "", 1 + (i % 20), Number((1 + (i % 997) / 10).toFixed(2))]);
  const buffer = Buffer.from(await wb.xlsx.writeBuffer());
  const t0 = performance.now();
  const result = await importOpeningStock(ctx, buffer);
  const seconds = (performance.now() - t0) / 1000;
  const [check] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(stockBalances)
    .innerJoin(products, eq(products.id, stockBalances.productId))
    .where(and(eq(stockBalances.companyId, ctx.companyId), sql`${products.mainOE} like ${`${prefix}-%`}`));
  const detail = result.ok
    ? `${result.docNo}，${result.rows.toLocaleString()} 行，数量合计 ${result.totalQty}，金额 ${result.totalAmount}`
    : `✗ 被拒：${result.errors
        .slice(0, 3)
        .map((e) => `第 ${e.row} 行 ${e.message}`)
        .join("；")}`;
  console.log(
    `  期初库存导入 ${IMPORT_ROWS.toLocaleString()} 行 xlsx     ${seconds.toFixed(2)} s（${(buffer.length / 1024).toFixed(0)} KB；${detail}；写入余额 ${check!.n.toLocaleString()} 行）   目标 ≤ ${TARGET.importS} s  ${mark(result.ok && seconds <= TARGET.importS && check!.n === IMPORT_ROWS)}`,
  );
}

export async function benchStock(url: string) {
  const schema = `bench_stock_${Date.now().toString(36)}_${crypto.randomBytes(3).toString("hex")}`;
  await adminQuery(url, `create schema ${schema}`);
  const { handle } = await bootDatabase({ url, searchPath: schema, demo: true, demoPassword: "Demo@123456" });
  try {
    console.log(`\n库存过账与期初导入：PostgreSQL（临时 schema，演示数据，穗通汽配 boss1）`);
    const ctx = await ctxOf("boss1");
    const [w] = await db().insert(warehouses).values({ companyId: ctx.companyId, name: "基准测试仓" }).returning();
    const [loc] = await db()
      .insert(stockLocations)
      .values({ companyId: ctx.companyId, warehouseId: w!.id, code: "B-01", fullName: "基准测试仓-B-01" })
      .returning();
    const [p] = await db()
      .insert(products)
      .values({ companyId: ctx.companyId, mainOE: "BENCH-HOT-1", oeNorm: "BENCHHOT1", name: "并发出库基准件" })
      .returning();
    await benchPostings(ctx, p!.id, loc!.id);
    await benchImport(ctx, w!.name, loc!.code);
  } finally {
    await handle.close();
    setDatabase(undefined);
    await adminQuery(url, `drop schema ${schema} cascade`);
  }
}
