import { lazy, Suspense, useEffect, useState } from "react";
import type { DateRangeFilterProps } from "./date-range.types";
import css from "./DateRangeFilter.module.css";
import { withMantineStyles } from "~/components/ui/mantine/full-styles";

export type { DateRangeFilterProps } from "./date-range.types";

/**
 * A list's date range filter (page config `kind: "dateRange"`): two native <input type="date">
 * named `<name>From` / `<name>To`, so the GET form filters without JavaScript. Once the page
 * has hydrated, a @mantine/dates range picker (a lazy chunk: only pages with a date filter
 * fetch it) takes their place, at the same size, and writes the same two fields.
 */
const DateRangePicker = lazy(() => withMantineStyles(import("./DateRangePicker")));

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

/**
 * Without JavaScript (and until the picker has loaded): the two native inputs in one box of the
 * picker's size and place (DateRangeFilter.module.css), so hydrating moves nothing.
 */
export function NativeDateRange({ name, label, from, to }: DateRangeFilterProps) {
  return (
    <div className={css.range} data-date-range-native={name}>
      <span id={`${name}-native-label`}>{label}</span>
      <span className={css.box}>
        <input type="date" name={`${name}From`} defaultValue={from} key={`f${from}`} max={to || undefined} aria-label={`${label}从`} data-date-range={name} />
        <span className={css.dash} aria-hidden="true">
          –
        </span>
        <input type="date" name={`${name}To`} defaultValue={to} key={`t${to}`} min={from || undefined} aria-label={`${label}至`} data-date-range={name} />
      </span>
    </div>
  );
}
