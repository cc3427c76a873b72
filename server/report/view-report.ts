import { sql, type SQL } from "drizzle-orm";
import { escapeLike } from "../lib/validate";
import type { ListQuery } from "../lib/list-query";
import type { FilterHelpers, ReportDef } from "./report-list";
import { SO_CANCELLED, SO_DELIVERED, SO_DELIVERING, SO_DONE, SO_DRAFT, SO_NO_DEAL, SO_PARTIAL, SO_WAITING } from "../sale/sales-order.status";
import { DL_DONE } from "../sale/deliver-order.status";
import { SR_DONE } from "../sale/sales-return.status";
import { PR_DONE } from "../purchase/purchase-return.status";

/**
 * The summary views (统计报表 › 综合报表, TJBB-012…015): 进销存 from the stock ledger, and per
 * salesman, customer and supplier what was written, delivered or received, returned and owed.
 */
const COST = "CPGL-002";

const SALES = ["SalesOrder", "SalesOrderBack"];
const PURCHASES = ["PurchaseOrder", "PurchaseOrderBack"];
const SALES_RETURNS = ["SalesReturnOrder", "SalesReturnOrderBack"];
const PURCHASE_RETURNS = ["PurchaseReturnOrder", "PurchaseReturnOrderBack"];
const inList = (types: string[]) => sql.raw(types.map((t) => `'${t}'`).join(", "));

/**
 * 进销存报表 (/statements/view/pss): per product, for the period, from stock_moves: opening (Σ
 * moves before the period), purchased in, sold out, sales returns in, purchase returns out,
 * other (opening stock, stocktakes, transfers between warehouses, put-away) and closing
 * (opening + every move in the period). Amounts are the moves' cost amounts (CPGL-002).
 */
export const pssReport: ReportDef = {
  name: "pssReport",
  pageUrl: "/statements/view/pss",
  pageName: "进销存报表",
  filters: { dateFrom: "date", dateTo: "date", warehouseId: "int" },
  columns: () => [
    { field: "mainOE", header: "产品编码", width: 150, sort: "mainOE" },
    { field: "productName", header: "产品名称", width: 140 },
    { field: "brandName", header: "品牌", width: 90, hidden: true },
    { field: "opening", header: "期初数量", width: 90, kind: "number", sort: "opening" },
    { field: "openingAmount", header: "期初金额", width: 110, kind: "money", code: COST, hidden: true },
    { field: "purchased", header: "采购入库", width: 90, kind: "number", sort: "purchased" },
    { field: "purchasedAmount", header: "采购入库金额", width: 110, kind: "money", code: COST, hidden: true },
    { field: "sold", header: "销售出库", width: 90, kind: "number", sort: "sold" },
    { field: "soldAmount", header: "销售出库金额", width: 110, kind: "money", code: COST, hidden: true },
    { field: "salesReturned", header: "销售退货入库", width: 90, kind: "number" },
    { field: "purchaseReturned", header: "采购退货出库", width: 90, kind: "number" },
    { field: "other", header: "盘点及其他", width: 90, kind: "number" },
    { field: "closing", header: "期末数量", width: 90, kind: "number", sort: "closing" },
    { field: "closingAmount", header: "期末金额", width: 110, kind: "money", code: COST },
  ],
  sortable: { mainOE: "oeNorm", opening: "opening", purchased: "purchased", sold: "sold", closing: "closing" },
  defaultSort: { field: "mainOE", dir: "asc" },
  tieBreak: ["id"],
  sums: [
    "opening",
    "openingAmount",
    "purchased",
    "purchasedAmount",
    "sold",
    "soldAmount",
    "salesReturned",
    "purchaseReturned",
    "other",
    "closing",
    "closingAmount",
  ],
  totalLabel: "mainOE",
  async source(ctx, q, f) {
    const from = f.startOf();
    const before = from ? sql`m.created_at < ${from}` : sql`false`;
    const inPeriod = f.dayRange(sql`m.created_at`);
    const parts: SQL[] = [sql`m.company_id = ${ctx.companyId}`];
    if (typeof q.filters.dateTo === "string") parts.push(sql`m.created_at < ((${q.filters.dateTo}::date + 1)::timestamp at time zone ${f.tz})`);
    if (typeof q.filters.warehouseId === "number") parts.push(sql`m.warehouse_id = ${q.filters.warehouseId}`);
    const ids = await f.productIds();
    if (ids) parts.push(sql`m.product_id in ${ids}`);
    const sumIf = (col: "qty" | "amount", cond: SQL, sign = "") => sql`coalesce(${sql.raw(sign)}sum(m.${sql.raw(col)}) filter (where ${cond}), 0)`;
    const period = (types: string[], not = false) => sql`${inPeriod} and m.biz_type ${sql.raw(not ? "not in" : "in")} (${inList(types)})`;
    const grouped = sql`select m.product_id,
        ${sumIf("qty", before)} as opening, ${sumIf("amount", before)} as "openingAmount",
        ${sumIf("qty", period(PURCHASES))} as purchased, ${sumIf("amount", period(PURCHASES))} as "purchasedAmount",
        ${sumIf("qty", period(SALES), "-")} as sold, ${sumIf("amount", period(SALES), "-")} as "soldAmount",
        ${sumIf("qty", period(SALES_RETURNS))} as "salesReturned",
        ${sumIf("qty", period(PURCHASE_RETURNS), "-")} as "purchaseReturned",
        ${sumIf("qty", period([...SALES, ...PURCHASES, ...SALES_RETURNS, ...PURCHASE_RETURNS], true))} as other,
        coalesce(sum(m.qty), 0) as closing, coalesce(sum(m.amount), 0) as "closingAmount",
        count(*) filter (where ${inPeriod}) as moves
      from stock_moves m where ${sql.join(parts, sql` and `)} group by m.product_id`;
    return sql`select g.product_id as id, p.oe_norm as "oeNorm", p.main_oe as "mainOE", p.name as "productName",
        (select b.name from product_brands b where b.id = p.brand_id) as "brandName",
        g.opening, g."openingAmount", g.purchased, g."purchasedAmount", g.sold, g."soldAmount", g."salesReturned", g."purchaseReturned", g.other, g.closing, g."closingAmount"
      from (${grouped}) g join products p on p.id = g.product_id
      where g.moves > 0 or g.opening <> 0`;
  },
};

