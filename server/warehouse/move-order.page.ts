import { json, redirect } from "@remix-run/node";
import * as z from "zod";
import type { Ctx } from "../lib/context";
import { requirePage } from "../auth/guard";
import { db } from "../db/client";
import { formErrorOf } from "../lib/form-reply";
import { setFlash } from "../lib/flash";
import { parseId } from "../lib/ids";
import { defaultLocationsOf } from "../stock/location.service";
import { applyLineIntent, isBlankLine, lineErrorsOf, lineFieldName, lineIntentOf, readLines } from "../lib/line-form";
import { blankResolvedLine, pickedProductsByIds, productLabelOf, resolveLines, type ResolvedLine } from "../trade/line-pick.service";
import { MoveOrderLineSchema } from "./move-order.input";
import {
  batchesOnHand,
  confirmMoveOrder,
  createMoveOrder,
  getMoveOrder,
  removeMoveOrder,
  reverseMoveOrder,
  updateMoveOrder,
  voidMoveOrder,
  warehousesWithLocations,
  type BatchOnHand,
  type MoveOrderView,
} from "./move-order.service";
import { MOVE_ORDER_DRAFT } from "./move-order.status";

/**
 * The transfer's own page (/warehouse/allocation/new, /warehouse/allocation/<id>) with the shared
 * line editor (app/components/lines/LineEditor.tsx, server/lib/line-form.ts): a line picks a
 * product (any OE spelling, name, pinyin), a source — location + batch among that product's
 * batches on hand in the source warehouse, with what is available —, a target location (blank →
 * the product's default location in the target warehouse) and a quantity. Without JavaScript
 * 添加行, 删除 and 刷新选项 post the form back and it is drawn again with nothing typed lost.
 */
export const ALLOCATION_URL = "/warehouse/allocation";

export interface MoveFormValues {
  fromWarehouseId: string;
  toWarehouseId: string;
  remark: string;
}

export type LineOption = { value: string; label: string };

export interface MoveOrderPageData {
  doc: MoveOrderView | null;
  values: MoveFormValues;
  /** The editor's lines: values productId/productText/productPicked/source/toLocationId/qty/remark. */
  lines: ResolvedLine[];
  errors: Record<string, string[]>;
  warehouses: { id: number; name: string; locations: { id: number; fullName: string }[] }[];
  /** productId → its batches on hand in the source warehouse (value `sourceKey`). */
  sourceOptions: Record<string, LineOption[]>;
  /** The target warehouse's enabled locations. */
  targetOptions: LineOption[];
  message: string | null;
  canWrite: boolean;
}

/** A line's source: `<locationId>|<batchNo URI-encoded>`. */
export const sourceKey = (b: { locationId: number; batchNo: string }) => `${b.locationId}|${encodeURIComponent(b.batchNo)}`;

export function parseSourceKey(key: string): { locationId: number; batchNo: string } | null {
  const cut = key.indexOf("|");
  if (cut < 0) return null;
  const locationId = parseId(key.slice(0, cut));
  if (locationId === null) return null;
  try {
    return { locationId, batchNo: decodeURIComponent(key.slice(cut + 1)) };
  } catch {
    return null;
  }
}

const trimQty = (v: string) => v.replace(/\.00$/, "").replace(/(\.\d)0$/, "$1");

function headerOf(form: FormData): MoveFormValues {
  const s = (k: string) => String(form.get(k) ?? "").slice(0, 500);
  return { fromWarehouseId: s("fromWarehouseId"), toWarehouseId: s("toWarehouseId"), remark: s("remark") };
}

async function linesFromDoc(ctx: Ctx, doc: MoveOrderView): Promise<ResolvedLine[]> {
  const facts = await pickedProductsByIds(ctx, [...new Set(doc.lines.map((l) => l.productId))], { warehouseId: doc.fromWarehouseId });
  return doc.lines.map((l) => {
    const label = productLabelOf({ mainOE: l.mainOE, name: l.productName });
    return {
      values: {
        productId: String(l.productId),
        productText: label,
        productPicked: label,
        source: sourceKey({ locationId: l.fromLocationId, batchNo: l.batchNo }),
        toLocationId: String(l.toLocationId),
        qty: trimQty(l.qty),
        remark: l.remark ?? "",
      },
      product: facts.find((f) => f.productId === l.productId) ?? null,
      choices: [],
      error: null,
    };
  });
}

