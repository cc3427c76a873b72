import { MultiSelect } from "@mantine/core";
import { useMemo } from "react";
import type { RegionPickerProps } from "./region-picker.types";

/**
 * 商圈's covered areas with JavaScript: one searchable multi-select of every city grouped by its
 * province (and 整个省份 first in each group), posting `regionCodes` as comma-separated codes.
 * A lazy chunk: only the open 商圈 form fetches it (Combobox is not in the first load).
 */
export default function RegionMultiSelect({ label, choices, others, selected, error }: RegionPickerProps) {
  const data = useMemo(
    () => [
      ...choices.map((p) => ({
        group: p.name,
        items: [{ value: p.code, label: `整个${p.name}` }, ...p.cities.map((c) => ({ value: c.code, label: c.name }))],
      })),
      ...(others.length ? [{ group: "其他区域", items: others.map((o) => ({ value: o.code, label: o.path })) }] : []),
    ],
    [choices, others],
  );
  return (
    <MultiSelect
      mt={12}
      name="regionCodes"
      label={label}
      description="输入城市或省份名称搜索，可选多个"
      placeholder={selected.length ? undefined : "如 广州、佛山"}
      data={data}
      defaultValue={selected}
      searchable
      clearable
      hidePickedOptions
      nothingFoundMessage="没有匹配的城市或省份"
      maxDropdownHeight={260}
      error={error}
      comboboxProps={{ zIndex: 1000 }}
      // Esc with the list open closes the list only: the form dialog must not take it as "close the dialog".
      onKeyDown={(e) => {
        if (e.key === "Escape" && e.currentTarget.dataset.expanded) e.preventDefault();
      }}
      data-testid="region-select"
    />
  );
}
