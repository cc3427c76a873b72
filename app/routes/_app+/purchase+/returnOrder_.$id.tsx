import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ReturnDocumentPage } from "~/components/documents/ReturnPage";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { loadPurchaseReturnPage, purchaseReturnPageAction } from "~/server/purchase.server";

/** One purchase return: a draft is edited here; later statuses show their lines and the actions the status allows. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return json(await loadPurchaseReturnPage(request, params.id));
}

export function action({ request, params }: ActionFunctionArgs) {
  return purchaseReturnPageAction(request, params.id);
}

export default function PurchaseReturnPage() {
  const reply = useActionData<typeof action>();
  // The form's answer (a refused save, a line added, batches found); the action's other answers are redirects.
  return <ReturnDocumentPage side="purchase" loaded={useLoaderData<typeof loader>()} answered={reply && "lines" in reply ? reply : undefined} />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("采购退货") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