/** The line with its source and target blank when they are not among the options offered. */
function withChoicesOffered(l: ResolvedLine, sourceOptions: Record<string, LineOption[]>, targetOptions: LineOption[]): ResolvedLine {
  const src = l.values.source ?? "";
  const to = l.values.toLocationId ?? "";
  const srcOk = !src || (sourceOptions[l.values.productId ?? ""] ?? []).some((o) => o.value === src);
  const toOk = !to || targetOptions.some((o) => o.value === to);
  if (srcOk && toOk) return l;
  return { ...l, values: { ...l.values, ...(srcOk ? {} : { source: "" }), ...(toOk ? {} : { toLocationId: "" }) } };
}

async function pageData(
  ctx: Ctx,
  doc: MoveOrderView | null,
  values: MoveFormValues,
  lines: ResolvedLine[],
  message: string | null = null,
  errors: Record<string, string[]> = {},
): Promise<MoveOrderPageData> {
  const warehouses = await warehousesWithLocations(ctx);
  const fromId = parseId(values.fromWarehouseId) ?? warehouses[0]?.id;
  if (!values.fromWarehouseId && fromId) values.fromWarehouseId = String(fromId);
  if (!values.toWarehouseId && fromId) values.toWarehouseId = String(fromId);
  const sourceOptions: Record<string, LineOption[]> = {};
  if (fromId && (!doc || doc.status === MOVE_ORDER_DRAFT)) {
    // All batches on hand (for products the grid's picker may choose) and, complete, those of the lines' products.
    const lineProducts = new Set(lines.map((l) => l.product?.productId).filter((id): id is number => !!id));
    const all = await batchesOnHand(ctx, { warehouseId: fromId, limit: 1000 });
    const seen = new Set<string>();
    const add = (b: BatchOnHand) => {
      const key = `${b.productId}|${sourceKey(b)}`;
      if (seen.has(key)) return;
      seen.add(key);
      (sourceOptions[String(b.productId)] ??= []).push({
        value: sourceKey(b),
        label: `${b.locationName} / ${b.batchNo || "无批次"} / 可用 ${trimQty(b.available)}`,
      });
    };
    for (const productId of lineProducts) for (const b of await batchesOnHand(ctx, { warehouseId: fromId, productId, limit: 1000 })) add(b);
    for (const b of all) if (!lineProducts.has(b.productId)) add(b);
    // A line's chosen source in the source warehouse stays offered (a draft's batch may have nothing available now).
    const fromLocations = new Set((warehouses.find((w) => w.id === fromId)?.locations ?? []).map((l) => l.id));
    const sameFrom = doc !== null && doc.fromWarehouseId === fromId;
    for (const l of lines) {
      const pid = l.values.productId ?? "";
      const src = l.values.source ?? "";
      const key = parseSourceKey(src);
      if (!pid || !key || (sourceOptions[pid] ?? []).some((o) => o.value === src)) continue;
      const onDoc = sameFrom
        ? doc.lines.find((d) => String(d.productId) === pid && d.fromLocationId === key.locationId && d.batchNo === key.batchNo)
        : undefined;
      if (!onDoc && !fromLocations.has(key.locationId)) continue;
      (sourceOptions[pid] ??= []).push({ value: src, label: `${onDoc?.fromLocationName ?? `货位 ${key.locationId}`} / ${key.batchNo || "无批次"} / 可用 0` });
    }
  }
  const toId = parseId(values.toWarehouseId);
  const targetOptions = (warehouses.find((w) => w.id === toId)?.locations ?? []).map((l) => ({ value: String(l.id), label: l.fullName }));
  // After a warehouse changed, a line's shelf or batch of the other warehouse is no choice any more:
  // the form shows (and posts) it blank, so the next save is not refused for a choice nobody sees.
  const editable = !doc || doc.status === MOVE_ORDER_DRAFT;
  const shownLines = editable ? lines.map((l) => withChoicesOffered(l, sourceOptions, targetOptions)) : lines;
  return { doc, values, lines: shownLines, errors, warehouses, sourceOptions, targetOptions, message, canWrite: ctx.permissions.has("CKGL-005") };
}

function notFound(): never {
  throw json({ message: "调拨单不存在" }, { status: 404 });
}

async function docOf(ctx: Ctx, idText: string | undefined) {
  if (idText === "new") return null;
  const id = parseId(idText ?? "");
  if (id === null) notFound();
  try {
    return await getMoveOrder(ctx, id);
  } catch (e) {
    if ((e as { code?: string }).code === "not_found") notFound();
    throw e;
  }
}

const headerFromDoc = (doc: MoveOrderView): MoveFormValues => ({
  fromWarehouseId: String(doc.fromWarehouseId ?? ""),
  toWarehouseId: String(doc.toWarehouseId ?? ""),
  remark: doc.remark ?? "",
});

