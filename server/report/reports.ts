import { json } from "@remix-run/node";
import { requirePage } from "../auth/guard";
import { xlsxResponse } from "../resource/api";
import { purchaseDetailReport } from "./purchase-report";
import { exportReport, reportOptions, runReport, type ReportDef, type ReportResult } from "./report-list";
import { SALE_REPORTS } from "./sale-report";
import { VIEW_REPORTS } from "./view-report";

export type { ReportColumn, ReportResult, ReportChart } from "./report-list";

/** Every statement report of issue 9 by its page url (each page's menu code guards it). */
export const STATEMENT_REPORTS: ReadonlyMap<string, ReportDef> = new Map([...SALE_REPORTS, purchaseDetailReport, ...VIEW_REPORTS].map((d) => [d.pageUrl, d]));

export type ReportOptionName = Parameters<typeof reportOptions>[1][number];

export interface ReportPageData {
  report: ReportResult;
  options: Record<string, { value: number; label: string }[]>;
}

/**
 * Loader of a report page: the page's permission, then the report and the filters' option lists.
 */
export async function loadReportPage(request: Request, pageUrl: string, optionNames: readonly ReportOptionName[] = []) {
  const ctx = await requirePage(request, pageUrl);
  const def = STATEMENT_REPORTS.get(pageUrl);
  if (!def) throw new Response("Not Found", { status: 404 });
  const params = new URL(request.url).searchParams;
  const [report, options] = await Promise.all([runReport(def, ctx, params), reportOptions(ctx, optionNames)]);
  return json<ReportPageData>({ report, options });
}

/**
 * `GET /statements/export?report=<page url>&<the page's params>`: the report's selection as
 * .xlsx named after the page, under the page's own permission. A resource route of its own: a
 * page route's loader cannot answer a document request with a file (Remix renders the page).
 */
export async function exportReportPage(request: Request) {
  const params = new URL(request.url).searchParams;
  const pageUrl = params.get("report") ?? "";
  const def = STATEMENT_REPORTS.get(pageUrl);
  if (!def) throw new Response("Not Found", { status: 404 });
  const ctx = await requirePage(request, pageUrl);
  return xlsxResponse(await exportReport(def, ctx, params));
}
