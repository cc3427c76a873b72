import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import type { PageConfig } from "~/components/grid/page-config";
import { ResourcePage } from "~/components/grid/ResourcePage";
import css from "~/components/grid/grid.module.css";
import { APPROVAL_STATUSES } from "#server/lib/dictionary";
import { formatMoneyText } from "#server/lib/decimal-text";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { creditApprovalPageAction, loadCreditApprovalPage } from "~/server/sale.server";

/**
 * 需求审批 (/demand/approval, XQGL-005): sales orders over their customer's credit limit. A row
 * opens beside the list (打开, double click, Enter: `?decide=<id>`) with its order, the amount
 * and the reason; 通过 submits the order, 驳回 (with a comment) keeps it a draft. Plain POST
 * forms answered with a redirect and a flash message: the same without JavaScript.
 */
const PAGE = "/demand/approval";
const STATUS_OPTIONS = [
  ["0", "待审核"],
  ["1", "通过"],
  ["2", "驳回"],
  ["all", "全部"],
] as const;

export async function loader({ request }: LoaderFunctionArgs) {
  return loadCreditApprovalPage(request, config.columns);
}

export function action({ request }: ActionFunctionArgs) {
  return creditApprovalPageAction(request);
}

const config: PageConfig = {
  columns: [
    { field: "docNo", header: "订单号", width: 170, sort: "docNo" },
    { field: "partnerName", header: "客户", width: 160 },
    { field: "amount", header: "订单金额", width: 120, kind: "money", sort: "amount" },
    { field: "reason", header: "审批原因", width: 160 },
    { field: "requesterName", header: "申请人", width: 90, hidden: true },
    { field: "requestedAt", header: "申请时间", width: 140, kind: "datetime", sort: "requestedAt" },
    { field: "status", header: "状态", width: 80, kind: "enum", labels: APPROVAL_STATUSES, sort: "status" },
    { field: "comment", header: "审批意见", width: 160 },
    { field: "deciderName", header: "审批人", width: 90, hidden: true },
    { field: "decidedAt", header: "审批时间", width: 140, kind: "datetime", hidden: true },
  ],
  filters: [
    { name: "status", label: "状态", options: STATUS_OPTIONS, noAll: true },
    { name: "partnerId", label: "客户", options: "customer" },
    { name: "date", label: "申请日期", kind: "dateRange" },
  ],
  keywordPlaceholder: "订单号或客户",
  rowHref: (id) => `${PAGE}?decide=${id}`,
};

export default function CreditApprovalPage() {
  return (
    <ResourcePage config={config}>
      <DecisionPanel />
    </ResourcePage>
  );
}

interface Decision {
  id: number;
  status: number;
  statusLabel: string;
  orderId: number;
  docNo: string;
  orderStatusLabel: string | null;
  partnerName: string | null;
  amount: string;
  reason: string | null;
  requesterName: string | null;
  requestedAtText: string | null;
  comment: string | null;
  deciderName: string | null;
  decidedAtText: string | null;
}

/** The opened approval: its order (a link to the order's page), the figures, and 通过 / 驳回 while it waits. */
function DecisionPanel() {
  const data = useLoaderData<{ decision: Decision | null; decisionMissing: boolean; canDecide: boolean }>();
  const location = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const params = new URLSearchParams(location.search);
  params.delete("decide");
  const back = params.toString();
  const closeHref = back ? `${PAGE}?${back}` : PAGE;
  if (data.decisionMissing) {
    return (
      <div className={css.card} style={{ padding: 12 }} role="alert" data-testid="approval-missing">
        审批单不存在 <Link to={closeHref}>关闭</Link>
      </div>
    );
  }
  const d = data.decision;
  if (!d) return null;
  const row = (label: string, value: ReactNode, testId?: string) => (
    <div style={{ display: "flex", gap: 8, padding: "3px 0" }}>
      <span className={css.muted} style={{ width: 72, flex: "none", fontSize: 13 }}>
        {label}
      </span>
      <span data-testid={testId}>{value}</span>
    </div>
  );
  return (
    <section className={css.card} style={{ padding: 12 }} aria-labelledby="approval-title" data-testid="approval-panel">
      <div style={{ display: "flex", alignItems: "center", gap: 8, marginBottom: 8 }}>
        <h2 id="approval-title" style={{ fontSize: 15, margin: 0 }}>
          信用审批
        </h2>
        <span data-testid="approval-status">{d.statusLabel}</span>
        <span style={{ flex: 1 }} />
        <Link to={closeHref} className={css.btn} data-testid="approval-close">
          关闭
        </Link>
      </div>
      <div style={{ display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(260px, 1fr))", gap: "0 24px" }}>
        {row(
          "订单号",
          <Link to={`/sale/order/${d.orderId}`} data-testid="approval-order">
            {d.docNo}
          </Link>,
        )}
        {row("订单状态", d.orderStatusLabel ?? "已删除")}
        {row("客户", d.partnerName ?? "", "approval-customer")}
        {row("订单金额", formatMoneyText(d.amount) ?? d.amount, "approval-amount")}
        {row("审批原因", d.reason ?? "", "approval-reason")}
        {row("申请人", `${d.requesterName ?? ""} ${d.requestedAtText ?? ""}`)}
        {d.status !== 0 ? row("审批人", `${d.deciderName ?? ""} ${d.decidedAtText ?? ""}`) : null}
        {d.status !== 0 && d.comment ? row("审批意见", d.comment, "approval-comment") : null}
      </div>
      {d.status === 0 && data.canDecide ? (
        <Form method="post" style={{ marginTop: 10, display: "flex", flexDirection: "column", gap: 8 }} data-testid="approval-form">
          <input type="hidden" name="approvalId" value={d.id} />
          <input type="hidden" name="back" value={back} />
          <label style={{ display: "flex", flexDirection: "column", gap: 4, fontSize: 13 }}>
            审批意见（驳回时必填）
            <textarea
              name="comment"
              rows={2}
              maxLength={200}
              style={{ font: "inherit", padding: 6, borderRadius: 4, border: "1px solid #ced4da" }}
              data-testid="approval-comment-input"
            />
          </label>
          <div style={{ display: "flex", gap: 8 }}>
            <button type="submit" name="intent" value="approve" className={`${css.btn} ${css.primary}`} disabled={busy} data-testid="approval-approve">
              通过
            </button>
            <button type="submit" name="intent" value="reject" className={`${css.btn} ${css.danger}`} disabled={busy} data-testid="approval-reject">
              驳回
            </button>
          </div>
        </Form>
      ) : null}
    </section>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("需求审批") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