export async function loadMoveOrderPage(request: Request, idText: string | undefined): Promise<MoveOrderPageData> {
  const ctx = await requirePage(request, ALLOCATION_URL);
  const doc = await docOf(ctx, idText);
  if (!doc) return pageData(ctx, null, { fromWarehouseId: "", toWarehouseId: "", remark: "" }, [blankResolvedLine()]);
  return pageData(ctx, doc, headerFromDoc(doc), await linesFromDoc(ctx, doc));
}

class LineRefusal extends Error {
  constructor(
    message: string,
    readonly errors: Record<string, string[]>,
  ) {
    super(message);
  }
}

/**
 * The service's input from the settled lines (blank lines left out): the source key split into
 * location + batch, a blank target → the product's default location in the target warehouse.
 * Also the map from the input's line index to the editor's.
 */
async function inputOf(ctx: Ctx, doc: MoveOrderView | null, values: MoveFormValues, lines: ResolvedLine[]) {
  const errors: Record<string, string[]> = {};
  const put = (i: number, field: string, msg: string) => (errors[lineFieldName("lines", i, field)] ??= []).push(msg);
  const used = lines.map((l, i) => ({ l, i })).filter(({ l }) => !isBlankLine(l.values));
  const toId = parseId(values.toWarehouseId);
  const needDefault = used.filter(({ l }) => !l.values.toLocationId && l.product).map(({ l }) => l.product!.productId);
  const defaults = toId && needDefault.length ? await defaultLocationsOf(db(), ctx, toId, needDefault) : new Map<number, { id: number; fullName: string }>();
  // The source must be one of the product's batches on hand in the source warehouse (or the draft's own line).
  const fromId = parseId(values.fromWarehouseId);
  const onHand = new Set<string>();
  if (fromId) {
    for (const productId of new Set(used.map(({ l }) => l.product?.productId).filter((id): id is number => !!id))) {
      for (const b of await batchesOnHand(ctx, { warehouseId: fromId, productId, limit: 1000 })) onHand.add(`${b.productId}|${sourceKey(b)}`);
    }
  }
  const onDoc = new Set(
    (doc?.lines ?? [])
      .filter(() => String(doc?.fromWarehouseId) === values.fromWarehouseId)
      .map((d) => `${d.productId}|${sourceKey({ locationId: d.fromLocationId, batchNo: d.batchNo })}`),
  );
  const out = used.map(({ l, i }) => {
    if (l.error || !l.product) put(i, "productText", l.error ?? "请选择产品");
    const src = parseSourceKey(l.values.source ?? "");
    if (l.product && !src) put(i, "source", "请选择调出货位/批次");
    else if (l.product && src && !onHand.has(`${l.product.productId}|${l.values.source}`) && !onDoc.has(`${l.product.productId}|${l.values.source}`))
      put(i, "source", "该产品在调出仓库的这个货位/批次没有可用库存，请重新选择");
    let to = l.values.toLocationId ?? "";
    if (!to && l.product) {
      const d = defaults.get(l.product.productId);
      if (d) to = String(d.id);
      else put(i, "toLocationId", "产品在调入仓库没有默认货位，请选择调入货位");
    }
    const qty = MoveOrderLineSchema.shape.qty.safeParse(l.values.qty ?? "");
    if (!qty.success) put(i, "qty", qty.error.issues[0]?.message ?? "调拨数量不正确");
    return {
      productId: l.product?.productId ?? 0,
      fromLocationId: src?.locationId ?? 0,
      batchNo: src?.batchNo ?? "",
      toLocationId: to,
      qty: l.values.qty ?? "",
      remark: l.values.remark ?? "",
    };
  });
  if (Object.keys(errors).length) throw new LineRefusal("请检查明细：产品、调出货位/批次和调入货位", errors);
  return {
    input: { fromWarehouseId: values.fromWarehouseId, toWarehouseId: values.toWarehouseId, remark: values.remark, lines: out },
    indexOf: used.map(({ i }) => i),
  };
}

/** Line messages of a refused save, moved from the input's line index to the editor's (fromLocationId/batchNo → source). */
function editorErrors(e: unknown, fields: Record<string, string[]>, indexOf: number[]): Record<string, string[]> {
  const issues = e instanceof z.ZodError ? e.issues : [];
  const byInput = lineErrorsOf(fields, issues);
  const out: Record<string, string[]> = {};
  for (const [key, msgs] of Object.entries(byInput)) {
    const m = /^lines\[(\d+)\](?:\.(\w+))?$/.exec(key);
    if (!m) continue;
    const i = indexOf[Number(m[1])] ?? Number(m[1]);
    const field = m[2] === "fromLocationId" || m[2] === "batchNo" ? "source" : m[2] === "productId" ? "productText" : m[2];
    (out[field ? lineFieldName("lines", i, field) : `lines[${i}]`] ??= []).push(...msgs);
  }
  return out;
}

