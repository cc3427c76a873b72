import type { Ctx } from "../lib/context";
import { amountBlock, assertPrintable, companyHeader, moneyText, printDate, priceText, qtyText, totalOf, type PrintSheetData } from "../print/print-sheet";
import { getSalesReturnOrder, type SalesReturnView } from "./sales-return.service";

/**
 * /print/saleReturn: a 销售退货单 on A4 with the amount in 大写; refused for 草稿 (spec 000 §8)
 * by the print rule (assertPrintable). Company-scoped through the return's own getter.
 */
export async function salesReturnSheet(ctx: Ctx, r: SalesReturnView): Promise<PrintSheetData> {
  assertPrintable(r.statusName);
  const total = totalOf(r.lines.map((l) => l.amount));
  return {
    title: "销售退货单",
    company: await companyHeader(ctx),
    no: r.no,
    date: await printDate(ctx, r.creationTime),
    statusLabel: r.statusName,
    fields: [
      { label: "客户", value: r.partnerName ?? "" },
      { label: "联系人", value: [r.partnerContact, r.partnerPhone].filter(Boolean).join(" ") },
      { label: "仓库", value: r.warehouseName ?? "" },
      { label: "入库货位", value: r.locationName ?? "" },
      { label: "销售单号", value: r.salesOrderNo ?? "" },
      { label: "制单人", value: r.createdByName ?? "" },
    ],
    columns: [
      { key: "mainOE", label: "产品编码" },
      { key: "productName", label: "产品名称" },
      { key: "brandName", label: "品牌" },
      { key: "unitName", label: "单位", align: "center" },
      { key: "deliverOrderNo", label: "发货单号" },
      { key: "qty", label: "数量", align: "right" },
      { key: "price", label: "单价", align: "right" },
      { key: "amount", label: "金额", align: "right" },
      { key: "reasonName", label: "退货原因" },
      { key: "remark", label: "备注" },
    ],
    rows: r.lines.map((l) => ({
      mainOE: l.mainOE ?? "",
      productName: l.productName ?? "",
      brandName: l.brandName ?? "",
      unitName: l.unitName ?? "",
      deliverOrderNo: l.deliverOrderNo ?? "",
      qty: qtyText(l.qty),
      price: priceText(l.price),
      amount: moneyText(l.amount),
      reasonName: l.reasonName ?? "",
      remark: l.remark ?? "",
    })),
    totals: { qty: qtyText(totalOf(r.lines.map((l) => l.qty))), amount: moneyText(total) },
    amount: amountBlock(total),
    remark: r.remark ?? "",
    signatures: ["制单", "审核", "仓管", "客户签字"],
  };
}

/** The print builder "saleReturn" (server/print/print.service.ts BUILDERS). */
export async function salesReturnPrintSheet(ctx: Ctx, id: number): Promise<PrintSheetData> {
  return salesReturnSheet(ctx, await getSalesReturnOrder(ctx, id));
}
