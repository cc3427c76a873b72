import type { Ctx } from "../lib/context";
import { requirePage } from "../auth/guard";
import { isDomainError, STATUS_OF } from "../lib/errors";
import { json } from "@remix-run/node";
import { parseId } from "../lib/ids";
import { labelOf, PURCHASE_ORDER_STATUSES } from "../lib/dictionary";
import { documentTypeOfPrint } from "../documents/document-types";
import { dictionaryLabel } from "../reference/dictionary.service";
import { getPurchaseOrder } from "../purchase/purchase-order.service";
import { getPurchaseReturnOrder, type PurchaseReturnView } from "../purchase/purchase-return.service";
import { getReceiveOrder, type ReceiveOrderView } from "../purchase/receive-order.service";
import { getMoveOrder, type MoveOrderView } from "../warehouse/move-order.service";
import { salesReturnPrintSheet } from "../sale/sales-return.print";
import { deliverPrintSheet, pickingPrintSheet } from "../sale/deliver-order.print";
import { salesOrderPrintSheet } from "../sale/sales-order.print";
import {
  amountBlock,
  assertPrintable,
  canSeePurchasePrices,
  companyHeader,
  moneyText,
  priceText,
  printDate,
  qtyText,
  SIGNATURES,
  totalOf,
  type PrintSheetData,
} from "../print/print-sheet";
import { PO_VOID } from "../purchase/purchase-order.status";

/**
 * The print pages (spec 000 §2): /print/purchase, /print/purchaseReturn, /print/receive and
 * /print/allocation (?type=allocation), each with `orderId`. A page needs the menu entry of
 * its document's list (a buyer prints orders, a stock keeper receiving notes and transfers),
 * reads the document through its own service (company-scoped: another company's id is 404),
 * refuses 草稿/未成交 (spec 000 §8; transfers print in every status) and leaves prices out for
 * those who may not see them.
 */
export type PrintKind = "purchase" | "purchaseReturn" | "receive" | "allocation" | "saleReturn" | "sale" | "deliver" | "picking";

const PRINT_KINDS: readonly PrintKind[] = ["purchase", "purchaseReturn", "receive", "allocation", "saleReturn", "sale", "deliver", "picking"];

/** Each print page's permission (its document's list) and title, from the document-type table. */
export const PRINT_PAGES = Object.fromEntries(
  PRINT_KINDS.map((kind) => {
    const d = documentTypeOfPrint(kind);
    if (!d) throw new Error(`print kind ${kind}: no document type prints it`);
    return [kind, { code: d.menuCode, title: d.label }];
  }),
) as Record<PrintKind, { code: string; title: string }>;

type Builder = (ctx: Ctx, orderId: number) => Promise<PrintSheetData>;
const BUILDERS: Record<PrintKind, Builder> = {
  purchase: async (ctx, id) => {
    const o = await getPurchaseOrder(ctx, id);
    // A voided order is the "not concluded" reading of status 90 (spec 000 §4): refused like 未成交.
    return purchaseOrderSheet(ctx, o, o.status === PO_VOID ? "未成交" : labelOf(PURCHASE_ORDER_STATUSES, o.status as never));
  },
  purchaseReturn: async (ctx, id) => purchaseReturnSheet(ctx, await getPurchaseReturnOrder(ctx, id)),
  receive: async (ctx, id) => receiveOrderSheet(ctx, await getReceiveOrder(ctx, id)),
  allocation: async (ctx, id) => moveOrderSheet(ctx, await getMoveOrder(ctx, id)),
  saleReturn: salesReturnPrintSheet,
  deliver: deliverPrintSheet,
  picking: pickingPrintSheet,
  sale: salesOrderPrintSheet,
};

/** The sheet of one document as `ctx` may print it (refused for 草稿/未成交, 不存在 for another company's). */
export function printSheetOf(ctx: Ctx, kind: PrintKind, orderId: number): Promise<PrintSheetData> {
  return BUILDERS[kind](ctx, orderId);
}

/** The loader of a print route: sign-in and permission, the sheet, or a page with the reason (404/409). */
export async function loadPrintSheet(request: Request, kind: PrintKind): Promise<PrintSheetData> {
  const url = new URL(request.url);
  const orderId = parseId(url.searchParams.get("orderId"));
  const ctx = await requirePage(request, PRINT_PAGES[kind].code);
  if (orderId === null) throw json({ message: "单据不存在" }, { status: 404 });
  try {
    return await printSheetOf(ctx, kind, orderId);
  } catch (e) {
    if (isDomainError(e)) throw json({ message: e.message }, { status: STATUS_OF[e.code] });
    throw e;
  }
}

