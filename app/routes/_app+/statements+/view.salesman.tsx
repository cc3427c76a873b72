import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ReportPage, type ReportFilter } from "~/components/report/ReportPage";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { loadReportPage } from "~/server/report.server";

const PAGE = "/statements/view/salesman";

/** 业务员开单 (统计报表): read-only; `export=1` downloads the same selection as .xlsx. */
export function loader({ request }: LoaderFunctionArgs) {
  return loadReportPage(request, PAGE, ["customer", "salesman"]);
}

const FILTERS: ReportFilter[] = [
  { name: "date", label: "日期", kind: "dateRange" },
  { name: "salesmanId", label: "业务员", options: "salesman" },
  { name: "partnerId", label: "客户", options: "customer" },
];

export default function Report() {
  return <ReportPage filters={FILTERS} keywordPlaceholder="业务员姓名" />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("业务员开单") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
