import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { pageResponse } from "~/components/documents/page-response.server";
import { useActionData, useLoaderData } from "@remix-run/react";
import { qtyText, type DocumentActionSpec } from "~/components/documents/DocumentActionButton";
import { DocumentActionBar, DocumentBadge, DocumentHeader, DocumentPage, DocumentSummary, documentActionButtons } from "~/components/documents/DocumentPage";
import { CustomerInfoBar } from "~/components/sale/CustomerInfoBar";
import { OrderHistory } from "~/components/sale/OrderHistory";
import { OrderLines } from "~/components/sale/OrderLines";
import { OrderForm } from "~/components/documents/OrderForm";
import css from "~/components/grid/grid.module.css";
import { APPROVAL_STATUSES, labelOf, PAYMENT_TERMS } from "#server/lib/dictionary";
import { formatMoneyText } from "#server/lib/decimal-text";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { loadSalesOrderPage, salesOrderPageAction } from "~/server/sale.server";

/** One sales order (XSGL-001): a draft is edited here; a submitted one shows its lines' progress, its actions and its history. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const data = await loadSalesOrderPage(request, params.id);
  return pageResponse(data);
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

export default function SalesOrderPage() {
  const loaded = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  // The worker of a step of its chain (a stock keeper from his picking note) reads it, whatever its status.
  const full = "readOnly" in loaded ? null : loaded;
  const readOnly = full === null;
  const order = loaded.order!;
  const showPrices = order.totalAmount !== undefined;
  const waiting = order.approvals.find((a) => a.status === 0);
  const lastApproval = order.approvals[0];
  return (
    <DocumentPage>
      <DocumentHeader
        title="销售订单"
        no={order.no}
        noTestId="so-no"
        status={order.statusLabel}
        statusTestId="so-status"
        badges={
          <>
            {readOnly ? <DocumentBadge testId="so-read-only">只读</DocumentBadge> : null}
            {lastApproval ? (
              <DocumentBadge testId="so-approval">
                信用审批：{labelOf(APPROVAL_STATUSES, lastApproval.status as 0)}
                {lastApproval.comment ? `（${lastApproval.comment}）` : ""}
              </DocumentBadge>
            ) : null}
          </>
        }
        printHref={loaded.canPrint ? `/print/sale?type=sale&orderId=${order.id}` : null}
        printTestId="so-print"
      />
      {full && order.status === 0 ? (
        <>
          {waiting ? (
            <div className={css.notice} data-testid="so-waiting">
              该订单超出信用额度，已提交审批，等待经理审批。修改并保存订单会撤回审批。
            </div>
          ) : null}
          <OrderForm
            side="sale"
            key={answered ? JSON.stringify(answered.values) + answered.lines.length + (answered.message ?? "") : "draft"}
            data={answered ?? full}
            extraButtons={documentActionButtons(
              full.actions.filter((a) => a === "noDeal" || a === "remove" || (a === "requestApproval" && (answered ?? full).refusal !== "credit")),
              ACTION_BUTTONS,
              "so-action-",
            )}
          />
        </>
      ) : (
        <>
          <DocumentSummary
            items={[
              { label: "客户", value: order.partnerName, testId: "so-partner" },
              { label: "仓库", value: order.warehouseName },
              { label: "结算方式", value: labelOf(PAYMENT_TERMS, order.paymentTerm as 100) || "—" },
              { label: "业务员", value: order.salesmanName ?? "—" },
              {
                label: "联系人",
                value: (
                  <>
                    {order.contactName ?? "—"} {order.contactPhone ?? ""}
                  </>
                ),
              },
              { label: "收货地址", value: order.address ?? "—" },
              { label: "总数量", value: qtyText(order.totalQty) },
              showPrices && { label: "总金额", value: formatMoneyText(order.totalAmount), testId: "so-total" },
              showPrices && { label: "已发货金额", value: formatMoneyText(order.deliveredAmount) },
              { label: "缺货转紧急采购", value: order.allowShortage ? "是" : "否" },
              { label: "备注", value: order.remark ?? "—", wide: true },
            ]}
          />
          {readOnly ? null : <CustomerInfoBar info={loaded.customerInfo} />}
          <OrderLines lines={order.lines} showCost={loaded.canSeeCost} belowCost={new Set(full?.belowCostLineIds)} showPrices={showPrices} />
          <DocumentActionBar actions={full?.actions ?? []} specs={ACTION_BUTTONS} testIdPrefix="so-action-" backTo={readOnly ? null : "/sale/order"} />
        </>
      )}
      <OrderHistory entries={full?.history ?? []} />
    </DocumentPage>
  );
}

export const meta: MetaFunction = ({ data }) => [{ title: pageTitle(`销售订单 ${(data as { order?: { no?: string } } | undefined)?.order?.no ?? ""}`) }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
