import { redirect } from "@remix-run/node";
import { asc, eq, lte } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import { requirePage } from "../auth/guard";
import { db } from "../db/client";
import { DomainError, isDomainError } from "../lib/errors";
import { setFlash } from "../lib/flash";
import { formErrorOf, formReply, formValues } from "../lib/form-reply";
import type { GridColumn } from "../lib/grid-settings";
import { parseId } from "../lib/ids";
import { listParamsOf, loadResourcePage, resourcePageAction, type ResourcePageData } from "../resource/page";
import { areaPathNames } from "../reference/admin-area.service";
import { BUSINESS_AREA_PAGE } from "./business-area.resource";
import { saveBusinessArea } from "./business-area.service";
import { adminAreas, businessAreaRegions, businessAreas } from "../reference/reference.tables";

/**
 * The page /system/basic/businessArea (商圈): the generic master-data list and dialogs, plus
 * what its form needs to choose covered areas without JavaScript (provinces with their cities
 * as checkboxes) and the list's area filter (the areas the company's business areas cover).
 * A checked box posts one `regionCodes` field per area; with JavaScript a multi-select posts
 * them comma-separated. Both reach the resource as one comma-separated text.
 */
export interface RegionProvince {
  code: string;
  name: string;
  cities: { code: string; name: string }[];
}

export interface BusinessAreaPageData extends ResourcePageData {
  /** The area filter's options: [code, "广东省 / 广州市"], only areas this company's business areas cover. */
  areaFilter: [string, string][];
  /** The form's choices (only while the form is open): every province with its cities. */
  regionChoices: RegionProvince[] | null;
  /** Paths of the open row's covered areas that are neither a province nor a city (districts set through the API). */
  otherRegions: { code: string; path: string }[];
}

/** Every province with its cities, in code order (two levels of the standard: 31 + ~340 rows). */
export async function regionChoiceTree(): Promise<RegionProvince[]> {
  const rows = await db()
    .select({ code: adminAreas.code, name: adminAreas.name, level: adminAreas.level, parentCode: adminAreas.parentCode })
    .from(adminAreas)
    .where(lte(adminAreas.level, 2))
    .orderBy(asc(adminAreas.code));
  const provinces = new Map<string, RegionProvince>();
  for (const r of rows) if (r.level === 1) provinces.set(r.code, { code: r.code, name: r.name, cities: [] });
  for (const r of rows) if (r.level === 2 && r.parentCode) provinces.get(r.parentCode)?.cities.push({ code: r.code, name: r.name });
  return [...provinces.values()];
}

/** The areas the company's business areas cover, as the list's filter offers them (plus the one the URL names). */
export async function businessAreaFilterOptions(ctx: Ctx, current?: string): Promise<[string, string][]> {
  const rows = await db()
    .selectDistinct({ code: businessAreaRegions.areaCode })
    .from(businessAreaRegions)
    .innerJoin(businessAreas, eq(businessAreas.id, businessAreaRegions.businessAreaId))
    .where(eq(businessAreas.companyId, ctx.companyId))
    .orderBy(asc(businessAreaRegions.areaCode));
  const codes = rows.map((r) => r.code);
  if (current && /^\d{2,12}$/.test(current) && !codes.includes(current)) codes.push(current);
  const paths = await areaPathNames(codes);
  return codes.filter((c) => paths.has(c)).map((c) => [c, paths.get(c)!]);
}

/** Loader of the page: the resource page, its area filter and, while the form is open, the area choices. */
export async function loadBusinessAreaPage(request: Request, columns: readonly GridColumn[]): Promise<BusinessAreaPageData> {
  const { ctx, data } = await loadResourcePage(request, BUSINESS_AREA_PAGE, { columns });
  const current = typeof data.query.filters.areaCode === "string" ? data.query.filters.areaCode : undefined;
  const saved = String(data.edit?.row?.regionCodes ?? "")
    .split(",")
    .filter(Boolean);
  const [areaFilter, regionChoices] = await Promise.all([businessAreaFilterOptions(ctx, current), data.edit ? regionChoiceTree() : Promise.resolve(null)]);
  let otherRegions: { code: string; path: string }[] = [];
  if (regionChoices) {
    const known = new Set(regionChoices.flatMap((p) => [p.code, ...p.cities.map((c) => c.code)]));
    const others = saved.filter((c) => !known.has(c));
    const paths = await areaPathNames(others);
    otherRegions = others.map((code) => ({ code, path: paths.get(code) ?? code }));
  }
  return { ...data, areaFilter, regionChoices, otherRegions };
}

/**
 * Action of the page. 保存 reads every posted `regionCodes` (checkboxes post one each) into
 * one comma-separated value, so no checked area is lost; nothing checked clears the covered
 * areas. Every other command is the generic page's.
 */
export async function businessAreaPageAction(request: Request) {
  const form = await request.clone().formData();
  if (form.get("intent") !== "save") return resourcePageAction(request, BUSINESS_AREA_PAGE);
  const ctx = await requirePage(request, BUSINESS_AREA_PAGE);
  const listParams = listParamsOf(new URLSearchParams(String(form.get("back") ?? "").replace(/^\?/, ""))).toString();
  const back = listParams ? `${BUSINESS_AREA_PAGE}?${listParams}` : BUSINESS_AREA_PAGE;
  const values = formValues(form, ["id", "regionCodes"]);
  values.regionCodes = form
    .getAll("regionCodes")
    .filter((v): v is string => typeof v === "string")
    .join(",");
  try {
    const rawId = String(form.get("id") ?? "");
    const id = rawId === "" ? undefined : parseId(rawId);
    if (id === null) throw new DomainError("bad_request", "数据编号不正确");
    await saveBusinessArea(ctx, id, values);
  } catch (e) {
    if (formErrorOf(e)) return formReply("save", e, values);
    // A row that is gone (or another company's): back to the list with the reason.
    if (isDomainError(e) && e.code !== "unauthorized") return redirect(back, { headers: await setFlash({ type: "error", message: e.message }) });
    throw e;
  }
  return redirect(back, { headers: await setFlash({ type: "success", message: "保存成功" }) });
}
