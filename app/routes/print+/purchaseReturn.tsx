import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { pageTitle } from "../../../server/lib/i18n/zh-CN";
import { loadPrintSheet } from "~/server/print.server";
import { PrintErrorBoundary, PrintRoutePage } from "~/components/print/PrintRoute";

/** /print/purchaseReturn?type=…&orderId=… — a 采购退货单 on A4 (spec 000 §2). */
export async function loader({ request }: LoaderFunctionArgs) {
  return json(await loadPrintSheet(request, "purchaseReturn"));
}

export default PrintRoutePage;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data ? `采购退货单 ${data.no}` : "打印") }];

export const ErrorBoundary = PrintErrorBoundary;
