import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import {
  DELIVER_ORDER_STATUSES,
  INVENTORY_ORDER_STATUSES,
  labelOf,
  MOVE_ORDER_STATUSES,
  PARTNER_PAYMENT_STATUSES,
  PICKING_ORDER_STATUSES,
  PURCHASE_ORDER_STATUSES,
  PURCHASE_PLAN_STATUSES,
  PURCHASE_RETURN_STATUSES,
  PUTAWAY_ORDER_STATUSES,
  RECEIVE_ORDER_STATUSES,
  SALES_ORDER_STATUSES,
  SALES_RETURN_STATUSES,
  type Dict,
} from "../lib/dictionary";
import { partnerPayments } from "../finance/finance.tables";
import {
  purchaseOrderLines,
  purchaseOrders,
  purchasePlanLines,
  purchasePlans,
  purchaseReturnOrderLines,
  purchaseReturnOrders,
  putawayOrderLines,
  putawayOrders,
  receiveOrderLines,
  receiveOrders,
} from "../purchase/purchase.tables";
import {
  deliverOrderLines,
  deliverOrders,
  pickingOrderLines,
  pickingOrders,
  salesOrderLines,
  salesOrders,
  salesReturnOrderLines,
  salesReturnOrders,
} from "../sale/sale.tables";
import { inventoryOrderLines, inventoryOrders, moveOrderLines, moveOrders } from "../warehouse/warehouse.tables";

/**
 * THE table of document types: what the rest of the house needs to know of a document type,
 * in one entry. Print (server/print), the company reset (system/company-admin.service), the
 * attachment owners (system/attachment-owners) and the status labels read it; a new document
 * type is one entry here plus its own `<doc>.tables/.status/.input/.service/.page/.print.ts`.
 *
 * It imports the areas' tables, so it lives at the registry level (next to the API registry),
 * above the areas; the document kernel (server/kernel) that runs the actions stays below them.
 */
export type DocTable = PgTable & { id: PgColumn; companyId: PgColumn; no: PgColumn };

export interface DocumentType {
  /** The type's code: audit 对象类型, ledger and account docType. */
  code: string;
  /** Chinese name: 销售订单. */
  label: string;
  /** The menu entry of its list (who may see and print it). */
  menuCode: string;
  statuses: Dict;
  /** Header, then lines (removed lines first on a company reset). */
  tables: { header: DocTable; lines?: PgTable & { companyId: PgColumn } };
  /** Company reset: types with a smaller number are removed first (children before parents). */
  resetOrder: number;
  /** The print page's kind (/print/{kind}?orderId=…), when it prints. */
  print?: string;
  /** Its page; with `attachments` it can own attachments, found by its number. */
  page?: (id: number) => string;
  attachments?: boolean;
}

const t = <T extends DocumentType>(d: T) => d;

