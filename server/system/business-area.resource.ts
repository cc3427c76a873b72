import { eq, sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { DomainError } from "../lib/errors";
import { keywordOn } from "../lib/list-read";
import { defineResource } from "../lib/resource";
import { existingAreaCodes } from "../reference/admin-area.service";
import { BUSINESS_AREA_TEXT, BusinessAreaInputSchema } from "./business-area.input";
import { businessAreaRegions, businessAreas } from "../reference/reference.tables";

/** The company's page and permission (商圈 is company data: every company has its own). */
export const BUSINESS_AREA_PAGE = "/system/basic/businessArea";
export const BUSINESS_AREA_CODE = "XTGL-021";

/**
 * 商圈 (/api/app/businessArea and the page's list): a company's sales regions, each covering
 * administrative areas. Rows list the covered areas as names (regionNames, 广州市、深圳市) and
 * codes (regionCodes, "4401,4403"); a write sends `regionCodes` (array or comma-separated) to
 * replace them, or leaves it out to keep them. A code that is not an administrative area is
 * refused in Chinese and nothing is written.
 */
export const businessAreaResource = defineResource({
  name: "businessArea",
  label: "商圈",
  pageUrl: BUSINESS_AREA_PAGE,
  writeCode: BUSINESS_AREA_CODE,
  // 往来单位 filters its customers by 商圈.
  readCodes: [BUSINESS_AREA_CODE, "ZZGL-007"],
  scope: "company",
  table: businessAreas,
  extra: {
    regionNames:
      sql<string>`(select string_agg(a.name, '、' order by a.code) from business_area_regions r join admin_areas a on a.code = r.area_code where r.business_area_id = "business_areas"."id")`.as(
        "region_names",
      ),
    regionCodes:
      sql<string>`(select string_agg(r.area_code, ',' order by r.area_code) from business_area_regions r where r.business_area_id = "business_areas"."id")`.as(
        "region_codes",
      ),
  },
  sortable: { sortOrder: businessAreas.sortOrder, name: businessAreas.nameSort, code: businessAreas.code, creationTime: businessAreas.id },
  defaultSort: { field: "sortOrder", dir: "asc" },
  filters: {
    // Business areas covering an administrative area (a city code finds the areas listing that city).
    areaCode: {
      kind: "text",
      where: (v: string) => sql`exists (select 1 from business_area_regions r where r.business_area_id = "business_areas"."id" and r.area_code = ${v})`,
    },
  },
  keyword: keywordOn(businessAreas.name, businessAreas.code),
  input: BusinessAreaInputSchema,
  unique: { business_areas_company_name_uq: ["name", BUSINESS_AREA_TEXT.nameTaken] },
  toValues: async (data: Record<string, unknown>, _ctx, ex) => {
    const codes = data.regionCodes as string[] | undefined;
    if (codes?.length) {
      const known = await existingAreaCodes(codes, ex);
      const missing = codes.filter((c) => !known.has(c));
      if (missing.length) {
        const message = BUSINESS_AREA_TEXT.regionMissing(missing.slice(0, 5).join("、"));
        throw new DomainError("bad_request", message, { regionCodes: [message] });
      }
    }
    return data;
  },
  // The covered areas are replaced in the row's own transaction, only when the write names them.
  afterSave: async (ex: Executor, row: Record<string, unknown>) => {
    const codes = row.regionCodes as string[] | undefined;
    if (codes === undefined) return;
    const id = row.id as number;
    await ex.delete(businessAreaRegions).where(eq(businessAreaRegions.businessAreaId, id));
    if (codes.length) await ex.insert(businessAreaRegions).values(codes.map((areaCode) => ({ businessAreaId: id, areaCode })));
  },
});
