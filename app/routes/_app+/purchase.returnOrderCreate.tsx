import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PurchaseReturnForm } from "~/components/purchase/PurchaseReturnForm";
import po from "~/components/purchase/purchase.module.css";
import { pageTitle } from "../../../server/lib/i18n/zh-CN";
import type { PurchaseReturnPageData } from "#server/purchase/purchase-return.page";
import { loadPurchaseReturnCreate, purchaseReturnCreateAction } from "~/server/purchase.server";

/** 采购退货开单: free-standing (batches on hand) or 从采购单退货 (?orderId=…, the received lines prefilled). */
export async function loader({ request }: LoaderFunctionArgs) {
  return json(await loadPurchaseReturnCreate(request));
}

export function action({ request }: ActionFunctionArgs) {
  return purchaseReturnCreateAction(request);
}

export default function PurchaseReturnCreatePage() {
  const loaded = useLoaderData<typeof loader>() as unknown as PurchaseReturnPageData;
  const answered = useActionData<typeof action>() as unknown as PurchaseReturnPageData | undefined;
  const data = answered && "lines" in answered ? answered : loaded;
  return (
    <div className={po.page}>
      <h2 style={{ fontSize: 16, margin: 0 }}>{data.values.purchaseOrderNo ? `从采购单 ${data.values.purchaseOrderNo} 退货` : "新建采购退货单"}</h2>
      <PurchaseReturnForm key={JSON.stringify(data.lines.map((l) => l.values)) + (data.values.batchQ ?? "")} data={data} />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("采购退货开单") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
