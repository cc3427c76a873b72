import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { DocumentActionSpec } from "~/components/documents/DocumentActionButton";
import type { LineTableColumn } from "~/components/documents/DocumentPage";
import { MoveDocumentPage, movePartnerItem, moveProductColumns } from "~/components/documents/MoveDocumentPage";
import css from "~/components/grid/grid.module.css";
import po from "~/components/purchase/purchase.module.css";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { deliverPageAction, loadDeliverPage } from "~/server/sale.server";
import { formatCostText, formatMoneyText, formatQtyText } from "#server/lib/decimal-text";
import { DL_WAITING } from "#server/sale/deliver-order.status";
import { useDateTimeText } from "~/hooks/useTimeZone";

/** One delivery note (发货单): lines, 确认发货, 作废, and the logistics form (while waiting and after it left). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return json(await loadDeliverPage(request, params.id));
}

export function action({ request, params }: ActionFunctionArgs) {
  return deliverPageAction(request, params.id);
}

const qty = (v: string | null) => formatQtyText(v) ?? "";
const money = (v: string | null) => formatMoneyText(v) ?? "";
const cost = (v: string | null) => formatCostText(v) ?? "";
const day = (v: string | Date | null) => (v ? new Date(new Date(v).getTime() + 8 * 3600_000).toISOString().slice(0, 10) : "");

const ACTIONS: Record<string, DocumentActionSpec> = {
  confirm: { label: "确认发货", primary: true },
  void: { label: "作废", danger: true, confirm: "作废后已拣的货物等待新的发货单，是否继续？" },
  reverse: { label: "红冲", danger: true, confirm: "红冲将撤回本发货单：货物回到原库位并重新为销售订单锁定，客户的应收款冲回。是否继续？" },
};

type Line = SerializeFrom<typeof loader>["doc"]["lines"][number];

function lineColumns(showCost: boolean): (LineTableColumn<Line> | false)[] {
  return [
    ...moveProductColumns<Line>(),
    { header: "货位", cell: (l) => l.locationName },
    { header: "批次", cell: (l) => l.batchNo },
    { header: "数量", num: true, cell: (l) => qty(l.qty) },
    { header: "单价", num: true, cell: (l) => money(l.price) },
    { header: "金额", num: true, cell: (l) => money(l.amount) },
    showCost && { header: "成本价", num: true, cell: (l) => cost(l.unitCost) },
    { header: "已扫描", num: true, cell: (l) => qty(l.scannedQty) },
  ];
}

export default function DeliverPage() {
  // Instants in the company's time zone (setting TimeZone), not a fixed one.
  const time = useDateTimeText();
  const loaded = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const data = answered ?? loaded;
  const doc = data.doc;
  const typed = data.typed;
  const val = (f: string, stored: string | number | null) => (typed && f in typed ? typed[f] : stored === null ? "" : String(stored));
  const fieldError = (f: string) =>
    data.fields[f]?.length ? (
      <span className={po.fieldError} role="alert">
        {data.fields[f]![0]}
      </span>
    ) : null;
  const showCost = doc.totalCost !== null;
  return (
    <MoveDocumentPage
      prefix="deliver"
      title="发货单"
      doc={doc}
      headerExtra={
        doc.status === DL_WAITING ? (
          <Link to={`/scan/delivery?id=${doc.id}`} prefetch="none" className={css.btn} data-testid="deliver-scan">
            扫码发货
          </Link>
        ) : null
      }
      message={data.message}
      summary={[
        {
          label: "销售单号",
          value: (
            <Link to={`/sale/order/${doc.salesOrderId}`} prefetch="none">
              {doc.salesOrderNo}
            </Link>
          ),
        },
        {
          label: "拣货单号",
          value: doc.pickingOrderId ? (
            <Link to={`/sale/picking/${doc.pickingOrderId}`} prefetch="none">
              {doc.pickingOrderNo}
            </Link>
          ) : (
            "—"
          ),
        },
        movePartnerItem("deliver", "客户", doc.partnerName),
        { label: "数量", value: qty(doc.totalQty) },
        { label: "金额", value: money(doc.totalAmount), testId: "deliver-amount" },
        showCost && { label: "出库成本", value: money(doc.totalCost) },
        {
          label: "物流",
          testId: "deliver-logistics",
          value: (
            <>
              {doc.logisticsCompanyName ?? "—"}{" "}
              {doc.trackingNo ? (
                doc.trackingUrl ? (
                  <a href={doc.trackingUrl} target="_blank" rel="noreferrer">
                    {doc.trackingNo}
                  </a>
                ) : (
                  doc.trackingNo
                )
              ) : null}
              {doc.packages !== null ? ` ${doc.packages} 件` : ""}
            </>
          ),
        },
        { label: "发货人 / 时间", value: `${doc.postedByName ?? "—"} ${doc.shippedAt ? time(doc.shippedAt) : ""}` },
        doc.scanCheckedAt ? { label: "扫码核对", value: time(doc.scanCheckedAt) } : null,
      ]}
      caption="发货明细"
      columns={lineColumns(showCost)}
      actions={data.canWrite ? doc.actions : []}
      specs={ACTIONS}
      backTo="/sale/deliver"
    >
      {data.canWrite && doc.canEditLogistics ? (
        <Form method="post" className={po.page} data-testid="deliver-logistics-form">
          <h3 style={{ fontSize: 14, margin: "8px 0 0" }}>物流信息</h3>
          <div className={po.buttons} style={{ flexWrap: "wrap", alignItems: "flex-end" }}>
            <label className={po.field}>
              <span>物流公司</span>
              <select name="logisticsCompanyId" defaultValue={val("logisticsCompanyId", doc.logisticsCompanyId)} data-testid="deliver-lc">
                <option value="">（无）</option>
                {data.logistics.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
              {fieldError("logisticsCompanyId")}
            </label>
            <label className={po.field}>
              <span>物流单号</span>
              <input name="trackingNo" defaultValue={val("trackingNo", doc.trackingNo)} maxLength={60} data-testid="deliver-tracking" />
              {fieldError("trackingNo")}
            </label>
            <label className={po.field}>
              <span>件数</span>
              <input name="packages" defaultValue={val("packages", doc.packages)} inputMode="numeric" style={{ width: 70 }} data-testid="deliver-packages" />
              {fieldError("packages")}
            </label>
            <label className={po.field}>
              <span>收货人</span>
              <input name="receiverName" defaultValue={val("receiverName", doc.receiverName)} maxLength={40} />
            </label>
            <label className={po.field}>
              <span>收货电话</span>
              <input name="receiverPhone" defaultValue={val("receiverPhone", doc.receiverPhone)} maxLength={40} />
            </label>
            <label className={po.field}>
              <span>收货地址</span>
              <input name="address" defaultValue={val("address", doc.address)} maxLength={200} style={{ width: 260 }} />
            </label>
            <label className={po.field}>
              <span>发货日期</span>
              <input type="date" name="shippedAt" defaultValue={typed && "shippedAt" in typed ? typed.shippedAt : day(doc.shippedAt)} />
              {fieldError("shippedAt")}
            </label>
            <button type="submit" name="intent" value="logistics" className={css.btn} data-testid="deliver-save-logistics">
              保存物流信息
            </button>
          </div>
        </Form>
      ) : null}
    </MoveDocumentPage>
  );
}

export const meta: MetaFunction = ({ data }) => [{ title: pageTitle(`发货单 ${(data as { doc?: { no?: string } } | undefined)?.doc?.no ?? ""}`) }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
