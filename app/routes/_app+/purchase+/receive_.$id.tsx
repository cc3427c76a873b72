import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { DocumentHeader, DocumentSummary } from "~/components/documents/DocumentPage";
import css from "~/components/grid/grid.module.css";
import po from "~/components/purchase/purchase.module.css";
import { REASON_CODES } from "#server/lib/dictionary";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { loadReceivePage, receivePageAction } from "~/server/purchase.server";
import { formatMoneyText, formatQtyText } from "#server/lib/decimal-text";
import { useDateTimeText } from "~/hooks/useTimeZone";
import { ConfirmSubmitButton } from "~/components/ui/ConfirmSubmitButton";
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

export default function ReceivePage() {
  // Instants in the company's time zone (setting TimeZone), not a fixed one.
  const time = useDateTimeText();
  const loaded = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const data = answered ?? loaded;
  const doc = data.doc;
  const editing = doc.status === 10 && data.canConfirm;
  return (
    <div className={po.page}>
      <DocumentHeader
        title="收货单"
        no={doc.no}
        status={doc.statusName}
        statusTestId="receive-status"
        printHref={`/print/receive?type=receive&orderId=${doc.id}`}
        printTestId="receive-print"
      />
      {data.message ? (
        <div role="alert" className={po.fieldError} data-testid="receive-error">
          {data.message}
          {data.errors.length ? (
            <ul>
              {data.errors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <DocumentSummary
        spaced
        items={[
          linkedPurchaseOrder(doc.purchaseOrderId, doc.purchaseOrderNo),
          { label: "供应商", value: doc.partnerName, testId: "receive-partner" },
          { label: "仓库", value: doc.warehouseName },
          { label: "收货货位", value: doc.locationName ?? "收货区" },
          { label: "应收数量", value: qty(doc.totalExpected) },
          { label: "实收数量", value: qty(doc.totalReceived), testId: "receive-total" },
          doc.showPrices && { label: "金额", value: money(doc.totalAmount) },
          { label: "创建人 / 时间", value: `${doc.createdByName ?? "—"} ${time(doc.creationTime)}` },
          { label: "收货人 / 时间", value: `${doc.postedByName ?? "—"} ${doc.postedAt ? time(doc.postedAt) : ""}` },
        ]}
      />
      <Form method="post" className={po.page}>
        <table className={po.table} data-testid="receive-lines">
          <caption className="visually-hidden">收货明细</caption>
          <thead>
            <tr>
              <th scope="col">序号</th>
              <th scope="col">产品编码</th>
              <th scope="col">产品名称</th>
              <th scope="col">品牌</th>
              <th scope="col" className={po.num}>
                订单数量
              </th>
              <th scope="col" className={po.num}>
                应收
              </th>
              <th scope="col" className={po.num}>
                实收
              </th>
              <th scope="col">差异原因</th>
              {doc.showPrices ? (
                <>
                  <th scope="col" className={po.num}>
                    单价
                  </th>
                  <th scope="col" className={po.num}>
                    金额
                  </th>
                </>
              ) : null}
              <th scope="col">批次</th>
              <th scope="col" className={po.num}>
                已上架
              </th>
            </tr>
          </thead>
          <tbody>
            {doc.lines.map((l, i) => {
              const typed = data.typed[String(l.id)];
              return (
                <tr key={l.id} data-testid={`receive-line-${l.lineNo}`}>
                  <td>{l.lineNo}</td>
                  <td>{l.mainOE}</td>
                  <td>{l.productName}</td>
                  <td>{l.brandName ?? ""}</td>
                  <td className={po.num}>{qty(l.orderedQty)}</td>
                  <td className={po.num}>{qty(l.expectedQty)}</td>
                  <td className={po.num}>
                    {editing ? (
                      <>
                        <input type="hidden" name={`lines.${i}.id`} value={l.id} />
                        <input
                          name={`lines.${i}.receivedQty`}
                          defaultValue={typed ? typed.receivedQty : qty(l.receivedQty)}
                          inputMode="decimal"
                          aria-label={`第 ${l.lineNo} 行实收数量`}
                          style={{ width: 80, textAlign: "right" }}
                          data-testid={`receive-qty-${l.lineNo}`}
                        />
                      </>
                    ) : (
                      qty(l.receivedQty)
                    )}
                  </td>
                  <td>
                    {editing ? (
                      <select
                        name={`lines.${i}.reasonCode`}
                        defaultValue={typed ? typed.reasonCode : l.reasonCode === null ? "" : String(l.reasonCode)}
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
                    )}
                  </td>
                  {doc.showPrices ? (
                    <>
                      <td className={po.num}>{money(l.price)}</td>
                      <td className={po.num}>{money(l.amount)}</td>
                    </>
                  ) : null}
                  <td>{doc.status === 10 ? "" : l.batchNo}</td>
                  <td className={po.num}>{qty(l.putawayQty)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <div className={po.buttons}>
          {editing && doc.actions.includes("confirm") ? (
            <button type="submit" name="intent" value="confirm" className={`${css.btn} ${css.primary}`} data-testid="receive-confirm">
              确认收货
            </button>
          ) : null}
          {data.canConfirm && doc.actions.includes("createPutaway") ? (
            <button type="submit" name="intent" value="createPutaway" formNoValidate className={css.btn} data-testid="receive-create-putaway">
              生成上架单
            </button>
          ) : null}
          {data.canConfirm && doc.actions.includes("reverse") ? (
            <ConfirmSubmitButton
              type="submit"
              name="intent"
              value="reverse"
              formNoValidate
              className={`${css.btn} ${css.danger}`}
              data-testid="receive-reverse"
              question="红冲将撤回本收货单入库的货物，是否继续？"
              danger
            >
              红冲
            </ConfirmSubmitButton>
          ) : null}
          <Link to="/purchase/receive" prefetch="none" className={css.btn}>
            返回列表
          </Link>
        </div>
      </Form>
      {doc.putawayOrders.length ? (
        <div className={po.buttons} data-testid="receive-putaways">
          <span>上架单：</span>
          {doc.putawayOrders.map((p) => (
            <Link key={p.id} to={`/purchase/pickingIn/${p.id}`} prefetch="none">
              {p.no}（{p.status === 100 ? "上架完成" : "待上架"}）
            </Link>
          ))}
        </div>
      ) : null}
    </div>
  );
}

export const meta: MetaFunction = ({ data }) => [{ title: pageTitle(`收货单 ${(data as { doc?: { no?: string } } | undefined)?.doc?.no ?? ""}`) }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
