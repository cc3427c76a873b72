import { asc, eq } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import { db } from "../db/client";
import { createRow, deleteRow, getRow, updateRow } from "../lib/resource";
import { areaChildren, areaPathNames, type AreaNode } from "../reference/admin-area.service";
import { businessAreaResource } from "./business-area.resource";
import { businessAreaRegions } from "../reference/reference.tables";

export { BUSINESS_AREA_CODE, BUSINESS_AREA_PAGE, businessAreaResource } from "./business-area.resource";

/**
 * 商圈 use cases of the page /system/basic/businessArea (the list and the JSON API go through
 * the resource's generic list/create/update/delete): one business area with the paths of the
 * areas it covers, and the choices of its form. Always the caller's own company's rows: another
 * company's id is "not found".
 */
export interface BusinessAreaRow {
  id: number;
  name: string;
  code: string | null;
  description: string | null;
  sortOrder: number;
  regionNames: string | null;
  regionCodes: string | null;
}

export async function businessAreaDetail(ctx: Ctx, id: number) {
  const row = await getRow<BusinessAreaRow>(businessAreaResource, ctx, id);
  const codes = (
    await db()
      .select({ code: businessAreaRegions.areaCode })
      .from(businessAreaRegions)
      .where(eq(businessAreaRegions.businessAreaId, id))
      .orderBy(asc(businessAreaRegions.areaCode))
  ).map((r) => r.code);
  const paths = await areaPathNames(codes);
  return { row, regions: codes.map((code) => ({ code, path: paths.get(code) ?? code })) };
}

/** The form's choices: the provinces, and the cities of the chosen province (a code that is not a province: none). */
export async function businessAreaChoices(provinceCode: string | undefined): Promise<{ provinces: AreaNode[]; cities: AreaNode[]; province: AreaNode | null }> {
  const provinces = await areaChildren(null);
  const province = provinceCode ? (provinces.find((p) => p.code === provinceCode) ?? null) : null;
  return { provinces, province, cities: province ? await areaChildren(province.code) : [] };
}

/** The paths of codes the form is showing (what was checked, before it was saved). */
export async function regionPaths(codes: readonly string[]) {
  const paths = await areaPathNames(codes);
  return codes.filter((c) => paths.has(c)).map((code) => ({ code, path: paths.get(code)! }));
}

/** Creates (id undefined) or updates a business area with the areas it covers; returns its id. */
export async function saveBusinessArea(ctx: Ctx, id: number | undefined, input: unknown): Promise<number> {
  const row = id ? await updateRow<{ id: number }>(businessAreaResource, ctx, id, input) : await createRow<{ id: number }>(businessAreaResource, ctx, input);
  return row.id;
}

export async function deleteBusinessArea(ctx: Ctx, id: number) {
  await deleteRow(businessAreaResource, ctx, id);
}
