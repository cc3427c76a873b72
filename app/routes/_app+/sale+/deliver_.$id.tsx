import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { DocumentHeader, DocumentSummary } from "~/components/documents/DocumentPage";
import css from "~/components/grid/grid.module.css";
import po from "~/components/purchase/purchase.module.css";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { deliverPageAction, loadDeliverPage } from "~/server/sale.server";
import { formatCostText, formatMoneyText, formatQtyText } from "#server/lib/decimal-text";
import { useDateTimeText } from "~/hooks/useTimeZone";
import { ConfirmSubmitButton } from "~/components/ui/ConfirmSubmitButton";

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
    <div className={po.page}>
      <DocumentHeader
        title="发货单"
        no={doc.no}
        status={doc.statusName}
        statusTestId="deliver-status"
        printHref={`/print/deliver?type=deliver&orderId=${doc.id}`}
        printTestId="deliver-print"
      >
        {doc.status === 20 ? (
          <Link to={`/scan/delivery?id=${doc.id}`} prefetch="none" className={css.btn} data-testid="deliver-scan">
            扫码发货
          </Link>
        ) : null}
      </DocumentHeader>
      {data.message ? (
        <div role="alert" className={po.fieldError} data-testid="deliver-error">
          {data.message}
        </div>
      ) : null}
      <DocumentSummary
        spaced
        items={[
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
          { label: "客户", value: doc.partnerName, testId: "deliver-partner" },
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
      />
      <table className={po.table} data-testid="deliver-lines">
        <caption className="visually-hidden">发货明细</caption>
        <thead>
          <tr>
            <th scope="col">序号</th>
            <th scope="col">产品编码</th>
            <th scope="col">产品名称</th>
            <th scope="col">品牌</th>
            <th scope="col">货位</th>
            <th scope="col">批次</th>
            <th scope="col" className={po.num}>
              数量
            </th>
            <th scope="col" className={po.num}>
              单价
            </th>
            <th scope="col" className={po.num}>
              金额
            </th>
            {showCost ? (
              <th scope="col" className={po.num}>
                成本价
              </th>
            ) : null}
            <th scope="col" className={po.num}>
              已扫描
            </th>
          </tr>
        </thead>
        <tbody>
          {doc.lines.map((l) => (
            <tr key={l.id} data-testid={`deliver-line-${l.lineNo}`}>
              <td>{l.lineNo}</td>
              <td>{l.mainOE}</td>
              <td>{l.productName}</td>
              <td>{l.brandName ?? ""}</td>
              <td>{l.locationName}</td>
              <td>{l.batchNo}</td>
              <td className={po.num}>{qty(l.qty)}</td>
              <td className={po.num}>{money(l.price)}</td>
              <td className={po.num}>{money(l.amount)}</td>
              {showCost ? <td className={po.num}>{cost(l.unitCost)}</td> : null}
              <td className={po.num}>{qty(l.scannedQty)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Form method="post" className={po.buttons}>
        {data.canWrite && doc.actions.includes("confirm") ? (
          <button type="submit" name="intent" value="confirm" className={`${css.btn} ${css.primary}`} data-testid="deliver-confirm">
            确认发货
          </button>
        ) : null}
        {data.canWrite && doc.actions.includes("void") ? (
          <ConfirmSubmitButton
            type="submit"
            name="intent"
            value="void"
            className={`${css.btn} ${css.danger}`}
            data-testid="deliver-void"
            question="作废后已拣的货物等待新的发货单，是否继续？"
            danger
          >
            作废
          </ConfirmSubmitButton>
        ) : null}
        {data.canWrite && doc.actions.includes("reverse") ? (
          <ConfirmSubmitButton
            type="submit"
            name="intent"
            value="reverse"
            className={`${css.btn} ${css.danger}`}
            data-testid="deliver-reverse"
            question="红冲将撤回本发货单：货物回到原库位并重新为销售订单锁定，客户的应收款冲回。是否继续？"
            danger
          >
            红冲
          </ConfirmSubmitButton>
        ) : null}
        <Link to="/sale/deliver" prefetch="none" className={css.btn}>
          返回列表
        </Link>
      </Form>
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
    </div>
  );
}

export const meta: MetaFunction = ({ data }) => [{ title: pageTitle(`发货单 ${(data as { doc?: { no?: string } } | undefined)?.doc?.no ?? ""}`) }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
