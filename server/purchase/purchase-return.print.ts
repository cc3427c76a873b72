import type { Ctx } from "../lib/context";
import {
  amountBlock,
  assertPrintable,
  canSeePurchasePrices,
  companyHeader,
  moneyText,
  priceText,
  printDate,
  productCells,
  productColumns,
  qtyText,
  totalOf,
  type PrintSheetData,
} from "../print/print-sheet";
import { getPurchaseReturnOrder, type PurchaseReturnView } from "./purchase-return.service";

export async function purchaseReturnSheet(ctx: Ctx, r: PurchaseReturnView): Promise<PrintSheetData> {
  assertPrintable(r.statusName);
  const prices = canSeePurchasePrices(ctx);
  const total = totalOf(r.lines.map((l) => l.amount));
  return {
    title: "采购退货单",
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

/** /print/purchaseReturn?orderId=…: a 采购退货单 on A4. */
export async function purchaseReturnPrintSheet(ctx: Ctx, id: number): Promise<PrintSheetData> {
  return purchaseReturnSheet(ctx, await getPurchaseReturnOrder(ctx, id));
}
