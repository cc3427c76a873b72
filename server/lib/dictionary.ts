/**
 * Codes and labels of spec 000 §4 and §9 that master data uses. Client-safe: forms, grids and
 * exports read the same labels.
 */
export type Dict<K extends number | string = number> = readonly (readonly [K, string])[];

/** Payment terms (§9): 100 月结, 200 次月结, or a number of days. */
export const PAYMENT_TERMS = [
  [100, "月结"],
  [200, "次月结"],
  [1, "1天"],
  [3, "3天"],
  [7, "7天"],
  [15, "15天"],
  [30, "30天"],
  [60, "60天"],
  [90, "90天"],
] as const satisfies Dict;

/** Quality grades (§9). */
export const QUALITY_GRADES = [
  [1, "A级 原厂无瑕疵"],
  [2, "B级 原厂有瑕疵不影响使用"],
  [3, "C级 拆车件修复"],
] as const satisfies Dict;

/** Partner relation (§7): 1 customer, 0 supplier. */
export const PARTNER_RELS = [
  [1, "客户"],
  [0, "供应商"],
] as const satisfies Dict;

export const CATEGORY_LEVELS = [
  [0, "一级分类"],
  [1, "二级分类"],
] as const satisfies Dict;

export const GENDERS = [
  [1, "男"],
  [2, "女"],
] as const satisfies Dict;

/** Package types (§9). */
export const PACKAGE_TYPES = [
  ["厂商包装", "厂商包装"],
  ["自主包装", "自主包装"],
] as const satisfies Dict<string>;

export function codesOf<K extends number | string>(dict: Dict<K>): K[] {
  return dict.map(([k]) => k);
}

/**
 * A dictionary as select options ({ value, label }); each label is read from the dictionary when
 * used, so options made once (a form's column list) show the labels 数据字典 gives it.
 */
export function optionsOf<K extends number | string>(dict: Dict<K>): { value: string; readonly label: string }[] {
  return dict.map((item) => ({
    value: String(item[0]),
    get label() {
      return item[1];
    },
  }));
}

export function labelOf<K extends number | string>(dict: Dict<K>, code: K | null | undefined): string {
  if (code === null || code === undefined) return "";
  return dict.find(([k]) => k === code)?.[1] ?? String(code);
}

/** Stock source (spec 000 §4): where a batch came from. */
export const STOCK_SOURCES = [
  [0, "初始化"],
  [1, "采购入库"],
  [2, "盘盈"],
  [3, "销售退货"],
] as const satisfies Dict;

/** Return and difference reason codes (spec 000 §9). */
export const REASON_CODES = [
  [20, "产品多发"],
  [30, "产品少发"],
  [40, "产品错发"],
  [50, "产品破损"],
  [60, "发票问题"],
  [70, "质量问题"],
  [80, "物流问题"],
  [90, "产品不符"],
  [100, "库存不足"],
  [110, "其他"],
] as const satisfies Dict;

/** The reasons that fit one kind of document, in REASON_CODES order (codes and labels stay REASON_CODES'). */
function reasonsFor<C extends (typeof REASON_CODES)[number][0]>(codes: readonly C[]) {
  return REASON_CODES.filter(([code]) => (codes as readonly number[]).includes(code)) as unknown as readonly Extract<
    (typeof REASON_CODES)[number],
    readonly [C, string]
  >[];
}

/** A customer returns goods (销售退货): what was delivered. 少发 and 库存不足 are never why goods come back. */
export const SALES_RETURN_REASONS = reasonsFor([20, 40, 50, 60, 70, 80, 90, 110] as const);
/** Goods go back to the supplier (采购退货): what arrived. */
export const PURCHASE_RETURN_REASONS = reasonsFor([20, 40, 50, 60, 70, 80, 90, 110] as const);
/** A receiving difference (到货差异): every reason, 少发 and the supplier's 库存不足 included. */
export const RECEIVE_DIFF_REASONS = REASON_CODES;

