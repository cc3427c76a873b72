import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PurchaseOrderForm } from "~/components/purchase/PurchaseOrderForm";
import type { PurchaseOrderPageData } from "#server/purchase/purchase-order.page";
import { pageTitle } from "../../../server/lib/i18n/zh-CN";
import { loadPurchaseOrderCreate, purchaseOrderCreateAction } from "~/server/purchase.server";

/** 采购开单: a new purchase order, saved as a draft or submitted. */
export async function loader({ request }: LoaderFunctionArgs) {
  return json(await loadPurchaseOrderCreate(request));
}

export function action({ request }: ActionFunctionArgs) {
  return purchaseOrderCreateAction(request);
}

export default function PurchaseOrderCreatePage() {
  const loaded = useLoaderData<typeof loader>() as unknown as PurchaseOrderPageData;
  const answered = useActionData<typeof action>() as unknown as PurchaseOrderPageData | undefined;
  const data = answered ?? loaded;
  return (
    <div>
      <h2 style={{ fontSize: 16, margin: "0 0 10px" }}>新建采购订单</h2>
      {/* A new key per answer: the uncontrolled inputs show what the server answered. */}
      <PurchaseOrderForm key={answered ? JSON.stringify(answered.values) + answered.lines.length + (answered.message ?? "") : "new"} data={data} />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("采购开单") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