export const DOCUMENT_TYPES = {
  salesReturnOrder: t({
    code: "salesReturnOrder",
    label: "销售退货单",
    menuCode: "XSGL-003",
    statuses: SALES_RETURN_STATUSES,
    tables: { header: salesReturnOrders as unknown as DocTable, lines: salesReturnOrderLines },
    resetOrder: 10,
    print: "saleReturn",
  }),
  deliverOrder: t({
    code: "deliverOrder",
    label: "发货单",
    menuCode: "XSGL-007",
    statuses: DELIVER_ORDER_STATUSES,
    tables: { header: deliverOrders as unknown as DocTable, lines: deliverOrderLines },
    resetOrder: 20,
    print: "deliver",
    page: (id) => `/sale/deliver/${id}`,
    attachments: true,
  }),
  pickingOrder: t({
    code: "pickingOrder",
    label: "拣货单",
    menuCode: "XSGL-006",
    statuses: PICKING_ORDER_STATUSES,
    tables: { header: pickingOrders as unknown as DocTable, lines: pickingOrderLines },
    resetOrder: 30,
    print: "picking",
  }),
  purchaseReturnOrder: t({
    code: "purchaseReturnOrder",
    label: "采购退货单",
    menuCode: "CGGL-003",
    statuses: PURCHASE_RETURN_STATUSES,
    tables: { header: purchaseReturnOrders as unknown as DocTable, lines: purchaseReturnOrderLines },
    resetOrder: 40,
    print: "purchaseReturn",
  }),
  putawayOrder: t({
    code: "putawayOrder",
    label: "上架单",
    menuCode: "CGGL-010",
    statuses: PUTAWAY_ORDER_STATUSES,
    tables: { header: putawayOrders as unknown as DocTable, lines: putawayOrderLines },
    resetOrder: 50,
  }),
  receiveOrder: t({
    code: "receiveOrder",
    label: "收货单",
    menuCode: "CGGL-009",
    statuses: RECEIVE_ORDER_STATUSES,
    tables: { header: receiveOrders as unknown as DocTable, lines: receiveOrderLines },
    resetOrder: 60,
    print: "receive",
    page: (id) => `/purchase/receive/${id}`,
    attachments: true,
  }),
  purchasePlan: t({
    code: "purchasePlan",
    label: "采购计划",
    menuCode: "CGGL-007",
    statuses: PURCHASE_PLAN_STATUSES,
    tables: { header: purchasePlans as unknown as DocTable, lines: purchasePlanLines },
    resetOrder: 70,
  }),
  salesOrder: t({
    code: "salesOrder",
    label: "销售订单",
    menuCode: "XSGL-001",
    statuses: SALES_ORDER_STATUSES,
    tables: { header: salesOrders as unknown as DocTable, lines: salesOrderLines },
    resetOrder: 80,
    print: "sale",
    page: (id) => `/sale/order/${id}`,
    attachments: true,
  }),
  purchaseOrder: t({
    code: "purchaseOrder",
    label: "采购订单",
    menuCode: "CGGL-001",
    statuses: PURCHASE_ORDER_STATUSES,
    tables: { header: purchaseOrders as unknown as DocTable, lines: purchaseOrderLines },
    resetOrder: 90,
    print: "purchase",
    page: (id) => `/purchase/order/${id}`,
    attachments: true,
  }),
  moveOrder: t({
    code: "moveOrder",
    label: "调拨单",
    menuCode: "CKGL-005",
    statuses: MOVE_ORDER_STATUSES,
    tables: { header: moveOrders as unknown as DocTable, lines: moveOrderLines },
    resetOrder: 100,
    print: "allocation",
  }),
  inventoryOrder: t({
    code: "inventoryOrder",
    label: "盘点单",
    menuCode: "CKGL-004",
    statuses: INVENTORY_ORDER_STATUSES,
    tables: { header: inventoryOrders as unknown as DocTable, lines: inventoryOrderLines },
    resetOrder: 110,
  }),
  partnerPayment: t({
    code: "partnerPayment",
    label: "收付款单",
    menuCode: "CWGL-001",
    statuses: PARTNER_PAYMENT_STATUSES,
    tables: { header: partnerPayments as unknown as DocTable },
    resetOrder: 0,
  }),
} satisfies Record<string, DocumentType>;

export type DocumentTypeCode = keyof typeof DOCUMENT_TYPES;

export const DOCUMENT_TYPE_LIST: readonly DocumentType[] = Object.values(DOCUMENT_TYPES);

export function documentType(code: string): DocumentType | undefined {
  return Object.hasOwn(DOCUMENT_TYPES, code) ? DOCUMENT_TYPES[code as DocumentTypeCode] : undefined;
}

/** The document type that prints as `kind`. */
export function documentTypeOfPrint(kind: string): DocumentType | undefined {
  return DOCUMENT_TYPE_LIST.find((d) => d.print === kind);
}

/** A document's status in words (草稿, 待发货 …); the number itself for an unknown type. */
export function documentStatusLabel(code: string, status: number): string {
  const d = documentType(code);
  return d ? labelOf(d.statuses, status) : String(status);
}

/** Company reset: the documents' tables, lines before headers, in reset order (partner payments stay with the finance tables). */
export function documentTablesForReset(): [string, PgTable & { companyId: unknown }][] {
  return [...DOCUMENT_TYPE_LIST]
    .filter((d) => d.resetOrder > 0)
    .sort((a, b) => a.resetOrder - b.resetOrder)
    .flatMap((d) => [
      ...(d.tables.lines ? [[`${d.label}明细`, d.tables.lines] as [string, PgTable & { companyId: unknown }]] : []),
      [d.label, d.tables.header] as [string, PgTable & { companyId: unknown }],
    ]);
}