const url = (id: number) => `${ALLOCATION_URL}/${id}`;

async function done(message: string, to: string) {
  return redirect(to, { headers: await setFlash({ type: "success", message }) });
}

/** Intents: addLine, removeLine:<i>, refresh, save, saveConfirm (draft form); confirm, void, reverse, remove (status actions). */
export async function moveOrderPageAction(request: Request, idText: string | undefined) {
  const ctx = await requirePage(request, ALLOCATION_URL);
  const doc = await docOf(ctx, idText);
  const body = await request.formData();
  const intent = String(body.get("intent") ?? "");
  const editing = intent === "save" || intent === "saveConfirm" || intent === "refresh" || lineIntentOf(intent) !== null;
  const values = headerOf(body);
  let lines: ResolvedLine[] = [];
  if (editing) {
    const warehouseId = parseId(values.fromWarehouseId);
    lines = await resolveLines(ctx, readLines(body), { warehouseId });
    if (!lines.length) lines = [blankResolvedLine()];
  }
  const reply = async (message: string | null, status = 200, errors: Record<string, string[]> = {}) =>
    json(await pageData(ctx, doc, values, lines, message, errors), { status });
  let indexOf: number[] = [];
  try {
    const lineIntent = lineIntentOf(intent);
    if (lineIntent) {
      lines = applyLineIntent(lines, lineIntent, blankResolvedLine());
      return reply(null);
    }
    if (intent === "refresh") return reply(null);
    if (intent === "save" || intent === "saveConfirm") {
      const built = await inputOf(ctx, doc, values, lines);
      indexOf = built.indexOf;
      const input = built.input;
      if (doc) {
        await updateMoveOrder(ctx, doc.id, input);
        if (intent === "saveConfirm") await confirmMoveOrder(ctx, doc.id);
        return done(intent === "saveConfirm" ? "调拨已完成" : "已保存", url(doc.id));
      }
      // A refused confirmation leaves the saved draft (its page shows why).
      const { id } = await createMoveOrder(ctx, input);
      if (intent === "saveConfirm") {
        try {
          await confirmMoveOrder(ctx, id);
        } catch (e) {
          const err = formErrorOf(e);
          if (!err) throw e;
          return redirect(url(id), { headers: await setFlash({ type: "error", message: `已保存为草稿，但未能确认：${err.message}` }) });
        }
        return done("调拨已完成", url(id));
      }
      return done("已保存", url(id));
    }
    if (!doc) return reply("未知操作", 400);
    switch (intent) {
      case "confirm":
        await confirmMoveOrder(ctx, doc.id);
        return done("调拨已完成", url(doc.id));
      case "void":
        await voidMoveOrder(ctx, doc.id);
        return done("已作废", url(doc.id));
      case "reverse":
        await reverseMoveOrder(ctx, doc.id);
        return done("已红冲", url(doc.id));
      case "remove":
        await removeMoveOrder(ctx, doc.id);
        return done("已删除", ALLOCATION_URL);
      default:
        return reply("未知操作", 400);
    }
  } catch (e) {
    if (e instanceof LineRefusal) return reply(e.message, 400, e.errors);
    const err = formErrorOf(e);
    if (!err) throw e;
    // A refused save answers the form back as typed; a refused status action shows the page as stored.
    if (editing) return reply(err.message, err.status, editorErrors(e, err.fields, indexOf));
    const fresh = doc ? await getMoveOrder(ctx, doc.id) : null;
    if (fresh) return json(await pageData(ctx, fresh, headerFromDoc(fresh), await linesFromDoc(ctx, fresh), err.message), { status: err.status });
    return reply(err.message, err.status);
  }
}

/** The list's 打印 button: the selected transfer's print sheet (every status prints). */
export async function allocationPrintRedirect(request: Request): Promise<Response | null> {
  const params = new URL(request.url).searchParams;
  if (params.get("do") !== "print") return null;
  await requirePage(request, ALLOCATION_URL);
  const id = parseId(params.get("sel") ?? "");
  if (id === null) return null;
  return redirect(`/print/allocation?type=allocation&orderId=${id}`);
}

/** The company's warehouses as filter options. */
export async function warehouseOptionsOf(ctx: Ctx) {
  return (await warehousesWithLocations(ctx)).map((w) => ({ value: w.id, label: w.name }));
}
