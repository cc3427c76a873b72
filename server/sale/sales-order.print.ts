import type { Ctx } from "../lib/context";
import { dictionaryLabel } from "../reference/dictionary.service";
import {
  amountBlock,
  assertPrintable,
  companyHeader,
  moneyText,
  printDate,
  priceText,
  qtyText,
  SIGNATURES,
  totalOf,
  type PrintSheetData,
} from "../print/print-sheet";
import { getSalesOrder, type SalesOrderView } from "./sales-order.service";

const discountText = (d: string) => priceText(d).replace(/\.00$/, "");

/**
 * /print/sale?type=sale&orderId=…: a 销售订单 on A4 — company, customer, contact and address,
 * lines (OE, name, brand, qty, unit price, discount, amount), totals and the amount in 大写.
 * Refused for 草稿 and 未成交 (spec 000 §8, assertPrintable); company-scoped through getSalesOrder.
 */
export async function salesOrderSheet(ctx: Ctx, order: SalesOrderView): Promise<PrintSheetData> {
  assertPrintable(order.statusLabel);
  const total = totalOf(order.lines.map((l) => l.amount));
  return {
    title: "销售订单",
    company: await companyHeader(ctx),
    no: order.no,
    date: await printDate(ctx, order.creationTime),
    statusLabel: order.statusLabel,
    fields: [
      { label: "客户", value: order.partnerName },
      { label: "联系人", value: [order.contactName, order.contactPhone].filter(Boolean).join(" ") },
      { label: "收货地址", value: order.address ?? "" },
      { label: "仓库", value: order.warehouseName },
      { label: "业务员", value: order.salesmanName ?? "" },
      { label: "结算方式", value: await dictionaryLabel("PaymentTerm", order.paymentTerm) },
    ],
    columns: [
      { key: "mainOE", label: "产品编码" },
      { key: "productName", label: "产品名称" },
      { key: "brandName", label: "品牌" },
      { key: "unitName", label: "单位", align: "center" },
      { key: "qty", label: "数量", align: "right" },
      { key: "price", label: "单价", align: "right" },
      { key: "discount", label: "折扣(%)", align: "right" },
      { key: "amount", label: "金额", align: "right" },
      { key: "remark", label: "备注" },
    ],
    rows: order.lines.map((l) => ({
      mainOE: l.mainOE,
      productName: l.productName,
      brandName: l.brandName ?? "",
      unitName: l.unitName ?? "",
      qty: qtyText(l.qty),
      price: priceText(l.price),
      discount: discountText(l.discount),
      amount: moneyText(l.amount),
      remark: l.remark ?? "",
    })),
    totals: { qty: qtyText(totalOf(order.lines.map((l) => l.qty))), amount: moneyText(total) },
    amount: amountBlock(total),
    remark: order.remark ?? "",
    signatures: SIGNATURES,
  };
}

/** The print page's builder: the order as `ctx` may read it. */
export async function salesOrderPrintSheet(ctx: Ctx, orderId: number): Promise<PrintSheetData> {
  return salesOrderSheet(ctx, await getSalesOrder(ctx, orderId));
}
