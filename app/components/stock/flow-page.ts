import { BIZ_TYPES, STOCK_DOC_TYPES } from "#server/lib/dictionary";
import type { GridColumn } from "../../../server/lib/grid-settings";
import type { PageConfig } from "../grid/page-config";

const FLOW_COLUMNS: GridColumn[] = [
  { field: "createdAt", header: "时间", width: 140, kind: "datetime", sort: "createdAt" },
  { field: "bizType", header: "业务类型", width: 90, kind: "enum", labels: BIZ_TYPES },
  { field: "docType", header: "单据类型", width: 90, kind: "enum", labels: STOCK_DOC_TYPES },
  { field: "docNo", header: "单据编号", width: 140, sort: "docNo" },
  { field: "mainOE", header: "产品编码", width: 140 },
  { field: "productName", header: "产品名称", width: 130 },
  { field: "warehouseName", header: "仓库", width: 90, hidden: true },
  { field: "fullName", header: "货位", width: 120 },
  { field: "batchNo", header: "批次", width: 120 },
  { field: "qtyIn", header: "入库数量", width: 80, kind: "number" },
  { field: "qtyOut", header: "出库数量", width: 80, kind: "number" },
  { field: "balanceAfter", header: "货位批次结存", width: 100, kind: "number" },
  { field: "productQtyAfter", header: "产品结存", width: 90, kind: "number" },
];
const COST_COLUMNS: GridColumn[] = [
  { field: "unitCost", header: "单位成本", width: 100, kind: "cost" },
  { field: "amount", header: "金额", width: 110, kind: "money" },
  { field: "avgCostAfter", header: "结存平均成本", width: 110, kind: "cost" },
];
const TAIL: GridColumn[] = [{ field: "userName", header: "操作人", width: 90 }];

/**
 * What each flow leaves to 自定义列 so that its default columns fit a 1366 px screen: the stock
 * flow its document type, batch, location balance and operator; the cost flow, whose unit cost,
 * amount and average take their room, also the name, business type and location balance.
 */
const HIDDEN_BY_DEFAULT = {
  stock: new Set(["docType", "batchNo", "balanceAfter", "userName"]),
  cost: new Set(["docType", "batchNo", "productQtyAfter", "userName", "productName", "bizType", "balanceAfter"]),
};

/** 库存流水 and 成本流水: the same ledger lines, the cost flow with unit cost, amount and the average after. */
export function flowPageConfig(withCost: boolean): PageConfig {
  const hidden = HIDDEN_BY_DEFAULT[withCost ? "cost" : "stock"];
  return {
    columns: [...FLOW_COLUMNS, ...(withCost ? COST_COLUMNS : []), ...TAIL].map((c) => (hidden.has(c.field) ? { ...c, hidden: true } : c)),
    filters: [
      { name: "bizType", label: "业务类型", options: BIZ_TYPES },
      { name: "docNo", label: "单据编号" },
      { name: "date", label: "日期", kind: "dateRange" },
      { name: "warehouseId", label: "仓库", options: "warehouse" },
    ],
    keywordPlaceholder: "产品编码、OE号、名称或拼音",
  };
}