/** `name ilike %q%` on the outer row, when a keyword was typed. */
function nameMatch(q: ListQuery, col: string): SQL {
  return q.keyword ? sql`${sql.raw(col)} ilike ${`%${escapeLike(q.keyword)}%`}` : sql`true`;
}

/** 业务员开单 (/statements/view/salesman): sales orders written per salesman in the period, by status. */
export const salesmanOrderView: ReportDef = {
  name: "salesmanOrderView",
  pageUrl: "/statements/view/salesman",
  pageName: "业务员开单",
  filters: { dateFrom: "date", dateTo: "date", salesmanId: "int", partnerId: "int" },
  columns: () => [
    { field: "salesmanName", header: "业务员", width: 120, sort: "salesmanName" },
    { field: "orders", header: "开单数", width: 80, kind: "number", sort: "orders" },
    { field: "amount", header: "开单金额", width: 120, kind: "money", sort: "amount" },
    { field: "dealAmount", header: "成交金额", width: 120, kind: "money", sort: "dealAmount" },
    { field: "drafts", header: "草稿", width: 70, kind: "number" },
    { field: "open", header: "待发货/发货中", width: 110, kind: "number" },
    { field: "delivered", header: "发货完成", width: 80, kind: "number" },
    { field: "completed", header: "已完成", width: 80, kind: "number" },
    { field: "cancelled", header: "已取消", width: 80, kind: "number" },
    { field: "noDeal", header: "未成交", width: 80, kind: "number" },
  ],
  sortable: { salesmanName: "salesmanName", orders: "orders", amount: "amount", dealAmount: "dealAmount" },
  defaultSort: { field: "amount", dir: "desc" },
  tieBreak: ["id"],
  sums: ["orders", "amount", "dealAmount", "drafts", "open", "delivered", "completed", "cancelled", "noDeal"],
  totalLabel: "salesmanName",
  chart: () => ({
    label: "salesmanName",
    series: [
      { field: "amount", name: "开单金额" },
      { field: "dealAmount", name: "成交金额" },
    ],
    top: 10,
  }),
  source(ctx, q, f) {
    const parts: SQL[] = [sql`o.company_id = ${ctx.companyId}`, f.dayRange(sql`o.creation_time`)];
    if (typeof q.filters.salesmanId === "number") parts.push(sql`o.salesman_id = ${q.filters.salesmanId}`);
    if (typeof q.filters.partnerId === "number") parts.push(sql`o.partner_id = ${q.filters.partnerId}`);
    const n = (cond: string) => sql.raw(`count(*) filter (where ${cond})::int`);
    return sql`select * from (select coalesce(o.salesman_id, 0) as id,
        coalesce((select u.name from users u where u.id = o.salesman_id), '未指定') as "salesmanName",
        count(*)::int as orders, sum(o.total_amount) as amount, coalesce(sum(o.total_amount) filter (where o.status not in (0, 90, 95)), 0) as "dealAmount",
        ${n(`o.status = ${SO_DRAFT}`)} as drafts, ${n(`o.status in (${SO_WAITING}, ${SO_DELIVERING}, ${SO_PARTIAL})`)} as open, ${n(`o.status = ${SO_DELIVERED}`)} as delivered,
        ${n(`o.status = ${SO_DONE}`)} as completed, ${n(`o.status = ${SO_CANCELLED}`)} as cancelled, ${n(`o.status = ${SO_NO_DEAL}`)} as "noDeal"
      from sales_orders o where ${sql.join(parts, sql` and `)} group by 1, 2) g where ${nameMatch(q, `g."salesmanName"`)}`;
  },
};

