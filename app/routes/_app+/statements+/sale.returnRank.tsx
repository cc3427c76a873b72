import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ReportPage, type ReportFilter } from "~/components/report/ReportPage";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { REASON_CODES } from "#server/lib/dictionary";
import { RETURN_RANK_MODES } from "#server/report/report.labels";
import { loadReportPage } from "~/server/report.server";

const PAGE = "/statements/sale/returnRank";

/** 退货排行 (统计报表): read-only; `export=1` downloads the same selection as .xlsx. */
export function loader({ request }: LoaderFunctionArgs) {
  return loadReportPage(request, PAGE, ["customer", "salesman", "warehouse"]);
}

const FILTERS: ReportFilter[] = [
  { name: "by", label: "排行方式", options: RETURN_RANK_MODES, noAll: true },
  { name: "date", label: "日期", kind: "dateRange" },
  { name: "partnerId", label: "客户", options: "customer" },
  { name: "salesmanId", label: "业务员", options: "salesman" },
  { name: "warehouseId", label: "仓库", options: "warehouse" },
  { name: "reasonCode", label: "退货原因", options: REASON_CODES },
];

export default function Report() {
  return <ReportPage filters={FILTERS} keywordPlaceholder="产品编码、OE号、名称或拼音" />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("退货排行") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
