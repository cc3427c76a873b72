import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ReturnDocumentPage } from "~/components/documents/ReturnPage";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { loadSalesReturnPage, salesReturnPageAction } from "~/server/sale.server";

/** One sales return: a draft is edited here; later statuses show their lines and the actions the status allows. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return json(await loadSalesReturnPage(request, params.id));
}

export function action({ request, params }: ActionFunctionArgs) {
  return salesReturnPageAction(request, params.id);
}

export default function SalesReturnPage() {
  const reply = useActionData<typeof action>();
  // The form's answer (a refused save, a line added); the action's other answers are redirects.
  return <ReturnDocumentPage side="sale" loaded={useLoaderData<typeof loader>()} answered={reply && "lines" in reply ? reply : undefined} />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("销售退货") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
