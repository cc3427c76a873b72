import { sql, type SQL } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import { REASON_CODES } from "../lib/dictionary";
import type { ListQuery } from "../lib/list-query";
import type { FilterHelpers, ReportColumn, ReportDef } from "./report-list";
import { LOSS_KINDS } from "./report.labels";
import { DL_DONE } from "../sale/deliver-order.status";
import { SR_DONE } from "../sale/sales-return.status";

/**
 * The sales reports (统计报表 › 销售报表, TJBB-001…006). Sales are confirmed delivery notes
 * (deliver_orders 30 发货完成) with their lines: the price the customer was charged and the
 * outflow's moving-average cost (unit_cost, posted by the stock ledger). Returns are confirmed
 * sales returns (100 已完成). Cost and profit are 产品价格's (CPGL-002).
 */
const COST = "CPGL-002";

/** Confirmed delivery lines of the caller's company with the report's filters: `from … where …` (aliases d, l, o, p). */
async function deliveredLines(ctx: Ctx, q: ListQuery, f: FilterHelpers): Promise<SQL> {
  const parts: SQL[] = [sql`d.company_id = ${ctx.companyId}`, sql`d.status = ${DL_DONE}`, f.dayRange(sql`coalesce(d.posted_at, d.creation_time)`)];
  const v = q.filters;
  if (typeof v.partnerId === "number") parts.push(sql`d.partner_id = ${v.partnerId}`);
  if (typeof v.warehouseId === "number") parts.push(sql`d.warehouse_id = ${v.warehouseId}`);
  if (typeof v.salesmanId === "number") parts.push(sql`o.salesman_id = ${v.salesmanId}`);
  const ids = await f.productIds();
  if (ids) parts.push(sql`l.product_id in ${ids}`);
  return sql`deliver_orders d join deliver_order_lines l on l.deliver_order_id = d.id join sales_orders o on o.id = d.sales_order_id
    join products p on p.id = l.product_id where ${sql.join(parts, sql` and `)}`;
}

/** Confirmed sales return lines: `from … where …` (aliases r, l, o — o is null for a free-standing return — and p). */
async function returnedLines(ctx: Ctx, q: ListQuery, f: FilterHelpers): Promise<SQL> {
  const parts: SQL[] = [sql`r.company_id = ${ctx.companyId}`, sql`r.status = ${SR_DONE}`, f.dayRange(sql`coalesce(r.posted_at, r.creation_time)`)];
  const v = q.filters;
  if (typeof v.partnerId === "number") parts.push(sql`r.partner_id = ${v.partnerId}`);
  if (typeof v.warehouseId === "number") parts.push(sql`r.warehouse_id = ${v.warehouseId}`);
  if (typeof v.salesmanId === "number") parts.push(sql`o.salesman_id = ${v.salesmanId}`);
  if (typeof v.reasonCode === "number") parts.push(sql`l.reason_code = ${v.reasonCode}`);
  const ids = await f.productIds();
  if (ids) parts.push(sql`l.product_id in ${ids}`);
  return sql`sales_return_orders r join sales_return_order_lines l on l.return_order_id = r.id left join sales_orders o on o.id = r.sales_order_id
    join products p on p.id = l.product_id where ${sql.join(parts, sql` and `)}`;
}

const lineCost = sql.raw("round(l.unit_cost * l.qty, 2)");
const partnerName = (col: string) => sql.raw(`(select e.name from enterprise_relations e where e.id = ${col})`);
const userName = (col: string) => sql.raw(`(select u.name from users u where u.id = ${col})`);
const warehouseName = (col: string) => sql.raw(`(select w.name from warehouses w where w.id = ${col})`);
const productNames = sql.raw(`p.main_oe as "mainOE", p.name as "productName", (select b.name from product_brands b where b.id = p.brand_id) as "brandName"`);

/**
 * Columns marked `hidden` are out of the page's default set (a detail report then fits a 1366 px
 * screen) and shown by 显示全部列; the export has every column.
 */
const PRODUCT_COLUMNS: ReportColumn[] = [
  { field: "mainOE", header: "产品编码", width: 140 },
  { field: "productName", header: "产品名称", width: 140 },
  { field: "brandName", header: "品牌", width: 90, hidden: true },
];

/** Share of the selection's total, in percent (2 dp), computed before paging. */
const shareOf = (col: string) => sql.raw(`round(100 * ${col} / nullif(sum(${col}) over (), 0), 2)`);

