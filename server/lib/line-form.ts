/**
 * The lines of a document form (purchase orders, returns, transfers, stocktakes …) as posted by
 * app/components/lines/LineEditor.tsx, with or without JavaScript: fields named
 * `lines[0].productId`, `lines[0].productText`, `lines[0].qty` … Pure string work, no
 * dependencies, so the editor in the browser uses the same names.
 *
 * Without JavaScript the lines are added and removed by submit buttons: `intent=addLine` and
 * `intent=removeLine:<i>`. The action then answers with the same form and the posted values,
 * one line more or less (`applyLineIntent`), so nothing typed is lost.
 */

/** One line as posted: field → text ("" for a blank field). Unknown fields are kept as posted. */
export type RawLine = Record<string, string>;

/** More lines than this are refused by `readLines` callers (no document has that many). */
export const MAX_LINES = 500;

export const ADD_LINE_INTENT = "addLine";
export const REMOVE_LINE_INTENT = "removeLine";

/** The name of a line field: `lines[3].qty`. */
export function lineFieldName(prefix: string, index: number, field: string) {
  return `${prefix}[${index}].${field}`;
}

/** `removeLine:<i>`: the value of a line's 删除 button. */
export function removeLineIntent(index: number) {
  return `${REMOVE_LINE_INTENT}:${index}`;
}

function escapeRegExp(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * The posted lines in index order (gaps closed: a grid may post lines 0, 2, 5). Every line is
 * returned, blank ones too, so a form answered back shows what was there; use
 * `withoutBlankLines` before saving. At most MAX_LINES lines (the rest are dropped).
 */
export function readLines(form: FormData | URLSearchParams, prefix = "lines"): RawLine[] {
  const pattern = new RegExp(`^${escapeRegExp(prefix)}\\[(\\d{1,4})\\]\\.([A-Za-z][A-Za-z0-9_]{0,40})$`);
  const byIndex = new Map<number, RawLine>();
  for (const [key, value] of form.entries()) {
    if (typeof value !== "string") continue;
    const m = pattern.exec(key);
    if (!m) continue;
    const index = Number(m[1]);
    let line = byIndex.get(index);
    if (!line) {
      if (byIndex.size >= MAX_LINES) continue;
      line = {};
      byIndex.set(index, line);
    }
    // The last value wins (as formValues reads a form).
    line[m[2]!] = value;
  }
  return [...byIndex.entries()].sort((a, b) => a[0] - b[0]).map(([, line]) => line);
}

/** Fields that do not make a line "typed in": hidden bookkeeping the editor writes. */
const BOOKKEEPING = new Set(["productPicked", "lineId", "key"]);

/** True when nothing was typed or picked on the line (an empty row the editor keeps ready). */
export function isBlankLine(line: RawLine): boolean {
  return Object.entries(line).every(([k, v]) => BOOKKEEPING.has(k) || v.trim() === "");
}

export function withoutBlankLines(lines: RawLine[]): RawLine[] {
  return lines.filter((l) => !isBlankLine(l));
}

export type LineIntent = { kind: "addLine" } | { kind: "removeLine"; index: number };

/** The line command of a posted `intent`, or null when the intent is something else (save, submit …). */
export function lineIntentOf(intent: unknown): LineIntent | null {
  if (intent === ADD_LINE_INTENT) return { kind: "addLine" };
  if (typeof intent === "string") {
    const m = /^removeLine:(\d{1,4})$/.exec(intent);
    if (m) return { kind: "removeLine", index: Number(m[1]) };
  }
  return null;
}

/**
 * The lines after a no-JavaScript 添加行 / 删除: one blank line appended (`blank` gives its
 * defaults), or line <i> removed. Works on raw lines and on resolved lines alike
 * (server/trade/line-pick.service.ts `blankResolvedLine()`). A document always keeps at least one (blank) line to type in.
 */
export function applyLineIntent<T extends object = RawLine>(lines: readonly T[], intent: LineIntent, blank: T = {} as T): T[] {
  if (intent.kind === "addLine") return lines.length >= MAX_LINES ? [...lines] : [...lines, { ...blank }];
  const rest = lines.filter((_, i) => i !== intent.index);
  return rest.length ? rest : [{ ...blank }];
}

/** Line fields as a flat form-values record (`lines[0].qty` → "2"), for answering a form back. */
export function lineValues(lines: RawLine[], prefix = "lines"): Record<string, string> {
  const out: Record<string, string> = {};
  lines.forEach((line, i) => {
    for (const [k, v] of Object.entries(line)) out[lineFieldName(prefix, i, k)] = v;
  });
  return out;
}

/**
 * Per-line messages of a refused save, keyed by field name (`lines[2].qty`) or by line
 * (`lines[2]`): zod issues whose path is [prefix, index, field?] and DomainError fields already
 * named that way (`lines[2].qty` or `lines.2.qty`). Other entries are left out.
 */
export function lineErrorsOf(
  fields: Record<string, string[]> | undefined,
  issues: readonly { path: readonly PropertyKey[]; message: string }[] = [],
  prefix = "lines",
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const put = (key: string, msg: string) => {
    const list = (out[key] ??= []);
    if (!list.includes(msg)) list.push(msg);
  };
  for (const issue of issues) {
    const [head, index, field] = issue.path;
    if (head !== prefix || typeof index !== "number") continue;
    put(typeof field === "string" ? lineFieldName(prefix, index, field) : `${prefix}[${index}]`, issue.message);
  }
  const named = new RegExp(`^${escapeRegExp(prefix)}(?:\\[(\\d+)\\]|\\.(\\d+))(?:\\.([A-Za-z][A-Za-z0-9_]*))?$`);
  for (const [key, messages] of Object.entries(fields ?? {})) {
    const m = named.exec(key);
    if (!m) continue;
    const index = Number(m[1] ?? m[2]);
    for (const msg of messages) put(m[3] ? lineFieldName(prefix, index, m[3]) : `${prefix}[${index}]`, msg);
  }
  return out;
}
