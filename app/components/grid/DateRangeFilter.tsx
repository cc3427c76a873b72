import { lazy, Suspense, useEffect, useState } from "react";
import type { DateRangeFilterProps } from "./date-range.types";

export type { DateRangeFilterProps } from "./date-range.types";

/**
 * A list's date range filter (page config `kind: "dateRange"`): two native <input type="date">
 * named `<name>From` / `<name>To`, so the GET form filters without JavaScript. Once the page
 * has hydrated, a @mantine/dates range picker (a lazy chunk: only pages with a date filter
 * fetch it) takes their place and writes the same two fields.
 */
const DateRangePicker = lazy(() => import("./DateRangePicker"));

export function DateRangeFilter(props: DateRangeFilterProps) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const native = <NativeDateRange {...props} />;
  if (!hydrated) return native;
  return (
    <Suspense fallback={native}>
      <DateRangePicker {...props} />
    </Suspense>
  );
}

export function NativeDateRange({ name, label, from, to }: DateRangeFilterProps) {
  return (
    <>
      <label>
        {label}从
        <input type="date" name={`${name}From`} defaultValue={from} key={`f${from}`} max={to || undefined} data-date-range={name} />
      </label>
      <label>
        至
        <input type="date" name={`${name}To`} defaultValue={to} key={`t${to}`} min={from || undefined} data-date-range={name} />
      </label>
    </>
  );
}