const SALE_FILTERS = { dateFrom: "date", dateTo: "date", partnerId: "int", salesmanId: "int", warehouseId: "int" } as const;

/** 销售明细 (/statements/sale/report): every confirmed delivery line. */
export const saleDetailReport: ReportDef = {
  name: "saleReport",
  pageUrl: "/statements/sale/report",
  pageName: "销售明细",
  filters: SALE_FILTERS,
  columns: () => [
    { field: "date", header: "发货日期", width: 140, kind: "datetime", sort: "date" },
    { field: "deliverNo", header: "发货单号", width: 140, sort: "deliverNo" },
    { field: "orderNo", header: "销售单号", width: 150, hidden: true },
    { field: "customerName", header: "客户", width: 140 },
    { field: "salesmanName", header: "业务员", width: 80, hidden: true },
    { field: "warehouseName", header: "仓库", width: 90, hidden: true },
    ...PRODUCT_COLUMNS,
    { field: "qty", header: "数量", width: 80, kind: "number", sort: "qty" },
    { field: "price", header: "单价", width: 90, kind: "money", hidden: true },
    { field: "amount", header: "金额", width: 110, kind: "money", sort: "amount" },
    { field: "cost", header: "成本", width: 110, kind: "money", code: COST, hidden: true },
    { field: "profit", header: "毛利", width: 110, kind: "money", code: COST, sort: "profit" },
  ],
  sortable: { date: "date", deliverNo: "deliverNo", qty: "qty", amount: "amount", profit: "profit" },
  defaultSort: { field: "date", dir: "desc" },
  tieBreak: ["id"],
  sums: ["qty", "amount", "cost", "profit"],
  totalLabel: "deliverNo",
  async source(ctx, q, f) {
    return sql`select l.id, coalesce(d.posted_at, d.creation_time) as "date", d.no as "deliverNo", o.no as "orderNo",
        ${partnerName("d.partner_id")} as "customerName", ${userName("o.salesman_id")} as "salesmanName", ${warehouseName("d.warehouse_id")} as "warehouseName",
        ${productNames}, l.qty, l.price, l.amount, ${lineCost} as cost, l.amount - ${lineCost} as profit
      from ${await deliveredLines(ctx, q, f)}`;
  },
};

function rankNameColumns(by: unknown): ReportColumn[] {
  if (by === "customer") return [{ field: "name", header: "客户", width: 200, sort: "name" }];
  if (by === "reason") return [{ field: "name", header: "退货原因", width: 140, sort: "name" }];
  return [
    { field: "mainOE", header: "产品编码", width: 150 },
    { field: "name", header: "产品名称", width: 180, sort: "name" },
    { field: "brandName", header: "品牌", width: 90 },
  ];
}

/** 销售排行 (/statements/sale/rank): delivered quantity, amount and profit per product or per customer. */
export const saleRankReport: ReportDef = {
  name: "saleRank",
  pageUrl: "/statements/sale/rank",
  pageName: "销售排行",
  filters: { ...SALE_FILTERS, by: "text" },
  defaults: { by: "product" },
  columns: (q) => [
    { field: "rank", header: "排名", width: 60, kind: "number" },
    ...rankNameColumns(q.filters.by),
    { field: "qty", header: "数量", width: 90, kind: "number", sort: "qty" },
    { field: "amount", header: "金额", width: 120, kind: "money", sort: "amount" },
    { field: "share", header: "占比(%)", width: 80, kind: "number" },
    { field: "cost", header: "成本", width: 120, kind: "money", code: COST },
    { field: "profit", header: "毛利", width: 120, kind: "money", code: COST, sort: "profit" },
  ],
  sortable: { amount: "amount", qty: "qty", profit: "profit", name: "name" },
  defaultSort: { field: "amount", dir: "desc" },
  tieBreak: ["id"],
  sums: ["qty", "amount", "cost", "profit"],
  totalLabel: "name",
  chart: () => ({ label: "name", series: [{ field: "amount", name: "金额" }], top: 10 }),
  async source(ctx, q, f) {
    const byCustomer = q.filters.by === "customer";
    const key = byCustomer ? sql.raw("d.partner_id") : sql.raw("l.product_id");
    const grouped = sql`select ${key} as key, sum(l.qty) as qty, sum(l.amount) as amount, sum(${lineCost}) as cost, sum(l.amount - ${lineCost}) as profit
      from ${await deliveredLines(ctx, q, f)} group by ${key}`;
    const names = byCustomer
      ? sql`null::text as "mainOE", ${partnerName("g.key")} as name, null::text as "brandName"`
      : sql`p.main_oe as "mainOE", p.name as name, (select b.name from product_brands b where b.id = p.brand_id) as "brandName"`;
    return sql`select g.key as id, row_number() over (order by g.amount desc, g.key) as rank, ${names}, g.qty, g.amount, ${shareOf("g.amount")} as share, g.cost, g.profit
      from (${grouped}) g ${byCustomer ? sql`` : sql`join products p on p.id = g.key`}`;
  },
};

