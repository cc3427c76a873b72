import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { DocumentActionButton, qtyText, type DocumentActionSpec } from "~/components/documents/DocumentActionButton";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { PurchaseOrderForm } from "~/components/purchase/PurchaseOrderForm";
import css from "~/components/grid/grid.module.css";
import po from "~/components/purchase/purchase.module.css";
import { labelOf, PAYMENT_TERMS } from "#server/lib/dictionary";
import { formatMoneyText } from "#server/lib/decimal-text";
import type { PurchaseOrderFollowUps, PurchaseOrderPageData, RelatedDocument } from "#server/purchase/purchase-order.page";
import { pageTitle } from "../../../server/lib/i18n/zh-CN";
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
  remove: { label: "删除", danger: true, confirm: "此操作将删除该草稿, 是否继续?" },
};

function ActionButton({ action }: { action: string }) {
  return <DocumentActionButton action={action} spec={ACTION_BUTTONS[action]} testId={`po-action-${action}`} />;
}

/** The order's receiving notes or returns, each a link to its page (nothing when there are none). */
function RelatedDocuments({ title, testId, docs }: { title: string; testId: string; docs: RelatedDocument[] }) {
  if (docs.length === 0) return null;
  return (
    <section data-testid={testId} style={{ marginTop: 12 }}>
      <h3 style={{ fontSize: 14, margin: "0 0 6px" }}>{title}</h3>
      <table className={po.table}>
        <thead>
          <tr>
            <th scope="col">单号</th>
            <th scope="col">状态</th>
            <th scope="col">创建时间</th>
          </tr>
        </thead>
        <tbody>
          {docs.map((d) => (
            <tr key={d.id}>
              <td>
                <Link to={d.href} prefetch="none">
                  {d.no}
                </Link>
              </td>
              <td>{d.statusLabel}</td>
              <td>{d.creationTime}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

const qty = qtyText;

export default function PurchaseOrderPage() {
  const loaded = useLoaderData<typeof loader>() as unknown as PurchaseOrderPageData & { canPrint: boolean; followUps: PurchaseOrderFollowUps; readOnly?: boolean };
  const answered = useActionData<typeof action>() as unknown as PurchaseOrderPageData | undefined;
  const data = answered ?? loaded;
  const order = loaded.order!;
  // The worker of a step of its chain (a stock keeper from his receiving or put-away note) reads it, whatever its status.
  const readOnly = !!loaded.readOnly;
  const draft = order.status === 0 && !readOnly;
  const showPrices = order.totalAmount !== undefined;
  return (
    <div className={po.page}>
      <div className={po.titleRow}>
        <h2 style={{ fontSize: 16, margin: 0 }}>
          采购订单 <span data-testid="po-no">{order.no}</span>
        </h2>
        <span className={po.status} data-testid="po-status">
          {order.statusLabel}
        </span>
        {readOnly ? (
          <span className={po.status} data-testid="po-read-only">
            只读
          </span>
        ) : null}
        {loaded.canPrint ? (
          <a href={`/print/purchase?type=purchase&orderId=${order.id}`} target="_blank" rel="noreferrer" className={css.btn} data-testid="po-print">
            打印
          </a>
        ) : null}
      </div>
      {draft ? (
        <PurchaseOrderForm
          key={answered ? JSON.stringify(answered.values) + answered.lines.length + (answered.message ?? "") : "draft"}
          data={data}
          extraButtons={loaded.actions.filter((a) => a === "cancel" || a === "remove").map((a) => <ActionButton key={a} action={a} />)}
        />
      ) : (
        <>
          <dl className={po.summary}>
            <div>
              <dt>供应商</dt>
              <dd data-testid="po-partner">{order.partnerName}</dd>
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
              <dt>预计到货日期</dt>
              <dd>{order.expectedDate ?? "—"}</dd>
            </div>
            <div>
              <dt>采购员</dt>
              <dd>{order.buyerName ?? "—"}</dd>
            </div>
            <div>
              <dt>总数量</dt>
              <dd>{qty(order.totalQty)}</dd>
            </div>
            {showPrices ? (
              <div>
                <dt>总金额</dt>
                <dd data-testid="po-total">{formatMoneyText(order.totalAmount)}</dd>
              </div>
            ) : null}
            <div>
              <dt>备注</dt>
              <dd>{order.remark ?? "—"}</dd>
            </div>
          </dl>
          <table className={po.table} data-testid="po-lines">
            <caption className="visually-hidden">采购明细</caption>
            <thead>
              <tr>
                <th scope="col">序号</th>
                <th scope="col">产品编码</th>
                <th scope="col">产品名称</th>
                <th scope="col">品牌</th>
                <th scope="col" className={po.num}>数量</th>
                {showPrices ? (
                  <>
                    <th scope="col" className={po.num}>单价</th>
                    <th scope="col" className={po.num}>金额</th>
                  </>
                ) : null}
                <th scope="col" className={po.num}>已收</th>
                <th scope="col" className={po.num}>已上架</th>
                <th scope="col" className={po.num}>已退</th>
                <th scope="col" className={po.num}>未收</th>
              </tr>
            </thead>
            <tbody>
              {order.lines.map((l) => (
                <tr key={l.id}>
                  <td>{l.lineNo}</td>
                  <td>{l.mainOE}</td>
                  <td>{l.productName}</td>
                  <td>{l.brandName ?? ""}</td>
                  <td className={po.num}>{qty(l.qty)}</td>
                  {showPrices ? (
                    <>
                      <td className={po.num}>{formatMoneyText(l.price)}</td>
                      <td className={po.num}>{formatMoneyText(l.amount)}</td>
                    </>
                  ) : null}
                  <td className={po.num}>{qty(l.receivedQty)}</td>
                  <td className={po.num}>{qty(l.putawayQty)}</td>
                  <td className={po.num}>{qty(l.returnedQty)}</td>
                  <td className={po.num}>{qty(l.openQty)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <RelatedDocuments title="收货单" testId="po-receipts" docs={loaded.followUps.receipts} />
          <RelatedDocuments title="采购退货单" testId="po-returns" docs={loaded.followUps.returns} />
          <Form method="post" className={po.buttons}>
            {loaded.followUps.openReceiptHref ? (
              <Link to={loaded.followUps.openReceiptHref} prefetch="none" className={`${css.btn} ${css.primary}`} data-testid="po-receive">
                收货
              </Link>
            ) : loaded.followUps.canCreateReceipt ? (
              <button type="submit" name="intent" value="receive" formNoValidate className={`${css.btn} ${css.primary}`} data-testid="po-receive">
                收货
              </button>
            ) : null}
            {loaded.followUps.returnHref ? (
              <Link to={loaded.followUps.returnHref} prefetch="none" className={css.btn} data-testid="po-return">
                退货
              </Link>
            ) : null}
            {loaded.actions.map((a) => (
              <ActionButton key={a} action={a} />
            ))}
            {readOnly ? null : (
              <Link to="/purchase/order" prefetch="none" className={css.btn}>
                返回列表
              </Link>
            )}
          </Form>
        </>
      )}
    </div>
  );
}

export const meta: MetaFunction = ({ data }) => [{ title: pageTitle(`采购订单 ${(data as { order?: { no?: string } } | undefined)?.order?.no ?? ""}`) }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
