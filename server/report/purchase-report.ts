import { sql, type SQL } from "drizzle-orm";
import type { ReportDef } from "./report-list";
import { PR_DONE } from "../purchase/purchase-return.status";

/**
 * 采购明细 (/statements/purchase/report, TJBB-007): every line of a posted receiving note
 * (receive_orders 100 收货完成; a reversed note, 90 已红冲, is not a purchase any more) with its
 * supplier, product, received quantity, price and amount (received × price, rounded to cents).
 */
export const purchaseDetailReport: ReportDef = {
  name: "purchaseReport",
  pageUrl: "/statements/purchase/report",
  pageName: "采购明细",
  filters: { dateFrom: "date", dateTo: "date", partnerId: "int", warehouseId: "int" },
  columns: () => [
    { field: "date", header: "收货日期", width: 140, kind: "datetime", sort: "date" },
    { field: "receiveNo", header: "收货单号", width: 140, sort: "receiveNo" },
    { field: "orderNo", header: "采购单号", width: 150, hidden: true },
    { field: "supplierName", header: "供应商", width: 150 },
    { field: "warehouseName", header: "仓库", width: 90, hidden: true },
    { field: "mainOE", header: "产品编码", width: 150 },
    { field: "productName", header: "产品名称", width: 140 },
    { field: "brandName", header: "品牌", width: 90, hidden: true },
    { field: "qty", header: "数量", width: 80, kind: "number", sort: "qty" },
    { field: "price", header: "单价", width: 90, kind: "money" },
    { field: "amount", header: "金额", width: 110, kind: "money", sort: "amount" },
  ],
  sortable: { date: "date", receiveNo: "receiveNo", qty: "qty", amount: "amount" },
  defaultSort: { field: "date", dir: "desc" },
  tieBreak: ["id"],
  sums: ["qty", "amount"],
  totalLabel: "receiveNo",
  async source(ctx, q, f) {
    const parts: SQL[] = [sql`r.company_id = ${ctx.companyId}`, sql`r.status = ${PR_DONE}`, f.dayRange(sql`coalesce(r.posted_at, r.creation_time)`)];
    if (typeof q.filters.partnerId === "number") parts.push(sql`r.partner_id = ${q.filters.partnerId}`);
    if (typeof q.filters.warehouseId === "number") parts.push(sql`r.warehouse_id = ${q.filters.warehouseId}`);
    const ids = await f.productIds();
    if (ids) parts.push(sql`l.product_id in ${ids}`);
    return sql`select l.id, coalesce(r.posted_at, r.creation_time) as "date", r.no as "receiveNo",
        (select po.no from purchase_orders po where po.id = r.purchase_order_id) as "orderNo",
        (select e.name from enterprise_relations e where e.id = r.partner_id) as "supplierName",
        (select w.name from warehouses w where w.id = r.warehouse_id) as "warehouseName",
        p.main_oe as "mainOE", p.name as "productName", (select b.name from product_brands b where b.id = p.brand_id) as "brandName",
        l.received_qty as qty, l.price, round(l.received_qty * l.price, 2) as amount
      from receive_orders r join receive_order_lines l on l.receive_order_id = r.id join products p on p.id = l.product_id
      where ${sql.join(parts, sql` and `)}`;
  },
};
