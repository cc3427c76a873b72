import type { Ctx } from "../lib/context";
import { companyHeader, printDate, productCells, productColumns, qtyText, totalOf, type PrintSheetData } from "../print/print-sheet";
import { getMoveOrder, type MoveOrderView } from "./move-order.service";

/** Transfers print in every status (spec 000 §8), draft included; they carry no prices. */
export async function moveOrderSheet(ctx: Ctx, m: MoveOrderView): Promise<PrintSheetData> {
  return {
    title: "调拨单",
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

/** /print/allocation?type=allocation&orderId=…: a 调拨单 on A4. */
export async function moveOrderPrintSheet(ctx: Ctx, id: number): Promise<PrintSheetData> {
  return moveOrderSheet(ctx, await getMoveOrder(ctx, id));
}
