import { PAYMENT_TERMS, PURCHASE_ORDER_STATUSES, PURCHASE_RETURN_STATUSES, SALES_ORDER_STATUSES, SALES_RETURN_STATUSES } from "#server/lib/dictionary";
import type { GridColumn } from "../../../server/lib/grid-settings";
import type { FilterField, PageConfig } from "~/components/grid/page-config";

/**
 * The document lists both sides have (订单, 退货, 执行): the columns, filters and row links they
 * share, built once for a side. A route passes only what is its own (销售's 业务员 and 已发货金额,
 * 采购's 预计到货 …), and its loader and page use the same config (the loader reads the columns
 * the grid shows).
 */

export type DocumentSide = "sale" | "purchase";

/** A list whose rows open a page of their own. */
export type DocumentListConfig = PageConfig & { rowHref: (id: number) => string };

/** The side's words and dictionaries. */
const SIDES = {
  sale: {
    partner: "客户",
    partnerOptions: "customer",
    orderStatuses: SALES_ORDER_STATUSES,
    returnStatuses: SALES_RETURN_STATUSES,
    /** The order a return comes from. */
    sourceOrder: { field: "salesOrderNo", header: "销售单号" },
  },
  purchase: {
    partner: "供应商",
    partnerOptions: "supplier",
    orderStatuses: PURCHASE_ORDER_STATUSES,
    returnStatuses: PURCHASE_RETURN_STATUSES,
    sourceOrder: { field: "purchaseOrderNo", header: "采购单号" },
  },
} as const;

const PRODUCT_FILTER: FilterField = { name: "oe", label: "产品编码" };

type Side = (typeof SIDES)[DocumentSide];
type Statuses = Side["orderStatuses"] | Side["returnStatuses"];

/**
 * The frame of a list of documents (orders, returns): number, partner, warehouse and status
 * first, then the list's own columns, then 备注 and 创建时间; the filters in the same order.
 */
function documentColumnsAndFilters(
  s: Side,
  no: string,
  statuses: Statuses,
  middle: GridColumn[],
  filters: { afterPartner?: FilterField[]; product: boolean },
): Pick<PageConfig, "columns" | "filters"> {
  return {
    columns: [
      { field: "no", header: no, width: 160, sort: "no" },
      { field: "partnerName", header: s.partner, width: 160 },
      { field: "warehouseName", header: "仓库", width: 100 },
      { field: "status", header: "状态", width: 90, kind: "enum", labels: statuses, sort: "status" },
      ...middle,
      { field: "remark", header: "备注", width: 160, hidden: true },
      { field: "creationTime", header: "创建时间", width: 140, kind: "datetime", sort: "creationTime" },
    ],
    filters: [
      { name: "status", label: "状态", options: statuses },
      { name: "partnerId", label: s.partner, options: s.partnerOptions },
      ...(filters.afterPartner ?? []),
      { name: "warehouseId", label: "仓库", options: "warehouse" },
      { name: "no", label: no },
      ...(filters.product ? [PRODUCT_FILTER] : []),
      { name: "date", label: "创建日期", kind: "dateRange" },
    ],
  };
}

/** 销售订单 / 采购订单: rows open the order's page. */
export function orderListConfig(
  side: DocumentSide,
  own: {
    /** Before 总数量 (采购's 预计到货). */
    beforeTotals?: GridColumn[];
    /** After 总金额 (销售's 已发货金额 and contacts, 采购员 …). */
    afterTotals: GridColumn[];
    /** After the partner filter (销售's 业务员). */
    peopleFilters?: FilterField[];
  },
): DocumentListConfig {
  const s = SIDES[side];
  const middle: GridColumn[] = [
    { field: "paymentTerm", header: "结算方式", width: 80, kind: "enum", labels: PAYMENT_TERMS, hidden: true },
    ...(own.beforeTotals ?? []),
    { field: "totalQty", header: "总数量", width: 90, kind: "number", sort: "totalQty" },
    { field: "totalAmount", header: "总金额", width: 120, kind: "money", sort: "totalAmount" },
    ...own.afterTotals,
  ];
  return {
    ...documentColumnsAndFilters(s, "订单号", s.orderStatuses, middle, { afterPartner: own.peopleFilters, product: true }),
    keywordPlaceholder: `订单号或${s.partner}`,
    rowHref: (id) => `/${side}/order/${id}`,
  };
}

/** 销售退货 / 采购退货: rows open the return's page. */
export function returnListConfig(
  side: DocumentSide,
  own: {
    /** 总数量 and the amount, as each side names and sorts them. */
    totals: GridColumn[];
    /** Whether the list filters by 产品编码. */
    productFilter: boolean;
    keywordPlaceholder: string;
  },
): DocumentListConfig {
  const s = SIDES[side];
  const middle: GridColumn[] = [{ ...s.sourceOrder, width: 160 }, ...own.totals, { field: "createdByName", header: "制单人", width: 90, hidden: true }];
  return {
    ...documentColumnsAndFilters(s, "退货单号", s.returnStatuses, middle, { product: own.productFilter }),
    keywordPlaceholder: own.keywordPlaceholder,
    rowHref: (id) => `/${side}/returnOrder/${id}`,
  };
}

/** 销售执行 / 采购执行: one row per order line, its progress; a row opens its order. */
export function executeListConfig(
  side: DocumentSide,
  own: {
    /** After the partner (采购's 仓库). */
    afterPartner?: GridColumn[];
    /** After 订购: how far the line has got (锁定, 发货 … / 收货, 上架 …), then the side's trailing columns. */
    progress: GridColumn[];
    /** After the partner filter: the progress filters (未发完, 有缺货 …). */
    progressFilters: FilterField[];
    keywordPlaceholder: string;
    rowHref: (id: number) => string;
  },
): DocumentListConfig {
  const s = SIDES[side];
  return {
    columns: [
      { field: "orderNo", header: "订单号", width: 160 },
      { field: "partnerName", header: s.partner, width: 140 },
      ...(own.afterPartner ?? []),
      { field: "status", header: "订单状态", width: 90, kind: "enum", labels: s.orderStatuses },
      { field: "mainOE", header: "产品编码", width: 140 },
      { field: "productName", header: "产品名称", width: 140 },
      { field: "qty", header: "订购", width: 80, kind: "number", sort: "qty" },
      ...own.progress,
    ],
    filters: [
      { name: "status", label: "订单状态", options: s.orderStatuses },
      { name: "partnerId", label: s.partner, options: s.partnerOptions },
      ...own.progressFilters,
      PRODUCT_FILTER,
      { name: "date", label: "下单日期", kind: "dateRange" },
    ],
    keywordPlaceholder: own.keywordPlaceholder,
    rowHref: own.rowHref,
  };
}
