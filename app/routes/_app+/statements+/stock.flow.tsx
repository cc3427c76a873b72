import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { ResourcePage } from "~/components/grid/ResourcePage";
import { flowPageConfig } from "~/components/stock/flow-page";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { loadResourcePage, resourcePageAction } from "~/server/kit.server";
import { stockPlaceOptions } from "~/server/warehouse.server";

const PAGE = "/statements/stock/flow";
const config = flowPageConfig(false);

/** 库存流水: the stock ledger's lines, newest first, straight from stock_moves. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { ctx, data } = await loadResourcePage(request, PAGE, { columns: config.columns });
  return json({ ...data, lookups: { ...data.lookups, ...(await stockPlaceOptions(ctx)) } });
}

export function action({ request }: ActionFunctionArgs) {
  return resourcePageAction(request, PAGE);
}

export default function StockFlowPage() {
  return <ResourcePage config={config} />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("库存流水") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
