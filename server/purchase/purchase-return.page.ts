import { json, redirect } from "@remix-run/node";
import { and, asc, eq } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import { requirePage } from "../auth/guard";
import { db } from "../db/client";
import { setFlash } from "../lib/flash";
import { formErrorOf } from "../lib/form-reply";
import { parseId } from "../lib/ids";
import { applyLineIntent, lineErrorsOf, lineIntentOf, readLines, withoutBlankLines, type RawLine } from "../lib/line-form";
import { pickedProductsByIds, productLabelOf, resolveLines, type PickedProduct, type ResolvedLine } from "../trade/line-pick.service";
import { stockLocations } from "../stock/stock.tables";
import { PurchaseReturnInputSchema } from "./purchase-return.input";
import {
  returnableBatches,
  createPurchaseReturnOrder,
  getPurchaseReturnOrder,
  purchaseReturnChoices,
  purchaseReturnPrefill,
  removePurchaseReturnOrder,
  runPurchaseReturnAction,
  updatePurchaseReturnOrder,
  type ReturnableBatch,
  type PurchaseReturnView,
} from "./purchase-return.service";
import { PR_DRAFT } from "./purchase-return.status";

/**
 * The purchase return pages (/purchase/returnOrderCreate, /purchase/returnOrder/<id>): header,
 * lines in the shared line editor, and the batches on hand to pick lines from (选用). Plain POST
 * forms: everything works without JavaScript, and a refused save answers with what was typed.
 */
export const RETURN_LIST_URL = "/purchase/returnOrder";
export const RETURN_CREATE_URL = "/purchase/returnOrderCreate";
export const returnUrl = (id: number) => `/purchase/returnOrder/${id}`;

export interface ReturnFormLine {
  values: RawLine;
  product?: PickedProduct | null;
  choices?: PickedProduct[];
  error?: string | null;
}

export interface ReturnFormState {
  values: Record<string, string>;
  lines: ReturnFormLine[];
  errors: Record<string, string[]>;
  message: string | null;
}

export interface PurchaseReturnPageData extends ReturnFormState {
  suppliers: { value: number; label: string }[];
  warehouses: { value: number; label: string }[];
  locations: { value: string; label: string }[];
  /** Batches on hand in the warehouse (the lines' products, or what `batchQ` finds). */
  batches: ReturnableBatch[];
  doc: PurchaseReturnView | null;
  canEdit: boolean;
}

const HEADER = ["partnerId", "warehouseId", "purchaseOrderId", "purchaseOrderNo", "remark", "batchQ"] as const;

async function locationsOf(ctx: Ctx, warehouseId: number | null) {
  if (!warehouseId) return [];
  const rows = await db()
    .select({ id: stockLocations.id, fullName: stockLocations.fullName })
    .from(stockLocations)
    .where(and(eq(stockLocations.companyId, ctx.companyId), eq(stockLocations.warehouseId, warehouseId)))
    .orderBy(asc(stockLocations.kind), asc(stockLocations.fullName))
    .limit(1000);
  return rows.map((r) => ({ value: String(r.id), label: r.fullName }));
}

async function pageData(ctx: Ctx, doc: PurchaseReturnView | null, state: ReturnFormState): Promise<PurchaseReturnPageData> {
  const choices = await purchaseReturnChoices(ctx);
  const warehouseId = parseId(state.values.warehouseId ?? "");
  const productIds = [...new Set(state.lines.map((l) => parseId(l.values.productId ?? "")).filter((x): x is number => x !== null))];
  const keyword = (state.values.batchQ ?? "").trim().slice(0, 60);
  const canEdit = !doc || doc.status === PR_DRAFT;
  const [locations, batches] = await Promise.all([
    locationsOf(ctx, warehouseId),
    warehouseId && canEdit && (keyword || productIds.length)
      ? returnableBatches(ctx, { warehouseId, keyword: keyword || undefined, productIds: keyword ? undefined : productIds, limit: 100 })
      : Promise.resolve([]),
  ]);
  return {
    ...state,
    suppliers: choices.suppliers,
    warehouses: choices.warehouses.map((w) => ({ value: w.value, label: w.label })),
    locations,
    batches,
    doc,
    canEdit,
  };
}

