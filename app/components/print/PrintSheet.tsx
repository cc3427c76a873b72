import type { PrintSheetData } from "../../../server/print/print-sheet";

/**
 * One printed document (spec 000 §2 print pages): company header, title, number and date,
 * header fields, the lines, totals with the amount in Chinese capitals, remarks and signature
 * lines. Plain HTML sized for A4; no shell. The data arrives formatted (server/print/*), so
 * the sheet only lays it out. The 打印 button needs JavaScript; without it the browser's own
 * print command (Ctrl+P) prints the same page, and print CSS hides the toolbar either way.
 */
export function PrintSheet({ sheet }: { sheet: PrintSheetData }) {
  return (
    <main id="main" className="print-page">
      <style dangerouslySetInnerHTML={{ __html: PRINT_CSS }} />
      <div className="print-toolbar">
        <button type="button" className="print-button" data-testid="print-button" onClick={() => window.print()}>
          打印
        </button>
        <noscript>
          <span className="print-hint">按 Ctrl+P 打印本页</span>
        </noscript>
      </div>
      <article className="print-sheet" data-testid="print-sheet">
        <header className="print-head">
          <div className="print-company" data-testid="print-company">
            {sheet.company.name}
          </div>
          {sheet.company.address || sheet.company.phone ? (
            <div className="print-company-contact">
              {sheet.company.address ? <span>地址：{sheet.company.address}</span> : null}
              {sheet.company.phone ? <span>电话：{sheet.company.phone}</span> : null}
            </div>
          ) : null}
          <h1 className="print-title">{sheet.title}</h1>
        </header>
        <dl className="print-fields">
          <div>
            <dt>单号</dt>
            <dd data-testid="print-no">{sheet.no}</dd>
          </div>
          <div>
            <dt>日期</dt>
            <dd>{sheet.date}</dd>
          </div>
          <div>
            <dt>状态</dt>
            <dd>{sheet.statusLabel}</dd>
          </div>
          {sheet.fields.map((f) => (
            <div key={f.label}>
              <dt>{f.label}</dt>
              <dd>{f.value}</dd>
            </div>
          ))}
        </dl>
        <table className="print-lines" data-testid="print-lines">
          <thead>
            <tr>
              <th scope="col" className="c">
                序号
              </th>
              {sheet.columns.map((c) => (
                <th key={c.key} scope="col" className={c.align === "right" ? "r" : c.align === "center" ? "c" : undefined}>
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {sheet.rows.map((row, i) => (
              <tr key={i}>
                <td className="c">{i + 1}</td>
                {sheet.columns.map((c) => (
                  <td key={c.key} className={c.align === "right" ? "r" : c.align === "center" ? "c" : undefined}>
                    {row[c.key] ?? ""}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr data-testid="print-totals">
              <th scope="row" className="c">
                合计
              </th>
              {sheet.columns.map((c) => (
                <td key={c.key} className={c.align === "right" ? "r" : undefined}>
                  {sheet.totals[c.key] ?? ""}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
        {sheet.amount ? (
          <p className="print-amount" data-testid="print-amount">
            金额合计（大写）：<strong data-testid="print-capitals">{sheet.amount.capitals}</strong>
            <span className="print-figures">（小写：{sheet.amount.figures}）</span>
          </p>
        ) : null}
        <p className="print-remark">备注：{sheet.remark}</p>
        <footer className="print-signatures">
          {sheet.signatures.map((s) => (
            <span key={s}>
              {s}：<span className="print-sign-line" />
            </span>
          ))}
        </footer>
      </article>
    </main>
  );
}

/** A refused or missing document: the message alone, on a page of the same look. */
export function PrintMessage({ status, message }: { status: number; message: string }) {
  return (
    <main id="main" className="print-page">
      <style dangerouslySetInnerHTML={{ __html: PRINT_CSS }} />
      <article className="print-sheet print-refused" data-testid="print-refused" data-status={status}>
        <h1 className="print-title">无法打印</h1>
        <p role="alert">{message}</p>
      </article>
    </main>
  );
}

const PRINT_CSS = `
@page { size: A4; margin: 12mm 10mm; }
body { background: #f1f3f5; }
.print-page { font-family: "SimSun", "Songti SC", "Noto Serif CJK SC", serif; color: #000; padding: 16px 0; }
.print-toolbar { width: 190mm; margin: 0 auto 8px; text-align: right; }
.print-button { font: inherit; font-size: 14px; padding: 6px 20px; border: 1px solid #7a3700; background: #9a4500; color: #fff; border-radius: 4px; cursor: pointer; }
.print-hint { font-size: 13px; color: #333; }
.print-sheet { width: 190mm; min-height: 120mm; margin: 0 auto; background: #fff; padding: 10mm; box-sizing: border-box; font-size: 12px; }
.print-head { text-align: center; margin-bottom: 6px; }
.print-company { font-size: 18px; font-weight: 700; }
.print-company-contact { font-size: 11px; display: flex; gap: 16px; justify-content: center; margin-top: 2px; }
.print-title { font-size: 20px; font-weight: 700; letter-spacing: 6px; margin: 6px 0 4px; }
.print-fields { display: grid; grid-template-columns: repeat(3, 1fr); gap: 2px 12px; margin: 6px 0; }
.print-fields div { display: flex; gap: 4px; }
.print-fields dt { white-space: nowrap; }
.print-fields dt::after { content: "："; }
.print-fields dd { margin: 0; }
.print-lines { width: 100%; border-collapse: collapse; }
.print-lines th, .print-lines td { border: 1px solid #000; padding: 2px 4px; vertical-align: top; }
.print-lines thead th { background: #eee; font-weight: 700; }
.print-lines tfoot th, .print-lines tfoot td { font-weight: 700; }
.print-lines .r { text-align: right; white-space: nowrap; }
.print-lines .c { text-align: center; }
.print-amount { margin: 6px 0 2px; }
.print-figures { margin-left: 12px; }
.print-remark { margin: 4px 0 16px; }
.print-signatures { display: flex; justify-content: space-between; margin-top: 18px; }
.print-sign-line { display: inline-block; width: 28mm; border-bottom: 1px solid #000; }
.print-refused { text-align: center; font-size: 16px; padding-top: 30mm; }
@media print {
  body { background: #fff; }
  .print-page { padding: 0; }
  .print-toolbar { display: none; }
  .print-sheet { width: auto; min-height: 0; padding: 0; margin: 0; }
  .print-lines thead { display: table-header-group; }
  .print-lines tr { break-inside: avoid; }
}
`;