/** Stock ledger business types (spec 000 §3 bizType); "…Back" undoes the one before it. */
export const BIZ_TYPES = [
  ["StockInit", "期初库存"],
  ["StockMoveOrder", "库存调拨"],
  ["StockMoveOrderBack", "库存调拨红冲"],
  ["StockInventoryOrder", "库存盘点"],
  ["StockInventoryOrderBack", "库存盘点红冲"],
  ["SalesOrder", "销售出库"],
  ["SalesOrderBack", "销售出库红冲"],
  ["SalesReturnOrder", "销售退货入库"],
  ["SalesReturnOrderBack", "销售退货红冲"],
  ["PurchaseOrder", "采购入库"],
  ["PurchaseOrderBack", "采购入库红冲"],
  ["PurchaseReturnOrder", "采购退货出库"],
  ["PurchaseReturnOrderBack", "采购退货红冲"],
  ["PutawayOrder", "上架"],
  ["PriceAdjust", "手工调价"],
] as const satisfies Dict<string>;
export type BizType = (typeof BIZ_TYPES)[number][0];

/** Location kinds. */
export const LOCATION_KINDS = [
  [0, "货架"],
  [1, "收货区"],
  [2, "退货区"],
] as const satisfies Dict;

/** Purchase order (spec 000 §4; 90 is the "not concluded"/voided reading). */
export const PURCHASE_ORDER_STATUSES = [
  [0, "草稿"],
  [10, "待收货"],
  [20, "收货中"],
  [30, "部分收货"],
  [40, "收货完成"],
  [90, "已作废"],
  [100, "订单已完成"],
] as const satisfies Dict;

export const RECEIVE_ORDER_STATUSES = [
  [10, "待收货"],
  [100, "收货完成"],
  [90, "已红冲"],
] as const satisfies Dict;

export const PUTAWAY_ORDER_STATUSES = [
  [10, "待上架"],
  [100, "上架完成"],
] as const satisfies Dict;

/** Purchase return: draft, submitted (stock locked), posted, voided (or reversed). */
export const PURCHASE_RETURN_STATUSES = [
  [0, "草稿"],
  [10, "待出库"],
  [100, "已完成"],
  [90, "已作废"],
] as const satisfies Dict;

export const PURCHASE_PLAN_STATUSES = [
  [0, "草稿"],
  [10, "执行中"],
  [100, "已完成"],
  [90, "已作废"],
] as const satisfies Dict;

export const MOVE_ORDER_STATUSES = [
  [0, "草稿"],
  [100, "已完成"],
  [90, "已作废"],
] as const satisfies Dict;

export const INVENTORY_ORDER_STATUSES = [
  [0, "草稿"],
  [10, "盘点中"],
  [100, "已过账"],
  [90, "已作废"],
] as const satisfies Dict;

/** Document types of stock ledger lines and stock locks (stock_moves.doc_type, stock_locks.doc_type). */
export const STOCK_DOC_TYPES = [
  ["opening", "期初库存"],
  ["purchaseOrder", "采购订单"],
  ["receiveOrder", "收货单"],
  ["putawayOrder", "上架单"],
  ["purchaseReturnOrder", "采购退货单"],
  ["moveOrder", "调拨单"],
  ["inventoryOrder", "盘点单"],
  ["salesOrder", "销售订单"],
  ["salesReturnOrder", "销售退货单"],
  ["pickingOrder", "拣货单"],
  ["deliverOrder", "发货单"],
] as const satisfies Dict<string>;

/** Sales order (spec 000 §4). */
export const SALES_ORDER_STATUSES = [
  [0, "草稿"],
  [30, "待发货"],
  [40, "发货中"],
  [50, "部分发货"],
  [60, "发货完成"],
  [90, "买家已取消"],
  [95, "未成交"],
  [100, "已完成"],
] as const satisfies Dict;

/** Picking list (spec 000 §4; 90 for one voided). */
export const PICKING_ORDER_STATUSES = [
  [0, "草稿"],
  [10, "待拣货"],
  [100, "拣货完成"],
  [90, "已作废"],
] as const satisfies Dict;

