import { BUILTIN_DICTIONARIES } from "./dictionary.builtin";

/**
 * The labels the operator gave the product's own dictionaries in 数据字典, put where every page
 * reads them: into the code's dictionary arrays themselves (SALES_ORDER_STATUSES, REASON_CODES …
 * of server/lib/dictionary.ts), so every list cell, filter, form option, export, document page
 * and message that names a value shows the operator's label. Pure module: the server applies
 * what the database holds (dictionary.service.ts ensureDictionaryLabels), the browser applies
 * the same before hydrating (app/entry.client.tsx, from the root loader), so both render alike.
 *
 * Only labels: the values stay the code's, and the order stays the code's (a reordered item
 * would move the options of forms that the users know by position).
 */

/** Dictionary code → value (as text) → label, for the labels that differ from the code's. */
export type LabelOverrides = Record<string, Record<string, string>>;

type MutableItem = [string | number, string];

/** The code's own labels, taken before anything is changed. */
const DEFAULTS: ReadonlyMap<string, ReadonlyMap<string, string>> = new Map(
  BUILTIN_DICTIONARIES.map((d) => [d.code, new Map((d.items as readonly (readonly [string | number, string])[]).map(([v, l]) => [String(v), l]))]),
);

let applied: LabelOverrides = {};
let lastInput: unknown;

/** The code's own label of a value of a built-in dictionary (undefined when there is none). */
export function defaultLabel(code: string, value: string): string | undefined {
  return DEFAULTS.get(code)?.get(value);
}

/** The overrides from a dictionary's stored items: only labels that differ from the code's, and not empty. */
export function overridesFrom(rows: readonly { code: string; value: string; label: string }[]): LabelOverrides {
  const out: LabelOverrides = {};
  for (const r of rows) {
    const own = defaultLabel(r.code, r.value);
    if (own === undefined || own === r.label || !r.label.trim()) continue;
    (out[r.code] ??= {})[r.value] = r.label;
  }
  return out;
}

/**
 * Makes the dictionary arrays show `next` (every label not in it goes back to the code's).
 * Anything that is not a known dictionary value, or not a short text, is ignored: the browser
 * gets it from the page's data.
 */
export function applyLabelOverrides(next: LabelOverrides): void {
  // The browser's root component calls this on each render with the same object.
  if (next === lastInput) return;
  lastInput = next;
  const clean: LabelOverrides = {};
  for (const d of BUILTIN_DICTIONARIES) {
    const own = typeof next?.[d.code] === "object" && next[d.code] ? next[d.code]! : {};
    const defaults = DEFAULTS.get(d.code)!;
    for (const item of d.items as unknown as MutableItem[]) {
      const key = String(item[0]);
      const wanted = own[key];
      const label = typeof wanted === "string" && wanted.trim() && wanted.length <= 100 ? wanted : defaults.get(key)!;
      item[1] = label;
      if (label !== defaults.get(key)) (clean[d.code] ??= {})[key] = label;
    }
  }
  applied = clean;
}

/** What is applied now (for the browser's copy). */
export function appliedLabelOverrides(): LabelOverrides {
  return applied;
}