/** 销售退货明细 (/statements/sale/return): every confirmed sales return line, with its reason. */
export const saleReturnReport: ReportDef = {
  name: "saleReturnReport",
  pageUrl: "/statements/sale/return",
  pageName: "销售退货明细",
  filters: { ...SALE_FILTERS, reasonCode: "int" },
  columns: () => [
    { field: "date", header: "退货日期", width: 140, kind: "datetime", sort: "date" },
    { field: "returnNo", header: "退货单号", width: 140, sort: "returnNo" },
    { field: "orderNo", header: "销售单号", width: 150, hidden: true },
    { field: "customerName", header: "客户", width: 140 },
    { field: "salesmanName", header: "业务员", width: 80, hidden: true },
    { field: "warehouseName", header: "仓库", width: 90, hidden: true },
    ...PRODUCT_COLUMNS,
    { field: "qty", header: "数量", width: 80, kind: "number", sort: "qty" },
    { field: "price", header: "单价", width: 90, kind: "money", hidden: true },
    { field: "amount", header: "金额", width: 110, kind: "money", sort: "amount" },
    { field: "cost", header: "成本", width: 110, kind: "money", code: COST, hidden: true },
    { field: "reasonCode", header: "退货原因", width: 100, kind: "enum", labels: REASON_CODES },
  ],
  sortable: { date: "date", returnNo: "returnNo", qty: "qty", amount: "amount" },
  defaultSort: { field: "date", dir: "desc" },
  tieBreak: ["id"],
  sums: ["qty", "amount", "cost"],
  totalLabel: "returnNo",
  async source(ctx, q, f) {
    return sql`select l.id, coalesce(r.posted_at, r.creation_time) as "date", r.no as "returnNo", o.no as "orderNo",
        ${partnerName("r.partner_id")} as "customerName", ${userName("o.salesman_id")} as "salesmanName", ${warehouseName("r.warehouse_id")} as "warehouseName",
        ${productNames}, l.qty, l.price, l.amount, ${lineCost} as cost, l.reason_code as "reasonCode"
      from ${await returnedLines(ctx, q, f)}`;
  },
};

/** A reason's label as 数据字典 names it now (the labels are parameters, not SQL text). */
const reasonLabel = () =>
  sql`(case g.key ${sql.join(
    REASON_CODES.map(([k, v]) => sql`when ${sql.raw(String(Number(k)))} then ${v}::text`),
    sql` `,
  )} else '未填写' end)`;

/** 退货排行 (/statements/sale/returnRank): returned quantity and amount per product, customer or reason. */
export const saleReturnRankReport: ReportDef = {
  name: "saleReturnRank",
  pageUrl: "/statements/sale/returnRank",
  pageName: "退货排行",
  filters: { ...SALE_FILTERS, reasonCode: "int", by: "text" },
  defaults: { by: "product" },
  columns: (q) => [
    { field: "rank", header: "排名", width: 60, kind: "number" },
    ...rankNameColumns(q.filters.by),
    { field: "returns", header: "退货单数", width: 90, kind: "number", sort: "returns" },
    { field: "qty", header: "数量", width: 90, kind: "number", sort: "qty" },
    { field: "amount", header: "金额", width: 120, kind: "money", sort: "amount" },
    { field: "share", header: "占比(%)", width: 80, kind: "number" },
  ],
  sortable: { amount: "amount", qty: "qty", returns: "returns", name: "name" },
  defaultSort: { field: "amount", dir: "desc" },
  tieBreak: ["id"],
  sums: ["returns", "qty", "amount"],
  totalLabel: "name",
  chart: () => ({ label: "name", series: [{ field: "amount", name: "退货金额" }], top: 10 }),
  async source(ctx, q, f) {
    const by = q.filters.by === "customer" || q.filters.by === "reason" ? q.filters.by : "product";
    const key = sql.raw(by === "customer" ? "r.partner_id" : by === "reason" ? "coalesce(l.reason_code, 0)" : "l.product_id");
    const grouped = sql`select ${key} as key, count(distinct r.id)::int as returns, sum(l.qty) as qty, sum(l.amount) as amount
      from ${await returnedLines(ctx, q, f)} group by ${key}`;
    const names =
      by === "product"
        ? sql`p.main_oe as "mainOE", p.name as name, (select b.name from product_brands b where b.id = p.brand_id) as "brandName"`
        : sql`null::text as "mainOE", ${by === "customer" ? partnerName("g.key") : reasonLabel()} as name, null::text as "brandName"`;
    return sql`select g.key as id, row_number() over (order by g.amount desc, g.key) as rank, ${names}, g.returns, g.qty, g.amount, ${shareOf("g.amount")} as share
      from (${grouped}) g ${by === "product" ? sql`join products p on p.id = g.key` : sql``}`;
  },
};

