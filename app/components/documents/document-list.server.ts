import { json } from "@remix-run/node";
import { requirePage } from "~/server/auth.server";
import { loadResourcePage, openRowRedirectOf } from "~/server/kit.server";
import type { DocumentListConfig } from "./document-lists";

type Ctx = Awaited<ReturnType<typeof requirePage>>;
/** A GET of the list that asks for another page (打印's sheet, a row's own page), or null. */
type RedirectOf = (request: Request) => Promise<Response | null>;

/**
 * A document list's loader: the list's redirects (`first`, then a row opened by 编辑 / double
 * click, then `then`), else the page of rows with the side's filter options, read alongside the
 * rows, not after them (the session lookup is shared within the request).
 */
export async function loadDocumentList<L extends object>(
  request: Request,
  page: string,
  config: DocumentListConfig,
  side: { first?: RedirectOf; then?: RedirectOf; lookups: (ctx: Ctx) => Promise<L> },
) {
  const redirectTo =
    (side.first ? await side.first(request) : null) ??
    (await openRowRedirectOf(request, page, config.rowHref)) ??
    (side.then ? await side.then(request) : null);
  if (redirectTo) return redirectTo;
  const [{ data }, lookups] = await Promise.all([loadResourcePage(request, page, { columns: config.columns }), requirePage(request, page).then(side.lookups)]);
  return json({ ...data, lookups: { ...data.lookups, ...lookups } });
}
