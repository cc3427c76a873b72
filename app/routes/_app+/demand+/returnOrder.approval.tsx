import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { notPageData } from "~/components/documents/page-response.server";
import type { PageConfig } from "~/components/grid/page-config";
import { ResourcePage } from "~/components/grid/ResourcePage";
import { ReturnApprovalPanel } from "~/components/sale/ReturnApprovalPanel";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { APPROVAL_STATUSES, SALES_RETURN_STATUSES } from "#server/lib/dictionary";
import { loadResourcePage, openRowRedirectOf, resourcePageAction } from "~/server/kit.server";
import { returnApprovalAction, returnApprovalReviewOf, salesReturnFilterLookups } from "~/server/sale.server";

const PAGE = "/demand/returnOrder/approval";

/**
 * 退货审批 (XQGL-007, the manager): the sales returns waiting for approval; a row opens its
 * lines under the list (?review=<approval id>) with 审核通过 / 驳回 and a comment, plain POST forms.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const open = await openRowRedirectOf(request, PAGE, config.rowHref!);
  if (open) return notPageData(open);
  const { ctx, data } = await loadResourcePage(request, PAGE, { columns: config.columns });
  const review = await returnApprovalReviewOf(ctx, request);
  const lookups = await salesReturnFilterLookups(ctx);
  return json({ ...data, lookups: { ...data.lookups, customer: lookups.customer }, review });
}

export function action({ request }: ActionFunctionArgs) {
  const url = new URL(request.url);
  // The grid's own posts (page size, columns) go to the list machinery; 审核通过 / 驳回 to the return.
  if (url.searchParams.has("decide")) return returnApprovalAction(request);
  return resourcePageAction(request, PAGE);
}

const config: PageConfig = {
  columns: [
    { field: "docNo", header: "退货单号", width: 160, sort: "docNo" },
    { field: "partnerName", header: "客户", width: 160 },
    { field: "amount", header: "退货金额", width: 110, kind: "money", sort: "amount" },
    { field: "totalQty", header: "数量", width: 80, kind: "number", hidden: true },
    { field: "salesOrderNo", header: "销售单号", width: 160, hidden: true },
    { field: "reason", header: "退货原因", width: 200 },
    { field: "status", header: "审批状态", width: 90, kind: "enum", labels: APPROVAL_STATUSES, sort: "status" },
    { field: "returnStatus", header: "退货单状态", width: 90, kind: "enum", labels: SALES_RETURN_STATUSES, hidden: true },
    { field: "requestedByName", header: "申请人", width: 90 },
    { field: "requestedAt", header: "申请时间", width: 140, kind: "datetime", sort: "requestedAt" },
    { field: "decidedByName", header: "审批人", width: 90, hidden: true },
    { field: "comment", header: "审批意见", width: 160, hidden: true },
  ],
  filters: [
    { name: "status", label: "审批状态", options: APPROVAL_STATUSES, noAll: true },
    { name: "partnerId", label: "客户", options: "customer" },
    { name: "docNo", label: "退货单号" },
    { name: "date", label: "申请日期", kind: "dateRange" },
  ],
  keywordPlaceholder: "退货单号或客户",
  rowHref: (id) => `${PAGE}?review=${id}`,
};

export default function ReturnApprovalPage() {
  const { review } = useLoaderData<typeof loader>();
  const location = useLocation();
  return <ResourcePage config={config}>{review ? <ReturnApprovalPanel doc={review} back={`${location.pathname}${location.search}`} /> : null}</ResourcePage>;
}

export const meta: MetaFunction = () => [{ title: pageTitle("退货审批") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
