import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link } from "@remix-run/react";
import type { PageConfig } from "~/components/grid/page-config";
import { ResourcePage } from "~/components/grid/ResourcePage";
import css from "~/components/grid/grid.module.css";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { PAYMENT_TERMS, SALES_ORDER_STATUSES } from "#server/lib/dictionary";
import { requirePage } from "~/server/auth.server";
import { loadResourcePage, openRowRedirectOf, resourcePageAction } from "~/server/kit.server";
import { saleFilterLookups, salePrintRedirectOf } from "~/server/sale.server";

const PAGE = "/sale/order";

/** 销售订单 list (XSGL-001): rows open the order's page; 打印 opens the selected order's print sheet in a new window. */
export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = (await salePrintRedirectOf(request)) ?? (await openRowRedirectOf(request, PAGE, config.rowHref!));
  if (redirectTo) return redirectTo;
  // The filters' options are read alongside the page's rows, not after them.
  const [{ data }, lookups] = await Promise.all([
    loadResourcePage(request, PAGE, { columns: config.columns }),
    requirePage(request, PAGE).then(saleFilterLookups),
  ]);
  return json({ ...data, lookups: { ...data.lookups, ...lookups } });
}

export function action({ request }: ActionFunctionArgs) {
  return resourcePageAction(request, PAGE);
}

const config: PageConfig = {
  columns: [
    { field: "no", header: "订单号", width: 160, sort: "no" },
    { field: "partnerName", header: "客户", width: 160 },
    { field: "warehouseName", header: "仓库", width: 100 },
    { field: "status", header: "状态", width: 90, kind: "enum", labels: SALES_ORDER_STATUSES, sort: "status" },
    { field: "paymentTerm", header: "结算方式", width: 80, kind: "enum", labels: PAYMENT_TERMS, hidden: true },
    { field: "totalQty", header: "总数量", width: 90, kind: "number", sort: "totalQty" },
    { field: "totalAmount", header: "总金额", width: 120, kind: "money", sort: "totalAmount" },
    { field: "deliveredAmount", header: "已发货金额", width: 120, kind: "money", sort: "deliveredAmount" },
    { field: "salesmanName", header: "业务员", width: 90, hidden: true },
    { field: "contactName", header: "联系人", width: 90, hidden: true },
    { field: "contactPhone", header: "联系电话", width: 120, hidden: true },
    { field: "remark", header: "备注", width: 160, hidden: true },
    { field: "creationTime", header: "创建时间", width: 140, kind: "datetime", sort: "creationTime" },
  ],
  filters: [
    { name: "status", label: "状态", options: SALES_ORDER_STATUSES },
    { name: "partnerId", label: "客户", options: "customer" },
    { name: "salesmanId", label: "业务员", options: "salesman" },
    { name: "warehouseId", label: "仓库", options: "warehouse" },
    { name: "no", label: "订单号" },
    { name: "oe", label: "产品编码" },
    { name: "date", label: "创建日期", kind: "dateRange" },
  ],
  keywordPlaceholder: "订单号或客户",
  rowHref: (id) => `/sale/order/${id}`,
};

export default function SalesOrderListPage() {
  return (
    <ResourcePage
      config={config}
      toolbar={
        <>
          <Link to="/sale/orderCreate" prefetch="none" className={`${css.btn} ${css.primary}`} data-testid="so-new">
            新建
          </Link>
          <button type="submit" name="do" value="print" formTarget="_blank" className={css.btn} data-testid="so-print">
            打印
          </button>
        </>
      }
    />
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("销售订单") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
