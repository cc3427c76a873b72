import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import type { DocumentActionSpec } from "~/components/documents/DocumentActionButton";
import type { LineTableColumn } from "~/components/documents/DocumentPage";
import { MoveDocumentPage, movePartnerItem, moveProductColumns } from "~/components/documents/MoveDocumentPage";
import po from "~/components/purchase/purchase.module.css";
import { REASON_CODES } from "#server/lib/dictionary";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { loadReceivePage, receivePageAction } from "~/server/purchase.server";
import { formatMoneyText, formatQtyText } from "#server/lib/decimal-text";
import { PA_DONE } from "#server/purchase/putaway-order.status";
import { RC_WAITING } from "#server/purchase/receive-order.status";
import { useDateTimeText } from "~/hooks/useTimeZone";
import { linkedPurchaseOrder } from "~/components/purchase/LinkedPurchaseOrder";

/** One receiving note (收货单): enter the received quantities and the reasons for differences, confirm; 红冲; 生成上架单. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return json(await loadReceivePage(request, params.id));
}

export function action({ request, params }: ActionFunctionArgs) {
  return receivePageAction(request, params.id);
}

const qty = (v: string | null) => formatQtyText(v) ?? "";
const money = (v: string | null) => formatMoneyText(v) ?? "";

const ACTIONS: Record<string, DocumentActionSpec> = {
  confirm: { label: "确认收货", primary: true },
  createPutaway: { label: "生成上架单" },
  reverse: { label: "红冲", danger: true, confirm: "红冲将撤回本收货单入库的货物，是否继续？" },
};

type Data = SerializeFrom<typeof loader>;
type Line = Data["doc"]["lines"][number];

/** The lines; while the note waits and the user may confirm, 实收 and 差异原因 are the form's inputs (lines.<i>.*). */
function lineColumns(data: Data, editing: boolean): (LineTableColumn<Line> | false)[] {
  const { doc } = data;
  return [
    ...moveProductColumns<Line>(),
    { header: "订单数量", num: true, cell: (l) => qty(l.orderedQty) },
    { header: "应收", num: true, cell: (l) => qty(l.expectedQty) },
    {
      header: "实收",
      num: true,
      cell: (l, i) =>
        editing ? (
          <>
            <input type="hidden" name={`lines.${i}.id`} value={l.id} />
            <input
              name={`lines.${i}.receivedQty`}
              defaultValue={data.typed[String(l.id)]?.receivedQty ?? qty(l.receivedQty)}
              inputMode="decimal"
              aria-label={`第 ${l.lineNo} 行实收数量`}
              style={{ width: 80, textAlign: "right" }}
              data-testid={`receive-qty-${l.lineNo}`}
            />
          </>
        ) : (
          qty(l.receivedQty)
        ),
    },
    {
      header: "差异原因",
      cell: (l, i) =>
        editing ? (
          <select
            name={`lines.${i}.reasonCode`}
            defaultValue={data.typed[String(l.id)]?.reasonCode ?? (l.reasonCode === null ? "" : String(l.reasonCode))}
            aria-label={`第 ${l.lineNo} 行差异原因`}
            data-testid={`receive-reason-${l.lineNo}`}
          >
            <option value="">无差异</option>
            {REASON_CODES.map(([code, label]) => (
              <option key={code} value={code}>
                {label}
              </option>
            ))}
          </select>
        ) : (
          (l.reasonName ?? "")
        ),
    },
    doc.showPrices && { header: "单价", num: true, cell: (l) => money(l.price) },
    doc.showPrices && { header: "金额", num: true, cell: (l) => money(l.amount) },
    { header: "批次", cell: (l) => (doc.status === RC_WAITING ? "" : l.batchNo) },
    { header: "已上架", num: true, cell: (l) => qty(l.putawayQty) },
  ];
}

export default function ReceivePage() {
  // Instants in the company's time zone (setting TimeZone), not a fixed one.
  const time = useDateTimeText();
  const loaded = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const data = answered ?? loaded;
  const doc = data.doc;
  const editing = doc.status === RC_WAITING && data.canConfirm;
  return (
    <MoveDocumentPage
      prefix="receive"
      title="收货单"
      doc={doc}
      message={data.message}
      errors={data.errors}
      summary={[
        linkedPurchaseOrder(doc.purchaseOrderId, doc.purchaseOrderNo),
        movePartnerItem("receive", "供应商", doc.partnerName),
        { label: "仓库", value: doc.warehouseName },
        { label: "收货货位", value: doc.locationName ?? "收货区" },
        { label: "应收数量", value: qty(doc.totalExpected) },
        { label: "实收数量", value: qty(doc.totalReceived), testId: "receive-total" },
        doc.showPrices && { label: "金额", value: money(doc.totalAmount) },
        { label: "创建人 / 时间", value: `${doc.createdByName ?? "—"} ${time(doc.creationTime)}` },
        { label: "收货人 / 时间", value: `${doc.postedByName ?? "—"} ${doc.postedAt ? time(doc.postedAt) : ""}` },
      ]}
      caption="收货明细"
      columns={lineColumns(data, editing)}
      actions={data.canConfirm ? doc.actions : []}
      specs={ACTIONS}
      backTo="/purchase/receive"
    >
      {doc.putawayOrders.length ? (
        <div className={po.buttons} data-testid="receive-putaways">
          <span>上架单：</span>
          {doc.putawayOrders.map((p) => (
            <Link key={p.id} to={`/purchase/pickingIn/${p.id}`} prefetch="none">
              {p.no}（{p.status === PA_DONE ? "上架完成" : "待上架"}）
            </Link>
          ))}
        </div>
      ) : null}
    </MoveDocumentPage>
  );
}

export const meta: MetaFunction = ({ data }) => [{ title: pageTitle(`收货单 ${(data as { doc?: { no?: string } } | undefined)?.doc?.no ?? ""}`) }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