/**
 * 业务员销售 (/statements/sale/salesman): per salesman (the sales order's), in the period:
 * orders concluded (submitted, not cancelled or 未成交), delivered amount, returns, net and
 * profit (delivered − its cost − (returns − their cost)). Returns without an order have no
 * salesman (未指定).
 */
export const salesmanSaleReport: ReportDef = {
  name: "salesmanSale",
  pageUrl: "/statements/sale/salesman",
  pageName: "业务员销售",
  filters: { dateFrom: "date", dateTo: "date", salesmanId: "int", partnerId: "int", warehouseId: "int" },
  columns: () => [
    { field: "salesmanName", header: "业务员", width: 120, sort: "salesmanName" },
    { field: "orders", header: "订单数", width: 80, kind: "number", sort: "orders" },
    { field: "orderAmount", header: "订单金额", width: 120, kind: "money", sort: "orderAmount" },
    { field: "delivered", header: "发货金额", width: 120, kind: "money", sort: "delivered" },
    { field: "returns", header: "退货金额", width: 120, kind: "money", sort: "returns" },
    { field: "net", header: "净销售额", width: 120, kind: "money", sort: "net" },
    { field: "profit", header: "毛利", width: 120, kind: "money", code: COST, sort: "profit" },
  ],
  sortable: {
    salesmanName: "salesmanName",
    orders: "orders",
    orderAmount: "orderAmount",
    delivered: "delivered",
    returns: "returns",
    net: "net",
    profit: "profit",
  },
  defaultSort: { field: "net", dir: "desc" },
  tieBreak: ["id"],
  sums: ["orders", "orderAmount", "delivered", "returns", "net", "profit"],
  totalLabel: "salesmanName",
  chart: () => ({
    label: "salesmanName",
    series: [
      { field: "delivered", name: "发货金额" },
      { field: "net", name: "净销售额" },
    ],
    by: "net",
    top: 10,
  }),
  async source(ctx, q, f) {
    const v = q.filters;
    const orderParts: SQL[] = [sql`o.company_id = ${ctx.companyId}`, sql`o.status not in (0, 90, 95)`, f.dayRange(sql`o.creation_time`)];
    if (typeof v.salesmanId === "number") orderParts.push(sql`o.salesman_id = ${v.salesmanId}`);
    if (typeof v.partnerId === "number") orderParts.push(sql`o.partner_id = ${v.partnerId}`);
    if (typeof v.warehouseId === "number") orderParts.push(sql`o.warehouse_id = ${v.warehouseId}`);
    const lines = sql`
      select coalesce(o.salesman_id, 0) as key, count(*) as orders, sum(o.total_amount) as order_amount, 0 as delivered, 0 as dcost, 0 as returns, 0 as rcost
        from sales_orders o where ${sql.join(orderParts, sql` and `)} group by 1
      union all
      select coalesce(o.salesman_id, 0), 0, 0, sum(l.amount), sum(${lineCost}), 0, 0 from ${await deliveredLines(ctx, q, f)} group by 1
      union all
      select coalesce(o.salesman_id, 0), 0, 0, 0, 0, sum(l.amount), sum(${lineCost}) from ${await returnedLines(ctx, q, f)} group by 1`;
    return sql`select g.key as id, coalesce(${userName("nullif(g.key, 0)")}, '未指定') as "salesmanName", g.orders::int as orders, g.order_amount as "orderAmount",
        g.delivered, g.returns, g.delivered - g.returns as net, (g.delivered - g.dcost) - (g.returns - g.rcost) as profit
      from (select key, sum(orders) as orders, sum(order_amount) as order_amount, sum(delivered) as delivered, sum(dcost) as dcost, sum(returns) as returns, sum(rcost) as rcost
        from (${lines}) x group by key) g`;
  },
};