function stateOfDoc(doc: PurchaseReturnView, facts: PickedProduct[]): ReturnFormState {
  const byId = new Map(facts.map((f) => [f.productId, f]));
  return {
    values: {
      partnerId: String(doc.partnerId),
      warehouseId: String(doc.warehouseId),
      purchaseOrderId: doc.purchaseOrderId ? String(doc.purchaseOrderId) : "",
      purchaseOrderNo: doc.purchaseOrderNo ?? "",
      remark: doc.remark ?? "",
      batchQ: "",
    },
    lines: doc.lines.map((l) => {
      const label = productLabelOf({ mainOE: l.mainOE, name: l.productName });
      return {
        values: {
          productId: String(l.productId),
          productText: label,
          productPicked: label,
          locationId: String(l.locationId),
          batchNo: l.batchNo,
          qty: l.qty,
          price: l.price,
          reasonCode: l.reasonCode === null ? "" : String(l.reasonCode),
          purchaseOrderLineId: l.purchaseOrderLineId ? String(l.purchaseOrderLineId) : "",
          remark: l.remark ?? "",
        },
        product: byId.get(l.productId) ?? null,
      };
    }),
    errors: {},
    message: null,
  };
}

function notFound(): never {
  throw json({ message: "采购退货单不存在" }, { status: 404 });
}

async function docOr404(ctx: Ctx, idText: string | undefined) {
  const id = parseId(idText ?? "");
  if (id === null) notFound();
  try {
    return await getPurchaseReturnOrder(ctx, id);
  } catch (e) {
    if ((e as { code?: string }).code === "not_found") notFound();
    throw e;
  }
}

/** 新建 (free-standing) or 从采购单退货 (?orderId=…: the order's received lines not yet returned). */
export async function loadPurchaseReturnCreate(request: Request) {
  const ctx = await requirePage(request, RETURN_CREATE_URL);
  const orderId = parseId(new URL(request.url).searchParams.get("orderId") ?? "");
  const choices = await purchaseReturnChoices(ctx);
  const def = choices.warehouses[0];
  let state: ReturnFormState = {
    values: { partnerId: "", warehouseId: def ? String(def.value) : "", purchaseOrderId: "", purchaseOrderNo: "", remark: "", batchQ: "" },
    lines: [{ values: { reasonCode: "70" } }],
    errors: {},
    message: null,
  };
  if (orderId !== null) {
    const pre = await purchaseReturnPrefill(ctx, orderId).catch((e) => {
      if ((e as { code?: string }).code === "not_found") throw json({ message: "采购单不存在" }, { status: 404 });
      throw e;
    });
    const facts = await pickedProductsByIds(
      ctx,
      pre.lines.map((l) => l.productId),
      { partnerId: pre.order.partnerId, warehouseId: pre.order.warehouseId },
    );
    const byId = new Map(facts.map((f) => [f.productId, f]));
    state = {
      values: {
        partnerId: String(pre.order.partnerId),
        warehouseId: String(pre.order.warehouseId),
        purchaseOrderId: String(pre.order.id),
        purchaseOrderNo: pre.order.no,
        remark: "",
        batchQ: "",
      },
      lines: pre.lines.map((l) => {
        const label = productLabelOf({ mainOE: l.mainOE, name: l.productName });
        return {
          values: {
            productId: String(l.productId),
            productText: label,
            productPicked: label,
            locationId: l.locationId ? String(l.locationId) : "",
            batchNo: l.batchNo,
            qty: l.qty,
            price: l.price,
            reasonCode: "70",
            purchaseOrderLineId: String(l.purchaseOrderLineId),
            remark: "",
          },
          product: byId.get(l.productId) ?? null,
        };
      }),
      errors: {},
      message: pre.lines.length ? null : `采购单 ${pre.order.no} 没有可退的已收货明细`,
    };
  }
  return pageData(ctx, null, state);
}

export async function loadPurchaseReturnPage(request: Request, idText: string | undefined) {
  const ctx = await requirePage(request, RETURN_LIST_URL);
  const doc = await docOr404(ctx, idText);
  const facts =
    doc.status === PR_DRAFT
      ? await pickedProductsByIds(ctx, [...new Set(doc.lines.map((l) => l.productId))], { partnerId: doc.partnerId, warehouseId: doc.warehouseId })
      : [];
  return pageData(ctx, doc, stateOfDoc(doc, facts));
}

async function flashRedirect(to: string, message: string, type: "success" | "error" = "success") {
  return redirect(to, { headers: await setFlash({ type, message }) });
}

