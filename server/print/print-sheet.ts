import type { Ctx } from "../lib/context";
import { chineseAmount } from "../lib/chinese-amount";
import { formatMoney, formatNumber, formatQty, sum, type DecimalInput } from "../lib/decimal";
import { DomainError } from "../lib/errors";
import { getCompanyInfo } from "../organization/organization.resources";
import { getCompanyTimeZone } from "../setting/setting.service";
import { PURCHASE_PRICE_CODES } from "../lib/price-rules";

/**
 * What a print page (/print/*, spec 000 §2) shows, already formatted: the sheet component
 * (app/components/print/PrintSheet.tsx) renders it without any arithmetic or permission logic.
 * Each document kind builds one in ./print.service.ts from its own service's getter.
 */
export interface PrintSheetData {
  title: string;
  company: { name: string; address: string; phone: string };
  no: string;
  date: string;
  statusLabel: string;
  /** Header fields (partner, warehouse, payment terms …) in display order. */
  fields: { label: string; value: string }[];
  columns: PrintColumn[];
  rows: Record<string, string>[];
  /** The totals row under the lines: column key → text. */
  totals: Record<string, string>;
  /** The total amount in figures and in Chinese capitals (大写), when amounts are shown. */
  amount?: { figures: string; capitals: string };
  remark: string;
  signatures: string[];
}

export interface PrintColumn {
  key: string;
  label: string;
  align?: "left" | "right" | "center";
}

/** Spec 000 §8: a document whose status label is 草稿 or 未成交 is not printed. */
export const PRINT_REFUSED = "草稿或未成交状态的订单不允许打印";
const UNPRINTABLE_LABELS = new Set(["草稿", "未成交"]);

export function assertPrintable(statusLabel: string) {
  if (UNPRINTABLE_LABELS.has(statusLabel)) throw new DomainError("conflict", PRINT_REFUSED);
}

/**
 * Purchase prices are private (issue 8): the same rule as the receiving note's own page
 * (server/purchase/receive-order.service.ts) — holders of 产品价格 (CPGL-002) or 采购订单 (CGGL-001).
 */
export function canSeePurchasePrices(ctx: Pick<Ctx, "permissions">) {
  return PURCHASE_PRICE_CODES.some((c) => ctx.permissions.has(c));
}

/** Costs (moving average, batch cost) belong to holders of CPGL-002. */
export function canSeeCosts(ctx: Pick<Ctx, "permissions">) {
  return ctx.permissions.has("CPGL-002");
}

/**
 * A postal address with its city once: "广州" + "广州市白云区…" is "广州市白云区…", not
 * "广州 广州市白云区…" (issue 20 item 12); a street without its city gets it in front.
 */
export function addressWithCity(city: string | null | undefined, address: string | null | undefined): string {
  const c = (city ?? "").trim();
  const a = (address ?? "").trim();
  if (!c) return a;
  if (!a) return c;
  const bare = c.replace(/[市县区]$/, "");
  return a.startsWith(bare) ? a : `${c} ${a}`;
}

export async function companyHeader(ctx: Ctx) {
  const c = await getCompanyInfo(ctx);
  return { name: c.name, address: addressWithCity(c.city, c.address), phone: c.phone ?? "" };
}

/** A timestamp or date as the company's calendar day (YYYY-MM-DD). */
export async function printDate(ctx: Ctx, value: Date | string | null | undefined) {
  if (!value) return "";
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const tz = await getCompanyTimeZone(ctx);
  return new Intl.DateTimeFormat("en-CA", { timeZone: tz, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(value));
}

export const qtyText = (v: DecimalInput | null | undefined) => (v === null || v === undefined || v === "" ? "" : formatQty(v));
export const priceText = (v: DecimalInput | null | undefined, scale = 2) => (v === null || v === undefined || v === "" ? "" : formatNumber(v, scale));
export const moneyText = (v: DecimalInput | null | undefined) => (v === null || v === undefined || v === "" ? "" : formatNumber(v, 2));

/** The amount block: figures with ￥ and the same amount in Chinese capitals. */
export function amountBlock(total: DecimalInput) {
  return { figures: formatMoney(total), capitals: chineseAmount(total) };
}

export function totalOf(values: (DecimalInput | null | undefined)[]) {
  return sum(values);
}

export const SIGNATURES = ["制单", "审核", "仓管", "收货人"];

/** The product columns every document sheet starts with (编码, 名称, 品牌, 单位) and their cells. */
export const productColumns: PrintSheetData["columns"] = [
  { key: "mainOE", label: "产品编码" },
  { key: "productName", label: "产品名称" },
  { key: "brandName", label: "品牌" },
  { key: "unitName", label: "单位", align: "center" },
];
export const productCells = (l: { mainOE?: string | null; productName?: string | null; brandName?: string | null; unitName?: string | null }) => ({
  mainOE: l.mainOE ?? "",
  productName: l.productName ?? "",
  brandName: l.brandName ?? "",
  unitName: l.unitName ?? "",
});
