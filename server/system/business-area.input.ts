import * as z from "zod";
import { labelled, optionalText, requiredText, sortOrder } from "../lib/input-fields";
import { AREA_TEXT } from "../reference/admin-area.input";

/** 商圈 (XTGL-021, /system/basic/businessArea): a company's sales regions. Pure module: safe for the browser. */
export const BUSINESS_AREA_TEXT = {
  name: "商圈名称",
  code: "商圈编码",
  description: "说明",
  regions: "覆盖区域",
  regionsHint: "选择省份后勾选它的城市，或整个省份",
  tooMany: "覆盖区域最多 500 个",
  nameTaken: "商圈名称已存在",
  regionMissing: (codes: string) => `所选行政区域不存在：${codes}`,
} as const;

/** Codes as a JSON array, one form field per checked box, or "4401,4403" (the list row's text). */
function codeList(v: unknown) {
  if (v === undefined || v === null) return v === null ? [] : undefined;
  const items = Array.isArray(v) ? v : typeof v === "string" ? v.split(/[,，\s]+/) : v;
  if (!Array.isArray(items)) return items;
  const out = items.map((x) => (typeof x === "string" ? x.trim() : x)).filter((x) => x !== "");
  return [...new Set(out)];
}

export const BusinessAreaInputSchema = z.object({
  name: requiredText(BUSINESS_AREA_TEXT.name, 50),
  code: optionalText(BUSINESS_AREA_TEXT.code, 20),
  description: optionalText(BUSINESS_AREA_TEXT.description, 200),
  sortOrder,
  // Left out of a PUT: the covered areas stay as they are.
  regionCodes: labelled(
    z.preprocess(
      codeList,
      z
        .array(z.string({ error: AREA_TEXT.badCode }).regex(/^\d{2,12}$/, AREA_TEXT.badCode), { error: AREA_TEXT.badCode })
        .max(500, BUSINESS_AREA_TEXT.tooMany)
        .optional(),
    ),
    { label: BUSINESS_AREA_TEXT.regions, kind: "text", hint: BUSINESS_AREA_TEXT.regionsHint },
  ),
});
export type BusinessAreaInput = z.infer<typeof BusinessAreaInputSchema>;
