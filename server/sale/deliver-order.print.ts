import type { Ctx } from "../lib/context";
import { amountBlock, assertPrintable, companyHeader, moneyText, printDate, priceText, qtyText, totalOf, type PrintSheetData } from "../print/print-sheet";
import { getDeliverOrder } from "./deliver-order.service";
import { getPickingOrder } from "./picking-order.service";
import { PK_DONE } from "./picking-order.status";

/**
 * /print/deliver: a 发货单 on A4 with the amount in 大写 (customer, receiver, logistics);
 * /print/picking: the warehouse's picking sheet, lines sorted by location so one walk picks
 * them. Company-scoped through the documents' own getters.
 */
export async function deliverPrintSheet(ctx: Ctx, id: number): Promise<PrintSheetData> {
  const d = await getDeliverOrder(ctx, id);
  assertPrintable(d.statusName);
  const total = totalOf(d.lines.map((l) => l.amount));
  return {
    title: "发货单",
    company: await companyHeader(ctx),
    no: d.no,
    date: await printDate(ctx, d.shippedAt ?? d.creationTime),
    statusLabel: d.statusName,
    fields: [
      { label: "客户", value: d.partnerName },
      { label: "收货人", value: [d.receiverName, d.receiverPhone].filter(Boolean).join(" ") },
      { label: "收货地址", value: d.address ?? "" },
      { label: "销售单号", value: d.salesOrderNo },
      { label: "物流公司", value: d.logisticsCompanyName ?? "" },
      { label: "物流单号", value: d.trackingNo ?? "" },
      { label: "件数", value: d.packages === null ? "" : String(d.packages) },
      { label: "仓库", value: d.warehouseName },
    ],
    columns: [
      { key: "mainOE", label: "产品编码" },
      { key: "productName", label: "产品名称" },
      { key: "brandName", label: "品牌" },
      { key: "unitName", label: "单位", align: "center" },
      { key: "qty", label: "数量", align: "right" },
      { key: "price", label: "单价", align: "right" },
      { key: "amount", label: "金额", align: "right" },
    ],
    rows: d.lines.map((l) => ({
      mainOE: l.mainOE,
      productName: l.productName,
      brandName: l.brandName ?? "",
      unitName: l.unitName ?? "",
      qty: qtyText(l.qty),
      price: priceText(l.price),
      amount: moneyText(l.amount),
    })),
    totals: { qty: qtyText(totalOf(d.lines.map((l) => l.qty))), amount: moneyText(total) },
    amount: amountBlock(total),
    remark: d.remark ?? "",
    signatures: ["制单", "仓管", "发货", "客户签收"],
  };
}

export async function pickingPrintSheet(ctx: Ctx, id: number): Promise<PrintSheetData> {
  const p = await getPickingOrder(ctx, id);
  assertPrintable(p.statusName);
  const lines = [...p.lines].sort((a, b) => a.locationName.localeCompare(b.locationName, "zh-CN") || a.batchNo.localeCompare(b.batchNo) || a.lineNo - b.lineNo);
  return {
    title: "拣货单",
    company: await companyHeader(ctx),
    no: p.no,
    date: await printDate(ctx, p.creationTime),
    statusLabel: p.statusName,
    fields: [
      { label: "客户", value: p.partnerName },
      { label: "销售单号", value: p.salesOrderNo },
      { label: "仓库", value: p.warehouseName },
      { label: "拣货人", value: p.pickerName ?? "" },
    ],
    columns: [
      { key: "locationName", label: "货位" },
      { key: "batchNo", label: "批次" },
      { key: "mainOE", label: "产品编码" },
      { key: "productName", label: "产品名称" },
      { key: "brandName", label: "品牌" },
      { key: "unitName", label: "单位", align: "center" },
      { key: "qty", label: "应拣", align: "right" },
      { key: "picked", label: "实拣", align: "right" },
    ],
    rows: lines.map((l) => ({
      locationName: l.locationName,
      batchNo: l.batchNo,
      mainOE: l.mainOE,
      productName: l.productName,
      brandName: l.brandName ?? "",
      unitName: l.unitName ?? "",
      qty: qtyText(l.qty),
      picked: p.status === PK_DONE ? qtyText(l.pickedQty) : "",
    })),
    totals: { qty: qtyText(p.totalQty), picked: p.status === PK_DONE ? qtyText(p.totalPicked) : "" },
    remark: p.remark ?? "",
    signatures: ["制单", "拣货", "复核"],
  };
}
