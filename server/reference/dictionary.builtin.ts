import {
  APPROVAL_STATUSES,
  DELIVER_ORDER_STATUSES,
  INVENTORY_ORDER_STATUSES,
  MOVE_ORDER_STATUSES,
  PACKAGE_TYPES,
  PARTNER_PAYMENT_STATUSES,
  PAYMENT_TERMS,
  PICKING_ORDER_STATUSES,
  PURCHASE_ORDER_STATUSES,
  PURCHASE_PLAN_STATUSES,
  PURCHASE_RETURN_STATUSES,
  PUTAWAY_ORDER_STATUSES,
  QUALITY_GRADES,
  REASON_CODES,
  RECEIVE_ORDER_STATUSES,
  SALES_ORDER_STATUSES,
  SALES_RETURN_STATUSES,
  STATEMENT_CONFIRM_STATUSES,
  STOCK_SOURCES,
  type Dict,
} from "../lib/dictionary";

/**
 * The product's own dictionaries as 数据字典 holds them (synced at start-up by
 * server/reference/dictionary.service.ts). The code keeps the values; the operator may rename the
 * labels and reorder the items. Pure module: safe for the browser.
 *
 * - `status`: a document's status (spec 000 §4). Closed: the values are the states the code moves
 *   documents through, so no item is added, removed or disabled.
 * - `code`: a lookup whose values the code stores and checks (payment terms, reason codes,
 *   quality grades …): closed too, for the same reason (an added value would be refused by every
 *   form that checks it, a removed one would leave stored values without a name).
 * - `open`: nothing in the code depends on the values; the operator adds items and disables the
 *   ones not used. The code's own values cannot be deleted (a restart would bring them back),
 *   only disabled.
 */
export type BuiltinKind = "status" | "code" | "open";

export interface BuiltinDictionary {
  code: string;
  name: string;
  kind: BuiltinKind;
  description: string;
  items: Dict<number> | Dict<string>;
}

/** Sell types (spec 000 §9): how a product is offered. No stored value depends on them yet. */
export const SELL_TYPES = [
  [1, "新品"],
  [2, "拆车件推荐"],
  [3, "推荐"],
  [4, "热销"],
  [5, "促销"],
] as const satisfies Dict;

const status = (code: string, name: string, items: Dict<number>): BuiltinDictionary => ({
  code,
  name,
  kind: "status",
  description: `${name}（系统状态，取值固定）`,
  items,
});

export const BUILTIN_DICTIONARIES: readonly BuiltinDictionary[] = [
  status("SalesOrderStatus", "销售订单状态", SALES_ORDER_STATUSES),
  status("PickingOrderStatus", "拣货单状态", PICKING_ORDER_STATUSES),
  status("DeliverOrderStatus", "发货单状态", DELIVER_ORDER_STATUSES),
  status("SalesReturnStatus", "销售退货单状态", SALES_RETURN_STATUSES),
  status("PurchaseOrderStatus", "采购订单状态", PURCHASE_ORDER_STATUSES),
  status("ReceiveOrderStatus", "收货单状态", RECEIVE_ORDER_STATUSES),
  status("PutawayOrderStatus", "上架单状态", PUTAWAY_ORDER_STATUSES),
  status("PurchaseReturnStatus", "采购退货单状态", PURCHASE_RETURN_STATUSES),
  status("PurchasePlanStatus", "采购计划状态", PURCHASE_PLAN_STATUSES),
  status("MoveOrderStatus", "调拨单状态", MOVE_ORDER_STATUSES),
  status("InventoryOrderStatus", "盘点单状态", INVENTORY_ORDER_STATUSES),
  status("ApprovalStatus", "审批状态", APPROVAL_STATUSES),
  status("PartnerPaymentStatus", "收付款单状态", PARTNER_PAYMENT_STATUSES),
  status("StatementConfirmStatus", "对账确认状态", STATEMENT_CONFIRM_STATUSES),
  { code: "PaymentTerm", name: "结算方式", kind: "code", description: "客户、供应商和订单的结算方式：月结、次月结或账期天数", items: PAYMENT_TERMS },
  { code: "ReasonCode", name: "退货及差异原因", kind: "code", description: "退货和收货差异的原因", items: REASON_CODES },
  { code: "StockSource", name: "库存来源", kind: "code", description: "库存批次的来源", items: STOCK_SOURCES },
  { code: "QualityGrade", name: "品质等级", kind: "code", description: "产品品质的等级", items: QUALITY_GRADES },
  { code: "PackageType", name: "包装类型", kind: "code", description: "产品的包装方式", items: PACKAGE_TYPES },
  { code: "SellType", name: "销售类型", kind: "open", description: "产品的销售类型（新品、推荐、热销、促销等），可增加", items: SELL_TYPES },
];

export const BUILTIN_BY_CODE: ReadonlyMap<string, BuiltinDictionary> = new Map(BUILTIN_DICTIONARIES.map((d) => [d.code, d]));

/** Whether a built-in dictionary's values are fixed by the code (no item added, removed or disabled). */
export function isClosedKind(kind: BuiltinKind | undefined): boolean {
  return kind === "status" || kind === "code";
}

/** The messages of the closed rules for lookups that are not statuses (DICT_TEXT says 状态字典). */
export const CODE_DICT_TEXT = {
  closedAdd: "该字典的取值由系统使用，不能新增字典项",
  closedDisable: "该字典的取值由系统使用，字典项不能停用",
  codeFixed: "类型编码不能修改",
} as const;