/** Delivery note (spec 000 §4; 90 for one voided before it was confirmed). */
export const DELIVER_ORDER_STATUSES = [
  [20, "待发货"],
  [30, "发货完成"],
  [90, "已作废"],
  [95, "已红冲"],
] as const satisfies Dict;

/** Sales return: draft, waiting for approval, approved (waiting to be booked in), done, voided. */
export const SALES_RETURN_STATUSES = [
  [0, "草稿"],
  [10, "待审核"],
  [20, "待入库"],
  [100, "已完成"],
  [90, "已作废"],
  [95, "已红冲"],
] as const satisfies Dict;

/** Approval (spec 000 §4). */
export const APPROVAL_STATUSES = [
  [0, "待审核"],
  [1, "通过"],
  [2, "驳回"],
] as const satisfies Dict;

/** What an approval is for: an order over the customer's credit limit, a sales return. */
export const APPROVAL_KINDS = [
  [1, "超信用额度"],
  [2, "销售退货"],
] as const satisfies Dict;

/** Receipts from customers and payments to suppliers. */
export const PAYMENT_KINDS = [
  [1, "收款"],
  [2, "付款"],
] as const satisfies Dict;

export const PARTNER_PAYMENT_STATUSES = [
  [0, "草稿"],
  [100, "已确认"],
  [90, "已作废"],
] as const satisfies Dict;

/** A statement of account's confirmation by the partner. */
export const STATEMENT_CONFIRM_STATUSES = [
  [0, "未确认"],
  [1, "已确认"],
  [2, "有异议"],
] as const satisfies Dict;

/** Document types of partner account entries (partner_account_entries.doc_type). */
export const ACCOUNT_DOC_TYPES = [
  ["opening", "期初欠款"],
  ["deliverOrder", "销售发货"],
  ["deliverOrderBack", "销售发货红冲"],
  ["salesReturnOrder", "销售退货"],
  ["salesReturnOrderBack", "销售退货红冲"],
  ["receiveOrder", "采购收货"],
  ["receiveOrderBack", "采购收货红冲"],
  ["purchaseReturnOrder", "采购退货"],
  ["purchaseReturnOrderBack", "采购退货红冲"],
  ["receipt", "收款"],
  ["receiptBack", "收款作废"],
  ["payment", "付款"],
  ["paymentBack", "付款作废"],
] as const satisfies Dict<string>;

/** 操作日志 的 操作类型 (server/lib/audit.ts records them). */
export const AUDIT_ACTIONS = [
  ["login", "登录"],
  ["loginFailed", "登录失败"],
  ["logout", "退出登录"],
  ["delete", "删除"],
  ["kick", "踢出用户"],
  ["documentPost", "单据过账"],
  ["documentReverse", "单据撤销"],
  ["priceChange", "价格变更"],
  ["creditChange", "信用变更"],
  ["userCreate", "新增用户"],
  ["userUpdate", "修改用户"],
  ["userRoles", "分配角色"],
  ["userLock", "锁定用户"],
  ["userUnlock", "解锁用户"],
  ["passwordReset", "重置密码"],
  ["userRemove", "移出公司"],
  ["settingChange", "修改设置"],
  ["roleCreate", "新增角色"],
  ["roleUpdate", "修改角色"],
  ["roleDelete", "删除角色"],
  ["permissionChange", "权限变更"],
  ["menuUpdate", "修改菜单"],
  ["companyCreate", "新增公司"],
  ["companyStatus", "公司状态变更"],
  ["companyRoles", "公司可用角色"],
  ["companyReset", "重置业务数据"],
  ["jobChange", "定时任务"],
  ["dictChange", "修改数据字典"],
  ["attachmentUpload", "上传附件"],
  ["messageChange", "消息设置"],
] as const satisfies Dict<string>;
export type AuditAction = (typeof AUDIT_ACTIONS)[number][0];
