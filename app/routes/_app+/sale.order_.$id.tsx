import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { DocumentActionButton, qtyText, type DocumentActionSpec } from "~/components/documents/DocumentActionButton";
import { CustomerInfoBar } from "~/components/sale/CustomerInfoBar";
import { OrderHistory } from "~/components/sale/OrderHistory";
import { OrderLines } from "~/components/sale/OrderLines";
import { SalesOrderForm } from "~/components/sale/SalesOrderForm";
import so from "~/components/sale/Order.module.css";
import css from "~/components/grid/grid.module.css";
import { APPROVAL_STATUSES, labelOf, PAYMENT_TERMS } from "#server/lib/dictionary";
import { formatMoneyText } from "#server/lib/decimal-text";
import type { OrderHistoryEntry, SalesOrderPageData } from "#server/sale/sales-order.page";
import { pageTitle } from "../../../server/lib/i18n/zh-CN";
import { loadSalesOrderPage, salesOrderPageAction } from "~/server/sale.server";

type PageData = SalesOrderPageData & { canPrint: boolean; history: OrderHistoryEntry[]; belowCostLineIds: number[]; readOnly?: boolean };

/** One sales order (XSGL-001): a draft is edited here; a submitted one shows its lines' progress, its actions and its history. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const data = await loadSalesOrderPage(request, params.id);
  return data instanceof Response ? data : json(data);
}

export function action({ request, params }: ActionFunctionArgs) {
  return salesOrderPageAction(request, params.id);
}

const ACTION_BUTTONS: Record<string, DocumentActionSpec> = {
  pick: { label: "生成拣货单", primary: true },
  complete: { label: "完成", confirm: "完成后订单关闭，是否继续？" },
  cancel: { label: "取消订单", danger: true, confirm: "确定取消该销售订单吗？已锁定的库存将释放，未发货的部分不再发货。" },
  noDeal: { label: "未成交", confirm: "确定将该订单标记为未成交吗？" },
  requestApproval: { label: "提交审批" },
  remove: { label: "删除", danger: true, confirm: "此操作将删除该草稿, 是否继续?" },
};

function ActionButton({ action }: { action: string }) {
  return <DocumentActionButton action={action} spec={ACTION_BUTTONS[action]} testId={`so-action-${action}`} />;
}

export default function SalesOrderPage() {
  const loaded = useLoaderData<typeof loader>() as unknown as PageData;
  const answered = useActionData<typeof action>() as unknown as SalesOrderPageData | undefined;
  const data = answered ?? loaded;
  const order = loaded.order!;
  // The worker of a step of its chain (a stock keeper from his picking note) reads it, whatever its status.
  const readOnly = !!loaded.readOnly;
  const draft = order.status === 0 && !readOnly;
  const showPrices = order.totalAmount !== undefined;
  const waiting = order.approvals.find((a) => a.status === 0);
  const lastApproval = order.approvals[0];
  return (
    <div className={so.page}>
      <div className={so.titleRow}>
        <h2 style={{ fontSize: 16, margin: 0 }}>
          销售订单 <span data-testid="so-no">{order.no}</span>
        </h2>
        <span className={so.status} data-testid="so-status">
          {order.statusLabel}
        </span>
        {readOnly ? (
          <span className={so.status} data-testid="so-read-only">
            只读
          </span>
        ) : null}
        {lastApproval ? (
          <span className={so.status} data-testid="so-approval">
            信用审批：{labelOf(APPROVAL_STATUSES, lastApproval.status as 0)}
            {lastApproval.comment ? `（${lastApproval.comment}）` : ""}
          </span>
        ) : null}
        {loaded.canPrint ? (
          <a href={`/print/sale?type=sale&orderId=${order.id}`} target="_blank" rel="noreferrer" className={css.btn} data-testid="so-print">
            打印
          </a>
        ) : null}
      </div>
      {draft ? (
        <>
          {waiting ? (
            <div className={css.notice} data-testid="so-waiting">
              该订单超出信用额度，已提交审批，等待经理审批。修改并保存订单会撤回审批。
            </div>
          ) : null}
          <SalesOrderForm
            key={answered ? JSON.stringify(answered.values) + answered.lines.length + (answered.message ?? "") : "draft"}
            data={data}
            extraButtons={loaded.actions
              .filter((a) => a === "noDeal" || a === "remove" || (a === "requestApproval" && data.refusal !== "credit"))
              .map((a) => (
                <ActionButton key={a} action={a} />
              ))}
          />
        </>
      ) : (
        <>
          <dl className={so.summary}>
            <div>
              <dt>客户</dt>
              <dd data-testid="so-partner">{order.partnerName}</dd>
            </div>
            <div>
              <dt>仓库</dt>
              <dd>{order.warehouseName}</dd>
            </div>
            <div>
              <dt>结算方式</dt>
              <dd>{labelOf(PAYMENT_TERMS, order.paymentTerm as 100) || "—"}</dd>
            </div>
            <div>
              <dt>业务员</dt>
              <dd>{order.salesmanName ?? "—"}</dd>
            </div>
            <div>
              <dt>联系人</dt>
              <dd>
                {order.contactName ?? "—"} {order.contactPhone ?? ""}
              </dd>
            </div>
            <div>
              <dt>收货地址</dt>
              <dd>{order.address ?? "—"}</dd>
            </div>
            <div>
              <dt>总数量</dt>
              <dd>{qtyText(order.totalQty)}</dd>
            </div>
            {showPrices ? (
              <>
                <div>
                  <dt>总金额</dt>
                  <dd data-testid="so-total">{formatMoneyText(order.totalAmount)}</dd>
                </div>
                <div>
                  <dt>已发货金额</dt>
                  <dd>{formatMoneyText(order.deliveredAmount)}</dd>
                </div>
              </>
            ) : null}
            <div>
              <dt>缺货转紧急采购</dt>
              <dd>{order.allowShortage ? "是" : "否"}</dd>
            </div>
            <div style={{ gridColumn: "span 2" }}>
              <dt>备注</dt>
              <dd>{order.remark ?? "—"}</dd>
            </div>
          </dl>
          {readOnly ? null : <CustomerInfoBar info={loaded.customerInfo} />}
          <OrderLines lines={order.lines} showCost={loaded.canSeeCost} belowCost={new Set(loaded.belowCostLineIds)} showPrices={showPrices} />
          <Form method="post" className={so.buttons}>
            {loaded.actions.map((a) => (
              <ActionButton key={a} action={a} />
            ))}
            {readOnly ? null : (
              <Link to="/sale/order" prefetch="none" className={css.btn}>
                返回列表
              </Link>
            )}
          </Form>
        </>
      )}
      <OrderHistory entries={loaded.history} />
    </div>
  );
}

export const meta: MetaFunction = ({ data }) => [{ title: pageTitle(`销售订单 ${(data as { order?: { no?: string } } | undefined)?.order?.no ?? ""}`) }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
