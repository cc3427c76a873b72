import { purchasePriceHistory } from "./purchase-price-history";
import { json } from "@remix-run/node";
import { and, asc, eq } from "drizzle-orm";
import type { Ctx } from "../lib/context";
import { requirePage } from "../auth/guard";
import { db } from "../db/client";
import { parseId } from "../lib/ids";
import { pickedProductsByIds, productLabelOf, type ResolvedLine } from "../trade/line-pick.service";
import { isUntouchedLine, listPrintRedirect, savedFormLines, toFormLine, type DocumentFormState, type FormLine } from "../trade/document-form.page";
import {
  blankReturnState,
  DEFAULT_RETURN_REASON,
  returnCreateAction,
  returnDocumentPage,
  returnOr404,
  returnHeaderValues,
  returnPageAction,
  type ReturnPageBase,
  type ReturnPageSide,
} from "../trade/return.page";
import { stockLocations } from "../stock/stock.tables";
import { PurchaseReturnInputSchema, type PurchaseReturnInput } from "./purchase-return.input";
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
 * The purchase return pages (/purchase/returnOrderCreate, /purchase/returnOrder/<id>): the form
 * is the trade side's (server/trade/return.page.ts); this module adds the storage locations and
 * the batches on hand to pick lines from (选用), and the prefill from a purchase order.
 */
export const RETURN_LIST_URL = "/purchase/returnOrder";
export const RETURN_CREATE_URL = "/purchase/returnOrderCreate";
export const returnUrl = (id: number) => `/purchase/returnOrder/${id}`;

export type ReturnFormLine = FormLine;

export type ReturnFormState = DocumentFormState;

export interface PurchaseReturnPageData extends ReturnPageBase<PurchaseReturnView> {
  suppliers: { value: number; label: string }[];
  locations: { value: string; label: string }[];
  /** Batches on hand in the warehouse (the lines' products, or what `batchQ` finds). */
  batches: ReturnableBatch[];
}

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

/** 新建 (free-standing) or 从采购单退货 (?orderId=…: the order's received lines not yet returned). */
export async function loadPurchaseReturnCreate(request: Request) {
  const ctx = await requirePage(request, RETURN_CREATE_URL);
  const orderId = parseId(new URL(request.url).searchParams.get("orderId") ?? "");
  const choices = await purchaseReturnChoices(ctx);
  const def = choices.warehouses[0];
  let state = blankReturnState(PURCHASE_RETURN, def ? def.value : null);
  if (orderId !== null) {
    const pre = await purchaseReturnPrefill(ctx, orderId).catch((e) => {
      if ((e as { code?: string }).code === "not_found") throw json({ message: "采购单不存在" }, { status: 404 });
      throw e;
    });
    const facts = await pickedProductsByIds(
      ctx,
      pre.lines.map((l) => l.productId),
      { partnerId: pre.order.partnerId, warehouseId: pre.order.warehouseId, prices: purchasePriceHistory },
    );
    state = {
      values: returnHeaderValues(PURCHASE_RETURN, { partnerId: pre.order.partnerId, warehouseId: pre.order.warehouseId }, pre.order),
      lines: savedFormLines(pre.lines, facts, (l) => ({
        locationId: l.locationId ? String(l.locationId) : "",
        batchNo: l.batchNo,
        qty: l.qty,
        price: l.price,
        reasonCode: DEFAULT_RETURN_REASON,
        purchaseOrderLineId: String(l.purchaseOrderLineId),
        remark: "",
      })),
      errors: {},
      message: pre.lines.length ? null : `采购单 ${pre.order.no} 没有可退的已收货明细`,
    };
  }
  return pageData(ctx, null, state);
}

