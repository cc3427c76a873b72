import datesCss from "@mantine/dates/styles.css?url";
import { DatePickerInput, DatesProvider, type DatesRangeValue } from "@mantine/dates";
import dayjs from "dayjs";
import "dayjs/locale/zh-cn";
import { useEffect, useState } from "react";
import type { DateRangeFilterProps } from "./date-range.types";
import css from "./DateRangeFilter.module.css";

/**
 * The date range filter with JavaScript: a @mantine/dates range picker in Chinese (weeks start on
 * Monday), writing the same `<name>From` / `<name>To` fields the native inputs post. This module
 * is a lazy chunk with @mantine/dates and dayjs; its stylesheet is linked when it first loads.
 */
function useStylesheet(href: string) {
  useEffect(() => {
    if (document.querySelector(`link[rel="stylesheet"][href="${href}"]`)) return;
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    document.head.appendChild(link);
  }, [href]);
}

const toDate = (v: string) => (v ? dayjs(v, "YYYY-MM-DD").toDate() : null);
const toText = (d: Date | null) => (d ? dayjs(d).format("YYYY-MM-DD") : "");

export default function DateRangePicker({ name, label, from, to }: DateRangeFilterProps) {
  useStylesheet(datesCss);
  const [value, setValue] = useState<DatesRangeValue>([toDate(from), toDate(to)]);
  useEffect(() => setValue([toDate(from), toDate(to)]), [from, to]);
  return (
    <DatesProvider settings={{ locale: "zh-cn", firstDayOfWeek: 1 }}>
      <div data-date-range-picker={name} className={css.range}>
        <span id={`${name}-range-label`}>{label}</span>
        <DatePickerInput
          type="range"
          value={value}
          onChange={setValue}
          valueFormat="YYYY-MM-DD"
          // The calendar's header in Chinese order: 2026年11月, not 十一月 2026.
          monthLabelFormat="YYYY年M月"
          yearLabelFormat="YYYY年"
          decadeLabelFormat="YYYY年"
          placeholder="开始日期 – 结束日期"
          clearable
          clearButtonProps={{ "aria-label": "清除日期" }}
          allowSingleDateInRange
          size="xs"
          miw={220}
          id={`${name}-range`}
          // Its name is the label and what it shows (axe label-content-name-mismatch: the visible text is part of the name).
          aria-labelledby={`${name}-range-label ${name}-range`}
          popoverProps={{ withinPortal: true }}
        />
        <input type="hidden" name={`${name}From`} value={toText(value[0])} />
        <input type="hidden" name={`${name}To`} value={toText(value[1])} />
      </div>
    </DatesProvider>
  );
}