/**
 * 低价销售报表 (/statements/sale/loss): sales below cost. Order lines of submitted orders (not
 * 草稿, 已取消, 未成交) whose net price (amount ÷ qty) is below the cost written with the line,
 * and confirmed delivery lines whose price is below the outflow's cost; loss = (cost − price) × qty.
 */
export const saleLossReport: ReportDef = {
  name: "saleLoss",
  pageUrl: "/statements/sale/loss",
  pageName: "低价销售报表",
  filters: { ...SALE_FILTERS, kind: "text" },
  columns: () => [
    { field: "kind", header: "单据类型", width: 90, kind: "enum", labels: LOSS_KINDS, hidden: true },
    { field: "date", header: "日期", width: 140, kind: "datetime", sort: "date" },
    { field: "docNo", header: "单号", width: 140, sort: "docNo" },
    { field: "orderNo", header: "销售单号", width: 150, hidden: true },
    { field: "customerName", header: "客户", width: 140, hidden: true },
    { field: "salesmanName", header: "业务员", width: 80, hidden: true },
    ...PRODUCT_COLUMNS,
    { field: "qty", header: "数量", width: 80, kind: "number", sort: "qty" },
    { field: "price", header: "销售单价", width: 100, kind: "money" },
    { field: "cost", header: "成本单价", width: 100, kind: "cost", code: COST },
    { field: "loss", header: "亏损金额", width: 110, kind: "money", code: COST, sort: "loss" },
  ],
  sortable: { date: "date", docNo: "docNo", qty: "qty", loss: "loss" },
  defaultSort: { field: "date", dir: "desc" },
  tieBreak: ["id"],
  sums: ["qty", "loss"],
  totalLabel: "docNo",
  async source(ctx, q, f) {
    const v = q.filters;
    const parts: SQL[] = [];
    if (v.kind !== "deliver") {
      const where: SQL[] = [
        sql`o.company_id = ${ctx.companyId}`,
        sql`o.status not in (0, 90, 95)`,
        f.dayRange(sql`o.creation_time`),
        sql`l.qty > 0`,
        sql`l.cost_price is not null`,
        sql`l.amount < l.cost_price * l.qty`,
      ];
      if (typeof v.partnerId === "number") where.push(sql`o.partner_id = ${v.partnerId}`);
      if (typeof v.warehouseId === "number") where.push(sql`o.warehouse_id = ${v.warehouseId}`);
      if (typeof v.salesmanId === "number") where.push(sql`o.salesman_id = ${v.salesmanId}`);
      const ids = await f.productIds();
      if (ids) where.push(sql`l.product_id in ${ids}`);
      parts.push(sql`select 'o' || l.id as id, 'order' as kind, o.creation_time as "date", o.no as "docNo", o.no as "orderNo",
          ${partnerName("o.partner_id")} as "customerName", ${userName("o.salesman_id")} as "salesmanName", ${productNames},
          l.qty, round(l.amount / l.qty, 2) as price, l.cost_price as cost, round(l.cost_price * l.qty - l.amount, 2) as loss
        from sales_orders o join sales_order_lines l on l.order_id = o.id join products p on p.id = l.product_id
        where ${sql.join(where, sql` and `)}`);
    }
    if (v.kind !== "order") {
      parts.push(sql`select 'd' || l.id as id, 'deliver' as kind, coalesce(d.posted_at, d.creation_time) as "date", d.no as "docNo", o.no as "orderNo",
          ${partnerName("d.partner_id")} as "customerName", ${userName("o.salesman_id")} as "salesmanName", ${productNames},
          l.qty, l.price, l.unit_cost as cost, round((l.unit_cost - l.price) * l.qty, 2) as loss
        from ${await deliveredLines(ctx, q, f)} and l.unit_cost is not null and l.price < l.unit_cost`);
    }
    return sql.join(parts, sql` union all `);
  },
};

export const SALE_REPORTS = [saleDetailReport, saleRankReport, saleReturnReport, saleReturnRankReport, salesmanSaleReport, saleLossReport] as const;