/** `useBatch:<productId>:<locationId>:<batchNo, URI-encoded>`: a batch of the panel taken as a line. */
function batchIntentOf(intent: string) {
  const m = /^useBatch:(\d{1,10}):(\d{1,10}):(.{0,200})$/.exec(intent);
  if (!m) return null;
  let batchNo: string;
  try {
    batchNo = decodeURIComponent(m[3]!);
  } catch {
    return null;
  }
  const productId = parseId(m[1]!);
  const locationId = parseId(m[2]!);
  return productId && locationId ? { productId, locationId, batchNo } : null;
}

async function saveFromForm(ctx: Ctx, form: FormData, intent: string, existing: PurchaseReturnView | null) {
  const values: Record<string, string> = {};
  for (const k of HEADER) values[k] = String(form.get(k) ?? "");
  const partnerId = parseId(values.partnerId!);
  const warehouseId = parseId(values.warehouseId!);
  const resolved: ResolvedLine[] = await resolveLines(ctx, readLines(form), { partnerId, warehouseId });
  const toForm = (r: ResolvedLine): ReturnFormLine => ({ values: r.values, product: r.product, choices: r.choices, error: r.error });
  const answer = async (state: Omit<ReturnFormState, "values">, status: number) => json(await pageData(ctx, existing, { values, ...state }), { status });

  const lineIntent = lineIntentOf(intent);
  if (lineIntent) {
    const byValues = new Map(resolved.map((r) => [r.values, r]));
    const next = applyLineIntent(
      resolved.map((r) => r.values),
      lineIntent,
      { reasonCode: "70" },
    ).map((v) => (byValues.has(v) ? toForm(byValues.get(v)!) : { values: v }));
    return answer({ lines: next, errors: {}, message: null }, 200);
  }
  if (intent === "findBatches") return answer({ lines: resolved.map(toForm), errors: {}, message: null }, 200);
  const picked = batchIntentOf(intent);
  if (picked) {
    if (!warehouseId) return answer({ lines: resolved.map(toForm), errors: {}, message: "请选择仓库" }, 400);
    const [batch] = (await returnableBatches(ctx, { warehouseId, productIds: [picked.productId], limit: 200 })).filter(
      (b) => b.locationId === picked.locationId && b.batchNo === picked.batchNo,
    );
    if (!batch) return answer({ lines: resolved.map(toForm), errors: {}, message: "该批次已无库存" }, 400);
    const [fact] = await pickedProductsByIds(ctx, [picked.productId], { partnerId, warehouseId });
    const label = productLabelOf({ mainOE: batch.mainOE, name: batch.productName });
    const line: ReturnFormLine = {
      values: {
        productId: String(batch.productId),
        productText: label,
        productPicked: label,
        locationId: String(batch.locationId),
        batchNo: batch.batchNo,
        qty: batch.available,
        price: fact?.lastPrice ?? "",
        reasonCode: "70",
        purchaseOrderLineId: "",
        remark: "",
      },
      product: fact ?? null,
    };
    // The first line of that product without a location takes the batch; else a new line.
    const lines = resolved.map(toForm);
    const at = lines.findIndex((l) => l.values.productId === String(batch.productId) && !l.values.locationId);
    if (at >= 0)
      lines[at] = {
        ...lines[at]!,
        values: { ...lines[at]!.values, locationId: line.values.locationId!, batchNo: line.values.batchNo!, qty: lines[at]!.values.qty || line.values.qty! },
      };
    else {
      // A line with nothing typed but its default reason is blank too.
      const blank = lines.findIndex((l) => withoutBlankLines([{ ...l.values, reasonCode: "" }]).length === 0);
      if (blank >= 0) lines[blank] = line;
      else lines.push(line);
    }
    return answer({ lines, errors: {}, message: null }, 200);
  }

  const lines = resolved.map(toForm);
  const isBlank = (r: ResolvedLine) => withoutBlankLines([{ ...r.values, reasonCode: "" }]).length === 0;
  const used = resolved.filter((r) => !isBlank(r));
  const badLine = resolved.findIndex((r) => r.error && !isBlank(r));
  if (badLine >= 0) {
    const message = `第 ${badLine + 1} 行：${resolved[badLine]!.error}`;
    return answer({ lines, errors: { [`lines[${badLine}].productText`]: [resolved[badLine]!.error!] }, message }, 400);
  }
  const input = {
    partnerId: values.partnerId,
    warehouseId: values.warehouseId,
    purchaseOrderId: values.purchaseOrderId,
    remark: values.remark,
    lines: used.map((r) => ({
      productId: r.values.productId,
      locationId: r.values.locationId ?? "",
      batchNo: r.values.batchNo ?? "",
      qty: r.values.qty ?? "",
      price: r.values.price ?? "",
      reasonCode: r.values.reasonCode ?? "",
      purchaseOrderLineId: r.values.purchaseOrderLineId ?? "",
      remark: r.values.remark ?? "",
    })),
  };
  const parsed = PurchaseReturnInputSchema.safeParse(input);
  if (!parsed.success) {
    const formIndex = used.map((u) => resolved.indexOf(u));
    const issues = parsed.error.issues.map((i) =>
      i.path[0] === "lines" && typeof i.path[1] === "number" ? { ...i, path: ["lines", formIndex[i.path[1]] ?? i.path[1], ...i.path.slice(2)] } : i,
    );
    const errors: Record<string, string[]> = { ...lineErrorsOf(undefined, issues) };
    for (const i of issues) if (i.path[0] !== "lines") (errors[String(i.path[0])] ??= []).push(i.message);
    const first = issues[0];
    const where = first && first.path[0] === "lines" && typeof first.path[1] === "number" ? `第 ${first.path[1] + 1} 行：` : "";
    return answer({ lines, errors, message: first ? `${where}${first.message}` : "请检查输入" }, 400);
  }
  const submit = intent === "submit";
  try {
    let saved: { id: number; no: string };
    if (existing) {
      saved = await updatePurchaseReturnOrder(ctx, existing.id, parsed.data);
      if (submit) await runPurchaseReturnAction(ctx, existing.id, "submit");
    } else saved = await createPurchaseReturnOrder(ctx, parsed.data, { submit });
    return flashRedirect(returnUrl(saved.id), submit ? `采购退货单 ${saved.no} 已提交，库存已锁定` : `采购退货单 ${saved.no} 已保存为草稿`);
  } catch (e) {
    const f = formErrorOf(e);
    if (!f) throw e;
    // A refused submit of an existing draft: the draft was saved, the page shows why it was not submitted.
    if (existing && submit) return flashRedirect(returnUrl(existing.id), f.message, "error");
    return answer({ lines, errors: f.fields, message: f.message }, f.status);
  }
}

