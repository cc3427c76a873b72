import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { pageResponse } from "~/components/documents/page-response.server";
import type { DocumentActionSpec } from "~/components/documents/DocumentActionButton";
import { DocumentBadge } from "~/components/documents/DocumentPage";
import { OrderPage } from "~/components/documents/OrderPage";
import { useDocumentRouteData } from "~/components/documents/route-data";
import { CustomerInfoBar } from "~/components/sale/CustomerInfoBar";
import { OrderHistory } from "~/components/sale/OrderHistory";
import { OrderLines } from "~/components/sale/OrderLines";
import css from "~/components/grid/grid.module.css";
import { APPROVAL_STATUSES, labelOf } from "#server/lib/dictionary";
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
};

export default function SalesOrderPage() {
  const { loaded, answered } = useDocumentRouteData<typeof loader, typeof action>();
  // The worker of a step of its chain (a stock keeper from his picking note) reads it, whatever its status.
  const full = "readOnly" in loaded ? null : loaded;
  const order = loaded.order!;
  const showPrices = order.totalAmount !== undefined;
  const waiting = order.approvals.find((a) => a.status === 0);
  const lastApproval = order.approvals[0];
  return (
    <OrderPage
      side="sale"
      loaded={loaded}
      badges={
        lastApproval ? (
          <DocumentBadge testId="so-approval">
            信用审批：{labelOf(APPROVAL_STATUSES, lastApproval.status as 0)}
            {lastApproval.comment ? `（${lastApproval.comment}）` : ""}
          </DocumentBadge>
        ) : null
      }
      form={
        full
          ? {
              side: "sale",
              loaded: full,
              answered,
              // 提交审批 is offered by the refused submit's box once the credit check refused it.
              draftActions: full.actions.filter(
                (a) => a === "noDeal" || a === "remove" || (a === "requestApproval" && (answered ?? full).refusal !== "credit"),
              ),
              notice: waiting ? (
                <div className={css.notice} data-testid="so-waiting">
                  该订单超出信用额度，已提交审批，等待经理审批。修改并保存订单会撤回审批。
                </div>
              ) : null,
            }
          : null
      }
      specs={ACTION_BUTTONS}
      summary={{
        people: [
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
        ],
        rest: [
          showPrices && { label: "已发货金额", value: formatMoneyText(order.deliveredAmount) },
          { label: "缺货转紧急采购", value: order.allowShortage ? "是" : "否" },
          { label: "备注", value: order.remark ?? "—", wide: true },
        ],
      }}
      footer={<OrderHistory entries={full?.history ?? []} />}
    >
      {full ? <CustomerInfoBar info={loaded.customerInfo} /> : null}
      <OrderLines lines={order.lines} showCost={loaded.canSeeCost} belowCost={new Set(full?.belowCostLineIds)} showPrices={showPrices} />
    </OrderPage>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(`销售订单 ${data?.order?.no ?? ""}`) }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
