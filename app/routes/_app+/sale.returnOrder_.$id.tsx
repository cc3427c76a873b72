import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { DocumentActionButton, qtyText, type DocumentActionSpec } from "~/components/documents/DocumentActionButton";
import { ReturnForm } from "~/components/sale/ReturnForm";
import { ReturnLinesTable } from "~/components/sale/ReturnLinesTable";
import css from "~/components/grid/grid.module.css";
import po from "~/components/purchase/purchase.module.css";
import { formatMoneyText } from "#server/lib/decimal-text";
import type { SalesReturnPageData } from "#server/sale/sales-return.page";
import { pageTitle } from "../../../server/lib/i18n/zh-CN";
import { loadSalesReturnPage, salesReturnPageAction } from "~/server/sale.server";

/** One sales return: a draft is edited here; later statuses show their lines and the actions the status allows. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return json(await loadSalesReturnPage(request, params.id));
}

export function action({ request, params }: ActionFunctionArgs) {
  return salesReturnPageAction(request, params.id);
}

const ACTION_BUTTONS: Record<string, DocumentActionSpec> = {
  submit: { label: "提交审批", primary: true },
  confirm: { label: "确认入库", primary: true, confirm: "确认后退货商品将入库，并冲减客户欠款，是否继续？" },
  cancel: { label: "作废", danger: true, confirm: "确定作废该销售退货单吗？" },
  reverse: { label: "红冲", danger: true, confirm: "红冲将把退回的货物从退货库位出库，并冲回客户的退货款，是否继续？" },
  remove: { label: "删除", danger: true, confirm: "此操作将删除该草稿, 是否继续?" },
};

function ActionButton({ action }: { action: string }) {
  return <DocumentActionButton action={action} spec={ACTION_BUTTONS[action]} testId={`sr-action-${action}`} />;
}

const APPROVAL_NAMES: Record<number, string> = { 0: "待审核", 1: "通过", 2: "驳回" };

export default function SalesReturnPage() {
  const loaded = useLoaderData<typeof loader>() as unknown as SalesReturnPageData;
  const answered = useActionData<typeof action>() as unknown as SalesReturnPageData | undefined;
  const data = answered && "lines" in answered ? answered : loaded;
  const doc = loaded.doc!;
  const readOnly = !!loaded.readOnly;
  // A draft is edited here by sales; the worker of a step sees any status read-only.
  const draft = doc.status === 0 && !readOnly;
  return (
    <div className={po.page}>
      <div className={po.titleRow}>
        <h2 style={{ fontSize: 16, margin: 0 }}>销售退货单 {doc.no}</h2>
        <span className={po.status} data-testid="sr-status">
          {doc.statusName}
        </span>
        {draft || readOnly ? null : (
          <a href={`/print/saleReturn?type=saleReturn&orderId=${doc.id}`} target="_blank" rel="noreferrer" className={css.btn} data-testid="sr-print">
            打印
          </a>
        )}
      </div>
      {draft ? (
        <ReturnForm
          key={answered ? JSON.stringify(answered.lines.map((l) => l.values)) + (answered.message ?? "") : "draft"}
          data={data}
          extraButtons={["cancel", "remove"].map((a) => <ActionButton key={a} action={a} />)}
        />
      ) : (
        <>
          <dl className={po.summary}>
            <div>
              <dt>客户</dt>
              <dd data-testid="sr-partner">{doc.partnerName}</dd>
            </div>
            <div>
              <dt>仓库</dt>
              <dd>{doc.warehouseName}</dd>
            </div>
            <div>
              <dt>销售单</dt>
              <dd>{doc.salesOrderId ? <Link to={`/sale/order/${doc.salesOrderId}`}>{doc.salesOrderNo}</Link> : "—（直接退货）"}</dd>
            </div>
            <div>
              <dt>入库货位</dt>
              <dd data-testid="sr-location">{doc.locationName ?? "—"}</dd>
            </div>
            <div>
              <dt>总数量</dt>
              <dd data-testid="sr-total-qty">{qtyText(doc.totalQty)}</dd>
            </div>
            <div>
              <dt>退货金额</dt>
              <dd data-testid="sr-total">{doc.totalAmount === undefined ? "—" : formatMoneyText(doc.totalAmount)}</dd>
            </div>
            <div>
              <dt>制单人</dt>
              <dd>{doc.createdByName ?? "—"}</dd>
            </div>
            <div>
              <dt>审批</dt>
              <dd data-testid="sr-approval">
                {doc.approval ? `${APPROVAL_NAMES[doc.approval.status] ?? ""}${doc.approval.decidedByName ? `（${doc.approval.decidedByName}）` : ""}${doc.approval.comment ? `：${doc.approval.comment}` : ""}` : "—"}
              </dd>
            </div>
            <div>
              <dt>入库人</dt>
              <dd>{doc.postedByName ?? "—"}</dd>
            </div>
            <div>
              <dt>备注</dt>
              <dd>{doc.remark ?? "—"}</dd>
            </div>
          </dl>
          <ReturnLinesTable doc={doc} />
          <Form method="post" className={po.buttons}>
            {doc.actions.map((a) => (
              <ActionButton key={a} action={a} />
            ))}
            <Link to={readOnly ? "/sale/returnInbound" : "/sale/returnOrder"} prefetch="none" className={css.btn}>
              返回列表
            </Link>
          </Form>
        </>
      )}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("销售退货") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
