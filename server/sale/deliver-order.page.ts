import { json } from "@remix-run/node";
import { requirePage } from "../auth/guard";
import { formErrorOf } from "../lib/form-reply";
import {
  confirmDelivery,
  getDeliverOrder,
  logisticsOptions,
  reverseDelivery,
  updateDeliveryLogistics,
  voidDelivery,
  type DeliverOrderView,
} from "./deliver-order.service";
import { saleDocOrNotFound, saleFlashRedirect } from "./picking-order.page";

/**
 * The delivery-note pages (/sale/deliver, /sale/deliver/<id>): confirm, void, 红冲 and the logistics
 * form (company, tracking number, packages, receiver), plain POST forms.
 */
export const DELIVER_LIST_URL = "/sale/deliver";
export const deliveryUrl = (id: number) => `${DELIVER_LIST_URL}/${id}`;

export interface DeliverPageData {
  doc: DeliverOrderView;
  logistics: { value: string; label: string }[];
  message: string | null;
  fields: Record<string, string[]>;
  typed: Record<string, string> | null;
  canWrite: boolean;
}

async function pageData(request: Request, idText: string | undefined) {
  const ctx = await requirePage(request, DELIVER_LIST_URL);
  const doc = await saleDocOrNotFound("发货单", idText, (id) => getDeliverOrder(ctx, id));
  const logistics = (await logisticsOptions(ctx)).map((l) => ({ value: String(l.id), label: l.name }));
  return { ctx, doc, logistics };
}

export async function loadDeliverPage(request: Request, idText: string | undefined): Promise<DeliverPageData> {
  const { ctx, doc, logistics } = await pageData(request, idText);
  return { doc, logistics, message: null, fields: {}, typed: null, canWrite: ctx.permissions.has("XSGL-007") };
}

const LOGISTICS_FIELDS = ["logisticsCompanyId", "trackingNo", "packages", "receiverName", "receiverPhone", "address", "shippedAt"] as const;

export async function deliverPageAction(request: Request, idText: string | undefined) {
  const { ctx, doc, logistics } = await pageData(request, idText);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const typed: Record<string, string> = {};
  for (const f of LOGISTICS_FIELDS) if (form.has(f)) typed[f] = String(form.get(f) ?? "");
  try {
    if (intent === "confirm") {
      const r = await confirmDelivery(ctx, doc.id);
      return saleFlashRedirect(`${DELIVER_LIST_URL}/${doc.id}`, `发货单 ${r.no} 已确认发货`);
    }
    if (intent === "void") {
      await voidDelivery(ctx, doc.id);
      return saleFlashRedirect(`${DELIVER_LIST_URL}/${doc.id}`, `发货单 ${doc.no} 已作废`);
    }
    if (intent === "reverse") {
      await reverseDelivery(ctx, doc.id);
      return saleFlashRedirect(`${DELIVER_LIST_URL}/${doc.id}`, `发货单 ${doc.no} 已红冲，货物已回到原库位并重新为销售订单锁定`);
    }
    if (intent === "logistics") {
      await updateDeliveryLogistics(ctx, doc.id, typed);
      return saleFlashRedirect(`${DELIVER_LIST_URL}/${doc.id}`, `发货单 ${doc.no} 的物流信息已保存`);
    }
  } catch (e) {
    const err = formErrorOf(e);
    if (!err) throw e;
    const fresh = await getDeliverOrder(ctx, doc.id);
    return json<DeliverPageData>(
      {
        doc: fresh,
        logistics,
        message: err.message,
        fields: err.fields,
        typed: intent === "logistics" ? typed : null,
        canWrite: ctx.permissions.has("XSGL-007"),
      },
      { status: err.status },
    );
  }
  throw json({ message: "未知的操作" }, { status: 400 });
}
