import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { UrgentPurchaseList, type UrgentListData } from "~/components/purchase/UrgentPurchaseList";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { requirePage } from "~/server/auth.server";
import { isDomainError, listSpecOf, parseId, parseListQuery, setFlash } from "~/server/kit.server";
import {
  generateUrgentPurchaseOrders,
  listUrgentPurchase,
  parseGroupKey,
  URGENT_PAGE,
  urgentPurchaseLookups,
  urgentPurchaseResource,
  urgentResultMessage,
} from "~/server/purchase.server";

/** 紧急采购 (CGGL-006): sales order lines short of stock by product and warehouse; 生成采购订单 from the selection. */
export async function loader({ request }: LoaderFunctionArgs) {
  const ctx = await requirePage(request, URGENT_PAGE);
  const params = new URL(request.url).searchParams;
  const query = parseListQuery(params, listSpecOf(urgentPurchaseResource));
  const [list, lookups] = await Promise.all([listUrgentPurchase(ctx, params), urgentPurchaseLookups(ctx)]);
  return json<UrgentListData>({
    items: list.items,
    totalCount: list.totalCount,
    page: query.page,
    size: query.size,
    sort: query.sort,
    keyword: query.keyword,
    warehouseId: parseId(params.get("warehouseId")),
    partnerId: parseId(params.get("partnerId")),
    lookups,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const ctx = await requirePage(request, URGENT_PAGE);
  const form = await request.formData();
  const back = String(form.get("back") ?? "");
  const to = back.startsWith("?") ? `${URGENT_PAGE}${back}` : URGENT_PAGE;
  if (form.get("intent") !== "generate") return json({ error: "未知操作" }, { status: 400 });
  const keys = form
    .getAll("key")
    .map(parseGroupKey)
    .filter((k): k is NonNullable<typeof k> => k !== null);
  try {
    const result = await generateUrgentPurchaseOrders(ctx, keys);
    return redirect(to, { headers: await setFlash(urgentResultMessage(result)) });
  } catch (e) {
    if (isDomainError(e) && e.code !== "unauthorized" && e.code !== "forbidden")
      return redirect(to, { headers: await setFlash({ type: "error", message: e.message }) });
    throw e;
  }
}

export default function UrgentPurchasePage() {
  const data = useLoaderData<typeof loader>();
  return <UrgentPurchaseList data={data} />;
}

export const meta: MetaFunction = () => [{ title: pageTitle("紧急采购") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
