import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { pageTitle } from "../../server/lib/i18n/zh-CN";
import { loadInventorySheet } from "~/server/warehouse.server";
import { PrintErrorBoundary } from "~/components/print/PrintRoute";

/**
 * /warehouse/inventory/<id>/sheet — the count sheet of a stocktake on A4, rendered on the
 * server without the shell: 货位, 产品编码, 名称, 批次 and a blank 实盘数 to write in. The system
 * quantity is left out (it would lead the counter) unless asked for with ?system=1.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return json(await loadInventorySheet(request, params.id));
}

const SHEET_CSS = `
  @page { size: A4 portrait; margin: 12mm; }
  body { margin: 0; background: #fff; color: #000; }
  .sheet { font-family: "WenQuanYi Micro Hei", "Microsoft YaHei", sans-serif; font-size: 12px; max-width: 186mm; margin: 0 auto; padding: 8mm 0; }
  .sheet h1 { font-size: 18px; text-align: center; margin: 0 0 4px; }
  .sheet .meta { display: flex; justify-content: space-between; flex-wrap: wrap; gap: 4px 16px; margin: 6px 0; }
  .sheet table { width: 100%; border-collapse: collapse; }
  .sheet th, .sheet td { border: 1px solid #000; padding: 4px 6px; text-align: left; }
  .sheet thead { display: table-header-group; }
  .sheet tr { page-break-inside: avoid; }
  .sheet .num { text-align: right; }
  .sheet .blank { width: 22mm; }
  .sheet .sign { display: flex; justify-content: space-between; margin-top: 16px; }
  .sheet .noprint { margin-bottom: 8px; }
  @media print { .sheet .noprint { display: none; } .sheet { padding: 0; } }
`;

const qty = (v: string) => v.replace(/\.00$/, "").replace(/(\.\d)0$/, "$1");

export default function InventorySheet() {
  const { doc, showSystem, printedBy, companyName } = useLoaderData<typeof loader>();
  return (
    <main className="sheet">
      <style dangerouslySetInnerHTML={{ __html: SHEET_CSS }} />
      <div className="noprint">
        <button type="button" onClick={() => window.print()}>
          打印
        </button>
      </div>
      <h1>{companyName} 盘点表</h1>
      <div className="meta">
        <span>盘点单号：{doc.no}</span>
        <span>仓库：{doc.warehouseName ?? ""}</span>
        <span>状态：{doc.statusLabel}</span>
        <span>行数：{doc.lineCount}</span>
      </div>
      <table data-testid="sheet-lines">
        <thead>
          <tr>
            <th scope="col">序号</th>
            <th scope="col">货位</th>
            <th scope="col">产品编码</th>
            <th scope="col">名称</th>
            <th scope="col">批次</th>
            {showSystem ? (
              <th scope="col" className="num">
                账面数
              </th>
            ) : null}
            <th scope="col" className="blank">
              实盘数
            </th>
          </tr>
        </thead>
        <tbody>
          {doc.lines.map((l) => (
            <tr key={l.id}>
              <td>{l.lineNo}</td>
              <td>{l.locationName}</td>
              <td>{l.mainOE}</td>
              <td>{l.productName}</td>
              <td>{l.batchNo}</td>
              {showSystem ? <td className="num">{qty(l.currentQty)}</td> : null}
              <td className="blank" />
            </tr>
          ))}
        </tbody>
      </table>
      <div className="sign">
        <span>盘点人：__________</span>
        <span>复核人：__________</span>
        <span>打印人：{printedBy}</span>
      </div>
    </main>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data ? `盘点表 ${data.doc.no}` : "盘点表") }];

export const ErrorBoundary = PrintErrorBoundary;
