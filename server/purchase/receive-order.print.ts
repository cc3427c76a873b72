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
  SIGNATURES,
  totalOf,
  type PrintSheetData,
} from "../print/print-sheet";
import { getReceiveOrder, type ReceiveOrderView } from "./receive-order.service";

export async function receiveOrderSheet(ctx: Ctx, n: ReceiveOrderView): Promise<PrintSheetData> {
  assertPrintable(n.statusName);
  // The getter leaves prices out (null) for those who may not see them; the sheet follows it and the print rule.
  const prices = n.showPrices && canSeePurchasePrices(ctx);
  const total = totalOf(n.lines.map((l) => l.amount ?? "0"));
  return {
    title: "收货单",
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

/** /print/receive?orderId=…: a 收货单 on A4. */
export async function receiveOrderPrintSheet(ctx: Ctx, id: number): Promise<PrintSheetData> {
  return receiveOrderSheet(ctx, await getReceiveOrder(ctx, id));
}
