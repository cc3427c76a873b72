import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { qtyText, type DocumentActionSpec } from "~/components/documents/DocumentActionButton";
import { json } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { DocumentLines, LinkedDocuments } from "~/components/documents/DocumentPage";
import { OrderPage } from "~/components/documents/OrderPage";
import { useDocumentRouteData } from "~/components/documents/route-data";
import css from "~/components/grid/grid.module.css";
import { formatMoneyText } from "#server/lib/decimal-text";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { loadPurchaseOrderPage, purchaseOrderPageAction } from "~/server/purchase.server";

/** One purchase order: a draft is edited here; a submitted one is shown with the actions its status allows. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return json(await loadPurchaseOrderPage(request, params.id));
}

export function action({ request, params }: ActionFunctionArgs) {
  return purchaseOrderPageAction(request, params.id);
}

const ACTION_BUTTONS: Record<string, DocumentActionSpec> = {
  submit: { label: "提交" },
  complete: { label: "完成订单", confirm: "完成后未收的数量不再收货，是否继续？" },
  cancel: { label: "作废", danger: true, confirm: "确定作废该采购订单吗？" },
};

const qty = qtyText;

export default function PurchaseOrderPage() {
  const { loaded, answered } = useDocumentRouteData<typeof loader, typeof action>();
  // The worker of a step of its chain (a stock keeper from his receiving or put-away note) reads it, whatever its status.
  const full = "readOnly" in loaded ? null : loaded;
  const order = loaded.order!;
  const showPrices = order.totalAmount !== undefined;
  const followUps = loaded.followUps;
  return (
    <OrderPage
      side="purchase"
      loaded={loaded}
      form={full ? { side: "purchase", loaded: full, answered, draftActions: full.actions.filter((a) => a === "cancel" || a === "remove") } : null}
      specs={ACTION_BUTTONS}
      spacedSummary
      summary={{
        people: [
          { label: "预计到货日期", value: order.expectedDate ?? "—" },
          { label: "采购员", value: order.buyerName ?? "—" },
        ],
        rest: [{ label: "备注", value: order.remark ?? "—" }],
      }}
      actionsBefore={
        <>
          {followUps.openReceiptHref ? (
            <Link to={followUps.openReceiptHref} prefetch="none" className={`${css.btn} ${css.primary}`} data-testid="po-receive">
              收货
            </Link>
          ) : followUps.canCreateReceipt ? (
            <button type="submit" name="intent" value="receive" formNoValidate className={`${css.btn} ${css.primary}`} data-testid="po-receive">
              收货
            </button>
          ) : null}
          {followUps.returnHref ? (
            <Link to={followUps.returnHref} prefetch="none" className={css.btn} data-testid="po-return">
              退货
            </Link>
          ) : null}
        </>
      }
    >
      <DocumentLines
        caption="采购明细"
        testId="po-lines"
        lines={order.lines}
        rowKey={(l) => l.id}
        columns={[
          { header: "序号", cell: (l) => l.lineNo },
          { header: "产品编码", cell: (l) => l.mainOE },
          { header: "产品名称", cell: (l) => l.productName },
          { header: "品牌", cell: (l) => l.brandName ?? "" },
          { header: "数量", num: true, cell: (l) => qty(l.qty) },
          showPrices && { header: "单价", num: true, cell: (l) => formatMoneyText(l.price) },
          showPrices && { header: "金额", num: true, cell: (l) => formatMoneyText(l.amount) },
          { header: "已收", num: true, cell: (l) => qty(l.receivedQty) },
          { header: "已上架", num: true, cell: (l) => qty(l.putawayQty) },
          { header: "已退", num: true, cell: (l) => qty(l.returnedQty) },
          { header: "未收", num: true, cell: (l) => qty(l.openQty) },
        ]}
      />
      <LinkedDocuments title="收货单" testId="po-receipts" docs={followUps.receipts} />
      <LinkedDocuments title="采购退货单" testId="po-returns" docs={full?.followUps.returns ?? []} />
    </OrderPage>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(`采购订单 ${data?.order?.no ?? ""}`) }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
