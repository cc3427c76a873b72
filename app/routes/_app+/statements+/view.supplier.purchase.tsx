import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { ReportPage, type ReportFilter } from "~/components/report/ReportPage";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { loadReportPage } from "~/server/report.server";

const PAGE = "/statements/view/supplier/purchase";

/** 供应商采购 (统计报表): read-only; `export=1` downloads the same selection as .xlsx. */
export function loader({ request }: LoaderFunctionArgs) {
  return loadReportPage(request, PAGE, ["supplier"]);
}

const FILTERS: ReportFilter[] = [
  { name: "date", label: "日期", kind: "dateRange" },
  { name: "partnerId", label: "供应商", options: "supplier" },
];

export default function Report() {
  return <ReportPage filters={FILTERS} keywordPlaceholder="供应商名称" />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("供应商采购") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