export async function purchaseReturnCreateAction(request: Request) {
  const ctx = await requirePage(request, RETURN_CREATE_URL);
  const form = await request.formData();
  return saveFromForm(ctx, form, String(form.get("intent") ?? ""), null);
}

const DONE: Record<string, string> = { confirm: "已确认出库", cancel: "已作废", reverse: "已红冲" };

export async function purchaseReturnPageAction(request: Request, idText: string | undefined) {
  const ctx = await requirePage(request, RETURN_LIST_URL);
  const doc = await docOr404(ctx, idText);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  try {
    if (intent === "confirm" || intent === "cancel" || intent === "reverse" || (intent === "submit" && doc.status !== PR_DRAFT)) {
      await runPurchaseReturnAction(ctx, doc.id, intent);
      return flashRedirect(returnUrl(doc.id), `采购退货单 ${doc.no} ${DONE[intent] ?? "已提交"}`);
    }
    if (intent === "remove") {
      await removePurchaseReturnOrder(ctx, doc.id);
      return flashRedirect(RETURN_LIST_URL, `采购退货单 ${doc.no} 已删除`);
    }
    if (intent === "save" || intent === "submit" || intent === "findBatches" || intent.startsWith("useBatch:") || lineIntentOf(intent)) {
      if (doc.status !== PR_DRAFT) return flashRedirect(returnUrl(doc.id), `采购退货单当前状态为“${doc.statusName}”，不能修改`, "error");
      return saveFromForm(ctx, form, intent, doc);
    }
    return json({ error: "未知操作" }, { status: 400 });
  } catch (e) {
    const f = formErrorOf(e);
    if (!f) throw e;
    return flashRedirect(returnUrl(doc.id), f.message, "error");
  }
}

/** 打印 on the list: the selected return's print sheet (opened in a new window). */
export async function returnPrintRedirectOf(request: Request): Promise<Response | null> {
  const params = new URL(request.url).searchParams;
  if (params.get("do") !== "print") return null;
  const id = parseId(params.get("sel") ?? "");
  if (id === null) return null;
  await requirePage(request, RETURN_LIST_URL);
  return redirect(`/print/purchaseReturn?type=purchaseReturn&orderId=${id}`);
}

/** Supplier and warehouse options for the list's filters. */
export async function purchaseReturnFilterLookups(ctx: Ctx) {
  const c = await purchaseReturnChoices(ctx);
  return { supplier: c.suppliers, warehouse: c.warehouses.map((w) => ({ value: w.value, label: w.label })) };
}
