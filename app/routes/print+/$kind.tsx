import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { pageTitle } from "../../../server/lib/i18n/zh-CN";
import { loadPrintSheet } from "~/server/print.server";
import { PrintErrorBoundary, PrintRoutePage } from "~/components/print/PrintRoute";

/**
 * /print/{kind}?orderId=… — one document on A4 (spec 000 §2): every document type that prints
 * names its kind and sheet in server/documents/document-types.ts (/print/purchase,
 * /print/purchaseReturn, /print/receive, /print/allocation, /print/sale, /print/saleReturn,
 * /print/deliver, /print/picking); an unknown kind is 404. /print/statement has its own route.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return json(await loadPrintSheet(request, params.kind ?? ""));
}

export default PrintRoutePage;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data ? `${data.title} ${data.no}` : "打印") }];

export const ErrorBoundary = PrintErrorBoundary;