/** What a purchase order's getter returns, as far as the sheet needs it. */
export interface PrintablePurchaseOrder {
  no: string;
  status: number;
  statusLabel?: string;
  creationTime: Date | string;
  partnerName?: string | null;
  warehouseName?: string | null;
  buyerName?: string | null;
  paymentTerm?: number | null;
  expectedDate?: string | null;
  remark?: string | null;
  lines: {
    mainOE?: string | null;
    productName?: string | null;
    brandName?: string | null;
    unitName?: string | null;
    qty: string;
    price: string;
    amount: string;
    remark?: string | null;
  }[];
}

export async function purchaseOrderSheet(ctx: Ctx, order: PrintablePurchaseOrder, statusLabel: string): Promise<PrintSheetData> {
  assertPrintable(statusLabel);
  const prices = canSeePurchasePrices(ctx);
  const columns: PrintSheetData["columns"] = [
    { key: "mainOE", label: "产品编码" },
    { key: "productName", label: "产品名称" },
    { key: "brandName", label: "品牌" },
    { key: "unitName", label: "单位", align: "center" },
    { key: "qty", label: "数量", align: "right" },
    ...(prices
      ? ([
          { key: "price", label: "单价", align: "right" },
          { key: "amount", label: "金额", align: "right" },
        ] as const)
      : []),
    { key: "remark", label: "备注" },
  ];
  const total = totalOf(order.lines.map((l) => l.amount));
  return {
    title: PRINT_PAGES.purchase.title,
    company: await companyHeader(ctx),
    no: order.no,
    date: await printDate(ctx, order.creationTime),
    statusLabel,
    fields: [
      { label: "供应商", value: order.partnerName ?? "" },
      { label: "仓库", value: order.warehouseName ?? "" },
      { label: "采购员", value: order.buyerName ?? "" },
      { label: "付款方式", value: await dictionaryLabel("PaymentTerm", order.paymentTerm) },
      { label: "交货日期", value: order.expectedDate ?? "" },
    ],
    columns,
    rows: order.lines.map((l) => ({
      mainOE: l.mainOE ?? "",
      productName: l.productName ?? "",
      brandName: l.brandName ?? "",
      unitName: l.unitName ?? "",
      qty: qtyText(l.qty),
      price: prices ? priceText(l.price) : "",
      amount: prices ? moneyText(l.amount) : "",
      remark: l.remark ?? "",
    })),
    totals: { qty: qtyText(totalOf(order.lines.map((l) => l.qty))), ...(prices ? { amount: moneyText(total) } : {}) },
    amount: prices ? amountBlock(total) : undefined,
    remark: order.remark ?? "",
    signatures: SIGNATURES,
  };
}

const productColumns: PrintSheetData["columns"] = [
  { key: "mainOE", label: "产品编码" },
  { key: "productName", label: "产品名称" },
  { key: "brandName", label: "品牌" },
  { key: "unitName", label: "单位", align: "center" },
];
const productCells = (l: { mainOE?: string | null; productName?: string | null; brandName?: string | null; unitName?: string | null }) => ({
  mainOE: l.mainOE ?? "",
  productName: l.productName ?? "",
  brandName: l.brandName ?? "",
  unitName: l.unitName ?? "",
});

export async function purchaseReturnSheet(ctx: Ctx, r: PurchaseReturnView): Promise<PrintSheetData> {
  assertPrintable(r.statusName);
  const prices = canSeePurchasePrices(ctx);
  const total = totalOf(r.lines.map((l) => l.amount));
  return {
    title: PRINT_PAGES.purchaseReturn.title,
    company: await companyHeader(ctx),
    no: r.no,
    date: await printDate(ctx, r.creationTime),
    statusLabel: r.statusName,
    fields: [
      { label: "供应商", value: r.partnerName ?? "" },
      { label: "联系人", value: [r.partnerContact, r.partnerPhone].filter(Boolean).join(" ") },
      { label: "仓库", value: r.warehouseName ?? "" },
      { label: "采购单号", value: r.purchaseOrderNo ?? "" },
      { label: "制单人", value: r.createdByName ?? "" },
    ],
    columns: [
      ...productColumns,
      { key: "locationName", label: "货位" },
      { key: "batchNo", label: "批次" },
      { key: "qty", label: "数量", align: "right" },
      ...(prices
        ? ([
            { key: "price", label: "单价", align: "right" },
            { key: "amount", label: "金额", align: "right" },
          ] as const)
        : []),
      { key: "reasonName", label: "退货原因" },
    ],
    rows: r.lines.map((l) => ({
      ...productCells(l),
      locationName: l.locationName ?? "",
      batchNo: l.batchNo ?? "",
      qty: qtyText(l.qty),
      price: prices ? priceText(l.price) : "",
      amount: prices ? moneyText(l.amount) : "",
      reasonName: l.reasonName ?? "",
    })),
    totals: { qty: qtyText(totalOf(r.lines.map((l) => l.qty))), ...(prices ? { amount: moneyText(total) } : {}) },
    amount: prices ? amountBlock(total) : undefined,
    remark: r.remark ?? "",
    signatures: ["制单", "审核", "仓管", "供应商签收"],
  };
}

