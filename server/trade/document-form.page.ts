import { json, redirect } from "@remix-run/node";
import type { Ctx } from "../lib/context";
import { requirePage } from "../auth/guard";
import { setFlash } from "../lib/flash";
import { parseId } from "../lib/ids";
import { applyLineIntent, isBlankLine, type LineIntent, type RawLine } from "../lib/line-form";
import { getCompanyTimeZone } from "../setting/setting.service";
import { productLabelOf, type PickedProduct, type ResolvedLine } from "./line-pick.service";

/**
 * What the document pages of both trade sides (orders and returns, sale and purchase) share
 * around their plain POST forms: the form's state, its lines with the picker's facts, the
 * add/remove-line round trip, the 404 of a bad id, the flash redirect and the list's print
 * button. The side's own page module (server/sale, server/purchase) passes its services in.
 */

/** A line of a document form: what was typed, with the facts of the product the picker found. */
export interface FormLine {
  values: RawLine;
  product?: PickedProduct | null;
  choices?: PickedProduct[];
  error?: string | null;
}

/** The form as a page shows it: typed values, lines, per-field errors and the message on top. */
export interface DocumentFormState {
  values: Record<string, string>;
  lines: FormLine[];
  errors: Record<string, string[]>;
  message: string | null;
}

export async function flashRedirect(to: string, message: string, type: "success" | "error" = "success") {
  return redirect(to, { headers: await setFlash({ type, message }) });
}

/** The 404 of a bad or foreign document id (`message`: 销售订单不存在 …). */
export function notFound(message: string): never {
  throw json({ message }, { status: 404 });
}

/** The document of `idText` read by the side's `get`; a bad id or another company's document is the page's 404. */
export async function documentOr404<T>(ctx: Ctx, idText: string | undefined, get: (ctx: Ctx, id: number) => Promise<T>, missing: string): Promise<T> {
  const id = parseId(idText ?? "");
  if (id === null) notFound(missing);
  try {
    return await get(ctx, id);
  } catch (e) {
    if ((e as { code?: string }).code === "not_found") notFound(missing);
    throw e;
  }
}

/** 打印 on a list: the selected document's print sheet (the toolbar's GET form opened in a new window); null for any other request. */
export async function listPrintRedirect(request: Request, listUrl: string, printUrl: (id: number) => string): Promise<Response | null> {
  const params = new URL(request.url).searchParams;
  if (params.get("do") !== "print") return null;
  const id = parseId(params.get("sel") ?? "");
  if (id === null) return null;
  await requirePage(request, listUrl);
  return redirect(printUrl(id));
}

/** The form lines of a saved document: the product as the picker labels it, the line's own fields, the picker's facts. */
export function savedFormLines<L extends { productId: number; mainOE: string; productName: string }>(
  lines: readonly L[],
  facts: readonly PickedProduct[],
  valuesOf: (line: L) => RawLine,
): FormLine[] {
  const byId = new Map(facts.map((f) => [f.productId, f]));
  return lines.map((l) => {
    const label = productLabelOf({ mainOE: l.mainOE, name: l.productName });
    return { values: { productId: String(l.productId), productText: label, productPicked: label, ...valuesOf(l) }, product: byId.get(l.productId) ?? null };
  });
}

export const toFormLine = (r: ResolvedLine): FormLine => ({ values: r.values, product: r.product, choices: r.choices, error: r.error });

/** addLine / removeLine:<i>: the posted lines (keeping what the picker found) with one line more or less; `blank` is a new line. */
export function linesAfterIntent(resolved: readonly ResolvedLine[], intent: LineIntent, blank: RawLine = {}): FormLine[] {
  const byValues = new Map(resolved.map((r) => [r.values, r]));
  return applyLineIntent(
    resolved.map((r) => r.values),
    intent,
    { ...blank },
  ).map((v) => (byValues.has(v) ? toFormLine(byValues.get(v)!) : { values: v }));
}

/** Nothing typed on the line: the defaults a new line comes with (`blank`'s fields, 折扣 100, 退货原因) do not count. */
export function isUntouchedLine(values: RawLine, blank: RawLine): boolean {
  const withoutDefaults: RawLine = { ...values };
  for (const k of Object.keys(blank)) withoutDefaults[k] = "";
  return isBlankLine(withoutDefaults);
}

/** The input of the used lines: `fields` of each as typed ("" when absent). */
export function lineInputsOf(used: readonly ResolvedLine[], fields: readonly string[]): Record<string, string>[] {
  return used.map((r) => Object.fromEntries(fields.map((f) => [f, r.values[f] ?? ""])));
}

type Issue = { path: PropertyKey[]; message: string };

/** The schema's issues with each line's index taken back from the used lines to the form's (blank lines were left out). */
export function formIndexedIssues<I extends Issue>(issues: readonly I[], used: readonly ResolvedLine[], resolved: readonly ResolvedLine[]): I[] {
  const formIndex = used.map((u) => resolved.indexOf(u));
  return issues.map((i) =>
    i.path[0] === "lines" && typeof i.path[1] === "number" ? { ...i, path: ["lines", formIndex[i.path[1]] ?? i.path[1], ...i.path.slice(2)] } : i,
  );
}

/** Times as the company's clock shows them (setting TimeZone): "2026-11-24 13:05". */
export async function companyClock(ctx: Ctx): Promise<(d: Date | string) => string> {
  const fmt = new Intl.DateTimeFormat("sv-SE", {
    timeZone: await getCompanyTimeZone(ctx),
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  });
  return (d) => fmt.format(new Date(d));
}
