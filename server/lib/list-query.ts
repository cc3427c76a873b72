/**
 * One parser for every list (spec 000 §2 "Data grids", §7 "Lists"): the pages' URL search
 * params (`page`, `size`, `sort=field.desc`, `q`, filters) and the JSON API's `skipCount`,
 * `maxResultCount`, `sorting=field desc`, `filter` become the same typed query. Unknown sort
 * fields, unknown filters and bad numbers are ignored, never an error.
 */
export const PAGE_SIZES = [20, 50, 100, 200, 400, 800] as const;
export const DEFAULT_PAGE_SIZE = 20;
/** The API may ask for any page size up to this (lookups use 40, 500, 1000). */
export const MAX_API_PAGE_SIZE = 1000;

export type SortDir = "asc" | "desc";
/** `date`: a calendar day as yyyy-mm-dd (2026/11/5 and 2026.11.05 are read too); anything else is ignored. */
export type FilterKind = "text" | "int" | "bool" | "date";

export interface ListSpec<S extends string = string, F extends string = string> {
  sortable: readonly S[];
  defaultSort: { field: S; dir: SortDir };
  filters?: Readonly<Record<F, FilterKind>>;
}

export interface ListQuery<S extends string = string, F extends string = string> {
  /** 1-based page number and page size as the grid shows them. */
  page: number;
  size: number;
  /** Rows to skip and to take (what the SQL uses). */
  skip: number;
  take: number;
  sort: { field: S; dir: SortDir };
  /** Free-text keyword (`q` on pages, `filter` in the API), trimmed, at most 100 characters. */
  keyword: string;
  filters: Partial<Record<F, string | number | boolean>>;
}

function int(v: string | null): number | undefined {
  if (v === null || !/^\d{1,9}$/.test(v.trim())) return undefined;
  return Number(v.trim());
}

export function parseListQuery<S extends string, F extends string>(params: URLSearchParams, spec: ListSpec<S, F>): ListQuery<S, F> {
  const apiTake = int(params.get("maxResultCount"));
  const apiSkip = int(params.get("skipCount"));
  let size: number;
  let skip: number;
  if (apiTake !== undefined || apiSkip !== undefined) {
    size = apiTake !== undefined && apiTake >= 1 ? Math.min(apiTake, MAX_API_PAGE_SIZE) : DEFAULT_PAGE_SIZE;
    skip = apiSkip ?? 0;
  } else {
    const wanted = int(params.get("size"));
    size = wanted !== undefined && (PAGE_SIZES as readonly number[]).includes(wanted) ? wanted : DEFAULT_PAGE_SIZE;
    const page = int(params.get("page"));
    skip = ((page !== undefined && page >= 1 ? page : 1) - 1) * size;
  }

  let sort = spec.defaultSort;
  const raw = params.get("sorting") ?? params.get("sort");
  if (raw) {
    const m = /^\s*([A-Za-z][A-Za-z0-9_]*)(?:[.\s]+(asc|desc))?\s*$/i.exec(raw);
    if (m && (spec.sortable as readonly string[]).includes(m[1]!)) {
      sort = { field: m[1] as S, dir: (m[2]?.toLowerCase() as SortDir | undefined) ?? "asc" };
    }
  }

  const keyword = (params.get("q") ?? params.get("filter") ?? params.get("keyword") ?? "").trim().slice(0, 100);

  const filters: Partial<Record<F, string | number | boolean>> = {};
  for (const [name, kind] of Object.entries(spec.filters ?? {}) as [F, FilterKind][]) {
    const v = params.get(name);
    if (v === null || v.trim() === "") continue; // "all" (spec 000 §4: null value)
    if (kind === "int") {
      const n = /^-?\d{1,9}$/.test(v.trim()) ? Number(v.trim()) : undefined;
      if (n !== undefined) filters[name] = n;
    } else if (kind === "date") {
      const day = parseDay(v);
      if (day) filters[name] = day;
    } else if (kind === "bool") {
      if (v === "true" || v === "1") filters[name] = true;
      else if (v === "false" || v === "0") filters[name] = false;
    } else {
      filters[name] = v.trim().slice(0, 100);
    }
  }

  return { page: Math.floor(skip / size) + 1, size, skip, take: size, sort, keyword, filters };
}

/**
 * A calendar day typed or picked for a date filter, as yyyy-mm-dd, or undefined when it is not
 * a real day (2026-02-30). A date range is two such filters: `<name>From` and `<name>To`
 * (server/kernel/date-range.ts makes both for a column; the grid's `kind: "dateRange"` shows them).
 */
export function parseDay(v: string): string | undefined {
  const m = /^\s*(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\s*$/.exec(v);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900 || y > 2999 || mo < 1 || mo > 12 || d < 1) return undefined;
  const days = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  if (d > days) return undefined;
  return `${y}-${String(mo).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

/** Page count as the grid shows it: total / size rounded up, at least 1 (spec 000 §5). */
export function pageCount(total: number, size: number) {
  return Math.max(1, Math.ceil(total / size));
}

export interface ListResult<T> {
  totalCount: number;
  /** The list counted only up to `totalCount` rows and has more (共 10000+ 条). */
  totalCapped?: boolean;
  items: T[];
}
