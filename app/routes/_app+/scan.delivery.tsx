import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { pageResponse } from "~/components/documents/page-response.server";
import { Form, Link, useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import css from "~/components/grid/grid.module.css";
import po from "~/components/purchase/purchase.module.css";
import { pageTitle } from "../../../server/lib/i18n/zh-CN";
import { loadScanPage, scanPageAction } from "~/server/sale.server";

/**
 * 扫码发货: choose a waiting delivery note by its number, then a keyboard-wedge scanner types
 * a barcode / OE + Enter into the focused input; each scan counts one piece. Without JavaScript
 * every scan is a form post that re-renders; with it a fetcher, focus stays in the input.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const r = await loadScanPage(request);
  return pageResponse(r);
}

export function action({ request }: ActionFunctionArgs) {
  return scanPageAction(request);
}

const qty = (v: string | null) => (v ?? "").replace(/\.00$/, "").replace(/(\.\d)0$/, "$1");

export default function ScanDeliveryPage() {
  const loaded = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const fetcher = useFetcher<typeof action>();
  const data = fetcher.data ?? answered ?? loaded;
  const doc = data.doc;
  const input = useRef<HTMLInputElement>(null);
  // A scanner types faster than the answers come back: scans wait in order and go one at a time.
  const queue = useRef<FormData[]>([]);
  useEffect(() => {
    if (fetcher.state !== "idle") return;
    const next = queue.current.shift();
    if (next) fetcher.submit(next, { method: "post" });
    else input.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when a scan finished, not on every render
  }, [fetcher.state]);
  const onScan = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const fd = new FormData(e.currentTarget);
    if (!String(fd.get("code") ?? "").trim()) return;
    if (input.current) input.current.value = "";
    if (fetcher.state === "idle" && queue.current.length === 0) fetcher.submit(fd, { method: "post" });
    else queue.current.push(fd);
    input.current?.focus();
  };
  const last = data.last;
  return (
    <div className={po.page}>
      <div className={po.titleRow}>
        <h2 style={{ fontSize: 16, margin: 0 }}>扫码发货</h2>
        {doc ? (
          <>
            <span>
              发货单{" "}
              <Link to={`/sale/deliver/${doc.id}`} prefetch="none" data-testid="scan-doc-no">
                {doc.no}
              </Link>
            </span>
            <span>{doc.partnerName}</span>
            <span className={po.status} data-testid="scan-status">
              {doc.statusName}
            </span>
          </>
        ) : null}
      </div>
      <Form method="get" className={po.buttons}>
        <label className={po.field}>
          <span>发货单号</span>
          <input name="no" defaultValue={doc?.no ?? ""} maxLength={40} autoFocus={!doc} placeholder="扫描或输入发货单号" data-testid="scan-no" />
        </label>
        <button type="submit" className={css.btn} data-testid="scan-open">
          打开
        </button>
      </Form>
      {data.message ? (
        <div role="alert" className={po.fieldError} data-testid="scan-message">
          {data.message}
        </div>
      ) : null}
      {doc && doc.status === 20 && data.canWrite ? (
        <fetcher.Form method="post" onSubmit={onScan} className={po.buttons}>
          <input type="hidden" name="id" value={doc.id} />
          <input type="hidden" name="intent" value="scan" />
          <label className={po.field}>
            <span>条码 / OE</span>
            <input
              ref={input}
              name="code"
              autoFocus
              autoComplete="off"
              maxLength={80}
              placeholder="扫描条码或输入 OE 号后回车"
              style={{ width: 280 }}
              data-testid="scan-code"
            />
          </label>
          <button type="submit" className={css.btn} data-testid="scan-submit">
            扫描
          </button>
        </fetcher.Form>
      ) : null}
      {last ? (
        <div
          role="status"
          data-testid="scan-result"
          data-kind={last.kind}
          style={{
            fontSize: 16,
            fontWeight: 600,
            padding: "6px 10px",
            borderRadius: 4,
            color: last.ok ? "#1e6b2f" : "#b02525",
            background: last.ok ? "#ebfbee" : "#fff5f5",
          }}
        >
          {last.ok ? `✓ ${last.message}` : last.message}
        </div>
      ) : null}
      {doc ? (
        <table className={po.table} data-testid="scan-lines">
          <caption className="visually-hidden">扫描进度</caption>
          <thead>
            <tr>
              <th scope="col">序号</th>
              <th scope="col">产品编码</th>
              <th scope="col">产品名称</th>
              <th scope="col" className={po.num}>
                应发
              </th>
              <th scope="col" className={po.num}>
                已扫
              </th>
              <th scope="col">进度</th>
            </tr>
          </thead>
          <tbody>
            {data.lines.map((l) => (
              <tr key={l.id} data-testid={`scan-line-${l.lineNo}`} style={l.id === last?.lineId ? { background: last.ok ? "#fff4e6" : "#fff5f5" } : undefined}>
                <td>{l.lineNo}</td>
                <td>{l.mainOE}</td>
                <td>{l.productName}</td>
                <td className={po.num}>{qty(l.qty)}</td>
                <td className={po.num} data-testid={`scan-count-${l.lineNo}`}>
                  {qty(l.scannedQty)}
                </td>
                <td style={{ color: l.done ? "#1e6b2f" : undefined }}>{l.done ? "已完成" : "未完成"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className={css.muted}>请扫描或输入待发货（待发货状态）的发货单号。</p>
      )}
      {doc && doc.status === 20 && data.canWrite ? (
        <Form method="post" className={po.buttons}>
          <input type="hidden" name="id" value={doc.id} />
          <button type="submit" name="intent" value="confirm" disabled={!data.allDone} className={`${css.btn} ${css.primary}`} data-testid="scan-confirm">
            确认发货
          </button>
          <button type="submit" name="intent" value="reset" className={css.btn} data-testid="scan-reset">
            重新扫描
          </button>
        </Form>
      ) : null}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("扫码发货") }];

export { ShellErrorBoundary as ErrorBoundary } from "~/components/shell/ShellErrorBoundary";
