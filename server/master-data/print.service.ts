import type { Ctx } from "../lib/context";
import { requirePage } from "../auth/guard";
import { DomainError, isDomainError, STATUS_OF } from "../lib/errors";
import { json } from "@remix-run/node";
import { parseId } from "../lib/ids";
import { DOCUMENT_TYPE_LIST, documentTypeOfPrint } from "../documents/document-types";
import type { PrintSheetData } from "../print/print-sheet";

/**
 * The print pages (spec 000 §2): /print/{kind}?orderId=… for every document type that prints
 * (its entry's `print` in server/documents/document-types.ts: /print/purchase, /print/receive,
 * /print/allocation, /print/sale …). A page needs the menu entry of its document's list (a buyer
 * prints orders, a stock keeper receiving notes and transfers), reads the document through its
 * own service (company-scoped: another company's id is 404), refuses 草稿/未成交 (spec 000 §8;
 * transfers print in every status) and leaves prices out for those who may not see them.
 */
export type PrintKind = string;

/** Each print page's permission (its document's list) and title, from the document-type table. */
export const PRINT_PAGES: Readonly<Record<PrintKind, { code: string; title: string }>> = Object.fromEntries(
  DOCUMENT_TYPE_LIST.flatMap((d) => (d.print ? [[d.print.kind, { code: d.menuCode, title: d.label }]] : [])),
);

/** The sheet of one document as `ctx` may print it (refused for 草稿/未成交, 不存在 for another company's or an unknown kind). */
export function printSheetOf(ctx: Ctx, kind: PrintKind, orderId: number): Promise<PrintSheetData> {
  const d = documentTypeOfPrint(kind);
  if (!d?.print) return Promise.reject(new DomainError("not_found", "单据不存在"));
  return d.print.sheet(ctx, orderId);
}

/** The loader of a print route: sign-in and permission, the sheet, or a page with the reason (404/409). */
export async function loadPrintSheet(request: Request, kind: PrintKind): Promise<PrintSheetData> {
  const url = new URL(request.url);
  const orderId = parseId(url.searchParams.get("orderId"));
  const page = Object.hasOwn(PRINT_PAGES, kind) ? PRINT_PAGES[kind] : undefined;
  if (!page) throw json({ message: "页面不存在" }, { status: 404 });
  const ctx = await requirePage(request, page.code);
  if (orderId === null) throw json({ message: "单据不存在" }, { status: 404 });
  try {
    return await printSheetOf(ctx, kind, orderId);
  } catch (e) {
    if (isDomainError(e)) throw json({ message: e.message }, { status: STATUS_OF[e.code] });
    throw e;
  }
}
