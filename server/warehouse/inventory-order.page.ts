import { json, redirect } from "@remix-run/node";
import type { Ctx } from "../lib/context";
import { requirePage } from "../auth/guard";
import { formErrorOf } from "../lib/form-reply";
import { setFlash } from "../lib/flash";
import { parseId } from "../lib/ids";
import { resolveLineProduct } from "../trade/line-pick.service";
import {
  addInventoryLine,
  countInventoryOrder,
  createInventoryOrder,
  getInventoryOrder,
  postInventoryOrder,
  removeInventoryOrder,
  reverseInventoryOrder,
  startInventoryOrder,
  voidInventoryOrder,
  type InventoryOrderView,
} from "./inventory-order.service";
import { warehousesWithLocations } from "./move-order.service";

/**
 * The stocktake pages (/warehouse/inventory/new, /warehouse/inventory/<id>, its count sheet):
 * plain forms that work without JavaScript. Counted quantities are inputs named
 * counts[i].countedQty next to a hidden counts[i].lineId; 保存实盘 (intent=count) stores them.
 */
export const INVENTORY_URL = "/warehouse/inventory";

export interface InventoryPageData {
  doc: InventoryOrderView | null;
  warehouses: { id: number; name: string; locations: { id: number; fullName: string }[] }[];
  values: Record<string, string>;
  message: string | null;
  canWrite: boolean;
  /** The page shows each line's balance now (asked for with ?system=1). */
  showSystem: boolean;
}

function notFound(): never {
  throw json({ message: "盘点单不存在" }, { status: 404 });
}

async function docOf(ctx: Ctx, idText: string | undefined) {
  const id = parseId(idText ?? "");
  if (id === null) notFound();
  try {
    return await getInventoryOrder(ctx, id);
  } catch (e) {
    if ((e as { code?: string }).code === "not_found") notFound();
    throw e;
  }
}

async function pageData(
  ctx: Ctx,
  doc: InventoryOrderView | null,
  request: Request,
  values: Record<string, string> = {},
  message: string | null = null,
): Promise<InventoryPageData> {
  return {
    doc,
    warehouses: await warehousesWithLocations(ctx),
    values,
    message,
    canWrite: ctx.permissions.has("CKGL-004"),
    showSystem: new URL(request.url).searchParams.get("system") === "1",
  };
}

/** What 保存实盘 says: how many counts this save recorded, and how many counted lines differ from the books. */
export function countSavedMessage(counted: number, differing: number): string {
  const saved = counted ? `已保存 ${counted} 行实盘数` : "实盘数没有改动";
  return differing ? `${saved}，${differing} 行与账面数不一致` : `${saved}，与账面数一致`;
}

export async function loadInventoryPage(request: Request, idText: string | undefined): Promise<InventoryPageData> {
  const ctx = await requirePage(request, INVENTORY_URL);
  const doc = idText === "new" ? null : await docOf(ctx, idText);
  return pageData(ctx, doc, request);
}

/** The count sheet: the frozen lines of a stocktake, for printing. */
export async function loadInventorySheet(request: Request, idText: string | undefined) {
  const ctx = await requirePage(request, INVENTORY_URL);
  const doc = await docOf(ctx, idText);
  return { doc, showSystem: new URL(request.url).searchParams.get("system") === "1", printedBy: ctx.userName, companyName: ctx.companyName };
}

const url = (id: number) => `${INVENTORY_URL}/${id}`;

async function done(message: string, to: string) {
  return redirect(to, { headers: await setFlash({ type: "success", message }) });
}

function countsOf(form: FormData) {
  const counts: { lineId: string; countedQty: string }[] = [];
  for (let i = 0; i < 5000; i++) {
    if (!form.has(`counts[${i}].lineId`)) break;
    counts.push({ lineId: String(form.get(`counts[${i}].lineId`)), countedQty: String(form.get(`counts[${i}].countedQty`) ?? "") });
  }
  return counts;
}

/** Intents: create (new page); start, count, addLine, post, void, reverse, remove (a stocktake's page). */
export async function inventoryPageAction(request: Request, idText: string | undefined) {
  const ctx = await requirePage(request, INVENTORY_URL);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const values: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (typeof v === "string" && !k.startsWith("counts[")) values[k] = v.slice(0, 200);
  // Typed counts come back on a refusal (keyed c<lineId>), so nothing typed is lost.
  for (const c of countsOf(form)) values[`c${c.lineId}`] = c.countedQty.slice(0, 40);
  // The ticked shelves come back on a refusal, all of them.
  values.locationIds = form.getAll("locationIds").map(String).join(",").slice(0, 2000);
  const doc = idText === "new" ? null : await docOf(ctx, idText);
  try {
    if (!doc) {
      if (intent !== "create") return json(await pageData(ctx, null, request, values, "未知操作"), { status: 400 });
      const { id, lineCount } = await createInventoryOrder(ctx, {
        warehouseId: form.get("warehouseId"),
        locationIds: form.getAll("locationIds").map(String),
        keyword: form.get("keyword"),
        remark: form.get("remark"),
      });
      return done(`已创建盘点单，共 ${lineCount} 行`, url(id));
    }
    switch (intent) {
      case "start":
        await startInventoryOrder(ctx, doc.id);
        return done("已开始盘点，可打印盘点表", url(doc.id));
      case "count": {
        const { counted, differing } = await countInventoryOrder(ctx, doc.id, { counts: countsOf(form) });
        return done(countSavedMessage(counted, differing), url(doc.id));
      }
      case "addLine": {
        const found = await resolveLineProduct(ctx, String(form.get("product") ?? ""), { warehouseId: doc.warehouseId });
        if (found.kind !== "chosen")
          return json(
            await pageData(
              ctx,
              doc,
              request,
              values,
              found.kind === "choices" ? `${found.message}：${found.choices.map((c) => c.mainOE).join("、")}` : found.message,
            ),
            { status: 400 },
          );
        await addInventoryLine(ctx, doc.id, {
          productId: found.product.productId,
          locationId: form.get("locationId"),
          batchNo: form.get("batchNo"),
          countedQty: form.get("countedQty"),
        });
        return done("已添加盘盈行", url(doc.id));
      }
      case "post": {
        await postInventoryOrder(ctx, doc.id);
        return done("盘点已过账", url(doc.id));
      }
      case "void":
        await voidInventoryOrder(ctx, doc.id);
        return done("已作废", url(doc.id));
      case "reverse":
        await reverseInventoryOrder(ctx, doc.id);
        return done("已红冲", url(doc.id));
      case "remove":
        await removeInventoryOrder(ctx, doc.id);
        return done("已删除", INVENTORY_URL);
      default:
        return json(await pageData(ctx, doc, request, values, "未知操作"), { status: 400 });
    }
  } catch (e) {
    const err = formErrorOf(e);
    if (!err) throw e;
    const fresh = doc ? await getInventoryOrder(ctx, doc.id) : null;
    return json(await pageData(ctx, fresh, request, values, err.message), { status: err.status });
  }
}
