import type { Ctx } from "../lib/context";
import { labelOf, PURCHASE_ORDER_STATUSES } from "../lib/dictionary";
import { dictionaryLabel } from "../reference/dictionary.service";
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
import { getPurchaseOrder } from "./purchase-order.service";
import { PO_VOID } from "./purchase-order.status";

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
    title: "采购订单",
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

/** /print/purchase?type=purchase&orderId=…: a 采购订单 on A4. A voided order is the "not concluded" reading of status 90 (spec 000 §4): refused like 未成交. */
export async function purchaseOrderPrintSheet(ctx: Ctx, id: number): Promise<PrintSheetData> {
  const o = await getPurchaseOrder(ctx, id);
  return purchaseOrderSheet(ctx, o, o.status === PO_VOID ? "未成交" : labelOf(PURCHASE_ORDER_STATUSES, o.status as never));
}
