import { sql } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { rows as rowsOf } from "../lib/rows";

/**
 * Known sales, returns, receipts and stock moves in March 2031 (far from any demo data), for the
 * statement report tests. Rows are inserted directly: the reports read tables, whichever service
 * wrote them. Every figure the tests expect follows from the numbers here.
 */
async function one(q: ReturnType<typeof sql>): Promise<number> {
  return Number(rowsOf(await db().execute(q))[0]!.id);
}

export const MARCH = { dateFrom: "2031-03-01", dateTo: "2031-03-31" };

export interface Fixture {
  warehouseId: number;
  locationId: number;
  p1: number;
  p2: number;
  c1: number;
  c2: number;
  s1: number;
}

export async function insertReportFixture(ctx: Ctx, other: Ctx, salesUserId: number, tag = "RPT"): Promise<Fixture> {
  const c = ctx.companyId;
  const warehouseId = await one(sql`insert into warehouses (company_id, name) values (${c}, ${`${tag}报表仓`}) returning id`);
  const locationId = await one(
    sql`insert into stock_locations (company_id, warehouse_id, code, full_name) values (${c}, ${warehouseId}, 'R-01', ${`${tag}报表仓-R-01`}) returning id`,
  );
  const p1 = await one(sql`insert into products (company_id, main_oe, oe_norm, name) values (${c}, ${`${tag}-A1`}, ${`${tag}A1`}, '报表刹车片') returning id`);
  const p2 = await one(
    sql`insert into products (company_id, main_oe, oe_norm, name) values (${c}, ${`${tag}-B2`}, ${`${tag}B2`}, '报表机油滤清器') returning id`,
  );
  await db().execute(
    sql`insert into product_oes (product_id, company_id, oe_norm, kind) values (${p1}, ${c}, ${`${tag}A1`}, 0), (${p2}, ${c}, ${`${tag}B2`}, 0) on conflict do nothing`,
  );
  const c1 = await one(sql`insert into enterprise_relations (company_id, rel, name) values (${c}, 1, ${`${tag}客户甲`}) returning id`);
  const c2 = await one(sql`insert into enterprise_relations (company_id, rel, name) values (${c}, 1, ${`${tag}客户乙`}) returning id`);
  const s1 = await one(sql`insert into enterprise_relations (company_id, rel, name) values (${c}, 0, ${`${tag}供应商`}) returning id`);

  const order = (no: string, partner: number, salesman: number, status: number, total: string, day: string) =>
    one(sql`insert into sales_orders (company_id, no, status, partner_id, warehouse_id, salesman_id, total_amount, creation_time, posted_at)
      values (${c}, ${no}, ${status}, ${partner}, ${warehouseId}, ${salesman}, ${total}, ${`${day} 10:00+08`}, ${`${day} 10:00+08`}) returning id`);
  const orderLine = (orderId: number, product: number, qty: string, price: string, amount: string, cost: string) =>
    one(sql`insert into sales_order_lines (company_id, line_no, order_id, product_id, qty, price, amount, cost_price)
      values (${c}, 1, ${orderId}, ${product}, ${qty}, ${price}, ${amount}, ${cost}) returning id`);
  const so1 = await order(`${tag}XS1`, c1, ctx.userId, 60, "300", "2031-03-05");
  const so1l = await orderLine(so1, p1, "10", "30", "300", "20");
  const so2 = await order(`${tag}XS2`, c2, salesUserId, 30, "90", "2031-03-06");
  // 20 × 90% = 18 net, below the cost of 19: a low-price order line (loss 5.00).
  const so2l = await orderLine(so2, p2, "5", "20", "90", "19");
  const so3 = await order(`${tag}XS3`, c2, salesUserId, 0, "50", "2031-03-06");
  await orderLine(so3, p2, "1", "50", "50", "100"); // a draft: no sale, no loss

  const deliver = (no: string, so: number, partner: number, status: number, total: string, day: string) =>
    one(sql`insert into deliver_orders (company_id, no, status, sales_order_id, partner_id, warehouse_id, total_amount, posted_at, creation_time)
      values (${c}, ${no}, ${status}, ${so}, ${partner}, ${warehouseId}, ${total}, ${status === 30 ? `${day} 15:00+08` : null}, ${`${day} 09:00+08`}) returning id`);
  const deliverLine = (d: number, sol: number, product: number, qty: string, price: string, amount: string, cost: string | null) =>
    one(sql`insert into deliver_order_lines (company_id, line_no, deliver_order_id, sales_order_line_id, product_id, location_id, qty, price, amount, unit_cost)
      values (${c}, 1, ${d}, ${sol}, ${product}, ${locationId}, ${qty}, ${price}, ${amount}, ${cost}) returning id`);
  const d1 = await deliver(`${tag}FH1`, so1, c1, 30, "300", "2031-03-07");
  const d1l = await deliverLine(d1, so1l, p1, "10", "30", "300", "21.5"); // cost 215, profit 85
  const d2 = await deliver(`${tag}FH2`, so2, c2, 30, "36", "2031-03-08");
  await deliverLine(d2, so2l, p2, "2", "18", "36", "19.25"); // cost 38.50, profit −2.50, loss 2.50
  const d3 = await deliver(`${tag}FH3`, so2, c2, 20, "18", "2031-03-08"); // not confirmed
  await deliverLine(d3, so2l, p2, "1", "18", "18", null);
  const d4 = await deliver(`${tag}FH4`, so1, c1, 30, "30", "2031-04-02"); // after March
  await deliverLine(d4, so1l, p1, "1", "30", "30", "21.5");

  const ret = (no: string, status: number, day: string) =>
    one(sql`insert into sales_return_orders (company_id, no, status, partner_id, warehouse_id, sales_order_id, total_amount, posted_at, creation_time)
      values (${c}, ${no}, ${status}, ${c1}, ${warehouseId}, ${so1}, '60', ${`${day} 11:00+08`}, ${`${day} 09:00+08`}) returning id`);
  const r1 = await ret(`${tag}XT1`, 100, "2031-03-09");
  await db()
    .execute(sql`insert into sales_return_order_lines (company_id, line_no, return_order_id, sales_order_line_id, deliver_order_line_id, product_id, qty, price, amount, unit_cost, reason_code)
    values (${c}, 1, ${r1}, ${so1l}, ${d1l}, ${p1}, '2', '30', '60', '21.5', 70)`);
  const r2 = await ret(`${tag}XT2`, 10, "2031-03-09"); // waiting for approval
  await db().execute(sql`insert into sales_return_order_lines (company_id, line_no, return_order_id, product_id, qty, price, amount, reason_code)
    values (${c}, 1, ${r2}, ${p2}, '1', '18', '18', 20)`);

  const po = await one(sql`insert into purchase_orders (company_id, no, status, partner_id, warehouse_id, total_amount, creation_time)
    values (${c}, ${`${tag}CG1`}, 40, ${s1}, ${warehouseId}, '441', '2031-03-01 09:00+08') returning id`);
  const receive = (no: string, status: number) =>
    one(sql`insert into receive_orders (company_id, no, status, purchase_order_id, partner_id, warehouse_id, posted_at, creation_time)
      values (${c}, ${no}, ${status}, ${po}, ${s1}, ${warehouseId}, '2031-03-02 10:00+08', '2031-03-02 09:00+08') returning id`);
  const rc1 = await receive(`${tag}SH1`, 100);
  await db().execute(sql`insert into receive_order_lines (company_id, line_no, receive_order_id, product_id, expected_qty, received_qty, price)
    values (${c}, 1, ${rc1}, ${p1}, '20', '20', '19.5'), (${c}, 2, ${rc1}, ${p2}, '3', '3', '17')`);
  const rc2 = await receive(`${tag}SH2`, 90); // reversed
  await db().execute(sql`insert into receive_order_lines (company_id, line_no, receive_order_id, product_id, expected_qty, received_qty, price)
    values (${c}, 1, ${rc2}, ${p1}, '7', '7', '19.5')`);

  await db().execute(sql`insert into partner_accounts (company_id, partner_id, balance) values (${c}, ${c1}, '240'), (${c}, ${s1}, '441')`);

  const move = (product: number, qty: string, cost: string, amount: string, biz: string, at: string) =>
    db()
      .execute(sql`insert into stock_moves (company_id, product_id, location_id, warehouse_id, qty, unit_cost, amount, balance_after, product_qty_after, avg_cost_after, biz_type, doc_type, created_at)
      values (${c}, ${product}, ${locationId}, ${warehouseId}, ${qty}, ${cost}, ${amount}, 0, 0, ${cost}, ${biz}, 'test', ${at})`);
  await move(p1, "5", "20", "100", "StockInit", "2031-02-20 10:00+08");
  await move(p1, "20", "19.5", "390", "PurchaseOrder", "2031-03-02 10:00+08");
  await move(p1, "-10", "21.5", "-215", "SalesOrder", "2031-03-07 15:00+08");
  await move(p1, "2", "21.5", "43", "SalesReturnOrder", "2031-03-09 11:00+08");
  await move(p1, "-1", "21.5", "-21.5", "SalesOrder", "2031-04-02 15:00+08");
  await move(p2, "3", "17", "51", "PurchaseOrder", "2031-03-02 10:00+08");
  await move(p2, "-2", "19.25", "-38.5", "SalesOrder", "2031-03-08 15:00+08");

  // Another company's sale in the same month: never in this company's reports.
  const oc = other.companyId;
  const ow = await one(sql`insert into warehouses (company_id, name) values (${oc}, ${`${tag}他司仓`}) returning id`);
  const ol = await one(
    sql`insert into stock_locations (company_id, warehouse_id, code, full_name) values (${oc}, ${ow}, 'X-01', ${`${tag}他司仓-X-01`}) returning id`,
  );
  const op = await one(sql`insert into products (company_id, main_oe, oe_norm, name) values (${oc}, ${`${tag}-A1`}, ${`${tag}A1`}, '他司刹车片') returning id`);
  const ocu = await one(sql`insert into enterprise_relations (company_id, rel, name) values (${oc}, 1, ${`${tag}他司客户`}) returning id`);
  const oso = await one(sql`insert into sales_orders (company_id, no, status, partner_id, warehouse_id, salesman_id, total_amount, creation_time)
    values (${oc}, ${`${tag}XS9`}, 60, ${ocu}, ${ow}, ${other.userId}, '999', '2031-03-05 10:00+08') returning id`);
  const osol = await one(sql`insert into sales_order_lines (company_id, line_no, order_id, product_id, qty, price, amount, cost_price)
    values (${oc}, 1, ${oso}, ${op}, '9', '111', '999', '500') returning id`);
  const od = await one(sql`insert into deliver_orders (company_id, no, status, sales_order_id, partner_id, warehouse_id, total_amount, posted_at)
    values (${oc}, ${`${tag}FH9`}, 30, ${oso}, ${ocu}, ${ow}, '999', '2031-03-07 15:00+08') returning id`);
  await db()
    .execute(sql`insert into deliver_order_lines (company_id, line_no, deliver_order_id, sales_order_line_id, product_id, location_id, qty, price, amount, unit_cost)
    values (${oc}, 1, ${od}, ${osol}, ${op}, ${ol}, '9', '111', '999', '500')`);
  await db()
    .execute(sql`insert into stock_moves (company_id, product_id, location_id, warehouse_id, qty, unit_cost, amount, balance_after, product_qty_after, avg_cost_after, biz_type, doc_type, created_at)
    values (${oc}, ${op}, ${ol}, ${ow}, '-9', '500', '-4500', 0, 0, '500', 'SalesOrder', 'test', '2031-03-07 15:00+08')`);
  return { warehouseId, locationId, p1, p2, c1, c2, s1 };
}

/** Reads a report stream to its end; returns the byte count (an .xlsx is a zip: it starts with PK). */
export async function drain(stream: ReadableStream<Uint8Array>) {
  const chunks: Uint8Array[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
