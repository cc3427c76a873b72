import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportReportPage } from "~/server/report.server";

/** 导出 of the statement reports: `?report=<page url>&<filters>` → the .xlsx (a resource route, no page). */
export function loader({ request }: LoaderFunctionArgs) {
  return exportReportPage(request);
}
