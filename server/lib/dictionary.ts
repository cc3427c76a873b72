/**
 * Codes and labels of spec 000 §4 and §9 that master data uses. Client-safe: forms, grids and
 * exports read the same labels.
 */
export type Dict<K extends number | string = number> = readonly (readonly [K, string])[];

/** Payment terms (§9): 100 月结, 200 次月结, or a number of days. */
export const PAYMENT_TERMS = [
  [100, "月结"],
  [200, "次月结"],
  [1, "1天"],
  [3, "3天"],
  [7, "7天"],
  [15, "15天"],
  [30, "30天"],
  [60, "60天"],
  [90, "90天"],
] as const satisfies Dict;

/** Quality grades (§9). */
export const QUALITY_GRADES = [
  [1, "A级 原厂无瑕疵"],
  [2, "B级 原厂有瑕疵不影响使用"],
  [3, "C级 拆车件修复"],
] as const satisfies Dict;

/** Partner relation (§7): 1 customer, 0 supplier. */
export const PARTNER_RELS = [
  [1, "客户"],
  [0, "供应商"],
] as const satisfies Dict;

export const CATEGORY_LEVELS = [
  [0, "一级分类"],
  [1, "二级分类"],
] as const satisfies Dict;

export const GENDERS = [
  [1, "男"],
  [2, "女"],
] as const satisfies Dict;

/** Package types (§9). */
export const PACKAGE_TYPES = [
  ["厂商包装", "厂商包装"],
  ["自主包装", "自主包装"],
] as const satisfies Dict<string>;

export function codesOf<K extends number | string>(dict: Dict<K>): K[] {
  return dict.map(([k]) => k);
}

export function labelOf<K extends number | string>(dict: Dict<K>, code: K | null | undefined): string {
  if (code === null || code === undefined) return "";
  return dict.find(([k]) => k === code)?.[1] ?? String(code);
}
