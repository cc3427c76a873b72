import { and, asc, eq, sql } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import { db, type Executor } from "../db/client";
import { inTransaction } from "../db/transaction";
import { add, dec, gt, lt, qtyString, sub } from "../lib/decimal";
import { DomainError } from "../lib/errors";
import { parseInput } from "../lib/validate";
import { normalizeOE } from "../product/oe";
import { mCodeNormOf, products } from "../product/product.tables";
import { assertTransition, lockDocument } from "../kernel/document";
import { confirmDeliveryInTx, DELIVER_LABEL, lockDeliveryWithOrder } from "./deliver-order.service";
import { ScanInputSchema } from "./deliver-order.input";
import { DELIVER_ORDER_MACHINE, DL_WAITING } from "./deliver-order.status";
import { deliverOrderLines, deliverOrders } from "./sale.tables";
import { rows as rowsOf } from "../lib/rows";

/**
 * 扫码发货 (/scan/delivery): a keyboard-wedge scanner types a code + Enter; each scan counts one
 * piece of the delivery line whose product the code names (any OE spelling of it: the main OE,
 * the standard and replacement OEs in product_oes, or the 厂家编码). A code of no product on the
 * note is flagged at once ("不在本单"), a piece more than the note holds too ("超出"). The count
 * is kept on the note's lines (scannedQty), so the page works as plain form posts and survives a
 * reload. Confirming requires every line complete and then confirms the delivery.
 */
export interface ScanLine {
  id: number;
  lineNo: number;
  productId: number;
  mainOE: string;
  productName: string;
  qty: string;
  scannedQty: string;
  done: boolean;
}

export interface ScanResult {
  ok: boolean;
  kind: "counted" | "wrong" | "surplus";
  message: string;
  lineId: number | null;
}

export async function scanLines(ex: Executor, ctx: Ctx, deliveryId: number): Promise<ScanLine[]> {
  const rows = await ex
    .select({ l: deliverOrderLines, mainOE: products.mainOE, productName: products.name })
    .from(deliverOrderLines)
    .innerJoin(products, eq(products.id, deliverOrderLines.productId))
    .where(and(eq(deliverOrderLines.deliverOrderId, deliveryId), eq(deliverOrderLines.companyId, ctx.companyId)))
    .orderBy(asc(deliverOrderLines.lineNo), asc(deliverOrderLines.id));
  return rows.map((r) => ({
    id: r.l.id,
    lineNo: r.l.lineNo,
    productId: r.l.productId,
    mainOE: r.mainOE,
    productName: r.productName,
    qty: r.l.qty,
    scannedQty: r.l.scannedQty,
    done: !lt(r.l.scannedQty, r.l.qty),
  }));
}

/** The products of the company a scanned code names (any OE spelling or the 厂家编码). */
export async function productsByCode(ex: Executor, ctx: Ctx, code: string): Promise<number[]> {
  const norm = normalizeOE(code);
  if (!norm) return [];
  const rows =
    (await ex.execute(sql`select id from products where company_id = ${ctx.companyId} and (oe_norm = ${norm} or ${mCodeNormOf(products.mCode)} = ${norm})
      union select product_id from product_oes where company_id = ${ctx.companyId} and oe_norm = ${norm}`)) as unknown;
  const list = rowsOf<{ id: number }>(rows);
  return list.map((r) => Number(r.id));
}

/** A waiting delivery note (20) by its number, for the scan page's "扫描发货单号". */
export async function findDeliveryForScan(ctx: Ctx, no: string) {
  const text = no.trim().toUpperCase();
  if (!text) throw new DomainError("bad_request", "请扫描或输入发货单号");
  const [row] = await db()
    .select({ id: deliverOrders.id, no: deliverOrders.no, status: deliverOrders.status })
    .from(deliverOrders)
    .where(and(eq(deliverOrders.companyId, ctx.companyId), eq(deliverOrders.no, text)));
  if (!row) throw new DomainError("not_found", `发货单 ${text} 不存在`);
  assertTransition(DELIVER_ORDER_MACHINE, "confirm", row.status);
  return row;
}

/** One scan: counts one piece of the matching line, or says why not (nothing changes then). */
export async function scanDeliveryCode(ctx: Ctx, deliveryId: number, input: unknown): Promise<ScanResult> {
  const { code } = parseInput(ScanInputSchema, input);
  return inTransaction(async (tx) => {
    const note = await lockDocument(tx, deliverOrders, ctx, deliveryId, DELIVER_LABEL);
    if (note.status !== DL_WAITING) assertTransition(DELIVER_ORDER_MACHINE, "confirm", note.status);
    const ids = new Set(await productsByCode(tx, ctx, code));
    const lines = (await scanLines(tx, ctx, note.id)).filter((l) => ids.has(l.productId));
    if (lines.length === 0) return { ok: false, kind: "wrong", message: `不在本单: ${code}`, lineId: null };
    const open = lines.find((l) => lt(l.scannedQty, l.qty));
    if (!open)
      return {
        ok: false,
        kind: "surplus",
        message: `超出: ${lines[0]!.mainOE} ${lines[0]!.productName}（应发 ${qtyString(lines.reduce((s, l) => add(s, l.qty), dec(0)))} 件）`,
        lineId: lines[0]!.id,
      };
    const left = sub(open.qty, open.scannedQty);
    const next = add(open.scannedQty, gt(left, 1) ? 1 : left);
    await tx
      .update(deliverOrderLines)
      .set({ scannedQty: qtyString(next) })
      .where(eq(deliverOrderLines.id, open.id));
    return { ok: true, kind: "counted", message: `${open.mainOE} ${open.productName}：${qtyString(next)} / ${qtyString(open.qty)}`, lineId: open.id };
  });
}

/** 重新扫描: every line's count back to 0. */
export async function resetDeliveryScan(ctx: Ctx, deliveryId: number) {
  return inTransaction(async (tx) => {
    const note = await lockDocument(tx, deliverOrders, ctx, deliveryId, DELIVER_LABEL);
    assertTransition(DELIVER_ORDER_MACHINE, "confirm", note.status);
    await tx
      .update(deliverOrderLines)
      .set({ scannedQty: "0" })
      .where(and(eq(deliverOrderLines.deliverOrderId, note.id), eq(deliverOrderLines.companyId, ctx.companyId)));
    return { id: note.id };
  });
}

/** 确认发货 after the scan check: refused while a line is incomplete. */
export async function confirmScannedDelivery(ctx: Ctx, deliveryId: number) {
  return inTransaction(async (tx) => {
    const { note } = await lockDeliveryWithOrder(tx, ctx, deliveryId);
    assertTransition(DELIVER_ORDER_MACHINE, "confirm", note.status);
    const open = (await scanLines(tx, ctx, note.id)).filter((l) => !l.done);
    if (open.length)
      throw new DomainError(
        "conflict",
        `还有 ${open.length} 行未扫描完成：${open.map((l) => `${l.mainOE} ${qtyString(l.scannedQty)}/${qtyString(l.qty)}`).join("，")}`,
      );
    const done = await confirmDeliveryInTx(tx, ctx, note.id);
    await tx
      .update(deliverOrders)
      .set({ scanCheckedAt: ctx.now ?? new Date(), scanCheckedBy: ctx.userId })
      .where(eq(deliverOrders.id, note.id));
    return done;
  });
}
