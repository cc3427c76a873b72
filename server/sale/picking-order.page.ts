import { json, redirect } from "@remix-run/node";
import { and, asc, eq } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import { requirePage } from "../auth/guard";
import { db } from "../db/client";
import { setFlash } from "../lib/flash";
import { formErrorOf } from "../lib/form-reply";
import { parseId } from "../lib/ids";
import { pickConfirmFlow, SETTINGS_CODE, type AutoFlow } from "../setting/auto-flow";
import { getCompanySettings } from "../setting/setting.service";
import { enterpriseRelations } from "../organization/organization.tables";
import { warehouses } from "../stock/stock.tables";
import { confirmPicking, createDeliveryForPicking, getPickingOrder, submitPicking, voidPicking, type PickingOrderView } from "./picking-order.service";
import { logisticsCompanies } from "./sale.tables";
import { DL_DONE } from "./deliver-order.status";

/**
 * The picking-list pages (/sale/picking, /sale/picking/<id>): loaders and actions, plain POST
 * forms that work without JavaScript; a refused confirmation answers with what was typed and why.
 */
export const PICKING_LIST_URL = "/sale/picking";
export const pickingUrl = (id: number) => `${PICKING_LIST_URL}/${id}`;

export function saleDocNotFound(label: string): never {
  throw json({ message: `${label}不存在` }, { status: 404 });
}

export async function saleDocOrNotFound<T>(label: string, idText: string | undefined, load: (id: number) => Promise<T>): Promise<T> {
  const id = parseId(idText ?? "");
  if (id === null) saleDocNotFound(label);
  try {
    return await load(id);
  } catch (e) {
    if ((e as { code?: string }).code === "not_found") saleDocNotFound(label);
    throw e;
  }
}

export async function saleFlashRedirect(to: string, message: string, type: "success" | "error" = "success") {
  return redirect(to, { headers: await setFlash({ type, message }) });
}

/** Customers, warehouses and logistics companies for the picking / delivery / shipping list filters. */
export async function deliveryFilterLookups(ctx: Ctx) {
  const [customers, whs, lcs] = await Promise.all([
    db()
      .select({ value: enterpriseRelations.id, label: enterpriseRelations.name })
      .from(enterpriseRelations)
      .where(and(eq(enterpriseRelations.companyId, ctx.companyId), eq(enterpriseRelations.rel, 1)))
      .orderBy(asc(enterpriseRelations.nameSort), asc(enterpriseRelations.id))
      .limit(1000),
    db().select({ value: warehouses.id, label: warehouses.name }).from(warehouses).where(eq(warehouses.companyId, ctx.companyId)).orderBy(asc(warehouses.id)),
    db()
      .select({ value: logisticsCompanies.id, label: logisticsCompanies.name })
      .from(logisticsCompanies)
      .where(eq(logisticsCompanies.companyId, ctx.companyId))
      .orderBy(asc(logisticsCompanies.id)),
  ]);
  return { customer: customers, warehouse: whs, logistics: lcs };
}

/** 打印 on a list (do=print&sel=ID) → the selected document's print sheet. */
export async function salePrintRedirect(request: Request, page: string, printUrl: (id: number) => string): Promise<Response | null> {
  const params = new URL(request.url).searchParams;
  if (params.get("do") !== "print") return null;
  const id = parseId(params.get("sel") ?? "");
  if (id === null) return null;
  await requirePage(request, page);
  return redirect(printUrl(id));
}

/** Rows posted as lines.<i>.<field>, in index order. */
function readRows(form: FormData, fields: readonly string[]) {
  const rows = new Map<number, Record<string, string>>();
  for (const [key, value] of form) {
    const m = /^lines\.(\d{1,3})\.([a-zA-Z]+)$/.exec(key);
    if (!m || !fields.includes(m[2]!)) continue;
    const i = Number(m[1]);
    const row = rows.get(i) ?? {};
    row[m[2]!] = String(value);
    rows.set(i, row);
  }
  return [...rows.entries()].sort((a, b) => a[0] - b[0]).map(([, r]) => r);
}

export interface PickingPageData {
  doc: PickingOrderView;
  /** What was typed when a confirmation was refused, by line id. */
  typed: Record<string, string>;
  message: string | null;
  errors: string[];
  canWrite: boolean;
  canDeliver: boolean;
  /** What 确认拣货 also does by the company's settings (确认拣货并发货), null when it only confirms. */
  confirmFlow: AutoFlow | null;
}

export async function loadPickingPage(request: Request, idText: string | undefined): Promise<PickingPageData> {
  const ctx = await requirePage(request, PICKING_LIST_URL);
  const doc = await saleDocOrNotFound("拣货单", idText, (id) => getPickingOrder(ctx, id));
  return {
    doc,
    typed: {},
    message: null,
    errors: [],
    canWrite: ctx.permissions.has("XSGL-006"),
    canDeliver: ctx.permissions.has("XSGL-007"),
    confirmFlow: pickConfirmFlow(await getCompanySettings(ctx), ctx.permissions.has(SETTINGS_CODE)),
  };
}

export async function pickingPageAction(request: Request, idText: string | undefined) {
  const ctx = await requirePage(request, PICKING_LIST_URL);
  const doc = await saleDocOrNotFound("拣货单", idText, (id) => getPickingOrder(ctx, id));
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const rows = readRows(form, ["id", "pickedQty"]);
  try {
    if (intent === "confirm") {
      const r = await confirmPicking(
        ctx,
        doc.id,
        rows.map((x) => ({ lineId: x.id, qty: x.pickedQty })),
      );
      const d = r.delivery;
      const tail = d ? (d.status === DL_DONE ? `，已发货（发货单 ${d.no}）` : `，已生成发货单 ${d.no}`) : "";
      return saleFlashRedirect(pickingUrl(doc.id), `拣货单 ${doc.no} 已确认拣货${tail}`);
    }
    if (intent === "submit") {
      await submitPicking(ctx, doc.id);
      return saleFlashRedirect(pickingUrl(doc.id), `拣货单 ${doc.no} 已提交`);
    }
    if (intent === "void") {
      await voidPicking(ctx, doc.id);
      return saleFlashRedirect(pickingUrl(doc.id), `拣货单 ${doc.no} 已作废`);
    }
    if (intent === "createDelivery") {
      const d = await createDeliveryForPicking(ctx, doc.id);
      return saleFlashRedirect(`/sale/deliver/${d.id}`, `已生成发货单 ${d.no}`);
    }
  } catch (e) {
    const err = formErrorOf(e);
    if (!err) throw e;
    const typed: Record<string, string> = {};
    for (const r of rows) if (r.id) typed[r.id] = r.pickedQty ?? "";
    const fresh = await getPickingOrder(ctx, doc.id);
    const errors = err.fields?.lines ?? [];
    return json<PickingPageData>(
      {
        doc: fresh,
        typed,
        message: errors.length ? "请检查拣货数量" : err.message,
        errors,
        canWrite: ctx.permissions.has("XSGL-006"),
        canDeliver: ctx.permissions.has("XSGL-007"),
        confirmFlow: pickConfirmFlow(await getCompanySettings(ctx), ctx.permissions.has(SETTINGS_CODE)),
      },
      { status: err.status },
    );
  }
  throw json({ message: "未知的操作" }, { status: 400 });
}