/** Per-partner sums of several sources: `key, a, b, …` rows, union all, grouped. */
function partnerSums(sources: SQL[], fields: string[]) {
  return sql`select key, ${sql.raw(fields.map((x) => `coalesce(sum(${x}), 0) as ${x}`).join(", "))} from (${sql.join(sources, sql` union all `)}) x group by key`;
}

function partnerFilter(q: ListQuery, col: string): SQL {
  return typeof q.filters.partnerId === "number" ? sql`${sql.raw(col)} = ${q.filters.partnerId}` : sql`true`;
}

/**
 * 客户销售 (/statements/view/customer/sales): per customer in the period: orders concluded
 * (submitted, not cancelled or 未成交) and their amount, delivered, returned, net, and what the
 * customer owes now (partner_accounts balance).
 */
export const customerSalesView: ReportDef = {
  name: "customerSalesView",
  pageUrl: "/statements/view/customer/sales",
  pageName: "客户销售",
  filters: { dateFrom: "date", dateTo: "date", partnerId: "int" },
  columns: () => [
    { field: "customerName", header: "客户", width: 180, sort: "customerName" },
    { field: "orders", header: "订单数", width: 80, kind: "number", sort: "orders" },
    { field: "orderAmount", header: "订单金额", width: 120, kind: "money", sort: "orderAmount" },
    { field: "delivered", header: "发货金额", width: 120, kind: "money", sort: "delivered" },
    { field: "returns", header: "退货金额", width: 120, kind: "money", sort: "returns" },
    { field: "net", header: "净销售额", width: 120, kind: "money", sort: "net" },
    { field: "balance", header: "当前欠款", width: 120, kind: "money", sort: "balance" },
  ],
  sortable: {
    customerName: "customerName",
    orders: "orders",
    orderAmount: "orderAmount",
    delivered: "delivered",
    returns: "returns",
    net: "net",
    balance: "balance",
  },
  defaultSort: { field: "net", dir: "desc" },
  tieBreak: ["id"],
  sums: ["orders", "orderAmount", "delivered", "returns", "net", "balance"],
  totalLabel: "customerName",
  chart: () => ({ label: "customerName", series: [{ field: "net", name: "净销售额" }], top: 10 }),
  source(ctx, q, f: FilterHelpers) {
    const c = ctx.companyId;
    const sums = partnerSums(
      [
        sql`select o.partner_id as key, count(*) as orders, sum(o.total_amount) as order_amount, 0 as delivered, 0 as returns, 0 as balance
          from sales_orders o where o.company_id = ${c} and o.status not in (0, 90, 95) and ${f.dayRange(sql`o.creation_time`)} and ${partnerFilter(q, "o.partner_id")} group by 1`,
        sql`select d.partner_id, 0, 0, sum(d.total_amount), 0, 0
          from deliver_orders d where d.company_id = ${c} and d.status = ${DL_DONE} and ${f.dayRange(sql`coalesce(d.posted_at, d.creation_time)`)} and ${partnerFilter(q, "d.partner_id")} group by 1`,
        sql`select r.partner_id, 0, 0, 0, sum(r.total_amount), 0
          from sales_return_orders r where r.company_id = ${c} and r.status = ${SR_DONE} and ${f.dayRange(sql`coalesce(r.posted_at, r.creation_time)`)} and ${partnerFilter(q, "r.partner_id")} group by 1`,
        sql`select a.partner_id, 0, 0, 0, 0, a.balance from partner_accounts a where a.company_id = ${c} and a.balance <> 0 and ${partnerFilter(q, "a.partner_id")}`,
      ],
      ["orders", "order_amount", "delivered", "returns", "balance"],
    );
    return sql`select g.key as id, e.name as "customerName", g.orders::int as orders, g.order_amount as "orderAmount", g.delivered, g.returns,
        g.delivered - g.returns as net, g.balance
      from (${sums}) g join enterprise_relations e on e.id = g.key
      where e.company_id = ${c} and e.rel = 1 and ${nameMatch(q, "e.name")}`;
  },
};

