import type { PrivateField } from "./list-read";

/**
 * Who reads which prices (README "角色规则"), one place for lists, exports, document reads
 * (JSON API, print) and the read-only view of linked documents:
 * - costs (moving average, batch and line cost, 出库成本) are 产品价格's (CPGL-002);
 * - purchase prices and amounts are for 采购订单 (CGGL-001) or 产品价格 (CPGL-002) holders: a
 *   stock keeper receiving or putting away goods reads quantities only;
 * - sales prices and amounts of orders are for 销售订单 (XSGL-001) or 产品价格 (CPGL-002)
 *   holders. A delivery note and a sales return show the customer's prices to whoever works
 *   them (they are the customer's paper), but not their costs.
 */
export const PRICE_CODE = "CPGL-002";
export const PURCHASE_PRICE_CODES = ["CGGL-001", PRICE_CODE] as const;
export const SALE_PRICE_CODES = ["XSGL-001", PRICE_CODE] as const;

export const COST = (label = "成本"): PrivateField => [PRICE_CODE, label];
export const PURCHASE_PRICE = (label: string): PrivateField => [PURCHASE_PRICE_CODES, label];
export const SALE_PRICE = (label: string): PrivateField => [SALE_PRICE_CODES, label];

/** The line fields of a purchase document (order, receiving, put-away, return, plan) its price rule hides. */
export const PURCHASE_LINE_PRICES = { price: PURCHASE_PRICE("采购价"), amount: PURCHASE_PRICE("采购金额"), totalAmount: PURCHASE_PRICE("采购金额") } as const;
/** The line fields of a sales order its price rule hides. */
export const SALE_LINE_PRICES = {
  price: SALE_PRICE("销售价"),
  amount: SALE_PRICE("销售金额"),
  totalAmount: SALE_PRICE("销售金额"),
  listPrice: SALE_PRICE("销售价"),
} as const;
