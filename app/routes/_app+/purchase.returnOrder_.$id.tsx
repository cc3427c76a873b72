import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { DocumentActionButton, qtyText, type DocumentActionSpec } from "~/components/documents/DocumentActionButton";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { PurchaseReturnForm } from "~/components/purchase/PurchaseReturnForm";
import css from "~/components/grid/grid.module.css";
import po from "~/components/purchase/purchase.module.css";
import { formatMoneyText } from "#server/lib/decimal-text";
import type { PurchaseReturnPageData } from "#server/purchase/purchase-return.page";
import { pageTitle } from "../../../server/lib/i18n/zh-CN";
import { loadPurchaseReturnPage, purchaseReturnPageAction } from "~/server/purchase.server";

/** One purchase return: a draft is edited here; later statuses show their lines and the actions the status allows. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return json(await loadPurchaseReturnPage(request, params.id));
}

export function action({ request, params }: ActionFunctionArgs) {
  return purchaseReturnPageAction(request, params.id);
}

const ACTION_BUTTONS: Record<string, DocumentActionSpec> = {
  submit: { label: "提交" },
  confirm: { label: "确认出库", confirm: "确认后库存将减少，是否继续？" },
  cancel: { label: "作废", danger: true, confirm: "确定作废该采购退货单吗？" },
  reverse: { label: "红冲", danger: true, confirm: "红冲将把退出的库存加回，是否继续？" },
  remove: { label: "删除", danger: true, confirm: "此操作将删除该草稿, 是否继续?" },
};

function ActionButton({ action }: { action: string }) {
  return <DocumentActionButton action={action} spec={ACTION_BUTTONS[action]} testId={`pr-action-${action}`} />;
}

const qty = qtyText;

export default function PurchaseReturnPage() {
  const loaded = useLoaderData<typeof loader>() as unknown as PurchaseReturnPageData;
  const answered = useActionData<typeof action>() as unknown as PurchaseReturnPageData | undefined;
  const data = answered && "lines" in answered ? answered : loaded;
  const doc = loaded.doc!;
  const draft = doc.status === 0;
  return (
    <div className={po.page}>
      <div className={po.titleRow}>
        <h2 style={{ fontSize: 16, margin: 0 }}>采购退货单 {doc.no}</h2>
        <span className={po.status} data-testid="pr-status">
          {doc.statusName}
        </span>
        {draft ? null : (
          <a href={`/print/purchaseReturn?type=purchaseReturn&orderId=${doc.id}`} target="_blank" rel="noreferrer" className={css.btn} data-testid="pr-print">
            打印
          </a>
        )}
      </div>
      {draft ? (
        <PurchaseReturnForm
          key={answered ? JSON.stringify(answered.lines.map((l) => l.values)) + (answered.message ?? "") + (answered.values.batchQ ?? "") : "draft"}
          data={data}
          extraButtons={["cancel", "remove"].map((a) => <ActionButton key={a} action={a} />)}
        />
      ) : (
        <>
          <dl className={po.summary}>
            <div>
              <dt>供应商</dt>
              <dd data-testid="pr-partner">{doc.partnerName}</dd>
            </div>
            <div>
              <dt>仓库</dt>
              <dd>{doc.warehouseName}</dd>
            </div>
            <div>
              <dt>采购单</dt>
              <dd>{doc.purchaseOrderId ? <Link to={`/purchase/order/${doc.purchaseOrderId}`}>{doc.purchaseOrderNo}</Link> : "—"}</dd>
            </div>
            <div>
              <dt>制单人</dt>
              <dd>{doc.createdByName ?? "—"}</dd>
            </div>
            <div>
              <dt>总数量</dt>
              <dd data-testid="pr-total-qty">{qty(doc.totalQty)}</dd>
            </div>
            <div>
              <dt>总金额</dt>
              <dd data-testid="pr-total">{formatMoneyText(doc.totalAmount)}</dd>
            </div>
            <div>
              <dt>出库人</dt>
              <dd>{doc.postedByName ?? "—"}</dd>
            </div>
            <div>
              <dt>备注</dt>
              <dd>{doc.remark ?? "—"}</dd>
            </div>
          </dl>
          <table className={po.table} data-testid="pr-lines">
            <caption className="visually-hidden">退货明细</caption>
            <thead>
              <tr>
                <th scope="col">序号</th>
                <th scope="col">产品编码</th>
                <th scope="col">产品名称</th>
                <th scope="col">货位</th>
                <th scope="col">批次</th>
                <th scope="col" className={po.num}>数量</th>
                <th scope="col" className={po.num}>单价</th>
                <th scope="col" className={po.num}>金额</th>
                <th scope="col">退货原因</th>
                <th scope="col">备注</th>
              </tr>
            </thead>
            <tbody>
              {doc.lines.map((l) => (
                <tr key={l.id}>
                  <td>{l.lineNo}</td>
                  <td>{l.mainOE}</td>
                  <td>{l.productName}</td>
                  <td>{l.locationName}</td>
                  <td>{l.batchNo || "—"}</td>
                  <td className={po.num}>{qty(l.qty)}</td>
                  <td className={po.num}>{formatMoneyText(l.price)}</td>
                  <td className={po.num}>{formatMoneyText(l.amount)}</td>
                  <td>{l.reasonName}</td>
                  <td>{l.remark ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Form method="post" className={po.buttons}>
            {doc.actions.map((a) => (
              <ActionButton key={a} action={a} />
            ))}
            <Link to="/purchase/returnOrder" prefetch="none" className={css.btn}>
              返回列表
            </Link>
          </Form>
        </>
      )}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("采购退货") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
