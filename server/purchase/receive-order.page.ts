import { json, redirect } from "@remix-run/node";
import type { Ctx } from "../lib/context";
import { requirePage } from "../auth/guard";
import { formErrorOf } from "../lib/form-reply";
import { parseId } from "../lib/ids";
import { moveDocOrNotFound as orNotFound, moveFlashRedirect as flashRedirect, movePageAction } from "../trade/stock-move.page";
import { confirmPutawayOrder, getPutawayOrder, shelvesOf, type PutawayOrderView } from "./putaway-order.service";
import {
  confirmReceiveOrder,
  createPutawayFromReceive,
  createReceiveOrder,
  getReceiveOrder,
  receivableOrders,
  reverseReceiveOrder,
  type ReceiveOrderView,
} from "./receive-order.service";
import { PA_WAITING } from "./putaway-order.status";

/**
 * The receiving-note and put-away-note pages (/purchase/receive, /purchase/receive/<id>,
 * /purchase/pickingIn, /purchase/pickingIn/<id>): loaders and actions, plain POST forms that
 * work without JavaScript (server/trade/stock-move.page.ts); a refused confirmation answers with
 * what was typed and why.
 */
export const RECEIVE_LIST_URL = "/purchase/receive";
export const PUTAWAY_LIST_URL = "/purchase/pickingIn";
export const receiveUrl = (id: number) => `${RECEIVE_LIST_URL}/${id}`;
export const putawayUrl = (id: number) => `${PUTAWAY_LIST_URL}/${id}`;

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

/* ---------------- 收货单 ---------------- */

/** 打印 on the list (do=print&sel=ID) → the note's print sheet; 从采购单收货 (?fromOrder=1&poq=…) lists the orders to receive. */
export async function receiveListExtras(request: Request) {
  const params = new URL(request.url).searchParams;
  if (params.get("do") === "print") {
    const id = parseId(params.get("sel") ?? "");
    if (id !== null) {
      await requirePage(request, RECEIVE_LIST_URL);
      return { redirect: redirect(`/print/receive?type=receive&orderId=${id}`) };
    }
  }
  if (params.get("fromOrder") !== "1") return { fromOrder: null };
  const ctx = await requirePage(request, RECEIVE_LIST_URL);
  const q = (params.get("poq") ?? "").slice(0, 50);
  const orders = await receivableOrders(ctx, q);
  return { fromOrder: { q, orders: orders.map((o) => ({ id: o.id, no: o.no, partnerName: o.partnerName ?? "", status: o.status })) } };
}

/** The list page's own command: 从采购单收货 (intent=fromOrder) → the new note's page. */
export async function receiveListAction(request: Request, fallback: () => Promise<Response>) {
  const form = await request.clone().formData();
  if (form.get("intent") !== "fromOrder") return fallback();
  const ctx = await requirePage(request, RECEIVE_LIST_URL);
  try {
    const note = await createReceiveOrder(ctx, { purchaseOrderId: String(form.get("purchaseOrderId") ?? "") });
    return flashRedirect(receiveUrl(note.id), `已生成收货单 ${note.no}`);
  } catch (e) {
    const err = formErrorOf(e);
    if (!err) throw e;
    return flashRedirect(`${RECEIVE_LIST_URL}?fromOrder=1`, err.message, "error");
  }
}

export interface ReceivePageData {
  doc: ReceiveOrderView;
  /** What was typed when a confirmation was refused, by line id. */
  typed: Record<string, { receivedQty: string; reasonCode: string }>;
  message: string | null;
  errors: string[];
  canConfirm: boolean;
}

export async function loadReceivePage(request: Request, idText: string | undefined): Promise<ReceivePageData> {
  const ctx = await requirePage(request, RECEIVE_LIST_URL);
  const doc = await orNotFound("收货单", idText, (id) => getReceiveOrder(ctx, id));
  return { doc, typed: {}, message: null, errors: [], canConfirm: ctx.permissions.has("CGGL-009") };
}

