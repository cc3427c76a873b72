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
import type { Ctx } from "../lib/context";
import type { PrintSheetData } from "../print/print-sheet";
import { partnerPayments } from "../finance/finance.tables";
import { purchaseOrderPrintSheet } from "../purchase/purchase-order.print";
import { purchaseReturnPrintSheet } from "../purchase/purchase-return.print";
import { receiveOrderPrintSheet } from "../purchase/receive-order.print";
import { deliverPrintSheet, pickingPrintSheet } from "../sale/deliver-order.print";
import { salesOrderPrintSheet } from "../sale/sales-order.print";
import { salesReturnPrintSheet } from "../sale/sales-return.print";
import { moveOrderPrintSheet } from "../warehouse/move-order.print";
import { paymentOrderResource, receiptResource } from "../finance/partner-payment.resource";
import { purchaseOrderResource } from "../purchase/purchase-order.resource";
import { purchasePlanResource } from "../purchase/purchase-plan.resource";
import { purchaseReturnOrderResource } from "../purchase/purchase-return.resource";
import { putawayOrderResource, receiveOrderResource } from "../purchase/receive-order.resource";
import { deliverOrderResource } from "../sale/deliver-order.resource";
import { pickingOrderResource } from "../sale/picking-order.resource";
import { salesOrderResource } from "../sale/sales-order.resource";
import { salesReturnOrderResource } from "../sale/sales-return.resource";
import { inventoryOrderResource, moveOrderResource } from "../warehouse/warehouse.resources";
import type { ResourceDef } from "../lib/resource";
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
 * in one entry. The print pages (master-data/print.service, one route /print/{kind}), the
 * company reset (system/company-admin.service), the attachment owners
 * (system/attachment-owners), the API registry (master-data/registry) and the status labels
 * read it; a new document type is one entry here plus its own
 * `<doc>.tables/.status/.input/.service/.resource/.page/.print.ts` (and, for attachments, its
 * label in the upload form's list, system/attachment.input.ts, which the browser reads).
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
  /** Its lists and JSON API (`/api/app/{name}`): the API registry (server/master-data/registry.ts) takes them from here. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- one list of the resources of every row type
  resources: readonly ResourceDef<any>[];
  /** When it prints: the print page's kind (/print/{kind}?orderId=…) and the builder of its sheet (its `<doc>.print.ts`). */
  print?: { kind: string; sheet: (ctx: Ctx, id: number) => Promise<PrintSheetData> };
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
    resources: [salesReturnOrderResource],
    print: { kind: "saleReturn", sheet: salesReturnPrintSheet },
  }),
  deliverOrder: t({
    code: "deliverOrder",
    label: "发货单",
    menuCode: "XSGL-007",
    statuses: DELIVER_ORDER_STATUSES,
    tables: { header: deliverOrders as unknown as DocTable, lines: deliverOrderLines },
    resetOrder: 20,
    resources: [deliverOrderResource],
    print: { kind: "deliver", sheet: deliverPrintSheet },
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
    resources: [pickingOrderResource],
    print: { kind: "picking", sheet: pickingPrintSheet },
  }),
  purchaseReturnOrder: t({
    code: "purchaseReturnOrder",
    label: "采购退货单",
    menuCode: "CGGL-003",
    statuses: PURCHASE_RETURN_STATUSES,
    tables: { header: purchaseReturnOrders as unknown as DocTable, lines: purchaseReturnOrderLines },
    resetOrder: 40,
    resources: [purchaseReturnOrderResource],
    print: { kind: "purchaseReturn", sheet: purchaseReturnPrintSheet },
  }),
  putawayOrder: t({
    code: "putawayOrder",
    label: "上架单",
    menuCode: "CGGL-010",
    statuses: PUTAWAY_ORDER_STATUSES,
    tables: { header: putawayOrders as unknown as DocTable, lines: putawayOrderLines },
    resetOrder: 50,
    resources: [putawayOrderResource],
  }),
  receiveOrder: t({
    code: "receiveOrder",
    label: "收货单",
    menuCode: "CGGL-009",
    statuses: RECEIVE_ORDER_STATUSES,
    tables: { header: receiveOrders as unknown as DocTable, lines: receiveOrderLines },
    resetOrder: 60,
    resources: [receiveOrderResource],
    print: { kind: "receive", sheet: receiveOrderPrintSheet },
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
    resources: [purchasePlanResource],
  }),
  salesOrder: t({
    code: "salesOrder",
    label: "销售订单",
    menuCode: "XSGL-001",
    statuses: SALES_ORDER_STATUSES,
    tables: { header: salesOrders as unknown as DocTable, lines: salesOrderLines },
    resetOrder: 80,
    resources: [salesOrderResource],
    print: { kind: "sale", sheet: salesOrderPrintSheet },
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
    resources: [purchaseOrderResource],
    print: { kind: "purchase", sheet: purchaseOrderPrintSheet },
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
    resources: [moveOrderResource],
    print: { kind: "allocation", sheet: moveOrderPrintSheet },
  }),
  inventoryOrder: t({
    code: "inventoryOrder",
    label: "盘点单",
    menuCode: "CKGL-004",
    statuses: INVENTORY_ORDER_STATUSES,
    tables: { header: inventoryOrders as unknown as DocTable, lines: inventoryOrderLines },
    resetOrder: 110,
    resources: [inventoryOrderResource],
  }),
  partnerPayment: t({
    code: "partnerPayment",
    label: "收付款单",
    menuCode: "CWGL-001",
    statuses: PARTNER_PAYMENT_STATUSES,
    tables: { header: partnerPayments as unknown as DocTable },
    resetOrder: 0,
    resources: [receiptResource, paymentOrderResource],
  }),
} satisfies Record<string, DocumentType>;

export type DocumentTypeCode = keyof typeof DOCUMENT_TYPES;

export const DOCUMENT_TYPE_LIST: readonly DocumentType[] = Object.values(DOCUMENT_TYPES);

export function documentType(code: string): DocumentType | undefined {
  return Object.hasOwn(DOCUMENT_TYPES, code) ? DOCUMENT_TYPES[code as DocumentTypeCode] : undefined;
}

/** The document type that prints as `kind`. */
export function documentTypeOfPrint(kind: string): DocumentType | undefined {
  return DOCUMENT_TYPE_LIST.find((d) => d.print?.kind === kind);
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
