import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ReportPage, type ReportFilter } from "~/components/report/ReportPage";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { loadReportPage } from "~/server/report.server";

const PAGE = "/statements/sale/report";

/** 销售明细 (统计报表): read-only; `export=1` downloads the same selection as .xlsx. */
export function loader({ request }: LoaderFunctionArgs) {
  return loadReportPage(request, PAGE, ["customer", "salesman", "warehouse"]);
}

const FILTERS: ReportFilter[] = [
  { name: "date", label: "日期", kind: "dateRange" },
  { name: "partnerId", label: "客户", options: "customer" },
  { name: "salesmanId", label: "业务员", options: "salesman" },
  { name: "warehouseId", label: "仓库", options: "warehouse" },
];

export default function Report() {
  return <ReportPage filters={FILTERS} keywordPlaceholder="产品编码、OE号、名称或拼音" />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("销售明细") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