export async function receivePageAction(request: Request, idText: string | undefined) {
  const ctx = await requirePage(request, RECEIVE_LIST_URL);
  const doc = await orNotFound("收货单", idText, (id) => getReceiveOrder(ctx, id));
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const rows = readRows(form, ["id", "receivedQty", "reasonCode"]);
  return movePageAction<ReceivePageData>(
    intent,
    {
      confirm: async () => {
        await confirmReceiveOrder(ctx, doc.id, { lines: rows.map((r) => ({ id: r.id, receivedQty: r.receivedQty, reasonCode: r.reasonCode ?? "" })) });
        const after = await getReceiveOrder(ctx, doc.id);
        const pa = after.putawayOrders.find((p) => p.status === PA_WAITING);
        return { to: receiveUrl(doc.id), message: pa ? `收货单 ${doc.no} 已确认收货，已生成上架单 ${pa.no}` : `收货单 ${doc.no} 已确认收货` };
      },
      reverse: async () => {
        await reverseReceiveOrder(ctx, doc.id);
        return { to: receiveUrl(doc.id), message: `收货单 ${doc.no} 已红冲` };
      },
      createPutaway: async () => {
        const pa = await createPutawayFromReceive(ctx, doc.id);
        return { to: putawayUrl(pa.id), message: `已生成上架单 ${pa.no}` };
      },
    },
    async (err) => {
      const typed: ReceivePageData["typed"] = {};
      for (const r of rows) if (r.id) typed[r.id] = { receivedQty: r.receivedQty ?? "", reasonCode: r.reasonCode ?? "" };
      const errors = err.fields?.lines ?? [];
      return {
        doc: await getReceiveOrder(ctx, doc.id),
        typed,
        message: errors.length ? "请检查收货明细" : err.message,
        errors: errors.length ? errors : [],
        canConfirm: ctx.permissions.has("CGGL-009"),
      };
    },
  );
}

/* ---------------- 上架单 ---------------- */

export interface PutawayRow {
  id: string;
  toLocationId: string;
  qty: string;
}

export interface PutawayPageData {
  doc: PutawayOrderView;
  shelves: { value: string; label: string }[];
  /** The rows of the form (a line split over two shelves is two rows with the same id). */
  rows: PutawayRow[];
  message: string | null;
  errors: string[];
  canConfirm: boolean;
}

function rowsOfDoc(doc: PutawayOrderView): PutawayRow[] {
  return doc.lines.map((l) => ({ id: String(l.id), toLocationId: l.toLocationId ? String(l.toLocationId) : "", qty: l.qty }));
}

async function putawayData(ctx: Ctx, doc: PutawayOrderView, rows: PutawayRow[], message: string | null, errors: string[]): Promise<PutawayPageData> {
  const shelves = doc.status === PA_WAITING ? await shelvesOf(ctx, doc.warehouseId) : [];
  return { doc, shelves: shelves.map((s) => ({ value: String(s.id), label: s.fullName })), rows, message, errors, canConfirm: ctx.permissions.has("CGGL-010") };
}

export async function loadPutawayPage(request: Request, idText: string | undefined): Promise<PutawayPageData> {
  const ctx = await requirePage(request, PUTAWAY_LIST_URL);
  const doc = await orNotFound("上架单", idText, (id) => getPutawayOrder(ctx, id));
  return putawayData(ctx, doc, rowsOfDoc(doc), null, []);
}

export async function putawayPageAction(request: Request, idText: string | undefined) {
  const ctx = await requirePage(request, PUTAWAY_LIST_URL);
  const doc = await orNotFound("上架单", idText, (id) => getPutawayOrder(ctx, id));
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const rows = readRows(form, ["id", "toLocationId", "qty"]).map((r) => ({ id: r.id ?? "", toLocationId: r.toLocationId ?? "", qty: r.qty ?? "" }));
  const split = /^split:(\d{1,3})$/.exec(intent);
  if (split) {
    const i = Number(split[1]);
    const next = rows.slice();
    if (next[i]) next.splice(i + 1, 0, { id: next[i]!.id, toLocationId: "", qty: "" });
    return json(await putawayData(ctx, doc, next, null, []));
  }
  const remove = /^removeRow:(\d{1,3})$/.exec(intent);
  if (remove) {
    const i = Number(remove[1]);
    const next = rows.filter((_, k) => k !== i || rows.filter((r) => r.id === rows[i]!.id).length < 2);
    return json(await putawayData(ctx, doc, next, null, []));
  }
  if (intent === "confirm") {
    try {
      await confirmPutawayOrder(ctx, doc.id, { lines: rows.map((r) => ({ id: r.id, toLocationId: r.toLocationId, qty: r.qty })) });
      return flashRedirect(putawayUrl(doc.id), `上架单 ${doc.no} 已确认上架`);
    } catch (e) {
      const err = formErrorOf(e);
      if (!err) throw e;
      const fresh = await getPutawayOrder(ctx, doc.id);
      const errors = err.fields?.lines ?? [];
      return json(
        await putawayData(ctx, fresh, fresh.status === PA_WAITING ? rows : rowsOfDoc(fresh), errors.length ? "请检查上架明细" : err.message, errors),
        {
          status: err.status,
        },
      );
    }
  }
  throw json({ message: "未知的操作" }, { status: 400 });
}
