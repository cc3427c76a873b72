import * as z from "zod";

/** 行政区域 (XTGL-020, /system/basic/adminArea and GET /api/app/region): words and query limits. Pure module. */
export const AREA_TEXT = {
  code: "区域编码",
  name: "名称",
  level: "级别",
  levels: { 1: "省级", 2: "地级市", 3: "区县" } as Record<number, string>,
  province: "省份",
  city: "城市",
  district: "区县",
  missing: "行政区域不存在",
  badCode: "区域编码只能是 2–12 位数字",
  keywordTooLong: "关键字不能超过 20 个字",
  separator: " / ",
} as const;

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : typeof v === "string" ? v.trim() : v);

/** A GB/T 2260 code as the data set has it: 2 (province), 4 (city), 6 or 9 (district) digits. */
export const areaCode = z.string({ error: AREA_TEXT.badCode }).regex(/^\d{2,12}$/, AREA_TEXT.badCode);

/** GET /api/app/region?parentCode=&keyword= (no parent: the provinces; a keyword searches every level). */
export const RegionQuerySchema = z.object({
  parentCode: z.preprocess(blankToUndefined, areaCode.optional()),
  keyword: z.preprocess(blankToUndefined, z.string().max(20, AREA_TEXT.keywordTooLong).optional()),
});
export type RegionQuery = z.infer<typeof RegionQuerySchema>;
