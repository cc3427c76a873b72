import { json, redirect } from "@remix-run/node";
import { requirePage } from "../auth/guard";
import { formErrorOf } from "../lib/form-reply";
import { parseId } from "../lib/ids";
import { getDeliverOrder } from "./deliver-order.service";
import { saleFlashRedirect } from "./picking-order.page";
import {
  confirmScannedDelivery,
  findDeliveryForScan,
  resetDeliveryScan,
  scanDeliveryCode,
  scanLines,
  type ScanLine,
  type ScanResult,
} from "./scan-delivery.service";
import { db } from "../db/client";

/**
 * 扫码发货 (/scan/delivery, XSGL-009): ?id=<delivery id> shows the note's progress; each scan
 * is a POST (intent=scan) that counts one piece and answers with the new progress and what the
 * scan did — a plain form post without JavaScript, a fetcher with it.
 */
export const SCAN_URL = "/scan/delivery";

export interface ScanPageData {
  doc: { id: number; no: string; partnerName: string; salesOrderNo: string; status: number; statusName: string } | null;
  lines: ScanLine[];
  allDone: boolean;
  last: ScanResult | null;
  message: string | null;
  canWrite: boolean;
}

async function dataOf(request: Request, id: number | null, last: ScanResult | null, message: string | null): Promise<ScanPageData> {
  const ctx = await requirePage(request, SCAN_URL);
  const canWrite = ctx.permissions.has("XSGL-009");
  if (id === null) return { doc: null, lines: [], allDone: false, last, message, canWrite };
  try {
    const d = await getDeliverOrder(ctx, id);
    const lines = await scanLines(db(), ctx, id);
    return {
      doc: { id: d.id, no: d.no, partnerName: d.partnerName, salesOrderNo: d.salesOrderNo, status: d.status, statusName: d.statusName },
      lines,
      allDone: lines.length > 0 && lines.every((l) => l.done),
      last,
      message,
      canWrite,
    };
  } catch (e) {
    if ((e as { code?: string }).code === "not_found") return { doc: null, lines: [], allDone: false, last, message: "发货单不存在", canWrite };
    throw e;
  }
}

export async function loadScanPage(request: Request): Promise<ScanPageData | Response> {
  const ctx = await requirePage(request, SCAN_URL);
  const params = new URL(request.url).searchParams;
  const no = params.get("no");
  if (no !== null && no.trim()) {
    try {
      const d = await findDeliveryForScan(ctx, no.slice(0, 40));
      return redirect(`${SCAN_URL}?id=${d.id}`);
    } catch (e) {
      const err = formErrorOf(e) ?? ((e as { code?: string }).code === "not_found" ? { message: (e as Error).message } : null);
      if (!err) throw e;
      return dataOf(request, null, null, err.message);
    }
  }
  return dataOf(request, parseId(params.get("id") ?? ""), null, null);
}

export async function scanPageAction(request: Request) {
  const ctx = await requirePage(request, SCAN_URL);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = parseId(String(form.get("id") ?? ""));
  if (id === null) throw json({ message: "请先选择发货单" }, { status: 400 });
  try {
    if (intent === "scan") {
      const last = await scanDeliveryCode(ctx, id, { code: String(form.get("code") ?? "") });
      return json(await dataOf(request, id, last, null));
    }
    if (intent === "reset") {
      await resetDeliveryScan(ctx, id);
      return json(await dataOf(request, id, null, "已清空扫描数量"));
    }
    if (intent === "confirm") {
      const r = await confirmScannedDelivery(ctx, id);
      return saleFlashRedirect(SCAN_URL, `发货单 ${r.no} 已确认发货`);
    }
  } catch (e) {
    const err =
      formErrorOf(e) ??
      ((e as { code?: string }).code === "conflict" || (e as { code?: string }).code === "not_found" ? { message: (e as Error).message, status: 409 } : null);
    if (!err) throw e;
    return json(await dataOf(request, id, null, err.message), { status: 400 });
  }
  throw json({ message: "未知的操作" }, { status: 400 });
}
