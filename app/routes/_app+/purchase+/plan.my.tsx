import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import type { PageConfig } from "~/components/grid/page-config";
import { ResourcePage } from "~/components/grid/ResourcePage";
import css from "~/components/grid/grid.module.css";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { PURCHASE_PLAN_STATUSES } from "#server/lib/dictionary";
import { loadResourcePage, openRowRedirectOf } from "~/server/kit.server";
import { purchasePlanPageAction } from "~/server/purchase.server";

const PAGE = "/purchase/plan/my";

/** 我的采购计划: 生成 from safe stock; the selected plan 执行 (draft purchase orders per supplier), 完成, 作废. */
export async function loader({ request }: LoaderFunctionArgs) {
  // 修改 on the selected row (or ?edit=<id>) opens the plan's own page.
  const open = await openRowRedirectOf(request, PAGE, config.rowHref!);
  if (open) return open;
  return json((await loadResourcePage(request, PAGE, { columns: config.columns })).data);
}

export function action({ request }: ActionFunctionArgs) {
  return purchasePlanPageAction(request);
}

const config: PageConfig = {
  columns: [
    { field: "no", header: "计划单号", width: 160, sort: "no" },
    { field: "status", header: "状态", width: 90, kind: "enum", labels: PURCHASE_PLAN_STATUSES },
    { field: "lineCount", header: "产品数", width: 80, kind: "number" },
    { field: "totalQty", header: "计划数量", width: 100, kind: "number" },
    { field: "orderCount", header: "采购订单数", width: 100, kind: "number" },
    { field: "createdByName", header: "制单人", width: 90 },
    { field: "remark", header: "备注", width: 160 },
    { field: "creationTime", header: "创建时间", width: 140, kind: "datetime", sort: "creationTime" },
  ],
  filters: [{ name: "status", label: "状态", options: PURCHASE_PLAN_STATUSES }],
  keywordPlaceholder: "计划单号",
  rowHref: (id) => `/purchase/plan/my/${id}`,
};

export default function PurchasePlanPage() {
  return (
    <ResourcePage
      config={config}
      toolbar={
        <>
          <button type="submit" formMethod="post" name="intent" value="generate" className={`${css.btn} ${css.primary}`} data-testid="plan-generate">
            生成
          </button>
          <button type="submit" formMethod="post" name="intent" value="execute" className={css.btn} data-testid="plan-execute">
            执行
          </button>
          <button type="submit" formMethod="post" name="intent" value="complete" className={css.btn} data-testid="plan-complete">
            完成
          </button>
          <button type="submit" formMethod="post" name="intent" value="void" className={`${css.btn} ${css.danger}`} data-testid="plan-void">
            作废
          </button>
        </>
      }
    />
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("我的采购计划") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
