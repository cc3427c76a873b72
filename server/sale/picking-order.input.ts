import * as z from "zod";
import { qtyText } from "../lib/qty-text";

/**
 * What confirming a picking list (拣货单) sends: per line the quantity actually picked
 * (≤ planned); lines left out are picked in full. Pure module: safe for the browser.
 */
export const MAX_PICKING_LINES = 500;

const id = (msg: string) =>
  z.preprocess((v) => (typeof v === "string" && /^\d{1,10}$/.test(v) ? Number(v) : v), z.number({ error: msg }).int(msg).positive(msg).max(2147483647, msg));

export const PickedLineInputSchema = z.object({
  lineId: id("拣货行不存在"),
  qty: qtyText("拣货数量"),
});

export const ConfirmPickingInputSchema = z.unknown().transform((v, ctx): { lineId: number; qty: string }[] => {
  if (v === undefined || v === null) return [];
  const list = Array.isArray(v) ? v : typeof v === "object" && Array.isArray((v as { lines?: unknown }).lines) ? (v as { lines: unknown[] }).lines : null;
  if (!list) {
    ctx.addIssue({ code: "custom", message: "拣货行格式不正确" });
    return z.NEVER;
  }
  if (list.length > MAX_PICKING_LINES) {
    ctx.addIssue({ code: "custom", message: `最多 ${MAX_PICKING_LINES} 行` });
    return z.NEVER;
  }
  const out: { lineId: number; qty: string }[] = [];
  list.forEach((item, i) => {
    const parsed = PickedLineInputSchema.safeParse(item ?? {});
    if (parsed.success) out.push(parsed.data);
    else for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", message: `第 ${i + 1} 行：${issue.message}` });
  });
  return out;
});
export type PickedLine = z.infer<typeof PickedLineInputSchema>;

export const CreatePickingInputSchema = z.object({ salesOrderId: id("请选择销售订单") });
