import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link } from "@remix-run/react";
import type { PageConfig } from "~/components/grid/page-config";
import { ResourcePage } from "~/components/grid/ResourcePage";
import css from "~/components/grid/grid.module.css";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { PAYMENT_TERMS, PURCHASE_ORDER_STATUSES } from "#server/lib/dictionary";
import { loadResourcePage, openRowRedirectOf, resourcePageAction } from "~/server/kit.server";
import { printRedirectOf, purchaseFilterLookups } from "~/server/purchase.server";

const PAGE = "/purchase/order";

/** 采购订单 list: rows open the order's page; 打印 opens the selected order's print sheet in a new window. */
export async function loader({ request }: LoaderFunctionArgs) {
  const print = (await printRedirectOf(request)) ?? (await openRowRedirectOf(request, PAGE, config.rowHref!));
  if (print) return print;
  const { ctx, data } = await loadResourcePage(request, PAGE, { columns: config.columns });
  return json({ ...data, lookups: { ...data.lookups, ...(await purchaseFilterLookups(ctx)) } });
}

export function action({ request }: ActionFunctionArgs) {
  return resourcePageAction(request, PAGE);
}

const config: PageConfig = {
  columns: [
    { field: "no", header: "订单号", width: 160, sort: "no" },
    { field: "partnerName", header: "供应商", width: 160 },
    { field: "warehouseName", header: "仓库", width: 100 },
    { field: "status", header: "状态", width: 90, kind: "enum", labels: PURCHASE_ORDER_STATUSES, sort: "status" },
    { field: "paymentTerm", header: "结算方式", width: 80, kind: "enum", labels: PAYMENT_TERMS, hidden: true },
    { field: "expectedDate", header: "预计到货", width: 100, sort: "expectedDate" },
    { field: "totalQty", header: "总数量", width: 90, kind: "number", sort: "totalQty" },
    { field: "totalAmount", header: "总金额", width: 120, kind: "money", sort: "totalAmount" },
    { field: "buyerName", header: "采购员", width: 90, hidden: true },
    { field: "remark", header: "备注", width: 160, hidden: true },
    { field: "creationTime", header: "创建时间", width: 140, kind: "datetime", sort: "creationTime" },
  ],
  filters: [
    { name: "status", label: "状态", options: PURCHASE_ORDER_STATUSES },
    { name: "partnerId", label: "供应商", options: "supplier" },
    { name: "warehouseId", label: "仓库", options: "warehouse" },
    { name: "no", label: "订单号" },
    { name: "oe", label: "产品编码" },
    { name: "date", label: "创建日期", kind: "dateRange" },
  ],
  keywordPlaceholder: "订单号或供应商",
  rowHref: (id) => `/purchase/order/${id}`,
};

export default function PurchaseOrderListPage() {
  return (
    <ResourcePage
      config={config}
      toolbar={
        <>
          <Link to="/purchase/orderCreate" prefetch="none" className={`${css.btn} ${css.primary}`} data-testid="po-new">
            新建
          </Link>
          <button type="submit" name="do" value="print" formTarget="_blank" className={css.btn} data-testid="po-print">
            打印
          </button>
        </>
      }
    />
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("采购订单") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
