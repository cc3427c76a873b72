import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ReturnForm, ReturnOrderLookup } from "~/components/sale/ReturnForm";
import po from "~/components/purchase/purchase.module.css";
import { pageTitle } from "../../../server/lib/i18n/zh-CN";
import type { SalesReturnPageData } from "#server/sale/sales-return.page";
import { loadSalesReturnCreate, salesReturnCreateAction } from "~/server/sale.server";

/** 销售退货开单: free-standing (customer + products) or 从销售订单退货 (?orderNo=… / ?orderId=…: the returnable delivery lines). */
export async function loader({ request }: LoaderFunctionArgs) {
  return json(await loadSalesReturnCreate(request));
}

export function action({ request }: ActionFunctionArgs) {
  return salesReturnCreateAction(request);
}

export default function SalesReturnCreatePage() {
  const loaded = useLoaderData<typeof loader>() as unknown as SalesReturnPageData;
  const answered = useActionData<typeof action>() as unknown as SalesReturnPageData | undefined;
  const data = answered && "lines" in answered ? answered : loaded;
  return (
    <div className={po.page}>
      <h2 style={{ fontSize: 16, margin: 0 }}>{data.values.salesOrderNo ? `从销售单 ${data.values.salesOrderNo} 退货` : "新建销售退货单"}</h2>
      <ReturnOrderLookup data={loaded} />
      <ReturnForm key={JSON.stringify(data.lines.map((l) => l.values)) + (data.values.salesOrderId ?? "") + (data.message ?? "")} data={data} />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("销售退货开单") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
