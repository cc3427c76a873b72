import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { SalesOrderForm } from "~/components/sale/SalesOrderForm";
import type { SalesOrderPageData } from "#server/sale/sales-order.page";
import { pageTitle } from "../../../server/lib/i18n/zh-CN";
import { loadSalesOrderCreate, salesOrderCreateAction } from "~/server/sale.server";

/** 销售开单 (XSGL-004, the top bar's button): a new sales order, saved as a draft or submitted. */
export async function loader({ request }: LoaderFunctionArgs) {
  const data = await loadSalesOrderCreate(request);
  return data instanceof Response ? data : json(data);
}

export function action({ request }: ActionFunctionArgs) {
  return salesOrderCreateAction(request);
}

export default function SalesOrderCreatePage() {
  const loaded = useLoaderData<typeof loader>() as unknown as SalesOrderPageData;
  const answered = useActionData<typeof action>() as unknown as SalesOrderPageData | undefined;
  const data = answered ?? loaded;
  return (
    <div>
      <h2 style={{ fontSize: 16, margin: "0 0 10px" }}>新建销售订单</h2>
      {/* A new key per answer: the uncontrolled inputs show what the server answered. */}
      <SalesOrderForm key={answered ? JSON.stringify(answered.values) + answered.lines.length + (answered.message ?? "") : "new"} data={data} />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("销售开单") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