export async function loadPurchaseReturnPage(request: Request, idText: string | undefined) {
  const ctx = await requirePage(request, RETURN_LIST_URL);
  return returnDocumentPage(PURCHASE_RETURN, ctx, await returnOr404(PURCHASE_RETURN, ctx, idText));
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

/**
 * 查找批次 (findBatches: the panel lists what `batchQ` finds) and 选用 (useBatch:…: the batch
 * taken as a line); null for any other intent.
 */
async function batchRoundTrip(ctx: Ctx, intent: string, resolved: ResolvedLine[], at: { partnerId: number | null; warehouseId: number | null }) {
  const { partnerId, warehouseId } = at;
  const lines = resolved.map(toFormLine);
  if (intent === "findBatches") return { lines, message: null, status: 200 };
  const picked = batchIntentOf(intent);
  if (!picked) return null;
  if (!warehouseId) return { lines, message: "请选择仓库", status: 400 };
  const [batch] = (await returnableBatches(ctx, { warehouseId, productIds: [picked.productId], limit: 200 })).filter(
    (b) => b.locationId === picked.locationId && b.batchNo === picked.batchNo,
  );
  if (!batch) return { lines, message: "该批次已无库存", status: 400 };
  const [fact] = await pickedProductsByIds(ctx, [picked.productId], { partnerId, warehouseId, prices: purchasePriceHistory });
  const label = productLabelOf({ mainOE: batch.mainOE, name: batch.productName });
  const line: FormLine = {
    values: {
      productId: String(batch.productId),
      productText: label,
      productPicked: label,
      locationId: String(batch.locationId),
      batchNo: batch.batchNo,
      qty: batch.available,
      price: fact?.lastPrice ?? "",
      reasonCode: DEFAULT_RETURN_REASON,
      purchaseOrderLineId: "",
      remark: "",
    },
    product: fact ?? null,
  };
  // The first line of that product without a location takes the batch; else a new line.
  const taker = lines.findIndex((l) => l.values.productId === String(batch.productId) && !l.values.locationId);
  if (taker >= 0)
    lines[taker] = {
      ...lines[taker]!,
      values: {
        ...lines[taker]!.values,
        locationId: line.values.locationId!,
        batchNo: line.values.batchNo!,
        qty: lines[taker]!.values.qty || line.values.qty!,
      },
    };
  else {
    // A line with nothing typed but its default reason is blank too.
    const blank = lines.findIndex((l) => isUntouchedLine(l.values, { reasonCode: DEFAULT_RETURN_REASON }));
    if (blank >= 0) lines[blank] = line;
    else lines.push(line);
  }
  return { lines, message: null, status: 200 };
}

/** The purchase side of the trade return pages. */
const PURCHASE_RETURN: ReturnPageSide<PurchaseReturnView, PurchaseReturnPageData, PurchaseReturnInput> = {
  label: "采购退货单",
  listUrl: RETURN_LIST_URL,
  createUrl: RETURN_CREATE_URL,
  docUrl: returnUrl,
  draft: PR_DRAFT,
  get: getPurchaseReturnOrder,
  orderField: "purchaseOrder",
  orderOf: (doc) => ({ id: doc.purchaseOrderId, no: doc.purchaseOrderNo }),
  // 查找批次: the keyword of the batches panel.
  moreHeaderFields: ["batchQ"],
  lineFields: ["locationId", "batchNo", "purchaseOrderLineId"],
  pick: { prices: purchasePriceHistory },
  lineValues: (l) => ({
    locationId: String(l.locationId),
    batchNo: l.batchNo,
    purchaseOrderLineId: l.purchaseOrderLineId ? String(l.purchaseOrderLineId) : "",
  }),
  pickFacts: (doc) => doc.status === PR_DRAFT,
  schema: PurchaseReturnInputSchema,
  pageData,
  formIntent: batchRoundTrip,
  isFormIntent: (intent) => intent === "findBatches" || intent.startsWith("useBatch:"),
  // A new return submitted is created submitted (its stock locked) in one transaction.
  write: async (ctx, existing, data, submit) =>
    existing
      ? { ...(await updatePurchaseReturnOrder(ctx, existing.id, data)), submitted: false }
      : { ...(await createPurchaseReturnOrder(ctx, data, { submit })), submitted: submit },
  run: runPurchaseReturnAction,
  remove: removePurchaseReturnOrder,
  done: { submit: "已提交，库存已锁定", confirm: "已确认出库", cancel: "已作废", reverse: "已红冲" },
  notSubmitted: (message) => message,
  access: (request) => requirePage(request, RETURN_LIST_URL),
};

export const purchaseReturnCreateAction = (request: Request) => returnCreateAction(PURCHASE_RETURN, request);

export const purchaseReturnPageAction = (request: Request, idText: string | undefined) => returnPageAction(PURCHASE_RETURN, request, idText);

/** 打印 on the list: the selected return's print sheet (opened in a new window). */
export const returnPrintRedirectOf = (request: Request) =>
  listPrintRedirect(request, RETURN_LIST_URL, (id) => `/print/purchaseReturn?type=purchaseReturn&orderId=${id}`);

/** Supplier and warehouse options for the list's filters. */
export async function purchaseReturnFilterLookups(ctx: Ctx) {
  const c = await purchaseReturnChoices(ctx);
  return { supplier: c.suppliers, warehouse: c.warehouses.map((w) => ({ value: w.value, label: w.label })) };
}
