import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { DocumentHeader, DocumentSummary } from "~/components/documents/DocumentPage";
import { AutoFlowButton } from "~/components/documents/AutoFlowButton";
import css from "~/components/grid/grid.module.css";
import po from "~/components/purchase/purchase.module.css";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { loadPickingPage, pickingPageAction } from "~/server/sale.server";
import { formatQtyText } from "#server/lib/decimal-text";
import { useDateTimeText } from "~/hooks/useTimeZone";
import { ConfirmSubmitButton } from "~/components/ui/ConfirmSubmitButton";

/** One picking list (拣货单): where to take each line from; enter what was picked, confirm; 生成发货单; 作废. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return json(await loadPickingPage(request, params.id));
}

export function action({ request, params }: ActionFunctionArgs) {
  return pickingPageAction(request, params.id);
}

const qty = (v: string | null) => formatQtyText(v) ?? "";

export default function PickingPage() {
  // Instants in the company's time zone (setting TimeZone), not a fixed one.
  const time = useDateTimeText();
  const loaded = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const data = answered ?? loaded;
  const doc = data.doc;
  const editing = doc.actions.includes("confirm") && data.canWrite;
  return (
    <div className={po.page}>
      <DocumentHeader
        title="拣货单"
        no={doc.no}
        status={doc.statusName}
        statusTestId="picking-status"
        printHref={`/print/picking?orderId=${doc.id}`}
        printTestId="picking-print"
        printLabel="打印拣货单"
      />
      {data.message ? (
        <div role="alert" className={po.fieldError} data-testid="picking-error">
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
          {
            label: "销售单号",
            value: (
              <Link to={`/sale/order/${doc.salesOrderId}`} prefetch="none">
                {doc.salesOrderNo}
              </Link>
            ),
          },
          { label: "客户", value: doc.partnerName, testId: "picking-partner" },
          { label: "仓库", value: doc.warehouseName },
          { label: "计划 / 已拣", value: `${qty(doc.totalQty)} / ${qty(doc.totalPicked)}`, testId: "picking-total" },
          { label: "创建人 / 时间", value: `${doc.createdByName ?? "—"} ${time(doc.creationTime)}` },
          { label: "拣货人 / 时间", value: `${doc.pickerName ?? "—"} ${doc.postedAt ? time(doc.postedAt) : ""}` },
        ]}
      />
      <Form method="post" className={po.page}>
        <table className={po.table} data-testid="picking-lines">
          <caption className="visually-hidden">拣货明细</caption>
          <thead>
            <tr>
              <th scope="col">序号</th>
              <th scope="col">货位</th>
              <th scope="col">批次</th>
              <th scope="col">产品编码</th>
              <th scope="col">产品名称</th>
              <th scope="col">品牌</th>
              <th scope="col" className={po.num}>
                计划数量
              </th>
              <th scope="col" className={po.num}>
                已拣数量
              </th>
            </tr>
          </thead>
          <tbody>
            {doc.lines.map((l, i) => (
              <tr key={l.id} data-testid={`picking-line-${l.lineNo}`}>
                <td>{l.lineNo}</td>
                <td>{l.locationName}</td>
                <td>{l.batchNo}</td>
                <td>{l.mainOE}</td>
                <td>{l.productName}</td>
                <td>{l.brandName ?? ""}</td>
                <td className={po.num}>{qty(l.qty)}</td>
                <td className={po.num}>
                  {editing ? (
                    <>
                      <input type="hidden" name={`lines.${i}.id`} value={l.id} />
                      <input
                        name={`lines.${i}.pickedQty`}
                        defaultValue={data.typed[String(l.id)] ?? qty(l.qty)}
                        inputMode="decimal"
                        aria-label={`第 ${l.lineNo} 行已拣数量`}
                        style={{ width: 80, textAlign: "right" }}
                        data-testid={`picking-qty-${l.lineNo}`}
                      />
                    </>
                  ) : (
                    qty(l.pickedQty)
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className={po.buttons}>
          {editing ? <AutoFlowButton intent="confirm" plainLabel="确认拣货" flow={data.confirmFlow} testId="picking-confirm" /> : null}
          {data.canWrite && doc.actions.includes("submit") ? (
            <button type="submit" name="intent" value="submit" formNoValidate className={css.btn} data-testid="picking-submit">
              提交
            </button>
          ) : null}
          {data.canDeliver && doc.actions.includes("createDelivery") ? (
            <button
              type="submit"
              name="intent"
              value="createDelivery"
              formNoValidate
              className={`${css.btn} ${css.primary}`}
              data-testid="picking-create-delivery"
            >
              生成发货单
            </button>
          ) : null}
          {data.canWrite && doc.actions.includes("void") ? (
            <ConfirmSubmitButton
              type="submit"
              name="intent"
              value="void"
              formNoValidate
              className={`${css.btn} ${css.danger}`}
              data-testid="picking-void"
              question="作废后锁定的库存仍保留给订单，可重新生成拣货单。是否继续？"
              danger
            >
              作废
            </ConfirmSubmitButton>
          ) : null}
          <Link to="/sale/picking" prefetch="none" className={css.btn}>
            返回列表
          </Link>
        </div>
      </Form>
      {doc.deliveries.length ? (
        <div className={po.buttons} data-testid="picking-deliveries">
          <span>发货单：</span>
          {doc.deliveries.map((d) => (
            <Link key={d.id} to={`/sale/deliver/${d.id}`} prefetch="none">
              {d.no}（{d.statusName}）
            </Link>
          ))}
        </div>
      ) : null}
    </div>
  );
}

export const meta: MetaFunction = ({ data }) => [{ title: pageTitle(`拣货单 ${(data as { doc?: { no?: string } } | undefined)?.doc?.no ?? ""}`) }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
