import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import css from "~/components/grid/grid.module.css";
import po from "~/components/purchase/purchase.module.css";
import { DocumentActionButton, type DocumentActionSpec } from "./DocumentActionButton";
import { DocumentHeader, DocumentLines, DocumentPage, DocumentSummary, documentStyles as dk, type LineTableColumn, type SummaryItem } from "./DocumentPage";

/**
 * The page of a stock-moving note, both sides (发货单 / 收货单): the title with status and 打印,
 * the refusal, the summary, the lines and the actions the status and the user allow, in ONE
 * POST form (a receiving note's lines are inputs of it), so the page works without JavaScript.
 * The side's route gives its words, its summary fields, its columns and what only it has (the
 * delivery note's logistics form, the receiving note's put-away notes) as children. Test ids
 * are `<prefix>-status`, `-print`, `-error`, `-lines`, `-line-<n>` and `-<action>` (kebab case).
 */

/** A note's lines: the kit's table, each row with its own test id (`<prefix>-line-<line number>`). */
export function MoveLinesTable<L extends { id: number; lineNo: number }>({
  prefix,
  caption,
  columns,
  lines,
}: {
  prefix: string;
  caption: string;
  columns: readonly (LineTableColumn<L> | false | null)[];
  lines: readonly L[];
}) {
  return (
    <DocumentLines
      caption={caption}
      testId={`${prefix}-lines`}
      columns={columns}
      lines={lines}
      rowKey={(l) => l.id}
      rowTestId={(l) => `${prefix}-line-${l.lineNo}`}
    />
  );
}

/** The columns both notes' lines start with: 序号, the product's code, name and brand. */
export function moveProductColumns<L extends { lineNo: number; mainOE: string; productName: string; brandName: string | null }>(): LineTableColumn<L>[] {
  return [
    { header: "序号", cell: (l) => l.lineNo },
    { header: "产品编码", cell: (l) => l.mainOE },
    { header: "产品名称", cell: (l) => l.productName },
    { header: "品牌", cell: (l) => l.brandName ?? "" },
  ];
}

/** The partner's summary field (客户 / 供应商, test id `<prefix>-partner`). */
export function movePartnerItem(prefix: string, label: string, name: string): SummaryItem {
  return { label, value: name, testId: `${prefix}-partner` };
}

const kebab = (action: string) => action.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

export function MoveDocumentPage<L extends { id: number; lineNo: number }>(props: {
  /** The test ids' prefix: deliver / receive. */
  prefix: string;
  /** 发货单 / 收货单. */
  title: string;
  doc: { id: number; no: string; statusName: string; lines: readonly L[] };
  /** The print sheet; /print/<prefix>?type=<prefix>&orderId=<id> when left out. */
  printHref?: string;
  /** More in the title row (扫码发货). */
  headerExtra?: ReactNode;
  message: string | null;
  /** The refusal's per-line messages. */
  errors?: readonly string[];
  summary: readonly (SummaryItem | false | null | undefined)[];
  /** The lines table's caption (发货明细). */
  caption: string;
  columns: readonly (LineTableColumn<L> | false | null)[];
  /** The actions the page offers now (the document's, when the user may take them). */
  actions: readonly string[];
  /** How each action shows, in the order of the buttons. */
  specs: Record<string, DocumentActionSpec>;
  backTo: string;
  children?: ReactNode;
}) {
  const { prefix, title, doc, errors = [] } = props;
  return (
    <DocumentPage>
      <DocumentHeader
        title={title}
        no={doc.no}
        status={doc.statusName}
        statusTestId={`${prefix}-status`}
        printHref={props.printHref ?? `/print/${prefix}?type=${prefix}&orderId=${doc.id}`}
        printTestId={`${prefix}-print`}
      >
        {props.headerExtra}
      </DocumentHeader>
      {props.message ? (
        <div role="alert" className={po.fieldError} data-testid={`${prefix}-error`}>
          {props.message}
          {errors.length ? (
            <ul>
              {errors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      <DocumentSummary spaced items={props.summary} />
      <Form method="post" className={dk.page}>
        <MoveLinesTable prefix={prefix} caption={props.caption} columns={props.columns} lines={doc.lines} />
        <div className={dk.buttons}>
          {Object.keys(props.specs)
            .filter((a) => props.actions.includes(a))
            .map((a) => (
              <DocumentActionButton key={a} action={a} spec={props.specs[a]} testId={`${prefix}-${kebab(a)}`} />
            ))}
          <Link to={props.backTo} prefetch="none" className={css.btn}>
            返回列表
          </Link>
        </div>
      </Form>
      {props.children}
    </DocumentPage>
  );
}
