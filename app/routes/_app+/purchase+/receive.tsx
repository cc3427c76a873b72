import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { notPageData } from "~/components/documents/page-response.server";
import { MoveListPage, moveListConfig } from "~/components/documents/MoveListPage";
import { Dialog } from "~/components/grid/ResourcePage";
import css from "~/components/grid/grid.module.css";
import po from "~/components/purchase/purchase.module.css";
import { labelOf, PURCHASE_ORDER_STATUSES, RECEIVE_ORDER_STATUSES } from "#server/lib/dictionary";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { loadResourcePage, openRowRedirectOf, resourcePageAction } from "~/server/kit.server";
import { purchaseFilterLookups, receiveListAction, receiveListExtras } from "~/server/purchase.server";

const PAGE = "/purchase/receive";

/** 收货单 list: rows open the note's page; 打印 opens the selected note's print sheet; 从采购单收货 makes a note for a submitted order. */
export async function loader({ request }: LoaderFunctionArgs) {
  const open = await openRowRedirectOf(request, PAGE, config.rowHref!);
  if (open) return notPageData(open);
  const extras = await receiveListExtras(request);
  if (extras.redirect) return notPageData(extras.redirect);
  const { ctx, data } = await loadResourcePage(request, PAGE, { columns: config.columns });
  return json({ ...data, lookups: { ...data.lookups, ...(await purchaseFilterLookups(ctx)) }, fromOrder: extras.fromOrder ?? null });
}

export function action({ request }: ActionFunctionArgs) {
  return receiveListAction(request, () => resourcePageAction(request, PAGE));
}

const config = moveListConfig({
  page: PAGE,
  verb: "收货",
  order: { field: "purchaseOrderNo", header: "采购单号" },
  partner: { header: "供应商", options: "supplier" },
  statuses: RECEIVE_ORDER_STATUSES,
  columns: (status) => [
    { field: "warehouseName", header: "仓库", width: 100, hidden: true },
    status,
    { field: "totalExpected", header: "应收数量", width: 90, kind: "number" },
    { field: "totalReceived", header: "实收数量", width: 90, kind: "number" },
    { field: "totalAmount", header: "金额", width: 110, kind: "money" },
    { field: "createdByName", header: "创建人", width: 90, hidden: true },
    { field: "postedAt", header: "收货时间", width: 140, kind: "datetime", sort: "postedAt" },
    { field: "remark", header: "备注", width: 160, hidden: true },
  ],
  filters: { beforeNo: [{ name: "warehouseId", label: "仓库", options: "warehouse" }] },
  keywordPlaceholder: "收货单号、采购单号或供应商",
});

export default function ReceiveListPage() {
  const { fromOrder } = useLoaderData<typeof loader>();
  return (
    <MoveListPage
      config={config}
      prefix="receive"
      toolbar={
        <Link to="/purchase/receive?fromOrder=1" prefetch="none" className={`${css.btn} ${css.primary}`} data-testid="receive-from-order">
          从采购单收货
        </Link>
      }
    >
      {fromOrder ? (
        <Dialog title="从采购单收货" closeHref="/purchase/receive" wide testId="receive-from-order-dialog">
          <Form method="get" className={po.buttons}>
            <input type="hidden" name="fromOrder" value="1" />
            <label className={po.field}>
              <span>采购单号或供应商</span>
              <input name="poq" defaultValue={fromOrder.q} maxLength={50} data-testid="receive-po-q" />
            </label>
            <button type="submit" className={css.btn}>
              查询
            </button>
          </Form>
          {fromOrder.orders.length === 0 ? (
            <p className={css.muted}>没有待收货的采购订单</p>
          ) : (
            <table className={po.table} data-testid="receive-po-list">
              <caption className="visually-hidden">待收货的采购订单</caption>
              <thead>
                <tr>
                  <th scope="col">采购单号</th>
                  <th scope="col">供应商</th>
                  <th scope="col">状态</th>
                  <th scope="col">操作</th>
                </tr>
              </thead>
              <tbody>
                {fromOrder.orders.map((o) => (
                  <tr key={o.id}>
                    <td>{o.no}</td>
                    <td>{o.partnerName}</td>
                    <td>{labelOf(PURCHASE_ORDER_STATUSES, o.status as 10)}</td>
                    <td>
                      <Form method="post">
                        <input type="hidden" name="purchaseOrderId" value={o.id} />
                        <button type="submit" name="intent" value="fromOrder" className={`${css.btn} ${css.primary}`} data-testid={`receive-po-${o.no}`}>
                          收货
                        </button>
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Dialog>
      ) : null}
    </MoveListPage>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("收货单") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
