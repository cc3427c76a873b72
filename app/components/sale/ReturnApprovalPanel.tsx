import { Form, Link } from "@remix-run/react";
import { formatMoneyText } from "#server/lib/decimal-text";
import type { SalesReturnView } from "#server/sale/sales-return.service";
import type { SerializeFrom } from "@remix-run/node";
import { qtyText } from "~/components/documents/DocumentActionButton";
import css from "~/components/grid/grid.module.css";
import po from "~/components/purchase/purchase.module.css";
import dk from "~/components/documents/document.module.css";
import { ReturnLinesTable } from "./ReturnLinesTable";

/**
 * The return under review on 退货审批: its header and lines, and (while it waits) one POST form
 * with the comment and 审核通过 / 驳回 (驳回 needs the comment).
 */
export function ReturnApprovalPanel({ doc, back }: { doc: SerializeFrom<SalesReturnView>; back: string }) {
  const waiting = doc.status === 10 && doc.approval?.status === 0;
  const close = back.replace(/([?&])review=\d+&?/, "$1").replace(/[?&]$/, "");
  return (
    <section className={`${css.card} ${po.page}`} style={{ padding: 12 }} aria-labelledby="sr-review-title" data-testid="sr-review">
      <div className={po.titleRow}>
        <h2 id="sr-review-title" style={{ fontSize: 15, margin: 0 }}>
          审批销售退货单 {doc.no}
        </h2>
        <span className={po.status} data-testid="sr-review-status">
          {doc.statusName}
        </span>
        <Link to={`/sale/returnOrder/${doc.id}`} prefetch="none">
          查看退货单
        </Link>
        <Link to={close || "/demand/returnOrder/approval"} prefetch="none" className={css.btn}>
          关闭
        </Link>
      </div>
      <dl className={dk.summary}>
        <div>
          <dt>客户</dt>
          <dd>{doc.partnerName}</dd>
        </div>
        <div>
          <dt>销售单</dt>
          <dd>{doc.salesOrderNo ?? "—（直接退货）"}</dd>
        </div>
        <div>
          <dt>总数量</dt>
          <dd>{qtyText(doc.totalQty)}</dd>
        </div>
        <div>
          <dt>退货金额</dt>
          <dd>{formatMoneyText(doc.totalAmount)}</dd>
        </div>
        <div>
          <dt>制单人</dt>
          <dd>{doc.createdByName ?? "—"}</dd>
        </div>
        <div>
          <dt>备注</dt>
          <dd>{doc.remark ?? "—"}</dd>
        </div>
      </dl>
      <ReturnLinesTable doc={doc} />
      {waiting ? (
        <Form method="post" action="/demand/returnOrder/approval?decide=1" className={po.form} data-testid="sr-decide">
          <input type="hidden" name="approvalId" value={doc.approval!.id} />
          <input type="hidden" name="back" value={back} />
          <label className={`${po.field} ${po.wide}`}>
            <span>审批意见（驳回时必填）</span>
            <textarea name="comment" maxLength={200} rows={2} data-testid="sr-comment" />
          </label>
          <div className={po.buttons}>
            <button type="submit" name="intent" value="approve" className={`${css.btn} ${css.primary}`} data-testid="sr-approve">
              审核通过
            </button>
            <button type="submit" name="intent" value="reject" className={`${css.btn} ${css.danger}`} data-testid="sr-reject">
              驳回
            </button>
          </div>
        </Form>
      ) : (
        <p style={{ fontSize: 13, margin: 0 }} data-testid="sr-decided">
          {doc.approval && doc.approval.status !== 0
            ? `已${doc.approval.status === 1 ? "审核通过" : "驳回"}${doc.approval.decidedByName ? `（${doc.approval.decidedByName}）` : ""}${doc.approval.comment ? `：${doc.approval.comment}` : ""}`
            : "该退货单不在待审核状态。"}
        </p>
      )}
    </section>
  );
}
