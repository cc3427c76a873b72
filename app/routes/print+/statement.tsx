import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { pageTitle } from "../../../server/lib/i18n/zh-CN";
import { loadStatementPrintSheet } from "~/server/finance.server";
import { PrintErrorBoundary, PrintRoutePage } from "~/components/print/PrintRoute";

/** /print/statement?partnerId=…&from=…&to=… — a partner's statement of account (对账单) on A4. */
export async function loader({ request }: LoaderFunctionArgs) {
  return json(await loadStatementPrintSheet(request));
}

export default PrintRoutePage;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data ? `对账单 ${data.no}` : "打印") }];

export const ErrorBoundary = PrintErrorBoundary;
