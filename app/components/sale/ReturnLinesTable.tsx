import type { SerializeFrom } from "@remix-run/node";
import type { SalesReturnView } from "#server/sale/sales-return.service";
import { DocumentLines } from "~/components/documents/DocumentPage";
import { SALE_RETURN_LINE_COLUMNS } from "~/components/documents/ReturnPage";

/** A sales return's lines, read-only (the return's page after submit, the approval page). */
export function ReturnLinesTable({ doc }: { doc: SerializeFrom<SalesReturnView> }) {
  return <DocumentLines caption="退货明细" testId="sr-lines" columns={SALE_RETURN_LINE_COLUMNS} lines={doc.lines} rowKey={(l) => l.id} />;
}
