import { requirePage } from "../auth/guard";
import { moveDocOrNotFound, movePageAction } from "../trade/stock-move.page";
import {
  confirmDelivery,
  getDeliverOrder,
  logisticsOptions,
  reverseDelivery,
  updateDeliveryLogistics,
  voidDelivery,
  type DeliverOrderView,
} from "./deliver-order.service";

/**
 * The delivery-note pages (/sale/deliver, /sale/deliver/<id>): confirm, void, 红冲 and the logistics
 * form (company, tracking number, packages, receiver), plain POST forms (server/trade/stock-move.page.ts).
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
  const doc = await moveDocOrNotFound("发货单", idText, (id) => getDeliverOrder(ctx, id));
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
  const here = deliveryUrl(doc.id);
  return movePageAction<DeliverPageData>(
    intent,
    {
      confirm: async () => ({ to: here, message: `发货单 ${(await confirmDelivery(ctx, doc.id)).no} 已确认发货` }),
      void: async () => {
        await voidDelivery(ctx, doc.id);
        return { to: here, message: `发货单 ${doc.no} 已作废` };
      },
      reverse: async () => {
        await reverseDelivery(ctx, doc.id);
        return { to: here, message: `发货单 ${doc.no} 已红冲，货物已回到原库位并重新为销售订单锁定` };
      },
      logistics: async () => {
        await updateDeliveryLogistics(ctx, doc.id, typed);
        return { to: here, message: `发货单 ${doc.no} 的物流信息已保存` };
      },
    },
    async (err) => ({
      doc: await getDeliverOrder(ctx, doc.id),
      logistics,
      message: err.message,
      fields: err.fields,
      typed: intent === "logistics" ? typed : null,
      canWrite: ctx.permissions.has("XSGL-007"),
    }),
  );
}
