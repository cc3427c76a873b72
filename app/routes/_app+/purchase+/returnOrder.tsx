import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link } from "@remix-run/react";
import type { PageConfig } from "~/components/grid/page-config";
import { ResourcePage } from "~/components/grid/ResourcePage";
import css from "~/components/grid/grid.module.css";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { PURCHASE_RETURN_STATUSES } from "#server/lib/dictionary";
import { loadResourcePage, openRowRedirectOf, resourcePageAction } from "~/server/kit.server";
import { purchaseReturnFilterLookups, returnPrintRedirectOf } from "~/server/purchase.server";

const PAGE = "/purchase/returnOrder";

/** 采购退货 list: rows open the return's page; 打印 opens the selected return's print sheet in a new window. */
export async function loader({ request }: LoaderFunctionArgs) {
  const print = (await returnPrintRedirectOf(request)) ?? (await openRowRedirectOf(request, PAGE, config.rowHref!));
  if (print) return print;
  const { ctx, data } = await loadResourcePage(request, PAGE, { columns: config.columns });
  return json({ ...data, lookups: { ...data.lookups, ...(await purchaseReturnFilterLookups(ctx)) } });
}

export function action({ request }: ActionFunctionArgs) {
  return resourcePageAction(request, PAGE);
}

const config: PageConfig = {
  columns: [
    { field: "no", header: "退货单号", width: 160, sort: "no" },
    { field: "partnerName", header: "供应商", width: 160 },
    { field: "warehouseName", header: "仓库", width: 100 },
    { field: "status", header: "状态", width: 90, kind: "enum", labels: PURCHASE_RETURN_STATUSES, sort: "status" },
    { field: "purchaseOrderNo", header: "采购单号", width: 160 },
    { field: "totalQty", header: "总数量", width: 90, kind: "number" },
    { field: "totalAmount", header: "总金额", width: 120, kind: "money", sort: "totalAmount" },
    { field: "createdByName", header: "制单人", width: 90, hidden: true },
    { field: "remark", header: "备注", width: 160, hidden: true },
    { field: "creationTime", header: "创建时间", width: 140, kind: "datetime", sort: "creationTime" },
  ],
  filters: [
    { name: "status", label: "状态", options: PURCHASE_RETURN_STATUSES },
    { name: "partnerId", label: "供应商", options: "supplier" },
    { name: "warehouseId", label: "仓库", options: "warehouse" },
    { name: "no", label: "退货单号" },
    { name: "date", label: "创建日期", kind: "dateRange" },
  ],
  keywordPlaceholder: "退货单号或供应商",
  rowHref: (id) => `/purchase/returnOrder/${id}`,
};

export default function PurchaseReturnListPage() {
  return (
    <ResourcePage
      config={config}
      toolbar={
        <>
          <Link to="/purchase/returnOrderCreate" prefetch="none" className={`${css.btn} ${css.primary}`} data-testid="pr-new">
            新建
          </Link>
          <button type="submit" name="do" value="print" formTarget="_blank" className={css.btn} data-testid="pr-print">
            打印
          </button>
        </>
      }
    />
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("采购退货") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
