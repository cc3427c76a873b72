import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { DocumentHeader, DocumentSummary } from "~/components/documents/DocumentPage";
import css from "~/components/grid/grid.module.css";
import po from "~/components/purchase/purchase.module.css";
import { pageTitle } from "../../../../server/lib/i18n/zh-CN";
import { loadPutawayPage, putawayPageAction } from "~/server/purchase.server";
import { formatQtyText } from "#server/lib/decimal-text";
import { useDateTimeText } from "~/hooks/useTimeZone";
import { linkedPurchaseOrder } from "~/components/purchase/LinkedPurchaseOrder";

/** One put-away note (上架单): choose the shelf per line (split a line over two shelves), confirm. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return json(await loadPutawayPage(request, params.id));
}

export function action({ request, params }: ActionFunctionArgs) {
  return putawayPageAction(request, params.id);
}

const qty = (v: string | null) => formatQtyText(v) ?? "";

export default function PutawayPage() {
  // Instants in the company's time zone (setting TimeZone), not a fixed one.
  const time = useDateTimeText();
  const loaded = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const data = answered ?? loaded;
  const doc = data.doc;
  const editing = doc.status === 10 && data.canConfirm;
  const lineOf = new Map(doc.lines.map((l) => [String(l.id), l]));
  const rows = editing ? data.rows : doc.lines.map((l) => ({ id: String(l.id), toLocationId: l.toLocationId ? String(l.toLocationId) : "", qty: l.qty }));
  return (
    <div className={po.page}>
      <DocumentHeader title="上架单" no={doc.no} status={doc.statusName} statusTestId="putaway-status" />
      {data.message ? (
        <div role="alert" className={po.fieldError} data-testid="putaway-error">
          {data.message}
          {data.errors.length ? (
            <ul>
              {data.errors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <DocumentSummary
        spaced
        items={[
          {
            label: "收货单号",
            value: doc.receiveOrderId ? (
              <Link to={`/purchase/receive/${doc.receiveOrderId}`} prefetch="none">
                {doc.receiveOrderNo}
              </Link>
            ) : (
              "—"
            ),
          },
          linkedPurchaseOrder(doc.purchaseOrderId, doc.purchaseOrderNo),
          { label: "供应商", value: doc.partnerName ?? "—" },
          { label: "仓库", value: doc.warehouseName },
          { label: "数量", value: qty(doc.totalQty) },
          { label: "创建人 / 时间", value: `${doc.createdByName ?? "—"} ${time(doc.creationTime)}` },
          { label: "上架人 / 时间", value: `${doc.postedByName ?? "—"} ${doc.postedAt ? time(doc.postedAt) : ""}` },
        ]}
      />
      <Form method="post" className={po.page}>
        <table className={po.table} data-testid="putaway-lines">
          <caption className="visually-hidden">上架明细</caption>
          <thead>
            <tr>
              <th scope="col">序号</th>
              <th scope="col">产品编码</th>
              <th scope="col">产品名称</th>
              <th scope="col">品牌</th>
              <th scope="col">批次</th>
              <th scope="col">从货位</th>
              <th scope="col">上架货位</th>
              <th scope="col" className={po.num}>
                数量
              </th>
              {editing ? <th scope="col">操作</th> : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => {
              const l = lineOf.get(r.id);
              if (!l) return null;
              const first = rows.findIndex((x) => x.id === r.id) === i;
              const toName = doc.lines.find((x) => String(x.id) === r.id && String(x.toLocationId ?? "") === r.toLocationId)?.toLocationName ?? "";
              return (
                <tr key={`${r.id}-${i}`} data-testid={`putaway-row-${i + 1}`}>
                  <td>{first ? l.lineNo : ""}</td>
                  <td>{l.mainOE}</td>
                  <td>{l.productName}</td>
                  <td>{l.brandName ?? ""}</td>
                  <td>{l.batchNo}</td>
                  <td>{l.fromLocationName}</td>
                  <td>
                    {editing ? (
                      <>
                        <input type="hidden" name={`lines.${i}.id`} value={r.id} />
                        <select
                          name={`lines.${i}.toLocationId`}
                          defaultValue={r.toLocationId}
                          aria-label={`第 ${i + 1} 行上架货位`}
                          data-testid={`putaway-to-${i + 1}`}
                        >
                          <option value="">请选择货位</option>
                          {data.shelves.map((s) => (
                            <option key={s.value} value={s.value}>
                              {s.label}
                            </option>
                          ))}
                        </select>
                      </>
                    ) : (
                      toName || (l.toLocationName ?? "")
                    )}
                  </td>
                  <td className={po.num}>
                    {editing ? (
                      <input
                        name={`lines.${i}.qty`}
                        defaultValue={qty(r.qty)}
                        inputMode="decimal"
                        aria-label={`第 ${i + 1} 行上架数量`}
                        style={{ width: 80, textAlign: "right" }}
                        data-testid={`putaway-qty-${i + 1}`}
                      />
                    ) : (
                      qty(r.qty)
                    )}
                  </td>
                  {editing ? (
                    <td>
                      <button type="submit" name="intent" value={`split:${i}`} formNoValidate className={css.btn} data-testid={`putaway-split-${i + 1}`}>
                        拆分
                      </button>
                      {!first ? (
                        <button type="submit" name="intent" value={`removeRow:${i}`} formNoValidate className={css.btn}>
                          删除
                        </button>
                      ) : null}
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
        <div className={po.buttons}>
          {editing && doc.actions.includes("confirm") ? (
            <button type="submit" name="intent" value="confirm" className={`${css.btn} ${css.primary}`} data-testid="putaway-confirm">
              确认上架
            </button>
          ) : null}
          <Link to="/purchase/pickingIn" prefetch="none" className={css.btn}>
            返回列表
          </Link>
        </div>
      </Form>
    </div>
  );
}

export const meta: MetaFunction = ({ data }) => [{ title: pageTitle(`上架单 ${(data as { doc?: { no?: string } } | undefined)?.doc?.no ?? ""}`) }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
