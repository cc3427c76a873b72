import * as z from "zod";
import { codesOf, REASON_CODES } from "../lib/dictionary";
import { qtyText } from "../lib/qty-text";

/**
 * What confirming a receiving note (收货单) or a put-away note (上架单) sends: per line the
 * quantity actually received (and the §9 reason when it differs from what was expected), or
 * the shelf and quantity put away (a line id may appear twice: split over two shelves).
 * Pure module: safe for the browser.
 */
export const MAX_NOTE_LINES = 500;

export { qtyText };

const lineId = z.preprocess(
  (v) => (typeof v === "string" && /^\d{1,10}$/.test(v) ? Number(v) : v),
  z.number({ error: "行不存在" }).int("行不存在").positive("行不存在").max(2147483647, "行不存在"),
);

const REASONS = codesOf(REASON_CODES) as readonly number[];
const reasonCode = z.preprocess(
  (v) => (v === "" || v === undefined || v === null ? null : typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v),
  z
    .number({ error: "差异原因不正确" })
    .refine((n) => REASONS.includes(n), "差异原因不正确")
    .nullable(),
);

function linesOf<S extends z.ZodType>(line: S, noun: string) {
  return z.unknown().transform((v, ctx): z.infer<S>[] => {
    if (v === undefined || v === null) return [];
    if (!Array.isArray(v)) {
      ctx.addIssue({ code: "custom", message: `${noun}格式不正确` });
      return z.NEVER;
    }
    if (v.length > MAX_NOTE_LINES) {
      ctx.addIssue({ code: "custom", message: `最多 ${MAX_NOTE_LINES} 行` });
      return z.NEVER;
    }
    const out: z.infer<S>[] = [];
    v.forEach((item, i) => {
      const parsed = line.safeParse(item ?? {});
      if (parsed.success) out.push(parsed.data);
      else
        for (const issue of parsed.error.issues)
          ctx.addIssue({ code: "custom", message: `第 ${i + 1} 行：${issue.message}`, path: [i, ...issue.path] as (string | number)[] });
    });
    return out;
  });
}

export const ReceiveLineInputSchema = z.object({
  id: lineId,
  receivedQty: qtyText("实收数量"),
  reasonCode: reasonCode.optional().transform((v) => v ?? null),
});

/** Confirm a receiving note: lines left out keep what is on the note (prefilled = expected). */
export const ConfirmReceiveInputSchema = z
  .object({ lines: linesOf(ReceiveLineInputSchema, "收货行").optional() })
  .optional()
  .transform((v) => ({ lines: v?.lines ?? [] }));
export type ConfirmReceiveInput = z.infer<typeof ConfirmReceiveInputSchema>;

export const PutawayLineInputSchema = z.object({
  id: lineId,
  toLocationId: z.preprocess(
    (v) => (typeof v === "string" && /^\d{1,10}$/.test(v) ? Number(v) : v === "" ? undefined : v),
    z.number({ error: "请选择上架货位" }).int("请选择上架货位").positive("请选择上架货位"),
  ),
  qty: qtyText("上架数量"),
});

/** Confirm a put-away note: lines left out go where the note says; a line id twice = split over two shelves. */
export const ConfirmPutawayInputSchema = z
  .object({ lines: linesOf(PutawayLineInputSchema, "上架行").optional() })
  .optional()
  .transform((v) => ({ lines: v?.lines ?? [] }));
export type ConfirmPutawayInput = z.infer<typeof ConfirmPutawayInputSchema>;

/** "从采购单收货": a receiving note for a submitted purchase order's open quantities. */
export const CreateReceiveInputSchema = z.object({
  purchaseOrderId: z.preprocess(
    (v) => (typeof v === "string" && /^\d{1,10}$/.test(v) ? Number(v) : v),
    z.number({ error: "请选择采购订单" }).int("请选择采购订单").positive("请选择采购订单").max(2147483647, "请选择采购订单"),
  ),
});
