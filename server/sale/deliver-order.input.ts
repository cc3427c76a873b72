import * as z from "zod";

/**
 * Logistics information of a delivery note (发货单), editable while it waits and after it left.
 * Pure module: safe for the browser.
 */
const optText = (label: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? null : v.trim()) : v === undefined ? undefined : v),
    z
      .string({ error: `${label}格式不正确` })
      .max(max, `${label}最多 ${max} 个字`)
      .nullable()
      .optional(),
  );

export const DeliveryLogisticsInputSchema = z.object({
  logisticsCompanyId: z.preprocess(
    (v) => (v === "" || v === null ? null : typeof v === "string" && /^\d{1,10}$/.test(v) ? Number(v) : v),
    z.number({ error: "物流公司不存在" }).int("物流公司不存在").positive("物流公司不存在").max(2147483647, "物流公司不存在").nullable().optional(),
  ),
  trackingNo: optText("物流单号", 60),
  packages: z.preprocess(
    (v) => (v === "" || v === null ? null : typeof v === "string" && /^\s*\d{1,6}\s*$/.test(v) ? Number(v) : v),
    z.number({ error: "件数必须是整数" }).int("件数必须是整数").min(0, "件数不能小于 0").max(99999, "件数不能超过 99999").nullable().optional(),
  ),
  receiverName: optText("收货人", 40),
  receiverPhone: optText("收货电话", 40),
  address: optText("收货地址", 200),
  shippedAt: z.preprocess(
    (v) => (v === "" || v === null ? null : typeof v === "string" ? new Date(/^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T00:00:00+08:00` : v) : v),
    z
      .date({ error: "发货日期不正确" })
      .refine((d) => !Number.isNaN(d.getTime()), "发货日期不正确")
      .nullable()
      .optional(),
  ),
});
export type DeliveryLogisticsInput = z.infer<typeof DeliveryLogisticsInputSchema>;

/** 扫码发货: one scan (barcode or OE) against a delivery note. */
export const ScanInputSchema = z.object({
  code: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z.string({ error: "请扫描条码或输入 OE 号" }).min(1, "请扫描条码或输入 OE 号").max(80, "条码太长"),
  ),
});