/**
 * 供应商采购 (/statements/view/supplier/purchase): per supplier in the period: purchase orders
 * placed (not 草稿 or 已作废) and their amount, received (posted receiving notes, received ×
 * price), returned (posted purchase returns), net, and what is owed to them now.
 */
export const supplierPurchaseView: ReportDef = {
  name: "supplierPurchaseView",
  pageUrl: "/statements/view/supplier/purchase",
  pageName: "供应商采购",
  filters: { dateFrom: "date", dateTo: "date", partnerId: "int" },
  columns: () => [
    { field: "supplierName", header: "供应商", width: 180, sort: "supplierName" },
    { field: "orders", header: "采购单数", width: 80, kind: "number", sort: "orders" },
    { field: "ordered", header: "采购金额", width: 120, kind: "money", sort: "ordered" },
    { field: "received", header: "收货金额", width: 120, kind: "money", sort: "received" },
    { field: "returned", header: "退货金额", width: 120, kind: "money", sort: "returned" },
    { field: "net", header: "净采购额", width: 120, kind: "money", sort: "net" },
    { field: "balance", header: "应付余额", width: 120, kind: "money", sort: "balance" },
  ],
  sortable: { supplierName: "supplierName", orders: "orders", ordered: "ordered", received: "received", returned: "returned", net: "net", balance: "balance" },
  defaultSort: { field: "net", dir: "desc" },
  tieBreak: ["id"],
  sums: ["orders", "ordered", "received", "returned", "net", "balance"],
  totalLabel: "supplierName",
  chart: () => ({ label: "supplierName", series: [{ field: "net", name: "净采购额" }], top: 10 }),
  source(ctx, q, f) {
    const c = ctx.companyId;
    const sums = partnerSums(
      [
        sql`select o.partner_id as key, count(*) as orders, sum(o.total_amount) as ordered, 0 as received, 0 as returned, 0 as balance
          from purchase_orders o where o.company_id = ${c} and o.status not in (0, 90) and ${f.dayRange(sql`o.creation_time`)} and ${partnerFilter(q, "o.partner_id")} group by 1`,
        sql`select r.partner_id, 0, 0, sum(round(l.received_qty * l.price, 2)), 0, 0
          from receive_orders r join receive_order_lines l on l.receive_order_id = r.id
          where r.company_id = ${c} and r.status = 100 and ${f.dayRange(sql`coalesce(r.posted_at, r.creation_time)`)} and ${partnerFilter(q, "r.partner_id")} group by 1`,
        sql`select r.partner_id, 0, 0, 0, sum(r.total_amount), 0
          from purchase_return_orders r where r.company_id = ${c} and r.status = ${PR_DONE} and ${f.dayRange(sql`coalesce(r.posted_at, r.creation_time)`)} and ${partnerFilter(q, "r.partner_id")} group by 1`,
        sql`select a.partner_id, 0, 0, 0, 0, a.balance from partner_accounts a where a.company_id = ${c} and a.balance <> 0 and ${partnerFilter(q, "a.partner_id")}`,
      ],
      ["orders", "ordered", "received", "returned", "balance"],
    );
    return sql`select g.key as id, e.name as "supplierName", g.orders::int as orders, g.ordered, g.received, g.returned,
        g.received - g.returned as net, g.balance
      from (${sums}) g join enterprise_relations e on e.id = g.key
      where e.company_id = ${c} and e.rel = 0 and ${nameMatch(q, "e.name")}`;
  },
};

export const VIEW_REPORTS = [pssReport, salesmanOrderView, customerSalesView, supplierPurchaseView] as const;
