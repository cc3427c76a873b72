import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import css from "~/components/grid/grid.module.css";
import { DocumentActionButton, type DocumentActionSpec } from "./DocumentActionButton";
import dk from "./document.module.css";

/**
 * The document page kit: the parts every document page (orders, notes, returns, transfers,
 * stocktakes, payments) is built of, so a new document type's page is its fields and its
 * actions, not another copy of the markup. Everything is plain HTML (the action bar a POST
 * form), so a page works without JavaScript.
 */

export { dk as documentStyles };

/** A document page's column: header, summary, lines, actions, linked documents. */
export function DocumentPage({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <div className={dk.page} data-testid={testId}>
      {children}
    </div>
  );
}

/**
 * The title row: the document's kind and number, its status badge, more badges (只读, 审批 …),
 * 打印 when the page may print (a new window on the print sheet), then anything else (返回列表).
 */
export function DocumentHeader(props: {
  title: string;
  /** The number; without noTestId it is part of the title's text. */
  no?: string | null;
  noTestId?: string;
  status?: ReactNode;
  statusTestId?: string;
  badges?: ReactNode;
  printHref?: string | null;
  printTestId?: string;
  /** 打印 unless the sheet is named (打印拣货单). */
  printLabel?: string;
  children?: ReactNode;
}) {
  const { title, no, noTestId, status, statusTestId, badges, printHref, printTestId, printLabel = "打印", children } = props;
  return (
    <div className={dk.titleRow}>
      <h2 className={dk.title}>
        {noTestId ? (
          <>
            {title} <span data-testid={noTestId}>{no}</span>
          </>
        ) : no ? (
          `${title} ${no}`
        ) : (
          title
        )}
      </h2>
      {status !== undefined ? (
        <span className={dk.status} data-testid={statusTestId}>
          {status}
        </span>
      ) : null}
      {badges}
      {printHref ? (
        <a href={printHref} target="_blank" rel="noreferrer" className={css.btn} data-testid={printTestId}>
          {printLabel}
        </a>
      ) : null}
      {children}
    </div>
  );
}

/** A badge next to the status (只读, 信用审批：通过 …). */
export function DocumentBadge({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <span className={dk.status} data-testid={testId}>
      {children}
    </span>
  );
}

/** One field of a document's summary; false / null entries are left out, so a list can hold conditional ones. */
export interface SummaryItem {
  label: string;
  value: ReactNode;
  testId?: string;
  /** Two columns wide. */
  wide?: boolean;
}

/** The document's header fields as a definition list, four to a row (two on a narrow screen). */
export function DocumentSummary({ items, spaced = false }: { items: readonly (SummaryItem | false | null | undefined)[]; spaced?: boolean }) {
  return (
    <dl className={spaced ? dk.summary : `${dk.summary} ${dk.flush}`}>
      {items.map((item) =>
        item ? (
          <div key={item.label} style={item.wide ? { gridColumn: "span 2" } : undefined}>
            <dt>{item.label}</dt>
            <dd data-testid={item.testId}>{item.value}</dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}

/** One column of a lines table: its header, right-aligned numbers, the cell of a line. */
export interface LineTableColumn<L> {
  header: string;
  num?: boolean;
  cell: (line: L, index: number) => ReactNode;
  cellTestId?: string;
}

/** A document's lines, read only. */
export function DocumentLines<L>({
  caption,
  testId,
  columns,
  lines,
  rowKey,
  rowTestId,
  foot,
}: {
  caption: string;
  testId?: string;
  columns: readonly (LineTableColumn<L> | false | null)[];
  lines: readonly L[];
  rowKey: (line: L, index: number) => string | number;
  /** One test id for every row, or each row's own. */
  rowTestId?: string | ((line: L, index: number) => string);
  foot?: ReactNode;
}) {
  const shown = columns.filter((c): c is LineTableColumn<L> => !!c);
  return (
    <table className={dk.table} data-testid={testId}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {shown.map((c) => (
            <th key={c.header} scope="col" className={c.num ? dk.num : undefined}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {lines.map((l, i) => (
          <tr key={rowKey(l, i)} data-testid={typeof rowTestId === "function" ? rowTestId(l, i) : rowTestId}>
            {shown.map((c) => (
              <td key={c.header} className={c.num ? dk.num : undefined} data-testid={c.cellTestId}>
                {c.cell(l, i)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
      {foot}
    </table>
  );
}

/**
 * The action bar: a POST form with a button for each action the server allows on the document
 * now (the loader's `actions`), as the page's specs label them, then 返回列表.
 */
export function DocumentActionBar({
  actions,
  specs,
  testIdPrefix,
  before,
  backTo,
  children,
}: {
  actions: readonly string[];
  specs: Record<string, DocumentActionSpec>;
  testIdPrefix: string;
  before?: ReactNode;
  backTo?: string | null;
  children?: ReactNode;
}) {
  return (
    <Form method="post" className={dk.buttons}>
      {before}
      {actions.map((a) => (
        <DocumentActionButton key={a} action={a} spec={specs[a]} testId={`${testIdPrefix}${a}`} />
      ))}
      {children}
      {backTo ? (
        <Link to={backTo} prefetch="none" className={css.btn}>
          返回列表
        </Link>
      ) : null}
    </Form>
  );
}

/** The buttons of a document's actions outside the bar (a draft form's 删除, 作废): the same specs and test ids. */
export function documentActionButtons(actions: readonly string[], specs: Record<string, DocumentActionSpec>, testIdPrefix: string) {
  return actions.map((a) => <DocumentActionButton key={a} action={a} spec={specs[a]} testId={`${testIdPrefix}${a}`} />);
}

/** A document linked to this one (a receiving note, a return …), as the server lists it. */
export interface LinkedDocument {
  id: number;
  no: string;
  statusLabel: string;
  creationTime: string;
  href: string;
}

/** The documents made from this one, each a link to its page (nothing when there are none). */
export function LinkedDocuments({ title, testId, docs }: { title: string; testId: string; docs: readonly LinkedDocument[] }) {
  if (docs.length === 0) return null;
  return (
    <section data-testid={testId} className={dk.linked}>
      <h3>{title}</h3>
      <table className={dk.table}>
        <thead>
          <tr>
            <th scope="col">单号</th>
            <th scope="col">状态</th>
            <th scope="col">创建时间</th>
          </tr>
        </thead>
        <tbody>
          {docs.map((d) => (
            <tr key={d.id}>
              <td>
                <Link to={d.href} prefetch="none">
                  {d.no}
                </Link>
              </td>
              <td>{d.statusLabel}</td>
              <td>{d.creationTime}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