export async function receiveOrderSheet(ctx: Ctx, n: ReceiveOrderView): Promise<PrintSheetData> {
  assertPrintable(n.statusName);
  // The getter leaves prices out (null) for those who may not see them; the sheet follows it and the print rule.
  const prices = n.showPrices && canSeePurchasePrices(ctx);
  const total = totalOf(n.lines.map((l) => l.amount ?? "0"));
  return {
    title: PRINT_PAGES.receive.title,
    company: await companyHeader(ctx),
    no: n.no,
    date: await printDate(ctx, n.creationTime),
    statusLabel: n.statusName,
    fields: [
      { label: "供应商", value: n.partnerName ?? "" },
      { label: "仓库", value: n.warehouseName ?? "" },
      { label: "收货货位", value: n.locationName ?? "" },
      { label: "采购单号", value: n.purchaseOrderNo ?? "" },
      { label: "收货人", value: n.postedByName ?? "" },
    ],
    columns: [
      ...productColumns,
      { key: "expectedQty", label: "应收数量", align: "right" },
      { key: "receivedQty", label: "实收数量", align: "right" },
      ...(prices
        ? ([
            { key: "price", label: "单价", align: "right" },
            { key: "amount", label: "金额", align: "right" },
          ] as const)
        : []),
      { key: "reasonName", label: "差异原因" },
    ],
    rows: n.lines.map((l) => ({
      ...productCells(l),
      expectedQty: qtyText(l.expectedQty),
      receivedQty: qtyText(l.receivedQty),
      price: prices ? priceText(l.price) : "",
      amount: prices ? moneyText(l.amount) : "",
      reasonName: l.reasonName ?? "",
    })),
    totals: {
      expectedQty: qtyText(totalOf(n.lines.map((l) => l.expectedQty))),
      receivedQty: qtyText(totalOf(n.lines.map((l) => l.receivedQty))),
      ...(prices ? { amount: moneyText(total) } : {}),
    },
    amount: prices ? amountBlock(total) : undefined,
    remark: n.remark ?? "",
    signatures: SIGNATURES,
  };
}

/** Transfers print in every status (spec 000 §8), draft included; they carry no prices. */
export async function moveOrderSheet(ctx: Ctx, m: MoveOrderView): Promise<PrintSheetData> {
  return {
    title: PRINT_PAGES.allocation.title,
    company: await companyHeader(ctx),
    no: m.no,
    date: await printDate(ctx, m.creationTime),
    statusLabel: m.statusLabel,
    fields: [
      { label: "调出仓库", value: m.fromWarehouseName ?? "" },
      { label: "调入仓库", value: m.toWarehouseName ?? "" },
      { label: "制单人", value: m.createdByName ?? "" },
    ],
    columns: [
      ...productColumns,
      { key: "fromLocationName", label: "调出货位" },
      { key: "batchNo", label: "批次" },
      { key: "toLocationName", label: "调入货位" },
      { key: "qty", label: "数量", align: "right" },
      { key: "remark", label: "备注" },
    ],
    rows: m.lines.map((l) => ({
      ...productCells(l),
      fromLocationName: l.fromLocationName ?? "",
      batchNo: l.batchNo ?? "",
      toLocationName: l.toLocationName ?? "",
      qty: qtyText(l.qty),
      remark: l.remark ?? "",
    })),
    totals: { qty: qtyText(totalOf(m.lines.map((l) => l.qty))) },
    remark: m.remark ?? "",
    signatures: ["制单", "审核", "调出仓管", "调入仓管"],
  };
}
