import { json, redirect } from "@remix-run/node";
import type { Ctx } from "../lib/context";
import { requirePage } from "../auth/guard";
import * as z from "zod";
import { inTransaction } from "../db/transaction";
import { parseId } from "../lib/ids";
import { optionalId } from "../lib/input-fields";
import { DomainError, isDomainError } from "../lib/errors";
import { parseInput } from "../lib/validate";
import { setFlash } from "../lib/flash";
import { parseListQuery } from "../lib/list-query";
import { canWrite, createRow, getRow } from "../lib/resource";
import { listRows, listSpecOf } from "../lib/list-read";
import { safeRedirect } from "../lib/safe-redirect";
import { listParamsOf, roundingNote } from "../resource/page";
import { formReply, formValues, type FormFailure } from "../lib/form-reply";
import { formSpecOf, type FormSpec } from "../lib/form-spec";
import { OwnProductInputSchema } from "./product.input";
import { productResource, productTemplateResource } from "./product.resources";

/**
 * 公库产品导入 (spec 001 §2.6): pick a product of the public library, correct its fields and
 * save it as an own product. "Save and add to order detail" is offered only when an order page
 * opened the dialog (`addTo` is that page's path) and sends the user back there with the new id.
 */
const FORM_FIELDS = [
  "mainOE",
  "name",
  "aliasName",
  "defaultStdOE",
  "replaceOE",
  "carGroupId",
  "makeId",
  "vehicles",
  "positionId",
  "qualityId",
  "brandId",
  "categoryLevel0Id",
  "categoryLevel1Id",
  "specificationString",
  "producingAreaId",
  "unitId",
  "purchaseUnitId",
  "packageTypeString",
  "minOrderCount",
  "orderCycle",
  "mCode",
  "volum",
  "weight",
  "initial",
  "pinYin",
  "description",
  "isEnabled",
] as const;

/** Only order pages may receive a product from the dialog. */
function orderPage(addTo: string | null) {
  if (!addTo) return null;
  const safe = safeRedirect(addTo, "");
  return /^\/(sale|purchase)\/[A-Za-z]+(\?|$)/.test(safe) ? safe : null;
}

export interface LibraryImportData {
  keyword: string;
  results: { id: number; mainOE: string; name: string; brandName: string | null; categoryLevel1Name: string | null }[];
  template: Record<string, unknown> | null;
  /** The import form's fields as OwnProductInputSchema describes them, once a product is picked. */
  form: FormSpec | null;
  addTo: string | null;
}

export async function loadLibraryImport(ctx: Ctx, params: URLSearchParams): Promise<LibraryImportData | null> {
  if (params.get("import") !== "1" || !canWrite(productResource, ctx)) return null;
  const keyword = (params.get("libq") ?? "").trim().slice(0, 100);
  const lib = parseId(params.get("lib")) ?? 0;
  const query = parseListQuery(new URLSearchParams({ q: keyword, maxResultCount: "20" }), listSpecOf(productTemplateResource));
  const [list, template] = await Promise.all([
    listRows<Record<string, unknown>>(productTemplateResource, ctx, query, { withCount: false }),
    Number.isSafeInteger(lib) && lib > 0 ? getRow<Record<string, unknown>>(productTemplateResource, ctx, lib).catch(() => null) : Promise.resolve(null),
  ]);
  return {
    keyword,
    results: list.items.map((r) => ({
      id: r.id as number,
      mainOE: r.mainOE as string,
      name: r.name as string,
      brandName: r.brandName as string | null,
      categoryLevel1Name: r.categoryLevel1Name as string | null,
    })),
    template: template ? { ...Object.fromEntries(FORM_FIELDS.map((f) => [f, template[f]])), productTemplateLibId: template.id } : null,
    form: template ? formSpecOf(OwnProductInputSchema) : null,
    addTo: orderPage(params.get("addTo")),
  };
}

export async function libraryImportAction(request: Request, pageUrl: string, form: FormData) {
  const ctx = await requirePage(request, pageUrl);
  const values = formValues(form, ["addTo"]);
  // 刷新选项 without JavaScript: the same form again with what was typed, its dependent selects redrawn.
  if (form.get("intent") === "importRefresh") return json<FormFailure<"import">>({ intent: "import", message: "", fields: {}, values });
  const back = `${pageUrl}?${listParamsOf(new URLSearchParams(String(form.get("back") ?? "").replace(/^\?/, ""))).toString()}`.replace(/\?$/, "");
  let id: number;
  try {
    id = ((await createRow(productResource, ctx, values)) as { id: number }).id;
  } catch (e) {
    return formReply("import", e, values);
  }
  const addTo = form.get("intent") === "importAndAdd" ? orderPage(String(form.get("addTo") ?? "")) : null;
  const to = addTo ? `${addTo}${addTo.includes("?") ? "&" : "?"}addProductId=${id}` : back;
  const note = roundingNote(formSpecOf(OwnProductInputSchema), values);
  return redirect(to, { headers: await setFlash({ type: "success", message: note ? `保存成功（${note}）` : "保存成功" }) });
}

const BatchSchema = z.object({
  data: z
    .array(
      z.object({
        basicInfo: z.record(z.string(), z.unknown()),
        productTemplateLibId: optionalId("公库产品"),
      }),
      { error: "请提供要导入的产品" },
    )
    .min(1, "请提供要导入的产品")
    .max(500, "一次最多导入 500 个产品"),
});

/**
 * productBatch (spec 001 §7): several library products become own products at once, all or
 * none. `companyId` in the payload is ignored: products always belong to the caller's company.
 */
export async function importProductBatch(ctx: Ctx, input: unknown): Promise<number[]> {
  const { data } = parseInput(BatchSchema, input);
  // One use case, one transaction (retried as a whole on a deadlock); each row is a savepoint of it.
  return inTransaction(async (tx) => {
    const ids: number[] = [];
    for (const [i, item] of data.entries()) {
      try {
        const row = await createRow<{ id: number }>(
          productResource,
          ctx,
          { ...item.basicInfo, productTemplateLibId: item.productTemplateLibId ?? item.basicInfo.productTemplateLibId },
          tx,
        );
        ids.push(row.id);
      } catch (e) {
        if (isDomainError(e)) throw new DomainError(e.code, `第 ${i + 1} 个产品：${e.message}`, e.fields);
        throw e;
      }
    }
    return ids;
  });
}
