import { isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import type { PrintSheetData } from "../../../server/print/print-sheet";
import { describeRouteError } from "~/components/ErrorPage";
import { PrintMessage, PrintSheet } from "./PrintSheet";

/** The component of every /print/* route: the sheet its loader built. */
export function PrintRoutePage() {
  const sheet = useLoaderData<PrintSheetData>();
  return <PrintSheet sheet={sheet} />;
}

/** Refused (草稿/未成交: 409), missing (404) or forbidden (403): the reason on a print-style page. */
export function PrintErrorBoundary() {
  const error = useRouteError();
  const { status, message } = describeRouteError(error);
  if (typeof document !== "undefined" && !isRouteErrorResponse(error)) console.error(error);
  const fallback = status === 404 ? "单据不存在" : status === 403 ? "没有权限打印该单据" : "打印页面出错，请稍后重试";
  return <PrintMessage status={status} message={message ?? fallback} />;
}
